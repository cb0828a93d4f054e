"""The command line's contract on bad input: exit code 2, one line naming the file (and line)
and what was expected, never a traceback, and no output file created, cut or half-written.
Each case is a bad input that a command once mishandled."""

import csv
import json
import lzma
import os
import stat
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from helpers import one_line_error
from solitaire.io.atomic import write_text_atomic
from solitaire.seer.game.deals import STANDARD_TEXT, parse_deal_text
from solitaire.seer.runs.rowfile import read_rows
from verdicts import (BAD, EITHER, INVALID, OPTIONS, TOP, VALID, action_verdict, option_verdict, top_verdict,
                      whole)

ROOT = Path(__file__).resolve().parent.parent
FIGURE1 = ROOT / "instances" / "theorem7" / "figure1.cnf"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def game(**extra):
    deck = [[t // 5, t % 5 + 1] for t in parse_deal_text(STANDARD_TEXT, 2).types.tolist()]
    return json.dumps({"players": ["a", "b"], "deck": deck, **extra})


@pytest.mark.parametrize("score", ['"x"', "NaN", "99", "true"])
def test_hanab_live_score_must_be_a_score(tmp_path, score):
    path = tmp_path / "games.jsonl"
    path.write_text(game(score=3) + "\n" + game(score=0).replace('"score": 0', f'"score": {score}') + "\n")
    csv_path = tmp_path / "rows.csv"
    one_line_error(run("bound", "--hanab-live", path, "--csv", csv_path, "-j", "1", "--strict"), str(path), ":2")
    assert not csv_path.exists()
    result = run("bound", "--hanab-live", path, "--csv", csv_path, "-j", "1")
    assert result.exit_code == 0, result.output
    refused = [row for row in csv.DictReader(csv_path.open()) if row["refused"]]
    assert [row["source"] for row in refused] == [f"{path}:2"]


def test_a_null_score_is_unknown(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(game(score=None) + "\n")
    rows = json.loads(run("bound", "--hanab-live", path, "--json", "-j", "1").output)["rows"]
    assert len(rows) == 1 and "real_score" not in rows[0] and "refused" not in rows[0]


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


def test_seed_ranges():
    assert run("bound", "-p", "2", "--seeds", "").exit_code == 2
    one_line_error(run("bound", "-p", "2", "--hle-seeds", 2**31), "2^31")  # HLE reads a C int: 2^31 aborts it
    one_line_error(run("bound", "-p", "2", "--seeds", f"{2**64}:{2**64 + 1}"), "2^64")


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
    one_line_error(run("reduce", FIGURE1, "-o", FIGURE1), "same file")
    assert run("reduce", FIGURE1, "-o", deck, "--map", tmp_path / "m.json").exit_code == 0
    assert deck.exists() and (tmp_path / "m.json").exists()


@pytest.mark.parametrize("failing", [1, 2, 3])
def test_files_written_together_are_all_replaced_or_none_even_when_a_rename_fails(tmp_path, monkeypatch, failing):
    """Three files, two of them replacing old ones: a rename that fails (the first, second or third) leaves every
    old file as it was, no new one, and nothing beside them; without a failure all three are new."""
    import solitaire.io.atomic as atomic

    old = {tmp_path / "a.deck": "old a", tmp_path / "c.json": "old c"}
    for path, text in old.items():
        path.write_text(text)
    texts = {tmp_path / name: f"new {name}" for name in ("a.deck", "b.json", "c.json")}
    calls, replace = [], os.replace

    def flaky(src, dst):
        calls.append(dst)
        if str(src).startswith(str(tmp_path / ".tmp-")) and len([c for c in calls if ".old-" not in str(c)]) == failing:
            raise OSError(5, "Input/output error", str(dst))
        replace(src, dst)

    monkeypatch.setattr(atomic.os, "replace", flaky)
    with pytest.raises(OSError, match="Input/output error"):
        atomic.write_texts_atomic(texts)
    assert {path.name: path.read_text() for path in tmp_path.iterdir()} == {"a.deck": "old a", "c.json": "old c"}
    monkeypatch.setattr(atomic.os, "replace", replace)
    atomic.write_texts_atomic(texts)
    assert {path: path.read_text() for path in tmp_path.iterdir()} == texts


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
    (lambda lines: lines[:1] + ['{"id": "P2-seed-1", "players": 2, "L": 2'] + lines[2:], ":2"),  # cut mid-file
    (lambda lines: lines[:2] + [lines[2].replace('"L": 25', '"L": "x"')], ":3"),
    (lambda lines: lines[:2] + [lines[2].replace('"players": 2', '"players": [2]')], ":3"),
    (lambda lines: lines[:2] + ['{"id": "P2-seed-2"}'], ":3"),
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
    assert out.exit_code == 0 and [r["id"] for r in json.loads(out.output)["rows"]] == ["P2-seed-2"]
    assert [r["id"] for r in read_rows(path)] == ["P2-seed-0", "P2-seed-1", "P2-seed-2"]


def test_the_option_not_the_extension_names_the_format(tmp_path):
    path = tmp_path / "rows.txt"
    assert run("bound", "-p", "2", "--seeds", "0:2", "--csv", path, "-j", "1", "-q").exit_code == 0
    assert path.read_text().startswith("id,players,")
    assert [r["id"] for r in read_rows(path, csv_format=True)] == ["P2-seed-0", "P2-seed-1"]
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


def test_more_bad_input(tmp_path):
    """A second probe: numbers of thousands of digits, nan seconds, odd sequences, broken CSV."""
    big = "9" * 5000
    for name, text, command in (("a.deck", f"p hanabi {big} 2 1\n1 1\n", "solve"),
                                ("b.deck", f"p hanabi 2 1 1\n{big} 1\n", "solve"),
                                ("c.cnf", f"p cnf 3 1\n{big} 0\n", "reduce")):
        (tmp_path / name).write_text(text)
        one_line_error(run(command, tmp_path / name, *(["-o", tmp_path / "x.deck"] if command == "reduce" else [])),
                       f"{tmp_path / name}:")
    (tmp_path / "d.txt").write_text(f"r{big} " * 50)
    one_line_error(run("bound", "-p", "2", "--deal", tmp_path / "d.txt"), "d.txt:1:1")
    for value in ("nan", "inf"):
        one_line_error(run("bound", "-p", "2", "--seeds", "0:1", "--exact", "--timeout", value), "--timeout")
    (tmp_path / "s.json").write_text('[[["play"], 1]]')
    one_line_error(run("verify", ROOT / "instances" / "tiny-r1.deck", tmp_path / "s.json"), "event 1")
    one_line_error(run("table-summary", tmp_path / "s.json", "-p", "2..99999999999999999999"), "--players")
    path = bound_rows(tmp_path, "csv")
    path.write_text(path.read_text() + '"P2-seed-9,2\n')  # the unclosed quote is on line 5
    one_line_error(run("bound", "-p", "2", "--seeds", "0:4", "--csv", path, "--resume"), f"{path}:5:")


def test_wide_deck_info_is_quick(tmp_path):
    (tmp_path / "wide.deck").write_text("p hanabi 200 200 100000\n1 1\n")
    out = run("info", tmp_path / "wide.deck", "--json")
    assert out.exit_code == 0 and not json.loads(out.output)["algorithms"]["dp"]["applies"]


def test_a_complete_last_row_without_its_newline_counts(tmp_path):
    path = bound_rows(tmp_path)
    path.write_text(path.read_text().rstrip("\n"))
    out = run("bound", "-p", "2", "--seeds", "0:3", "--jsonl", path, "--resume", "--json")
    assert out.exit_code == 0 and json.loads(out.output)["rows"] == []
    assert [r["id"] for r in read_rows(path)] == ["P2-seed-0", "P2-seed-1", "P2-seed-2"]


def test_compressed_rows_and_the_input_are_never_written(tmp_path):
    path = tmp_path / "rows.jsonl.xz"
    with lzma.open(path, "wt") as handle:
        handle.write(bound_rows(tmp_path).read_text())
    before = path.read_bytes()
    one_line_error(run("bound", "-p", "2", "--seeds", "0:4", "--jsonl", path, "--resume"), "compressed")
    assert path.read_bytes() == before
    one_line_error(run("bound", "-p", "2", "--seeds", "0:4", "--csv", tmp_path / "new.csv.gz"), "compressed")
    assert not (tmp_path / "new.csv.gz").exists()
    games = tmp_path / "games.jsonl"
    games.write_text(game(score=3) + "\n")
    one_line_error(run("bound", "--hanab-live", games, "--jsonl", games), "same file")
    (tmp_path / "link.jsonl").symlink_to(games)
    one_line_error(run("bound", "--hanab-live", games, "--jsonl", tmp_path / "link.jsonl"), "same file")
    os.link(games, tmp_path / "hard.jsonl")
    one_line_error(run("bound", "--hanab-live", games, "--jsonl", tmp_path / "hard.jsonl"), "same file")
    deck = ROOT / "instances" / "tiny-r1.deck"
    one_line_error(run("solve", deck, "--sequence-out", deck), "same file")


def test_pipes_are_written_in_place_and_long_ids_get_short_names(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_text()))
    reader.start()
    write_text_atomic(fifo, "through the pipe")
    reader.join(10)
    assert got == ["through the pipe"] and stat.S_ISFIFO(fifo.stat().st_mode)
    games = tmp_path / "games.jsonl"
    games.write_text(game(score=3, game_id=2**63 - 1) + "\n")  # the longest game number
    out = run("bound", "--hanab-live", games, "--exact", "--timeout", "1", "--lines-dir", tmp_path / "lines", "-q")
    assert out.exit_code == 0, out.output
    (name,) = os.listdir(tmp_path / "lines")
    assert len(name) <= 120 and name.endswith(".json")


def test_a_real_game_keeps_its_score_only_with_its_own_players(tmp_path):
    path = tmp_path / "g.json"
    path.write_text(game(score=20))
    rows = {p: json.loads(run("bound", "--deal", path, "--no-figures", "--json", *(["-p", p] if p else [])).output)
            ["rows"][0] for p in (None, 2, 3)}
    assert rows[None]["players"] == rows[2]["players"] == 2 and rows[None]["real_score"] == rows[2]["real_score"] == 20
    assert rows[3]["players"] == 3 and "real_score" not in rows[3] and "gap" not in rows[3]


def test_crosscheck_on_a_folder_without_formulas(tmp_path):
    one_line_error(run("crosscheck", tmp_path), str(tmp_path), "*.cnf")


def test_a_file_in_the_way_of_the_output_folder(tmp_path):
    (tmp_path / "f").write_text("")
    for target in ("f/x.deck", "f/y/x.deck"):
        result = run("generate", "--values", 3, "--colors", 2, "--hand", 1, "-o", tmp_path / target)
        one_line_error(result, "is a file, not a folder")
    one_line_error(run("bound", "-p", 2, "--seeds", "0:1", "--exact", "--lines-dir", tmp_path / "f" / "lines"),
                   "is a file, not a folder")
    assert (tmp_path / "f").read_text() == ""


def test_a_folder_that_takes_no_new_file_is_named():
    """A file is written beside its target first: where the folder takes no new file (``/proc``), the refusal says
    so rather than that a file that exists does not."""
    from solitaire.io.atomic import write_refusal

    path = ROOT / "README.md"  # a file that exists
    refusal = write_refusal(FileNotFoundError(2, "No such file or directory"), path)
    assert str(refusal) == (f"{path}: cannot write the file (the new file that replaces it cannot be made in the folder "
                            f"{ROOT}: No such file or directory)")


def test_every_command_refuses_a_missing_folder_by_name_and_makes_none(tmp_path):
    """One rule: a file goes only into a folder that exists; a folder of outputs is made only when its parent
    exists."""
    missing = tmp_path / "no"
    for args in (["generate", "--values", 3, "--colors", 2, "--hand", 1, "-o", missing / "a" / "x.deck"],
                 ["reduce", FIGURE1, "-o", missing / "a" / "x.deck"],
                 ["solve", "--example", "tiny-r1", "--sequence-out", missing / "a" / "s.json"],
                 ["bound", "-p", 2, "--seeds", "0:1", "-q", "--csv", missing / "a" / "rows.csv"],
                 ["analyze", "--example", "hanab-live-real-game", "-q", "--jsonl", missing / "a" / "rows.jsonl"]):
        one_line_error(run(*args), f"{missing / 'a' / args[-1].name}: cannot write the file",
                       f"(the folder {missing / 'a'} does not exist)")
    for args in (["generate", "--values", 3, "--colors", 2, "--hand", 1, "--out", missing / "decks"],
                 ["bound", "-p", 2, "--seeds", "0:1", "--exact", "--lines-dir", missing / "lines"]):
        one_line_error(run(*args), "cannot write there", f"(the folder {missing} does not exist)")
    assert list(tmp_path.iterdir()) == []
    assert run("bound", "-p", 2, "--seeds", "0:1", "--exact", "-q", "--lines-dir", tmp_path / "lines").exit_code == 0
    assert [path.name for path in tmp_path.iterdir()] == ["lines"]


def test_a_reader_that_goes_away_stops_the_command_quietly():
    """`| head`: no traceback, exit 1 (stopped early), nothing on standard error. The closed pipe
    is simulated (how much a pipe takes before the writer sees it closed depends on the machine)."""
    import subprocess
    import sys

    code = (
        "import sys, click, cli\n"
        "echo = click.echo\n"
        "def closed(*args, err=False, **kwargs):\n"
        "    if not err: raise BrokenPipeError(32, 'Broken pipe')\n"
        "    echo(*args, err=err, **kwargs)\n"
        "click.echo = closed\n"
        "sys.argv = ['hanabi-solitaire', 'info', sys.argv[1]]\n"
        "cli.main()\n"
    )
    deck = ROOT / "instances" / "standard-deck-h5.deck"
    proc = subprocess.run([sys.executable, "-c", code, str(deck)], cwd=ROOT, capture_output=True, timeout=120)
    assert proc.returncode == 1 and proc.stderr == b"" and proc.stdout == b"", proc


#: Real games of 2, 3, 4 and 5 players (lines 1, 21, 41 and 61 of the file; two end with a game-over action).
FUZZED = [json.loads(line) for number, line in enumerate((ROOT / "tests" / "data" / "realgames" /
                                                           "hanablive_games.jsonl").read_text().splitlines())
          if number in (0, 20, 40, 60)]


@st.composite
def fuzzed_games(draw):
    """A real game with one field made wrong (or absent, or added) and what the CLI must make of it."""
    record = json.loads(json.dumps(draw(st.sampled_from(FUZZED))))
    value = draw(st.sampled_from(BAD))
    where = draw(st.sampled_from(["top", "option", "missing", "extra", "card", "card field", "action",
                                  "action field", "after the end"]))
    if where == "top":
        key = draw(st.sampled_from(TOP))
        verdict, record[key] = top_verdict(record, key, value), value
    elif where == "option":
        key = draw(st.sampled_from(OPTIONS))
        verdict, record["options"][key] = option_verdict(record, key, value), value
    elif where == "missing":
        key = draw(st.sampled_from(TOP))
        verdict = INVALID if key in ("players", "deck") else VALID
        record.pop(key, None)
    elif where == "extra":
        verdict, record["someNewField"] = VALID, value
    elif where == "card":
        verdict, record["deck"][draw(st.integers(0, len(record["deck"]) - 1))] = INVALID, value
    elif where == "card field":
        card = record["deck"][draw(st.integers(0, len(record["deck"]) - 1))]
        index = draw(st.integers(0, 1))
        verdict, card[index] = VALID if whole(value) and value == card[index] else INVALID, value
    elif where == "action":
        verdict, record["actions"][draw(st.integers(0, len(record["actions"]) - 1))] = INVALID, value
    elif where == "action field":
        action = record["actions"][draw(st.integers(0, len(record["actions"]) - 1))]
        key = draw(st.sampled_from(["type", "target", "value"]))
        value = draw(st.sampled_from([value, ...]))
        verdict = action_verdict(action, key, value)
        if value is ...:
            del action[key]
        else:
            action[key] = value
    else:
        verdict = INVALID
        record["actions"].append({"type": draw(st.integers(0, 3)), "target": 0, "value": 1})
    return record, verdict


@settings(max_examples=300, deadline=None)
@given(fuzzed_games(), st.sampled_from(["bound", "deal", "analyze"]), st.booleans())
def test_a_wrong_field_of_a_hanab_live_game_is_refused_in_one_line_never_a_traceback(tmp_path_factory, game_and_verdict,
                                                                                     command, strict):
    """Through the CLI, every input path of hanab.live games: a row for the game (refused when the field is wrong),
    exit 0 (2 when it is refused: the one game given), or with ``--strict`` exit 2 and one line; never a traceback,
    never the last-resort reason."""
    record, verdict = game_and_verdict
    number = record.get("game_id", record.get("id"))
    played = record.get("score") is not None or whole(number) and number >= 0
    if command == "analyze" and verdict == VALID and not record.get("actions") and played:
        verdict = INVALID  # a game with a score or a game number but no actions: analyze has no turn of it to show
    path = tmp_path_factory.mktemp("fuzz") / "games.jsonl"
    path.write_text(json.dumps(record) + "\n")
    args = {"bound": ["bound", "--hanab-live", path, "--json", "--no-figures", "-j", 1],
            "deal": ["deal", "--hanab-live", path], "analyze": ["analyze", path, "--json", "-j", 1]}[command]
    result = run(*args, *(["--strict"] if strict else []))
    assert result.exit_code in (0, 2) and "Traceback" not in result.output, (result.output, result.exception)
    assert "cannot read this game" not in result.output, result.output
    if result.exit_code == 2 and strict:
        assert verdict != VALID, result.output
        one_line_error(result, str(path))
        return
    if command == "deal":
        refused = '"refused"' in result.stdout
    else:
        rows = json.loads(result.stdout)["rows" if command == "bound" else "games"]
        assert len(rows) == 1
        refused = "refused" in rows[0]
    assert not strict or not refused
    assert result.exit_code == (2 if refused else 0), result.output
    assert refused == (verdict == INVALID) or verdict == EITHER, (verdict, result.output[:300])


@pytest.mark.parametrize("call, python, command_line", [
    (dict(players=2, seeds="0:1", hle_random_start=True), "`hle_random_start` needs `hle_seeds`",
     ("bound", "-p", 2, "--seeds", "0:1", "--hle-random-start")),
    (dict(seeds="0:1"), "`players` is required with `seeds` and `hle_seeds`", ("deal", "--seeds", "0:1")),
    (dict(players=3, hanab_live_seeds="p2v0s1..3"), "`hanab_live_seeds`: the seed is of 2 players, not `players` 3",
     ("bound", "-p", 3, "--hanab-live-seeds", "p2v0s1..3")),
    (dict(players=6, hle_seeds="0:2"), "`players`: expected a whole number in 2..5 (HLE deals at most 5 players), got 6",
     ("bound", "-p", 6, "--hle-seeds", "0:2")),
])
def test_the_library_names_its_parameters_and_the_command_line_its_options(call, python, command_line):
    from solitaire.io.errors import InputError
    from solitaire.seer.sources.dealsource import deal_source

    with pytest.raises(InputError) as caught:
        deal_source(**call)
    assert str(caught.value) == python
    shown = python
    for name, option in (("hle_random_start", "--hle-random-start"), ("hle_seeds", "--hle-seeds"),
                         ("players", "--players"), ("seeds", "--seeds"), ("hanab_live_seeds", "--hanab-live-seeds")):
        shown = shown.replace(f"`{name}`", option)
    one_line_error(run(*command_line), f"hanabi-solitaire: error: {shown}")


def test_a_seed_range_refuses_players_its_generator_does_not_deal_when_it_is_made():
    from solitaire.io.errors import InputError
    from solitaire.seer.sources.dealsource import deal_source

    with pytest.raises(InputError, match="^`players`: expected a whole number in 2..6, got 7$"):
        deal_source(players=7, seeds="0:1")


@pytest.mark.parametrize("args", [("analyze", "--example", "hanab-live-game", "--html"),
                                  ("solve", "--example", "tiny-r1", "--sequence-out")])
def test_an_output_written_at_the_end_is_checked_before_the_work(tmp_path, args):
    for path in (tmp_path / "no folder" / "out", tmp_path):  # a missing folder; a folder where a file is asked
        result = run(*args, path)
        one_line_error(result, str(path))
    assert os.listdir(tmp_path) == []  # the check leaves no file behind


@pytest.mark.parametrize("command", ["bound", "deal"])
def test_a_file_given_as_an_argument_is_told_its_option(tmp_path, command):
    path = tmp_path / "games.jsonl"
    path.write_text(game(score=3) + "\n")
    one_line_error(run(command, path), f"({path})", "--hanab-live FILE", "--deal FILE", f"{command} --help")
    assert "--hanab-live" not in run("solve", path, path).output  # a command that takes arguments: click's words
