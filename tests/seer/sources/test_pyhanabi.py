"""pyhanabi's games (``solitaire.seer.sources.pyhanabi``): the logs of Eger et al.'s human-AI experiment read as
deals, under pyhanabi's rules.

The deck of each log is regenerated from its seed by the port of Python 2's shuffle; the reader checks it against the
40 cards the log prints, and these tests against the decks a third party regenerated from the same logs
(``tests/data/pyhanabi/games.jsonl``). The rules (a discard at 8 clue tokens allowed, a strikeout scored by the
cards played) are checked on the real games and, for the search, against the exhaustive search on short decks.
"""

import json

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from solitaire.io.errors import InputError
from helpers import DATA, THIRDS, check_exact_from_a_random_position, exact_on_tiny_decks, one_line_error
from solitaire.seer.game.deals import Deal, parse_hanablive
from solitaire.seer.game.ids import parse_id
from solitaire.seer.game.options import Options
from solitaire.seer.game.simulator import Game
from solitaire.seer.sources.history import Refused, judge
from solitaire.seer.sources.pyhanabi import PYHANABI_COLOURS, read_pyhanabi, read_pyhanabi_log

FOLDER = DATA / "pyhanabi"
RECORDS = {r["game_id"]: r for r in map(json.loads, (FOLDER / "games.jsonl").read_text().splitlines())}
SELF_CLUE = "3f79f9ed3a579d03"
#: The toolkit's suit of each of pyhanabi's colours, by name (``g y w b r``).
SUIT = {colour: "rygbw".index(name[0]) for colour, name in enumerate(PYHANABI_COLOURS)}


def by_id(items):
    return {item.ident.split("-")[-1]: item for item in items}


def test_every_log_is_read_and_the_ai_that_clues_itself_is_refused():
    items = by_id(read_pyhanabi(FOLDER))
    assert set(items) == set(RECORDS)
    refused = items.pop(SELF_CLUE)
    assert isinstance(refused, Refused) and "a clue needs another player as target" in refused.reason
    assert all(isinstance(deal, Deal) and deal.options.pyhanabi for deal in items.values())


@pytest.mark.parametrize("gid", sorted(set(RECORDS) - {SELF_CLUE}))
def test_a_log_is_the_game_a_third_party_regenerated(gid):
    """The deck from the log's seed equals the third party's, colour for colour; the score is the log's."""
    deal = read_pyhanabi(FOLDER / f"game{gid}.log")[0]
    record = RECORDS[gid]
    assert deal.types.tolist() == [SUIT[colour] * 5 + rank - 1 for colour, rank in record["deck"]]
    assert deal.meta["real_score"] == deal.meta["played"] == record["score"]
    assert deal.meta["end"] == ("strikeout" if record["strikes"] == 3 else "normal")
    assert deal.meta["names"] == [record["ai_partner"], "You"] and parse_id(deal.ident).source == "pyhanabi"


def test_the_json_lines_form_reads_the_same_games():
    logs, lines = by_id(read_pyhanabi(FOLDER)), by_id(read_pyhanabi(FOLDER / "games.jsonl"))
    assert set(logs) == set(lines)
    for gid, deal in lines.items():
        if isinstance(deal, Refused):
            assert logs[gid].reason == deal.reason
            continue
        assert sorted(deal.types.tolist()) == sorted(logs[gid].types.tolist())
        assert deal.meta["names"] == logs[gid].meta["names"]
        assert {key: deal.meta[key] for key in ("end", "played", "real_score")} == \
               {key: logs[gid].meta[key] for key in ("end", "played", "real_score")}


def test_a_discard_at_8_tokens_and_a_strikeout_are_pyhanabi_rules_not_hanab_lives():
    """The same game under hanab.live's rules: its discard at 8 tokens is refused; a strikeout scores 0."""
    for gid, refusal in (("00abb0a354af727f", "a discard needs fewer than 8 clue tokens"),
                         ("01b409dccb0185d4", r"is not hanab.live's score of the actions, 0 \(strikeout end")):
        record = dict(RECORDS[gid], variant="No Variant")
        with pytest.raises(InputError, match=refusal):
            judge(parse_hanablive(record, "g.jsonl"))
        assert judge(parse_hanablive(dict(record, options={"pyhanabi": True}), "g.jsonl")).meta["end"]


def test_a_log_whose_cards_are_not_its_seeds_is_refused():
    text = (FOLDER / "game003d9bcb9d27dacf.log").read_text()
    assert "not those pyhanabi deals for the seed 2814" in \
        read_pyhanabi_log(text.replace("'intentional', 2813", "'intentional', 2814"), "g.log", "0" * 16).reason
    assert "Treatment" in read_pyhanabi_log("Score 3\n", "g.log", "0" * 16).reason


def test_a_strikeout_scores_the_cards_played_under_pyhanabis_rules():
    deal = read_pyhanabi(FOLDER / "game01b409dccb0185d4.log")[0]
    game = Game(deal)
    for action in deal.meta["actions"]:
        game.apply(action)
    assert game.over and game.strikes == 3 and game.score == game.played > 0


@pytest.mark.parametrize("players, cases", [(2, 4), pytest.param(3, 1, marks=pytest.mark.long)])
def test_exact_equals_brute_force_under_pyhanabis_rules(players, cases):
    """The search (its strikeout a leaf of 0, a discard listed at every token count) against the exhaustive search
    through the simulator (a strikeout scored as the cards played): the optimum is the same."""
    assert len(exact_on_tiny_decks("pyhanabi", players, cases, "No Variant", (0, 1), pyhanabi=True)) == cases


@pytest.mark.parametrize("sample", THIRDS)
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_under_pyhanabis_rules_equals_brute_force(sample, seed, steps):
    check_exact_from_a_random_position(seed, steps, "No Variant", (0, 1), pyhanabi=True)


def test_the_option_is_the_toolkits_own_and_reads_back():
    assert Options.from_hanablive({"pyhanabi": True}).pyhanabi
    assert Options(pyhanabi=True).to_hanablive()["pyhanabi"] is True


def test_bound_and_analyze_read_a_folder_of_logs(tmp_path):
    run = CliRunner().invoke(main, ["bound", "--pyhanabi", str(FOLDER), "--exact", "-j", "1", "--json"])
    assert run.exit_code == 0, run.output
    rows = json.loads(run.output)["rows"]
    assert len(rows) == len(RECORDS) and sum("refused" in row for row in rows) == 1
    assert all(row["exact"] and row["real_score"] <= row["U3"] for row in rows if "refused" not in row)
    run = CliRunner().invoke(main, ["analyze", "--pyhanabi", str(FOLDER / "game003d9bcb9d27dacf.log"), "-j", "1"])
    assert run.exit_code == 0 and "intentional discards" in run.output
    assert run.output.count("option pyhanabi is not carried by a link") == 1  # the game's, said once
    (tmp_path / "notes.txt").write_text("hello\n")
    one_line_error(CliRunner().invoke(main, ["bound", "--pyhanabi", str(tmp_path / "notes.txt")]), "game<16 hex")
    one_line_error(CliRunner().invoke(main, ["bound", "--pyhanabi", str(tmp_path)]), "pyhanabi logs")
    log = str(FOLDER / "game003d9bcb9d27dacf.log")  # given as hanab.live games: told where it goes
    one_line_error(CliRunner().invoke(main, ["analyze", log]), "a log of pyhanabi", "--pyhanabi")
    games = tmp_path / "games.jsonl"  # the same games in hanab.live's form (the shared data's file)
    games.write_text("".join(json.dumps({"players": 2, "ai_partner": "intentional", "game_id": "0" * 16,
                                         "deck": [[s, r] for s in range(5) for r in (1, 1, 1, 2, 2, 3, 3, 4, 4, 5)],
                                         "actions": []}) + "\n" for _ in range(2)))
    rows = [json.loads(line) for line in CliRunner().invoke(main, ["deal", "--hanab-live", str(games)]).stdout
            .splitlines()]
    assert [row["refused"] for row in rows] == [
        "a game of pyhanabi (Eger et al.'s human-AI experiment), whose rules are not hanab.live's: give it with "
        "--pyhanabi"] * 2


def test_a_log_of_a_folder_named_otherwise_is_refused_by_name_not_dropped(tmp_path):
    log = (FOLDER / "game003d9bcb9d27dacf.log").read_text()
    for name in ("game003d9bcb9d27dacf.log", "copy.log"):
        (tmp_path / name).write_text(log)
    (tmp_path / "notes.txt").write_text("not a log\n")  # not a *.log file: not one of the logs
    copy, game = read_pyhanabi(tmp_path)
    assert isinstance(game, Deal) and game.ident == "P2-pyhanabi-003d9bcb9d27dacf"
    assert copy == Refused(None, str(tmp_path / "copy.log"),
                           "expected a pyhanabi log named game<16 hex digits>.log (its game's id)")
    run = CliRunner().invoke(main, ["bound", "--pyhanabi", str(tmp_path), "--no-figures", "--json"])
    assert run.exit_code == 0 and json.loads(run.stdout)["summary"]["refused"] == {copy.reason: 1}, run.output


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 10 ** 6), st.sampled_from(["", "0", "7", "None", "(", "]", "\n", " "])),
                min_size=1, max_size=6))
def test_a_damaged_log_is_a_game_or_a_refusal(edits):
    """Characters of a real log replaced or cut at random: the reader returns a deal or a refusal, never an error."""
    text = (FOLDER / "game003d9bcb9d27dacf.log").read_text()
    for where, what in edits:
        k = where % len(text)
        text = text[:k] + what + text[k + 1:]
    assert isinstance(read_pyhanabi_log(text, "g.log", "0" * 16), Deal | Refused)
