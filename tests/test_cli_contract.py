"""The command line's contract on bad input: exit code 2, one line naming the file (and line)
and what was expected, never a traceback, and no output file created, cut or half-written.
Each case is one a probe of the commands found broken (session 19)."""

import json
import lzma
import os
import stat
from pathlib import Path

import pytest
from click.testing import CliRunner

from cli import main
from solitaire.atomic import write_text_atomic
from solitaire.deals import STANDARD_TEXT, parse_deal_text
from solitaire.rowfile import read_rows

ROOT = Path(__file__).resolve().parent.parent
FIGURE1 = ROOT / "instances" / "theorem7" / "figure1.cnf"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def one_line_error(result, *words):
    """Exit 2 and one line of error containing ``words``."""
    lines = [ln for ln in result.output.splitlines() if ln.strip()]
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and len(lines) == 1, result.output
    assert all(w in lines[0] for w in words), lines[0]


def game(**extra):
    deck = [[t // 5, t % 5 + 1] for t in parse_deal_text(STANDARD_TEXT, 2).types.tolist()]
    return json.dumps({"players": ["a", "b"], "deck": deck, **extra})


@pytest.mark.parametrize("score", ["null", '"x"', "NaN", "99", "true"])
def test_hanab_live_score_must_be_a_score(tmp_path, score):
    path = tmp_path / "games.jsonl"
    path.write_text(game(score=3) + "\n" + game(score=0).replace('"score": 0', f'"score": {score}') + "\n")
    csv_path = tmp_path / "rows.csv"
    one_line_error(run("bound", "--hanab-live", path, "--csv", csv_path, "-j", "1"), str(path), ":2")
    assert not csv_path.exists()


def test_deep_json_and_bom(tmp_path):
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000)
    one_line_error(run("verify", ROOT / "instances" / "tiny-r1.deck", deep), "nested too deeply")
    bom = tmp_path / "bom.deck"
    bom.write_bytes(b"\xef\xbb\xbf" + (ROOT / "instances" / "tiny-r1.deck").read_bytes())
    assert run("solve", bom).exit_code == 0


@pytest.mark.parametrize("header", ["p hanabi 99999999999999999999 2 1", "p hanabi 1000000 1000000 1",
                                    "p hanabi 2 1 100000000000000000000"])
def test_huge_deck_headers(tmp_path, header):
    path = tmp_path / "big.deck"
    path.write_text(header + "\n1 1\n")
    one_line_error(run("solve", path), f"{path}:1:")


def test_huge_numbers_elsewhere(tmp_path):
    seq = tmp_path / "s.json"
    seq.write_text('[["play", 99999999999999999999]]')
    one_line_error(run("verify", ROOT / "instances" / "tiny-r1.deck", seq), "event 1")
    cnf = tmp_path / "big.cnf"
    cnf.write_text("p cnf 99999999999999999999 1\n1 0\n")
    one_line_error(run("reduce", cnf, "-o", tmp_path / "x.deck"), f"{cnf}:1:")
    assert run("generate", "--values", 10**20, "--colors", 1, "--hand", 1).exit_code == 2
    assert run("generate", "--values", 10**5, "--colors", 10**5, "--hand", 1).exit_code == 2
    assert run("crosscheck", "--random", 10**20, 3).exit_code == 2
    assert not (tmp_path / "x.deck").exists()


def test_empty_seed_range():
    assert run("bound", "-p", "2", "--seeds", "").exit_code == 2


def test_a_bad_lines_dir_leaves_the_rows_file_alone(tmp_path):
    rows = tmp_path / "keep.jsonl"
    rows.write_text("keep\n")
    blocker = tmp_path / "file"
    blocker.write_text("")
    out = run("bound", "-p", "2", "--seeds", "0:1", "--exact", "--timeout", "1", "--lines-dir", blocker / "sub",
              "--jsonl", rows, "-j", "1")
    assert out.exit_code == 2 and rows.read_text() == "keep\n"


def test_reduce_writes_both_files_or_neither(tmp_path):
    deck = tmp_path / "r.deck"
    one_line_error(run("reduce", FIGURE1, "-o", deck, "--map", tmp_path / "nodir" / "m.json"), "nodir")
    assert not deck.exists() and os.listdir(tmp_path) == []
    one_line_error(run("reduce", FIGURE1, "-o", deck, "--map", deck), "same file")
    assert run("reduce", FIGURE1, "-o", deck, "--map", tmp_path / "m.json").exit_code == 0
    assert deck.exists() and (tmp_path / "m.json").exists()


def test_written_files_get_the_umask_and_errors_name_the_file(tmp_path):
    old = os.umask(0o022)
    try:
        path = tmp_path / "a.json"
        write_text_atomic(path, "x")
        assert stat.S_IMODE(path.stat().st_mode) == 0o644
        path.chmod(0o640)
        write_text_atomic(path, "y")
        assert stat.S_IMODE(path.stat().st_mode) == 0o640 and path.read_text() == "y"
    finally:
        os.umask(old)
    out = run("solve", ROOT / "instances" / "tiny-r1.deck", "--sequence-out", tmp_path / "nodir" / "x.json")
    one_line_error(out, str(tmp_path / "nodir" / "x.json"))
    assert ".tmp-" not in out.output


def bound_rows(tmp_path, fmt="jsonl"):
    path = tmp_path / f"rows.{fmt}"
    assert run("bound", "-p", "2", "--seeds", "0:3", f"--{fmt}", path, "-j", "1", "-q").exit_code == 0
    return path


@pytest.mark.parametrize("damage, where", [
    (lambda lines: lines[:1] + ['{"id": "seed:1", "players": 2, "L": 2'] + lines[2:], ":2"),  # cut mid-file
    (lambda lines: lines[:2] + [lines[2].replace('"L": 25', '"L": "x"')], ":3"),
    (lambda lines: lines[:2] + [lines[2].replace('"players": 2', '"players": [2]')], ":3"),
    (lambda lines: lines[:2] + ['{"id": "seed:2"}'], ":3"),
])
def test_resume_refuses_a_damaged_rows_file(tmp_path, damage, where):
    path = bound_rows(tmp_path)
    path.write_text("\n".join(damage(path.read_text().splitlines())) + "\n")
    before = path.read_text()
    one_line_error(run("bound", "-p", "2", "--seeds", "0:4", "--jsonl", path, "--resume", "-j", "1"), where)
    assert path.read_text() == before


def test_resume_ignores_only_a_last_line_cut_short(tmp_path):
    path = bound_rows(tmp_path)
    text = path.read_text()
    path.write_text(text[: text.rindex("\n", 0, len(text) - 1) + 8])
    out = run("bound", "-p", "2", "--seeds", "0:3", "--jsonl", path, "--resume", "-j", "1", "--json")
    assert out.exit_code == 0 and [r["id"] for r in json.loads(out.output)["rows"]] == ["seed:2"]
    assert [r["id"] for r in read_rows(path)] == ["seed:0", "seed:1", "seed:2"]


def test_the_option_not_the_extension_names_the_format(tmp_path):
    path = tmp_path / "rows.txt"
    assert run("bound", "-p", "2", "--seeds", "0:2", "--csv", path, "-j", "1", "-q").exit_code == 0
    assert path.read_text().startswith("id,players,")
    assert [r["id"] for r in read_rows(path, csv_format=True)] == ["seed:0", "seed:1"]
    one_line_error(run("bound", "-p", "2", "--seeds", "0:3", "--jsonl", path, "--resume", "-j", "1"), ":1")
    jsonl = bound_rows(tmp_path)
    one_line_error(run("bound", "-p", "2", "--seeds", "0:3", "--csv", jsonl, "--resume", "-j", "1"), "CSV header")


def test_table_rows_are_checked_and_players_counted_once(tmp_path):
    path = tmp_path / "t.jsonl"
    out = run("table", "-p", "2,2", "--deals", "2", "--timeout", "1", "--out", path, "-j", "1", "--json")
    assert out.exit_code == 0 and json.loads(out.output)["2"]["deals"] == 2 and len(read_rows(path)) == 2
    rows = path.read_text().splitlines()
    bad = tmp_path / "bad.jsonl.xz"
    with lzma.open(bad, "wt") as handle:
        handle.write(rows[0] + "\n" + rows[1].replace('"seconds": ', '"seconds": NaN, "x": ') + "\n")
    one_line_error(run("table-summary", bad), f"{bad}:2")
    path.write_text(rows[0] + "\n" + rows[1].replace('"U3": ', '"U3": 30, "x": ') + "\n")
    one_line_error(run("table", "-p", "2", "--deals", "3", "--out", path, "-j", "1"), f"{path}:2", "U3")
