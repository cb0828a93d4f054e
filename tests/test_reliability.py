"""Batch runs that never lose, mix or double-count rows, and inputs refused rather than misread.

Each test is one defect of the reliability issue, run through the installed command line:
resume never mixes player counts, sources or options; summaries count only the deals asked
for, each once; a failing run leaves the row file as it was; a CSV header cut short is
rewritten; a second writer is refused while the first holds the lock; seeds that would repeat a
deal are refused; a loss leaves no stale sequence file; hanab.live games with a variant or an
option are refused by name; numbers are ASCII digits only.
"""

import json
import os
import tempfile
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from helpers import REAL_GAMES, REFUSAL, REFUSED_ID, REFUSED_VARIANT, one_line_error
from solitaire.io.errors import InputError
from solitaire.seer.runs.boundrun import BoundOptions, BoundRun
from solitaire.seer.sources.dealsource import SeedRange
from solitaire.seer.game.ids import line_file_name, parse_id
from solitaire.seer.game.seeds import deck_from_seed
from solitaire.seer.runs.rowfile import RowLock, read_rows

ROOT = Path(__file__).resolve().parent.parent
GAMES = REAL_GAMES / "hanablive_games.jsonl"


def run(*args):
    return CliRunner().invoke(main, [str(a) for a in args])


def bound_json(*args):
    out = run("bound", "-j", "1", "--no-figures", "--json", *args)
    assert out.exit_code == 0, out.output
    return json.loads(out.output)


def test_resume_never_mixes_player_counts_and_counts_only_the_deals_asked_for(tmp_path):
    path = tmp_path / "mix.jsonl"
    bound_json("-p", "2", "--seeds", "0:3", "--jsonl", path)
    out = bound_json("-p", "5", "--seeds", "0:5", "--jsonl", path, "--resume")
    assert [r["id"] for r in out["rows"]] == [f"P5-seed-{s}" for s in range(5)]
    assert out["summary"] == bound_json("-p", "5", "--seeds", "0:5")["summary"]
    small = bound_json("-p", "2", "--seeds", "0:2", "--jsonl", path, "--resume")
    assert small["rows"] == [] and small["summary"]["deals"] == 2


def test_a_resumed_run_equals_one_uninterrupted_run_whatever_the_file_held(tmp_path):
    whole = bound_json("-p", "3", "--seeds", "0:6")
    path = tmp_path / "rows.jsonl"
    bound_json("-p", "3", "--hle-seeds", "0:4", "--jsonl", path)   # another source, same numbers
    bound_json("-p", "4", "--seeds", "0:4", "--jsonl", path, "--resume")  # another player count
    bound_json("-p", "3", "--seeds", "0:3", "--jsonl", path, "--resume")
    text = path.read_text()
    path.write_text(text + text.splitlines()[-1] + "\n" + text.splitlines()[0][:20])  # a row twice, a cut line
    resumed = bound_json("-p", "3", "--seeds", "0:6", "--jsonl", path, "--resume")
    assert [r["id"] for r in resumed["rows"]] == ["P3-seed-3", "P3-seed-4", "P3-seed-5"]
    assert resumed["summary"] == whole["summary"]
    mine = {r["id"]: r for r in read_rows(path) if parse_id(r["id"]).players == 3 and r["id"].startswith("P3-seed")}
    assert sorted(mine.values(), key=lambda r: parse_id(r["id"]).number) == whole["rows"]


def test_resume_refuses_rows_computed_with_other_options(tmp_path):
    path = tmp_path / "rows.jsonl"
    bound_json("-p", "2", "--seeds", "0:3", "--jsonl", path)
    before = path.read_text()
    one_line_error(run("bound", "-p", "2", "--seeds", "0:3", "--no-figures", "--exact", "-j", "1", "--jsonl", path,
                       "--resume"), "without U3 (--exact)")
    one_line_error(run("bound", "-p", "2", "--seeds", "0:3", "--figures", "-j", "1", "--jsonl", path, "--resume"),
                   "without the figures")
    assert path.read_text() == before


def test_an_open_row_is_recomputed_under_other_limits_and_reused_under_the_same(tmp_path):
    path = tmp_path / "rows.jsonl"
    args = ("-p", "5", "--seeds", "11017:11018", "--exact", "--timeout", "0", "--jsonl", path)
    first = bound_json(*args)["rows"][0]
    assert not first["exact"] and (first["timeout"], first["peer_timeout"]) == (0, 0)
    assert bound_json(*args, "--resume")["rows"] == []
    closed = bound_json(*args, "--resume", "--peer-timeout", "120")
    assert [r["exact"] for r in closed["rows"]] == [True] and closed["summary"]["unresolved"] == 0


def test_a_failing_run_leaves_the_row_file_as_it_was(tmp_path):
    path = tmp_path / "rows.jsonl"
    bound_json("-p", "2", "--seeds", "0:4", "--jsonl", path)
    before = path.read_text()
    lines = tmp_path / "lines"
    (lines / line_file_name("P2-seed-1")).mkdir(parents=True)  # the second deal's line cannot be written
    out = run("bound", "-p", "2", "--seeds", "0:2", "--exact", "--timeout", "1", "--no-figures", "-j", "1",
              "--lines-dir", lines, "--jsonl", path, "-q")
    one_line_error(out, "P2-seed-1.json")
    assert path.read_text() == before and sorted(os.listdir(tmp_path)) == ["lines", "rows.jsonl"]


def test_a_csv_header_cut_short_is_written_whole(tmp_path):
    path = tmp_path / "h.csv"
    path.write_text("id,players,L,U1,U2,U3,U3_high,exact,method,")
    assert run("bound", "-p", "2", "--seeds", "0:2", "--no-figures", "-j", "1", "--csv", path, "--resume",
               "-q").exit_code == 0
    again = run("bound", "-p", "2", "--seeds", "0:3", "--no-figures", "-j", "1", "--csv", path, "--resume", "--json")
    assert again.exit_code == 0, again.output
    assert [r["id"] for r in json.loads(again.output)["rows"]] == ["P2-seed-2"]
    assert [r["id"] for r in read_rows(path, csv_format=True)] == ["P2-seed-0", "P2-seed-1", "P2-seed-2"]


def test_a_second_writer_is_refused_while_the_first_holds_the_lock(tmp_path):
    path = tmp_path / "rows.jsonl"
    bound_json("-p", "2", "--seeds", "0:2", "--jsonl", path)
    before = path.read_text()
    lock = RowLock(path)
    try:
        for args in (["bound", "-p", "2", "--seeds", "0:3", "--jsonl", path, "--resume"],
                     ["bound", "-p", "2", "--seeds", "0:3", "--jsonl", path],
                     ["table", "-p", "2", "--deals", "1", "--out", path]):
            one_line_error(run(*args, "-j", "1"), str(path), f"in use by process {os.getpid()}")
    finally:
        lock.release()
    assert path.read_text() == before and not Path(f"{path}.lock").exists()
    assert bound_json("-p", "2", "--seeds", "0:3", "--jsonl", path, "--resume")["summary"]["deals"] == 3


def test_seeds_that_would_repeat_a_deal_are_refused_everywhere(tmp_path):
    out = tmp_path / "t.jsonl"
    one_line_error(run("table", "-p", "2", "--deals", "2", "--seed", 2**64, "--out", out), "--seed", "2^64")
    one_line_error(run("table", "-p", "2", "--deals", "2", "--seed", 2**64 - 1, "--out", out), "--seed", "2^64")
    one_line_error(run("bound", "-p", "2", "--seeds", f"{2**64 - 1}:{2**64 + 1}"), "--seeds", "2^64")
    assert not out.exists()


def test_a_loss_removes_a_stale_sequence_file(tmp_path):
    keep = tmp_path / "keep.json"
    assert run("solve", ROOT / "instances" / "tiny-r1.deck", "--sequence-out", keep).exit_code == 0 and keep.exists()
    out = run("solve", ROOT / "instances" / "r1-overlap-loss.deck", "--sequence-out", keep)
    assert out.exit_code == 0 and "NOT WINNABLE" in out.output and not keep.exists()


def game_with(played=True, **changes):
    """The first real game with ``changes``; without its actions and score unless ``played``
    (actions that the changed rules may forbid)."""
    record = json.loads(GAMES.read_text().splitlines()[0])
    if not played:
        del record["actions"], record["score"]
    for key, value in changes.items():
        if key.startswith("options_"):
            record["options"][key[len("options_"):]] = value
        else:
            record[key] = value
    return record


@pytest.mark.parametrize("changes, named", [
    ({"variant": REFUSED_VARIANT, "deck": [list(card) for card in deck_from_seed(f"p2v{REFUSED_ID}s1")], "score": None},
     f"{REFUSED_VARIANT!r} (id {REFUSED_ID}) is not supported: {REFUSAL}"),
    ({"options_detrimentalCharacters": True}, "option detrimentalCharacters is not supported"),
    ({"options_someNewRule": True}, "option 'someNewRule' is not supported"),
    ({"variant": "Black (6 Suits)"}, "expected 55 cards (the deck of Black (6 Suits))"),
    ({"hand_size": 4}, "expected 'hand_size' to be 5 (the hand of 2 players in this game), got 4 (a game dealt 4 "
                       "cards a player has the option oneLessCard: true)"),
    ({"options_variant": "Rainbow (5 Suits)"},
     "'variant' is \"No Variant\" and 'options.variant' is \"Rainbow (5 Suits)\": they disagree"),
])
def test_hanablive_games_with_rules_not_modelled_are_refused_by_name(tmp_path, changes, named, refused_variant):
    path = tmp_path / "games.jsonl"
    path.write_text(GAMES.read_text().splitlines()[1] + "\n" + json.dumps(game_with(**changes)) + "\n")
    for source in ("--hanab-live", "--deal"):
        one_line_error(run("bound", source, path, "-j", "1", "--strict"), f"{path}:2", named)
        rows = bound_json(source, path)["rows"]
        assert "refused" not in rows[0] and rows[1]["source"] == f"{path}:2" and named in rows[1]["refused"]


@pytest.mark.parametrize("changes, variant", [
    ({"options_variant": "Rainbow (5 Suits)", "variant": None}, "Rainbow (5 Suits)"),  # the standard deck's counts
    ({"options_variant": "Clue Starved (5 Suits)", "variant": "Clue Starved (5 Suits)"}, "Clue Starved (5 Suits)"),
    ({"options_oneLessCard": True, "hand_size": 4}, "No Variant"),
    ({"options_oneExtraCard": True, "hand_size": 6}, "No Variant"),
    ({"options_emptyClues": True}, "No Variant"),
    ({"options_deckPlays": True}, "No Variant"),
])
def test_hanablive_games_with_a_supported_variant_or_option_are_played_by_its_rules(tmp_path, changes, variant):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(game_with(played=False, **changes)) + "\n")
    row = bound_json("--hanab-live", path)["rows"][0]
    assert row["variant"] == variant and row["max_score"] == 25


def test_a_starting_player_is_read_not_refused(tmp_path):
    for changes in ({"options_startingPlayer": 1}, {"starting_player": 1}):
        path = tmp_path / "games.jsonl"
        path.write_text(json.dumps(game_with(played=False, **changes)) + "\n")
        assert bound_json("--hanab-live", path)["summary"]["deals"] == 1
        assert run("deal", "--hanab-live", path).output.count('"startingPlayer": 1') == 1


def test_clock_options_and_defaults_are_read(tmp_path):
    path = tmp_path / "games.jsonl"
    path.write_text(json.dumps(game_with(options_timed=True, options_timeBase=120, options_startingPlayer=0)) + "\n")
    assert bound_json("--hanab-live", path)["summary"]["deals"] == 1


def test_hanab_live_with_players_re_deals_the_games(tmp_path):
    games = tmp_path / "games.jsonl"
    games.write_text("\n".join(GAMES.read_text().splitlines()[:3]) + "\n")  # three 2-player games
    own = bound_json("--hanab-live", games)
    assert [r["players"] for r in own["rows"]] == [2, 2, 2] and all("real_score" in r for r in own["rows"])
    three = bound_json("--hanab-live", games, "-p", "3")
    assert [r["players"] for r in three["rows"]] == [3, 3, 3]
    assert not any("real_score" in r for r in three["rows"]) and "gap_histogram" not in three["summary"]
    assert [r["source"] for r in three["rows"]] == [f"{games}:{i}" for i in (1, 2, 3)]


def test_a_missing_deal_file_is_named_before_the_players(tmp_path):
    one_line_error(run("bound", "--deal", tmp_path / "missing.txt"), "missing.txt", "cannot read")


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full")
def test_a_full_disk_names_the_file():
    one_line_error(run("bound", "-p", "2", "--seeds", "0:2", "--no-figures", "-j", "1", "--jsonl", "/dev/full"),
                   "/dev/full", "No space left")


@pytest.mark.parametrize("name, text, command", [
    ("arabic.deck", "p hanabi \u0663 1 0\n1 1\n2 1\n3 1\n", "solve"),
    ("arabic.cnf", "p cnf \u0663 1\n1 2 3 0\n", "reduce"),
    ("card.deck", "p hanabi 3 1 0\n1 1\n\u0662 1\n3 1\n", "solve"),
])
def test_numbers_in_files_are_ascii_digits(tmp_path, name, text, command):
    (tmp_path / name).write_text(text)
    extra = ["-o", tmp_path / "x.deck"] if command == "reduce" else []
    one_line_error(run(command, tmp_path / name, *extra), f"{tmp_path / name}:")


@pytest.mark.parametrize("args, option", [
    (["bound", "-p", "2", "--seeds", "0:"], "--seeds"),
    (["bound", "-p", "2", "--seeds", "1_0"], "--seeds"),
    (["bound", "-p", "2", "--seeds", "\u0660:\u0662"], "--seeds"),
    (["bound", "-p", "\u0662", "--seeds", "0:1"], "--players"),
    (["table", "--deals", "1_0", "--out", "t.jsonl"], "--deals"),
    (["table", "-p", "\u0662", "--deals", "1", "--out", "t.jsonl"], "--players"),
    (["generate", "--values", "1_0", "--colors", "1", "--hand", "1"], "--values"),
])
def test_options_take_ascii_digits_only(args, option):
    one_line_error(run(*args), option)


def test_ids_carry_players_and_source_and_name_the_line_files(tmp_path):
    out = bound_json("-p", "2", "--hle-seeds", "3:5", "--exact", "--timeout", "5", "--lines-dir", tmp_path)
    assert [r["id"] for r in out["rows"]] == ["P2-hle-3", "P2-hle-4"]
    assert sorted(os.listdir(tmp_path)) == ["P2-hle-3.json", "P2-hle-4.json"]
    assert str(parse_id("P2:seed:17")) == "P2-seed-17"  # the table's colon form reads as the dash form
    for bad in ("seed:0", "P7-seed-0", "P2-seed-01", f"P2-hle-{2**32}", "P2-seed-\u0661", "P2-nope-1"):
        with pytest.raises(ValueError):
            parse_id(bad)


def test_python_gives_the_rows_the_command_line_gives(tmp_path):
    cli = bound_json("-p", "3", "--seeds", "4:7")
    with BoundRun(SeedRange(3, "seed", 4, 7), BoundOptions(figures=False)) as job:
        rows = list(job.rows())
    assert rows == cli["rows"] and job.summary() == cli["summary"]


VALID_ROWS = (b'{"id": "P2-seed-0", "players": 2, "L": 25, "U1": 25, "U2": 25}\n'
              b'{"id": "P2-seed-1", "players": 2, "L": 24, "U1": 25, "U2": 25, "U3": 24, "U3_high": 25, '
              b'"exact": false, "method": null, "timeout": 1, "peer_timeout": 0}\n')


@settings(max_examples=300, deadline=None)
@given(at=st.integers(0, len(VALID_ROWS)), cut=st.integers(0, 20), insert=st.binary(max_size=12),
       csv_format=st.booleans())
def test_the_row_reader_gives_rows_or_one_input_error_on_any_damage(at, cut, insert, csv_format):
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "rows"
        path.write_bytes(VALID_ROWS[:at] + insert + VALID_ROWS[at + cut:])
        try:
            rows = read_rows(path, csv_format, ("id", "players", "L", "U1", "U2"))
        except InputError as err:
            assert str(err).startswith(str(path))
        else:
            assert all(parse_id(r["id"]).players == r["players"] for r in rows)


def test_bound_streams_a_seed_range_of_any_length(tmp_path):
    import itertools
    import tracemalloc

    from solitaire.seer.sources.dealsource import deal_source

    out = tmp_path / "hl.jsonl"
    tracemalloc.start()
    with BoundRun(deal_source(hanab_live_seeds="p2v0s1..999999999999"), BoundOptions(figures=False), out) as job:
        rows = job.rows()
        first = [row["id"] for row in itertools.islice(rows, 2)]
        rows.close()  # as an interrupt: the finished rows are kept
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50 << 20, peak  # the whole range as seed strings once took gigabytes
    assert job.todo == 999999999999 and first == ["P2-live-p2v0s1", "P2-live-p2v0s2"]
    assert [row["id"] for row in read_rows(out)] == first
    with BoundRun(deal_source(hanab_live_seeds="p2v0s1..999999999999"), BoundOptions(figures=False), out,
                  resume=True) as job:
        assert job.todo == 999999999999 - 2 and next(job.rows())["id"] == "P2-live-p2v0s3"


def test_analyze_streams_a_seed_range_of_any_length(tmp_path):
    import itertools
    import tracemalloc

    from solitaire.seer.runs.analyzerun import AnalyzeRun
    from solitaire.seer.sources.dealsource import DealChain, DealList, live_seed, live_seeds

    out = tmp_path / "an.jsonl"
    source = DealChain((DealList(tuple(live_seed("p2v0s2").deals())), live_seeds("p2v0s1..999999999999"),
                        live_seed("p2v0s3")))
    assert source.count == 999999999999 and "P2-live-p2v0s7" in source
    tracemalloc.start()
    with AnalyzeRun(source, timeout=1, out=out) as job:
        rows = job.rows()
        first = [row["id"] for row in itertools.islice(rows, 3)]
        rows.close()  # as an interrupt: the finished rows are kept
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert peak < 50 << 20, peak
    assert job.todo == 999999999999 and first == ["P2-live-p2v0s2", "P2-live-p2v0s1", "P2-live-p2v0s3"]
    assert [row["id"] for row in read_rows(out)] == first
    with AnalyzeRun(source, timeout=1, out=out, resume=True) as job:
        assert job.todo == 999999999999 - 3 and next(job.rows())["id"] == "P2-live-p2v0s4"
        assert [row["id"] for row in job.batch_rows()] == first + ["P2-live-p2v0s4"]


def test_seeds_are_accepted_up_to_2_to_the_64_and_refused_beyond():
    from solitaire.seer.sources.dealsource import deal_source

    top = 2**64
    data = bound_json("-p", "2", "--seeds", f"{top - 2}:{top}")
    assert [row["id"] for row in data["rows"]] == [f"P2-seed-{top - 2}", f"P2-seed-{top - 1}"]
    with BoundRun(deal_source(2, seeds=f"0:{top}"), BoundOptions(figures=False)) as job:  # counted, not listed
        assert job.todo == top and next(job.rows())["id"] == "P2-seed-0"
    one_line_error(run("bound", "-p", "2", "--seeds", f"0:{top + 1}"), "--seeds", "2^64")
    one_line_error(run("bound", "-p", "2", "--seeds", "0:" + "9" * 5000), "--seeds", "2^64")
    one_line_error(run("table", "-p", "2", "--seed", "9" * 5000, "--deals", "1", "--out", "x.jsonl"), "20 ASCII digits")
    one_line_error(run("table", "--hanab-live-seeds", "p2v0s1.." + "9" * 5000, "--out", "x.jsonl"), "12 digits")


def test_the_id_table_of_the_docs_gives_the_seeds_each_generator_takes():
    from solitaire.seer.sources.dealsource import SEED_BITS

    table = (ROOT / "docs" / "formats.md").read_text()
    for source in ("seed", "hle"):
        row = next(line for line in table.splitlines() if line.startswith(f"| `{source}` "))
        assert f"`0 .. 2^{SEED_BITS[source]} - 1`" in row, row
        with pytest.raises(ValueError):
            parse_id(f"P2-{source}-{2 ** SEED_BITS[source]}")
        assert parse_id(f"P2-{source}-{2 ** SEED_BITS[source] - 1}").number == 2 ** SEED_BITS[source] - 1


def test_a_full_disk_names_the_lock_file_and_leaves_none(tmp_path, monkeypatch):
    from solitaire.seer.runs import rowfile

    real_open = open

    def full(path, *args, **kwargs):
        handle = real_open(path, *args, **kwargs)
        if str(path).endswith(".lock"):
            def write(text):
                raise OSError(28, "No space left on device")
            handle.write = write
        return handle

    monkeypatch.setattr(rowfile, "open", full, raising=False)
    path = tmp_path / "rows.jsonl"
    with pytest.raises(InputError, match="No space left on device") as err:
        RowLock(path)
    assert err.value.source == f"{path}.lock" and os.listdir(tmp_path) == []
    one_line_error(run("bound", "-p", "2", "--seeds", "0:1", "--jsonl", path), f"{path}.lock", "cannot write")
    assert os.listdir(tmp_path) == []


