"""Six players, hands of three (hanab.live's rule): the real games, the seeds and the search.

hanab.live seats 2 to 6 players and deals 3 cards to each of 6. The real 6-player games of
``tests/data/realgames/hanablive_games_6p.jsonl`` replay to their recorded stacks; the three of them that
only replay with hands of 4 (their record's ``hand_size``, from an older rule) are refused by name. The
search agrees with the exhaustive one on tiny decks, from the first turn and from reachable positions.
"""

import json
import random

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from helpers import REAL_GAMES, brute, check_exact_from, random_game, tiny_deal
from solitaire.seer import simulate
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal, hand_size, parse_hanablive
from solitaire.seer.sources.dealsource import live_deals
from solitaire.seer.sources.history import Refused, read_history

GAMES = REAL_GAMES / "hanablive_games_6p.jsonl"


def records():
    return [json.loads(line) for line in GAMES.read_text().splitlines() if line.strip()]


def test_six_players_hold_three_cards_and_seven_do_not_play():
    assert hand_size(6) == 3 and Deal(list(range(25)) * 2, 6).hand == 3
    with pytest.raises(ValueError, match="2..6"):
        hand_size(7)


def test_every_real_six_player_game_replays_to_its_stacks_or_is_refused_by_its_hand_size():
    played = 0
    for record, item in zip(records(), read_history(GAMES), strict=True):
        if record["hand_size"] != 3:
            assert isinstance(item, Refused) and item.reason.endswith(
                "expected 'hand_size' to be 3 (the hand of 6 players in this game), got 4 "
                "(a game dealt 4 cards a player has the option oneExtraCard: true)")
            continue
        game = simulate(item, record["actions"])
        assert sum(game.stacks) == record["stacks_sum_final"] and game.strikes == record["strikes"]
        played += 1
    assert played == 16


def test_the_commands_deal_six_players_and_refuse_seven():
    rows = json.loads(CliRunner().invoke(main, ["bound", "-p", "6", "--seeds", "0:2", "--exact", "--json"]).output)
    assert [row["id"] for row in rows["rows"]] == ["P6-seed-0", "P6-seed-1"]
    assert all(row["exact"] and row["players"] == 6 for row in rows["rows"])
    refused = CliRunner().invoke(main, ["bound", "-p", "7", "--seeds", "0:1"])
    assert refused.exit_code == 2 and "2<=x<=6" in refused.output


def test_the_seed_string_of_six_players_deals_hands_of_three():
    deal = live_deals(["p6v0s1"])[0]
    assert deal.players == 6 and deal.hand == 3 and deal.ident == "P6-live-p6v0s1"
    result = exact(deal)
    assert result.exact and simulate(deal, result.actions).score == result.score


def test_analyze_of_the_real_six_player_games():
    """Each game's maximum never rises and ends at its score; every drop's line replays from the real
    prefix to the maximum before the drop."""
    out = CliRunner().invoke(main, ["analyze", str(GAMES), "--json", "-j", "1", "--timeout", "10"])
    assert out.exit_code == 0, out.output
    rows = json.loads(out.output)["games"]
    assert sum("refused" in row for row in rows) == 3 and len(rows) == len(records())
    for record, row in zip(records(), rows, strict=True):
        if "refused" in row:
            continue
        maxima = [t["max"] for t in row["turns"]] + [row["final_max"]]
        assert maxima == sorted(maxima, reverse=True) and row["final_max"] == row["score"] == record["score"] \
            or record["end"] != "normal(final_round_done)"
        for drop in row["drops"]:
            line = drop["line"]["actions"]
            assert line[:drop["turn"] - 1] == [t["action"] for t in row["turns"][:drop["turn"] - 1]]
            assert simulate(parse_hanablive(drop["line"]), line).score == drop["from"]


@pytest.mark.parametrize("cases", [pytest.param(1, marks=pytest.mark.slow),  # 8 s a deck: the exhaustive search
                                   pytest.param(2, marks=pytest.mark.long)])
def test_exact_equals_brute_force_on_tiny_six_player_decks(cases):
    rng = random.Random(f"six players {cases}")
    for case in range(cases):
        deal = tiny_deal(rng, 6, draws=rng.randint(1, 2))
        result = exact(deal)
        assert result.exact and result.score == brute(deal), (case, deal.types.tolist())
        assert simulate(deal, result.actions).score == result.score


@pytest.mark.long  # up to 20 s a position
@settings(max_examples=3, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 8))
def test_exact_from_a_six_player_position_equals_brute_force(seed, steps):
    rng = random.Random(seed)
    deal = tiny_deal(rng, 6, draws=1)
    check_exact_from(random_game(deal, rng, steps), 1 + seed % 2)
