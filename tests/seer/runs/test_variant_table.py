"""The winnability table of a hanab.live variant's seeds, and tables run in shards and merged."""

import json

import pytest
from click.testing import CliRunner

from cli import main
from helpers import REFUSED_VARIANT, one_line_error
from solitaire.seer.runs.rowfile import read_rows
from solitaire.seer.sources.dealsource import live_deals
from solitaire.seer.game.simulator import simulate
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.u3 import exact

TIMINGS = ("seconds_median", "seconds_p99", "seconds_max", "slowest")


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def summary_without_timings(*files):
    result = run("table-summary", *files, "--json")
    assert result.exit_code == 0, result.output
    return {p: {k: v for k, v in s.items() if k not in TIMINGS} for p, s in json.loads(result.output).items()}


def test_a_variant_table_has_the_rows_of_hanablive_seeds(tmp_path):
    out = tmp_path / "black.jsonl"
    result = run("table", "-p", "2,4", "--deals", "3", "--seed", "5", "--variant", "Black (6 Suits)",
                 "--out", out, "-j", "1", "--json")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert [r["id"] for r in rows] == [f"P{p}-live-p{p}v2s{k}" for p in (2, 4) for k in (5, 6, 7)]
    for row in rows:
        assert row["variant"] == "Black (6 Suits)" and row["max_score"] == 30
        assert row["L"] <= row["U3"] <= row["U3_high"] <= row["U2"] <= 30
        deal = live_deals([row["id"].split("-")[-1]])[0]
        again = exact(deal, SearchLimits(30))
        assert (again.score, again.exact) == (row["U3"], row["exact"])
        assert simulate(deal, again.actions).score == again.score
    summary = json.loads(result.output)
    assert summary["2"]["variant"] == "Black (6 Suits)" and summary["2"]["max_score"] == 30
    assert summary["2"]["share_U3_25"] == sum(r["U3"] == 30 and r["exact"] for r in rows[:3]) / 3


def test_sharded_runs_merged_give_the_table_of_one_run(tmp_path):
    whole, first, second = tmp_path / "whole.jsonl", tmp_path / "shard-0.jsonl", tmp_path / "shard-1.jsonl"
    for out, seed, deals in ((whole, 0, 8), (first, 0, 5), (second, 5, 3)):
        result = run("table", "-p", "2..3", "--deals", deals, "--seed", seed, "--out", out, "-j", "1")
        assert result.exit_code == 0, result.output
    assert summary_without_timings(first, second) == summary_without_timings(whole)


def test_rows_of_several_variants_are_not_summarised_together(tmp_path):
    standard, rainbow = tmp_path / "standard.jsonl", tmp_path / "rainbow.jsonl"
    assert run("table", "-p", "2", "--deals", "1", "--out", standard, "-j", "1").exit_code == 0
    assert run("table", "-p", "2", "--deals", "1", "--variant", "Rainbow (6 Suits)", "--out", rainbow,
               "-j", "1").exit_code == 0
    one_line_error(run("table-summary", standard, rainbow), "several kinds of deal", "Rainbow (6 Suits)",
                   "our seeded deals")
    one_line_error(run("table", "-p", "2", "--deals", "1", "--hle", "--out", standard, "-j", "1"),
                   "holds rows of our seeded deals")


def test_tables_of_hles_deals_with_and_without_its_random_start(tmp_path):
    for flag, source in (("--hle", "hle"), ("--hle-random-start", "hlerandom")):
        out = tmp_path / f"{source}.jsonl"
        result = run("table", "-p", "2,3", "--deals", "3", "--seed", "7", flag, "--out", out, "-j", "1", "--json")
        assert result.exit_code == 0, result.output
        rows = [json.loads(line) for line in out.read_text().splitlines()]
        assert [r["id"] for r in rows] == [f"P{p}-{source}-{k}" for p in (2, 3) for k in (7, 8, 9)]
        bound = run("bound", "-p", "2", "--hle-seeds", "7:10", "--exact", "--no-figures", "-j", "1", "--json",
                    *(["--hle-random-start"] if source == "hlerandom" else []))
        assert [(r["id"], r["U3"]) for r in json.loads(bound.output)["rows"]] == [(r["id"], r["U3"]) for r in rows[:3]]
    one_line_error(run("table", "-p", "2", "--deals", "2", "--seed", str(2 ** 31 - 1), "--hle", "--out",
                       tmp_path / "x.jsonl"), "2^31", "HLE's deals")
    one_line_error(run("table", "-p", "2", "--deals", "1", "--hle", "--variant", "6 Suits", "--out",
                       tmp_path / "x.jsonl"), "at most one")


def test_a_table_of_a_retired_variant_is_refused_and_a_renamed_one_is_read_under_its_name(tmp_path):
    out = tmp_path / "old.jsonl"
    one_line_error(run("table", "-p", "2", "--deals", "1", "--variant", "Rainbow & White (3 Suits)", "--out", out),
                   "--variant", "removed from hanab.live", "'Matryoshka (6 Suits)'")
    assert not out.exists()
    assert run("table", "-p", "2", "--deals", "1", "--variant", "Odds And Evens (5 Suits)", "--out", out,
               "-j", "1").exit_code == 0
    assert [(r["id"], r["variant"]) for r in read_rows(out)] == [("P2-live-p2v1808s0", "Odds and Evens (5 Suits)")]


def test_rows_of_sudoku_of_4_suits_count_at_their_maximum_of_16(tmp_path):
    out = tmp_path / "sudoku4.jsonl"
    result = run("table", "-p", "2", "--deals", "3", "--variant", "Sudoku (4 Suits)", "--out", out, "-j", "1")
    assert result.exit_code == 0, result.output
    summary = summary_without_timings(out)["2"]
    assert summary["max_score"] == 16 and summary["share_U3_25"] == 1.0 and summary["U3_distribution"] == {"16": 3}


def test_a_variant_the_toolkit_does_not_solve_is_refused_before_any_work(tmp_path, refused_variant):
    out = tmp_path / "t.jsonl"
    one_line_error(run("table", "-p", "2", "--deals", "1", "--variant", REFUSED_VARIANT, "--out", out),
                   REFUSED_VARIANT, "not supported")
    assert not out.exists()


@pytest.mark.parametrize("variant, players, seed, deals", [("3 Suits", 5, 1, 3), ("Black (5 Suits)", 4, 5, 1)])
def test_the_sat_peer_closes_variant_rows(tmp_path, variant, players, seed, deals):
    # no search (timeout 0): the rows the bot leaves open go to the peer, whose answers the search confirms
    out = tmp_path / "peer.jsonl"
    result = run("table", "-p", players, "--deals", deals, "--seed", seed, "--variant", variant, "--timeout", 0,
                 "--peer-timeout", 60, "--out", out, "-j", "1")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == deals and all(r["method"] == "peer" and r["exact"] for r in rows)
    for row in rows:
        again = exact(live_deals([row["id"].split("-")[-1]])[0], SearchLimits(60))
        assert again.exact and again.score == row["U3"], row


@pytest.mark.parametrize("variant", ["Null (5 Suits)", "Clue Starved (5 Suits)"])
def test_a_variant_the_peers_do_not_encode_is_answered_by_the_search_alone(tmp_path, variant):
    # as exact() and bound: restricted clues and half tokens leave the peers out, never the deal
    out = tmp_path / "t.jsonl"
    result = run("table", "-p", "2", "--deals", "2", "--variant", variant, "--timeout", 30, "--peer-timeout", 1,
                 "--out", out, "-j", "1")
    assert result.exit_code == 0, result.output
    rows = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(rows) == 2 and all(r["variant"] == variant and r["method"] in ("bot", "search") for r in rows)


def shipped_variant_tables():
    from solitaire.examples import examples

    return [e for e in examples() if e.kind == "table" and e.name != "table"]


@pytest.mark.long  # one table at a time: 7 s and 600 MB of rows each, too much for the default run
@pytest.mark.parametrize("name", [e.name for e in shipped_variant_tables()])
def test_the_shipped_variant_tables_recompute(name):
    # per variant: the first row the search settled below the maximum, and the first it settled at it
    from solitaire.seer.runs.rowfile import read_rows

    tables = shipped_variant_tables()
    assert len(tables) == 9
    for example in [e for e in tables if e.name == name]:
        rows = read_rows(example.paths[0])
        six = name in ("6-suits", "white-reversed-6-suits", "up-or-down-5-suits")  # the tables with 6 players too
        for p in (2, 3, 4, 5, 6) if six else (2, 3, 4, 5):  # seeds 1..100000 of each player count, each deal once
            seeds = sorted(r["seed"] for r in rows if r["players"] == p)
            assert seeds == list(range(1, 100001)), (example.name, p)
        searched = [r for r in rows if r["method"] == "search"]
        below = [r for r in searched if r["U3"] < r["max_score"]][:1]  # none in Up or Down (5 Suits)
        for row in below + [next(r for r in searched if r["U3"] == r["max_score"])]:
            deal = live_deals([row["id"].split("-")[-1]])[0]
            again = exact(deal, SearchLimits(30))
            assert (again.score, again.high, again.exact) == (row["U3"], row["U3_high"], True), row["id"]
