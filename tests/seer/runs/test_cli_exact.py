"""`bound --exact`, `--lines-dir` and `table`: rows, files, resume, errors."""

import json
import lzma

import pytest
from click.testing import CliRunner

from cli import main
from helpers import one_line_error
from solitaire.seer.runs.rowfile import read_rows
from solitaire.seer.game.deals import read_hanablive_file
from solitaire.seer.game.simulator import simulate


def run(*args):
    return CliRunner().invoke(main, list(args))


def test_bound_exact_rows_and_lines(tmp_path):
    out = run("bound", "-p", "2", "--seeds", "22:25", "--exact", "--no-figures", "--lines-dir", str(tmp_path),
              "-j", "1", "--json")
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    for row in data["rows"]:
        assert row["L"] <= row["U3"] <= row["U3_high"] <= row["U2"] and row["exact"]
        assert "u3_game" not in row
        path = tmp_path / f"{row['id']}.json"
        deal, game = read_hanablive_file(path)[0], json.loads(path.read_text())
        assert simulate(deal, game["actions"]).score == row["U3"]
    assert data["summary"]["share_U3_25"] == sum(r["U3"] == 25 for r in data["rows"]) / 3


def test_lines_dir_needs_exact(tmp_path):
    out = run("bound", "-p", "2", "--seeds", "1:2", "--lines-dir", str(tmp_path))
    assert out.exit_code == 2 and "--lines-dir needs U3 (--exact)" in out.output


def test_table_resumes_and_summarizes(tmp_path):
    path = tmp_path / "t.jsonl"
    first = run("table", "--players", "2..3", "--deals", "3", "--out", str(path), "-j", "1", "--json")
    assert first.exit_code == 0, first.output
    again = run("table", "--players", "2..3", "--deals", "5", "--out", str(path), "-j", "1", "--json")
    summary = json.loads(again.output)
    rows = read_rows(path)
    assert len(rows) == 10 and len({(r["players"], r["seed"]) for r in rows}) == 10
    assert summary["2"]["deals"] == 5 and summary["3"]["deals"] == 5
    for row in rows:
        assert row["L"] <= row["U3"] <= row["U3_high"] <= row["U2"]
        assert row["seed"] in range(5)


def test_table_bad_players(tmp_path):
    out = run("table", "--players", "1..3", "--deals", "2", "--out", str(tmp_path / "t.jsonl"))
    assert out.exit_code == 2 and "player counts in 2..6" in out.output


def test_bound_exact_csv_reads_back(tmp_path):
    path = tmp_path / "rows.csv"
    out = run("bound", "-p", "3", "--seeds", "0:3", "--exact", "--no-figures", "--csv", str(path), "-j", "1", "-q")
    assert out.exit_code == 0, out.output
    rows = read_rows(path, csv_format=True)
    assert [r["exact"] for r in rows] == [True] * 3 and all(r["U3"] == r["U3_high"] for r in rows)
    assert "U3 = 25" in out.output


@pytest.mark.long  # 5 s; the peer closing rows with no search, fast: test_variant_table.py, test_reliability.py
def test_peer_timeout_closes_a_deal_the_search_may_not_touch(tmp_path):
    # P = 5, seed 11017: the bot scores 21 and U2 = 25; with no search, the SAT peer finds a line
    # of 24 and proves that 25 is out of reach (about 10 s)
    out = run("table", "--players", "5", "--deals", "1", "--seed", "11017", "--timeout", "0", "--peer-timeout", "120",
              "--out", str(tmp_path / "t.jsonl"), "-j", "1")
    assert out.exit_code == 0, out.output
    (row,) = read_rows(tmp_path / "t.jsonl")
    assert (row["L"], row["U3"], row["U3_high"], row["U2"], row["exact"], row["method"]) == (21, 24, 24, 25, True, "peer")
    assert "peer 1" in out.output
    out = run("bound", "-p", "5", "--seeds", "11017:11018", "--exact", "--timeout", "0", "--peer-timeout", "120",
              "--no-figures", "-j", "1", "--json")
    (row,) = json.loads(out.output)["rows"]
    assert (row["U3"], row["exact"], row["method"]) == (24, True, "peer")


@pytest.mark.parametrize("options, asked", [  # 4 s each (the peers' time limit)
    pytest.param(["--peer-solver", "cadical195"], {("removals", "cadical195")}, marks=pytest.mark.long),
    (["--peer-encoding", "turns"], {("turns", "glucose4")})])
def test_peer_options_pick_the_formula_and_the_solver(tmp_path, monkeypatch, options, asked):
    from solitaire.seer.bounds.peers import PEERS

    seen = set()

    def spy(encoding, reaches):
        def ask(deal, target, solver, timeout):
            seen.add((encoding, solver))
            return reaches(deal, target, solver, timeout=timeout)
        return ask

    for encoding, reaches in list(PEERS.items()):  # -j 1: the rows are computed in this process
        monkeypatch.setitem(PEERS, encoding, spy(encoding, reaches))
    for command in (["table", "--players", "5", "--deals", "1", "--seed", "11017", "--out", str(tmp_path / "t.jsonl")],
                    ["bound", "-p", "5", "--seeds", "11017:11018", "--exact", "--no-figures", "--json"]):
        out = run(*command, "--timeout", "0", "--peer-timeout", "2", "-j", "1", *options)
        assert out.exit_code == 0, out.output
    assert seen == asked  # the deal may stay open in 2 s: only the peer asked matters here


def test_retry_open_recomputes_only_the_open_rows(tmp_path):
    path = tmp_path / "t.jsonl"
    first = run("table", "--players", "5", "--deals", "2", "--seed", "11016", "--timeout", "0", "--out", str(path),
                "-j", "1", "--json")
    assert json.loads(first.output)["5"]["unresolved"] == 1  # seed 11017 needs a proof, seed 11016 does not
    again = run("table", "--players", "5", "--deals", "2", "--seed", "11016", "--timeout", "0", "--peer-timeout", "120",
                "--retry-open", "--out", str(path), "-j", "1", "--json")
    summary = json.loads(again.output)["5"]
    assert (summary["deals"], summary["unresolved"], summary["closed_by"]) == (2, 0, {"bot": 1, "peer": 1})
    assert len(path.read_text().splitlines()) == 3  # the open row stays in the file, the new one wins


def test_an_open_row_is_reused_only_under_the_limits_it_records(tmp_path):
    path = tmp_path / "t.jsonl"

    def table(*limits):
        out = run("table", "--players", "5", "--deals", "2", "--seed", "11016", *limits, "--out", str(path), "-j", "1",
                  "--json")
        assert out.exit_code == 0, out.output
        return [(r["seed"], r["exact"], r.get("timeout")) for r in read_rows(path)]

    assert table("--timeout", "0") == [(11016, True, None), (11017, False, 0)]  # 11017 needs a search
    assert table("--timeout", "0") == [(11016, True, None), (11017, False, 0)]  # the same limits: reused
    assert table("--timeout", "0.01")[2:] == [(11017, False, 0.01)]  # other limits: searched again
    path.write_text("".join(line.replace(', "timeout": 0.01', "") + "\n" for line in path.read_text().splitlines()))
    assert table("--timeout", "0.01")[3:] == [(11017, False, 0.01)]  # recording no limits: searched again


def test_an_unwritable_output_is_one_line_and_exit_2(tmp_path):
    for args in (["table", "--deals", "1", "-j", "1", "--out", str(tmp_path / "no" / "t.jsonl")],
                 ["bound", "-p", "2", "--seeds", "0:1", "-j", "1", "--jsonl", str(tmp_path / "no" / "r.jsonl")]):
        out = run(*args)
        assert out.exit_code == 2 and "cannot write" in out.output and "Traceback" not in out.output


def test_retry_searched_recomputes_every_row_but_the_bots(tmp_path):
    path = tmp_path / "t.jsonl"
    for lines in (2, 3, 4):  # seed 11016: L = U2 (the bot's row stays); seed 11017: L < U2, recomputed each time
        out = run("table", "--players", "5", "--deals", "2", "--seed", "11016", "--timeout", "0", "--out", str(path),
                  "-j", "1", "--json", *(["--retry-searched"] if lines > 2 else []))
        assert out.exit_code == 0, out.output
        assert len(path.read_text().splitlines()) == lines
    assert [r["seed"] for r in read_rows(path)] == [11016, 11017, 11017, 11017]


def test_retry_slower_recomputes_only_the_slow_rows(tmp_path):
    path = tmp_path / "t.jsonl"
    made = run("table", "--players", "2", "--deals", "3", "--out", str(path), "-j", "1", "--json")
    assert made.exit_code == 0, made.output
    rows = [dict(r, seconds=s) for r, s in zip(read_rows(path), (0.5, 90.0, 0.1))]
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    out = run("table", "--players", "2", "--deals", "3", "--out", str(path), "-j", "1", "--retry-slower", "60")
    assert out.exit_code == 0, out.output
    assert [r["seed"] for r in read_rows(path)] == [0, 1, 2, 1]  # only seed 1's row took over 60 s
    assert read_rows(path)[-1]["seconds"] < 60


def test_table_summary_reads_plain_and_xz_files_newest_last(tmp_path):
    path = tmp_path / "t.jsonl"
    made = run("table", "--players", "2..3", "--deals", "3", "--out", str(path), "-j", "1", "--json")
    assert made.exit_code == 0, made.output
    packed = tmp_path / "t.jsonl.xz"
    packed.write_bytes(lzma.compress(path.read_bytes()))
    changed = dict(read_rows(path)[0], U3=7, exact=False)  # a later file's row of the same deal wins
    (tmp_path / "later.jsonl").write_text(json.dumps(changed) + "\n")
    out = run("table-summary", str(packed), str(tmp_path / "later.jsonl"), "--players", "2", "--json")
    assert out.exit_code == 0, out.output
    summary = json.loads(out.output)
    assert list(summary) == ["2"] and summary["2"]["deals"] == 3 and summary["2"]["unresolved"] == 1
    printed = run("table", "--players", "2", "--deals", "3", "--out", str(tmp_path / "later.jsonl"), "-j", "1", "--json")
    read = run("table-summary", str(tmp_path / "later.jsonl"), "--json")
    assert json.loads(printed.output) == json.loads(read.output)  # table prints what table-summary reads


def test_table_summary_bad_files_are_one_line_and_exit_2(tmp_path):
    cases = {"bad.xz": (b"not xz", "not a readable row file"),
             "empty.jsonl": (b"", "no table rows"),
             "bound.jsonl": (b'{"id": "P2:seed:0", "players": 2, "L": 25}\n', "has no seed")}
    for name, (data, said) in cases.items():
        (tmp_path / name).write_bytes(data)
        out = run("table-summary", str(tmp_path / name))
        assert out.exit_code == 2 and said in out.output and name in out.output and "Traceback" not in out.output


@pytest.mark.parametrize("seeds, options", [
    ("p3v0s1..3", ["-p", "3", "--variant", "No Variant", "--seed", "1", "--deals", "5"]),
    ("p3v15s1..3", ["-p", "3", "--variant", "4 Suits", "--seed", "1", "--deals", "5"])])
def test_a_hanablive_table_reruns_and_resumes(tmp_path, seeds, options):
    path = tmp_path / "lv.jsonl"
    for _ in range(2):  # the rerun reuses every row
        out = run("table", "--hanab-live-seeds", seeds, "--out", str(path), "-j", "1", "--timeout", "2", "--json")
        assert out.exit_code == 0, out.output
        assert json.loads(out.output)["3"]["deals"] == 3 and len(read_rows(path)) == 3
    out = run("table", *options, "--out", str(path), "-j", "1", "--timeout", "2", "--json")
    assert out.exit_code == 0, out.output
    rows = read_rows(path)
    assert json.loads(out.output)["3"]["deals"] == 5 and [r["seed"] for r in rows] == [1, 2, 3, 4, 5]
    other = run("table", "-p", "3", "--deals", "1", "--out", str(path), "-j", "1")
    assert other.exit_code == 2 and "our seeded deals" not in other.output and "None" not in other.output
    assert "hanab.live's " + options[3] + " deals" in other.output


def test_table_refuses_an_empty_variant_name(tmp_path):
    for name in ("", " "):
        one_line_error(run("table", "-p", "2", "--deals", "1", "--variant", name, "--out", str(tmp_path / "t.jsonl")),
                       "--variant", "expected the name of a hanab.live variant")
    assert not (tmp_path / "t.jsonl").exists()


def test_table_starts_a_huge_batch_at_once(tmp_path):
    import itertools
    import time

    from solitaire.seer.bounds.limits import SearchLimits
    from solitaire.seer.runs.exactrun import TableRun, table_rows

    began = time.perf_counter()
    (row,) = itertools.islice(table_rows([2], range(0, 10**12), SearchLimits(5)), 1)
    assert row["id"] == "P2-seed-0"
    with TableRun([2, 3], 2**64 - 10**15, 10**15, tmp_path / "t.jsonl", SearchLimits(5)) as table:
        rows = table.rows()
        first = next(rows)
        rows.close()
    assert table.todo == 2 * 10**15 and first["seed"] == 2**64 - 10**15
    assert time.perf_counter() - began < 10  # counting 10^12 pending deals first took about a minute


@pytest.mark.parametrize("players, deals, kind, words", [
    ([2], 0, "seed", "`deals`: expected a whole number in 1..2^64, got 0"),
    ([2], -1, "seed", "`deals`: expected a whole number in 1..2^64, got -1"),
    ([7], 1, "seed", "`players`: expected a whole number in 2..6, got 7"),
    ([2, 6], 1, "hle", "`players`: expected a whole number in 2..5 (HLE deals at most 5 players), got 6"),
])
def test_a_table_run_refuses_what_it_cannot_deal_before_writing(tmp_path, players, deals, kind, words):
    from solitaire.io.errors import InputError
    from solitaire.seer.runs.exactrun import Deals, TableRun

    with pytest.raises(InputError) as caught:
        TableRun(players, 0, deals, tmp_path / "t.jsonl", kind=Deals(kind))
    assert str(caught.value) == words
    assert not list(tmp_path.iterdir())


def test_table_refuses_six_players_of_hle(tmp_path):
    one_line_error(run("table", "--hle", "-p", "5..6", "--deals", "1", "--out", str(tmp_path / "t.jsonl")),
                   "--players", "2..5 (HLE deals at most 5 players), got 6")
    assert not (tmp_path / "t.jsonl").exists()
