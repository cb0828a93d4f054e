"""`hanabi-solitaire bound`: rows, JSON, streaming files, resume, errors."""

import csv
import json

import pytest
from click.testing import CliRunner

from cli import main
from helpers import REAL_GAMES, REFUSED_ID, REFUSED_VARIANT, one_line_error
from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.game.deals import seeded_deal
from solitaire.seer.game.simulator import simulate
from solitaire.seer.game.variants import UnsupportedVariant, get_variant
from solitaire.seer.runs.boundrun import bound_row, summarize
from solitaire.seer.runs.evaluation import wilson
from solitaire.seer.runs.rowfile import read_rows

REAL = REAL_GAMES / "hanablive_games.jsonl"


def run(*args):
    return CliRunner().invoke(main, ["bound", *args])


def test_json_rows_and_summary():
    result = run("--players", "2", "--seeds", "10:14", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert [r["id"] for r in out["rows"]] == ["P2-seed-10", "P2-seed-11", "P2-seed-12", "P2-seed-13"]
    for row in out["rows"]:
        assert row["L"] <= row["U2"] <= row["U1"]
        assert {"min_hand", "pace_slack"} <= set(row)
        assert ("reason" in row) == (row["U2"] < 25)
    assert out["summary"]["deals"] == 4
    assert out["summary"]["mean_U2"] == sum(r["U2"] for r in out["rows"]) / 4


def test_jobs_two_gives_the_same_rows():
    one = json.loads(run("-p", "4", "--seeds", "0:12", "--json", "--no-figures").output)["rows"]
    two = json.loads(run("-p", "4", "--seeds", "0:12", "--json", "--no-figures", "--jobs", "2").output)["rows"]
    assert one == two


def test_hle_seeds_source():
    out = json.loads(run("-p", "3", "--hle-seeds", "0:3", "--json", "--no-figures").output)
    assert [r["id"] for r in out["rows"]] == ["P3-hle-0", "P3-hle-1", "P3-hle-2"]


def test_real_games_rows_have_real_score_and_gap(tmp_path):
    path = tmp_path / "few.jsonl"
    path.write_text("\n".join(REAL.read_text().splitlines()[:5]) + "\n")
    out = json.loads(run("--hanab-live", str(path), "--json", "--no-figures").output)
    for row in out["rows"]:
        assert row["gap"] == row["U2"] - row["real_score"] and "end" in row
    assert sum(out["summary"]["gap_histogram"].values()) == 5


def test_csv_stream_and_resume(tmp_path):
    path = tmp_path / "rows.csv"
    assert run("-p", "2", "--seeds", "0:6", "--csv", str(path), "-q").exit_code == 0
    first = list(csv.DictReader(path.open()))
    # simulate an interruption: keep 3 rows and half of the 4th
    lines = path.read_text().splitlines(keepends=True)
    path.write_text("".join(lines[:4]) + lines[4][:7])
    result = run("-p", "2", "--seeds", "0:6", "--csv", str(path), "--resume", "--json")
    assert [r["id"] for r in json.loads(result.output)["rows"]] == ["P2-seed-3", "P2-seed-4", "P2-seed-5"]
    assert list(csv.DictReader(path.open())) == first
    assert json.loads(result.output)["summary"]["deals"] == 6


def test_jsonl_stream_with_lines(tmp_path):
    path = tmp_path / "rows.jsonl"
    assert run("-p", "3", "--seeds", "5:7", "--jsonl", str(path), "--lines", "-q").exit_code == 0
    rows = read_rows(str(path))
    assert [r["id"] for r in rows] == ["P3-seed-5", "P3-seed-6"]
    deal = seeded_deal(3, 5)
    assert simulate(deal, rows[0]["bot_actions"]).score == rows[0]["L"]
    assert len(rows[0]["u2_line"]) == rows[0]["U2"]


def test_usage_errors_exit_2():
    assert run("--seeds", "0:3").exit_code == 2                       # no --players
    assert run("-p", "2").exit_code == 2                              # no source
    assert run("-p", "2", "--seeds", "0:3", "--hle-seeds", "0:3").exit_code == 2
    assert run("-p", "2", "--seeds", "5:2").exit_code == 2
    assert run("-p", "2", "--seeds", "x").exit_code == 2
    assert run("-p", "2", "--seeds", "0:2", "--resume").exit_code == 2
    assert run("-p", "7", "--seeds", "0:2").exit_code == 2


def test_missing_file_is_one_line(tmp_path):
    result = run("--hanab-live", str(tmp_path / "none.jsonl"))
    assert result.exit_code == 2 and len(result.output.strip().splitlines()) == 1


def test_summary_and_wilson():
    rows = [bound_row(seeded_deal(2, s), figures=False) for s in range(3)]
    summary = summarize(rows)
    low, high = summary["share_U2_25_ci95"]
    assert low <= summary["share_U2_25"] <= high
    assert wilson(0, 10)[0] == 0.0 and abs(wilson(10, 10)[1] - 1.0) < 1e-12


def test_a_bad_game_is_a_refused_row_and_strict_stops_at_it_in_one_line(tmp_path):
    record = json.loads(REAL.read_text().splitlines()[0])
    record["deck"][3] = [0, 6]
    path = tmp_path / "bad.jsonl"
    path.write_text(REAL.read_text().splitlines()[1] + "\n" + json.dumps(record) + "\n")
    result = run("--hanab-live", str(path), "--json", "--no-figures")
    assert result.exit_code == 0, result.output
    out = json.loads(result.output)
    assert out["rows"][1] == {"id": None, "source": f"{path}:2",
                              "refused": "deck card 4: expected a rank in 1..5, got 6"}
    assert out["summary"]["deals"] == 1 and out["summary"]["refused"] == {"deck card 4: expected a rank in 1..5, got 6": 1}
    result = run("--hanab-live", str(path), "--strict")
    assert result.exit_code == 2
    assert result.output.strip() == f"hanabi-solitaire: error: {path}:2: deck card 4: expected a rank in 1..5, got 6"


#: The seed strings of 2 players of the refused variant (``helpers.REFUSED_VARIANT``) but for the seed.
REFUSED_SEED = f"p2v{REFUSED_ID}s"


def _refusal():
    """Why the solvers refuse the games of the refused variant (the reason of its refused rows)."""
    with pytest.raises(UnsupportedVariant) as refused:
        get_variant(REFUSED_ID).check_playable()
    return refused.value.message


def _refused_rows(seeds):
    """The rows of the refused variant's seed strings ``seeds``, refused by its rules."""
    return [{"id": f"P2-live-{seed}", "source": seed, "refused": _refusal()} for seed in seeds]


@pytest.mark.parametrize("option, text, seeds", [
    ("--hanab-live-seed", f"{REFUSED_SEED}1", [f"{REFUSED_SEED}1"]),
    ("--hanab-live-seeds", f"{REFUSED_SEED}1..3", [f"{REFUSED_SEED}{k}" for k in (1, 2, 3)])])
def test_a_seed_string_of_a_refused_variant_gives_refused_rows_and_strict_stops_at_it(tmp_path, option, text, seeds,
                                                                                       refused_variant):
    reason = _refusal()
    out = tmp_path / "rows.jsonl"
    result = run(option, text, "--exact", "--json", "--no-figures", "--jsonl", out)
    assert result.exit_code == 2, result.output  # every deal refused: its rows, then an error
    assert result.stderr.splitlines()[-1] == "hanabi-solitaire: error: every deal given was refused (the reasons above)"
    found = json.loads(result.stdout)
    assert found["rows"] == _refused_rows(seeds) == [json.loads(line) for line in out.read_text().splitlines()]
    assert found["summary"]["deals"] == 0 and found["summary"]["refused"] == {reason: len(seeds)}
    printed = run(option, text, "--no-figures")
    assert printed.exit_code == 2 and f"refused {len(seeds)}, by reason:" in printed.stdout
    assert [line for line in printed.stdout.splitlines() if line.startswith("P2-live-")] == [
        f"P2-live-{seed} ({seed}): refused: {reason}" for seed in seeds]
    strict = run(option, text, "--exact", "--strict")
    assert strict.exit_code == 2 and strict.output.strip() == f"hanabi-solitaire: error: {REFUSED_SEED}1: {reason}"
    analyzed = CliRunner().invoke(main, ["analyze", option, text, "--json"])
    assert analyzed.exit_code == 2, analyzed.output
    assert json.loads(analyzed.stdout)["games"] == _refused_rows(seeds)
    strict = CliRunner().invoke(main, ["analyze", option, text, "--strict"])
    assert strict.exit_code == 2 and strict.output.strip() == f"hanabi-solitaire: error: {REFUSED_SEED}1: {reason}"
    decks = CliRunner().invoke(main, ["deal", option, text, "--strict"])  # a deck is a deck
    assert decks.exit_code == 0 and decks.stderr == ""
    assert [json.loads(line)["options"]["variant"] for line in decks.stdout.splitlines()] == \
        [REFUSED_VARIANT] * len(seeds)


def test_a_refused_seed_range_among_playable_games_keeps_their_rows(tmp_path, refused_variant):
    games = tmp_path / "games.jsonl"
    games.write_text(CliRunner().invoke(main, ["deal", "-p", "2", "--seeds", "0:2"]).stdout)
    result = CliRunner().invoke(main, ["analyze", str(games), "--hanab-live-seeds", f"{REFUSED_SEED}1..2",
                                       "--hanab-live-seed", "p2v0s5", "--json", "--timeout", "5"])
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert ["refused" in row for row in out["games"]] == [False, False, True, True, False]  # in input order
    assert out["games"][2:4] == _refused_rows([f"{REFUSED_SEED}1", f"{REFUSED_SEED}2"])
    assert out["games"][4]["id"] == "P2-live-p2v0s5"
    assert out["summary"]["games"] == 3 and all(row["turns"] == [] for row in out["games"] if "refused" not in row)
    assert out["summary"]["refused"] == {_refusal(): 2}
    strict = CliRunner().invoke(main, ["analyze", str(games), "--hanab-live-seeds", f"{REFUSED_SEED}1..2", "--strict"])
    assert strict.exit_code == 2 and strict.output.strip() == f"hanabi-solitaire: error: {REFUSED_SEED}1: {_refusal()}"


def test_a_deal_with_another_starting_player_gets_its_own_optimum_and_line():
    for seed in (0, 5):
        deal = seeded_deal(3, seed).starting(2)
        row = bound_row(deal, figures=False, lines=True, limits=SearchLimits(30))
        assert row["exact"] and row["L"] <= row["U3"] <= row["U2"]
        assert row["u3_game"]["options"] == {"startingPlayer": 2}
        assert simulate(deal, row["u3_game"]["actions"]).score == row["U3"]


def test_hle_random_start_rows_and_the_deal_command():
    rows = json.loads(run("-p", "3", "--hle-seeds", "1:4", "--hle-random-start", "--json", "--no-figures").output)["rows"]
    assert [r["id"] for r in rows] == ["P3-hlerandom-1", "P3-hlerandom-2", "P3-hlerandom-3"]
    lines = CliRunner().invoke(main, ["deal", "-p", "3", "--hle-seeds", "1:4", "--hle-random-start"]).output.splitlines()
    games = [json.loads(line) for line in lines]
    assert [g["options"]["startingPlayer"] for g in games] == [1, 1, 1] and len(games[0]["deck"]) == 50
    assert games[0]["players"] == ["Alice", "Bob", "Cathy"]


def test_the_deal_command_prints_what_bound_reads(tmp_path):
    path = tmp_path / "deals.jsonl"
    path.write_text(CliRunner().invoke(main, ["deal", "-p", "2", "--seeds", "0:3"]).output)
    again = CliRunner().invoke(main, ["deal", "--hanab-live", str(path), "--text"]).output.splitlines()
    text = CliRunner().invoke(main, ["deal", "-p", "2", "--seeds", "0:3", "--text"]).output.splitlines()
    assert again == text and len(text) == 3 and text[0].startswith("b3 b4 w2")
    deal_file = tmp_path / "one.txt"
    deal_file.write_text(text[1])
    assert CliRunner().invoke(main, ["deal", "-p", "2", "--deal", str(deal_file), "--text"]).output.strip() == text[1]
    bad = CliRunner().invoke(main, ["deal", "-p", "2", "--seeds", "0:1", "--hle-random-start"])
    assert bad.exit_code == 2 and "--hle-random-start needs --hle-seeds" in bad.output


def test_deal_text_names_each_deal_the_text_form_cannot_carry_and_goes_on(tmp_path):
    path = tmp_path / "games.jsonl"
    games = [json.loads(line) for line in REAL.read_text().splitlines()[:3]]
    games[0] = {**games[0], "options": {"deckPlays": True}}
    variant = json.loads(REAL_GAMES.joinpath("hanablive_variant_games.jsonl").read_text().splitlines()[0])
    path.write_text("".join(json.dumps(game) + "\n" for game in [games[0], variant, *games[1:]]))
    result = CliRunner().invoke(main, ["deal", "--hanab-live", str(path), "--text"])
    lines = result.output.splitlines()
    assert result.exit_code == 0 and len(lines) == 4
    assert json.loads(lines[0])["text_note"] == "the text form carries no option (this game has deckPlays)"
    assert json.loads(lines[1])["text"] is None and variant["options"]["variant"] in json.loads(lines[1])["text_note"]
    assert all(len(line.split()) == 50 for line in lines[2:])


def test_deal_text_names_a_deal_whose_starting_player_it_cannot_carry():
    """The text form is the deck alone: ``--deal`` reads it back as a game player 0 starts."""
    lines = CliRunner().invoke(main, ["deal", "-p", "2", "--hle-seeds", "5:8", "--hle-random-start",
                                      "--text"]).output.splitlines()
    assert len(lines[0].split()) == len(lines[2].split()) == 50
    assert json.loads(lines[1]) == {"id": "P2-hlerandom-6", "text": None,
                                    "text_note": "the text form cannot say who starts (player 1, not player 0)"}


def _fits(row, typed):
    """Whether ``row`` has every key the TypedDict ``typed`` requires and no key it does not declare."""
    return typed.__required_keys__ <= set(row) <= typed.__required_keys__ | typed.__optional_keys__


def test_the_rows_of_bound_are_bound_rows():
    """Rows of searched, open and real games, completed as a run writes them, have the keys of
    :class:`BoundRow`; the CSV columns are its keys but the JSON-only ones, and a refused row's."""
    from solitaire.seer.bounds.method import Method
    from solitaire.seer.runs.boundrun import BOUND_KEYS, LINE_KEYS, BoundRow, complete_row
    from solitaire.seer.runs.partial import PartialRow
    from solitaire.seer.runs.rowfile import COLUMNS
    from solitaire.seer.sources.history import Refused, RefusedRow, read_history

    searched = bound_row(seeded_deal(2, 16), lines=True, limits=SearchLimits(30))
    assert _fits(searched, BoundRow) and {"U3", "u3_game", *LINE_KEYS} <= set(searched)
    assert searched["method"] is Method.SEARCH and '"method": "search"' in json.dumps(searched)
    done = complete_row(searched, score=20, lines=False)
    assert _fits(done, BoundRow) and not {"u3_game", *LINE_KEYS} & set(done)
    added = [key for key in done if key not in searched]  # after the row's own keys, in this order
    assert added == list(done)[-len(added):] and added[:4] == ["real_score", "gap", "gap_U3", "link"]
    assert (done["gap"], done["gap_U3"]) == (searched["U2"] - 20, searched["U3"] - 20)
    open_row = bound_row(seeded_deal(2, 12), limits=SearchLimits(0))
    assert _fits(open_row, BoundRow) and not open_row["exact"] and open_row["method"] is None
    assert {"timeout", "peer_timeout"} <= set(open_row)
    real = next(item for item in read_history(REAL) if not isinstance(item, Refused))
    real_row = bound_row(real, limits=SearchLimits(30))
    assert _fits(real_row, BoundRow) and {"real_score", "end", "played", "gap", "gap_U3", "source"} <= set(real_row)
    assert BOUND_KEYS == ("id", "players", "L", "U1", "U2")
    keys = BoundRow.__required_keys__ | BoundRow.__optional_keys__
    partial = PartialRow.__required_keys__ | PartialRow.__optional_keys__
    assert set(COLUMNS) == keys - {"u3_game", *LINE_KEYS} | RefusedRow.__required_keys__ | partial


def test_a_method_is_its_text_in_json_csv_and_print():
    import io

    from solitaire.seer.bounds.method import Method
    from solitaire.seer.runs.texts import bound_row_text

    assert [method.value for method in Method] == ["bot", "search", "peer"]
    assert Method("peer") is Method.PEER and Method.BOT == "bot" and {"bot": 1}[Method.BOT] == 1
    out = io.StringIO()
    csv.writer(out).writerow([Method.SEARCH, f"{Method.PEER}", str(Method.BOT)])
    assert out.getvalue() == "search,peer,bot\r\n"
    row = bound_row(seeded_deal(2, 0), figures=False, limits=SearchLimits(30))
    assert bound_row_text(row) == "P2-seed-0: P=2 L=25 U3=25 (by bot) U2=25 U1=25"


def test_scores_that_name_no_deal_are_refused_or_counted_beside_the_runs_own_ids(tmp_path):
    scores = tmp_path / "s.csv"
    scores.write_text("id,score\nP2-hle-0,20\nP2-hle-1,21\nP2-hle-2,22\n")
    none = run("-p", "2", "--hle-seeds", "0:2", "--hle-random-start", "--no-figures", "-j", "1", "--scores", scores)
    assert none.exit_code == 2 and none.output.strip().splitlines() == [
        f"hanabi-solitaire: error: {scores}: no score names a deal of this run: expected ids such as P2-hlerandom-0 "
        "(docs/formats.md), got P2-hle-0, P2-hle-1, ..."]
    some = run("-p", "2", "--hle-seeds", "1:3", "--no-figures", "-j", "1", "-q", "--scores", scores)
    assert some.exit_code == 0
    assert ("hanabi-solitaire: warning: 1 of 3 scores name no deal of this run (such as P2-hle-0; its deals are "
            "named like P2-hle-1)") in some.output
    assert ("1 scores of no deal asked for (such as P2-hle-0; this run's deals are named P2-hle-1, P2-hle-2: ids in "
            "docs/formats.md)") in some.output
    summary = json.loads(run("-p", "2", "--hle-seeds", "0:3", "--no-figures", "-j", "1", "--json",
                             "--scores", scores).output)["summary"]["scores"]
    assert summary == {"unscored": 0, "unknown": 0, "unknown_ids": []}


def test_p_refuses_to_re_deal_a_variant_game_and_counts_the_refusals_as_one_reason(tmp_path):
    path = tmp_path / "games.jsonl"
    variants = [line for line in REAL_GAMES.joinpath("hanablive_variant_games.jsonl").read_text().splitlines()
                if json.loads(line)["players"] != 2][:3]
    path.write_text("\n".join([REAL.read_text().splitlines()[0], *variants]) + "\n")
    out = json.loads(run("--hanab-live", str(path), "-p", "2", "--json", "--no-figures", "-j", "1").output)
    assert out["rows"][0]["players"] == 2 and all("refused" in row for row in out["rows"][1:])
    assert out["summary"]["refused"] == {"only a game of No Variant with default options is dealt to other players: "
                                         "a game of a variant or with options is played by its own": 3}
    text = run("--hanab-live", str(path), "-p", "2", "--no-figures", "-j", "1").output
    assert "refused 3, by reason:" in text and text.count("is played by its own") == 4  # three rows, one count


@pytest.mark.parametrize("args", [
    ["bound", "--hanab-live", "a.jsonl", "--hanab-live", "b.jsonl"],
    ["bound", "-p", "2", "--seeds", "0:2", "--seeds", "3:4"],
    ["bound", "--openspiel", "a", "--openspiel", "b", "--openspiel", "c"],
    ["bound", "--kaggle", "a", "--kaggle", "b"],
    ["bound", "--pyhanabi", "a", "--pyhanabi", "b"],
    ["deal", "--jaxmarl", "a", "--jaxmarl", "b"],
    ["analyze", "--hanab-live-seed", "p2v0s1", "--hanab-live-seed", "p2v0s2"],
    ["table", "--hanab-live-seeds", "p2v0s1..2", "--hanab-live-seeds", "p2v0s3", "--out", "never.jsonl"]])
def test_a_source_option_given_twice_is_a_usage_error_not_its_last_value(args):
    option = args[-2] if args[0] != "table" else args[-4]
    times = args.count(option)
    one_line_error(CliRunner().invoke(main, args), f"give {option} once, not {times} times", f"{args[0]} --help")


@pytest.mark.parametrize("args", [["bound", "--hanab-live"], ["bound", "--openspiel"], ["bound", "--jaxmarl"],
                                  ["deal", "--pyhanabi"], ["analyze", "--kaggle"]])
def test_a_file_that_cannot_be_opened_is_refused_with_the_systems_reason(tmp_path, args):
    one_line_error(CliRunner().invoke(main, [*args, str(tmp_path / ("a" * 300))]),
                   "cannot read the file (File name too long)")
