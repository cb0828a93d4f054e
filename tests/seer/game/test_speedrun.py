"""Speedrun (hanab.live's option ``speedrun``): the game ends with 0 as soon as a card the maximum needs is lost.

hanab.live's server ends a speedrun game when its maximum score (each suit walked up by the cards not all
discarded) falls below the variant's (``game.go``, ``EndConditionSpeedrunFail``), and any end condition past the
normal one scores 0 (``game_end.go``). These tests state the rule on the simulator and the bots, show a position
where it changes the optimum, and check the search against the exhaustive one.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import THIRDS, brute, check_exact_from_a_random_position, exact_on_tiny_decks
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.bounds.u3.bot import bot_finish
from solitaire.seer.game.deals import MAX_SCORE, Deal, rules_of
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position, parse_position
from solitaire.seer.game.simulator import Game

P0_HAND = [3, 4, 8, 9, 14]     # red 4 and 5, yellow 4 and 5, green 5: every one the last copy, none playable
P1_HAND = [2, 7, 13, 15, 20]   # red 3, yellow 3, green 4 (last copies, playable), blue 1 and purple 1 (junk)


def forced_loss(speedrun):
    """Red and yellow at 2, green at 3, blue and purple finished; no token, player 0 to move, one card (a blue 1)
    left to draw: player 0 must shed a card the maximum needs."""
    options = Options(speedrun=speedrun)
    rest = [t for t in range(MAX_SCORE) for _ in range(Deal([], 2).counts[t])]
    for t in P0_HAND + P1_HAND + [15]:
        rest.remove(t)
    types = P0_HAND + P1_HAND + rest + [15]
    return Position(Deal(types, 2, options=options), len(types) - 1, (tuple(range(5)), tuple(range(5, 10))),
                    (2, 2, 3, 5, 5), 0, 0, 0, None)


def test_the_option_is_read_and_written():
    assert Options.from_hanablive({"speedrun": True}).speedrun
    assert Options(speedrun=True).to_hanablive() == {"variant": "No Variant", "speedrun": True}
    position = forced_loss(True)
    assert parse_position(position.to_json()).deal.rules.speedrun


@pytest.mark.parametrize("speedrun", [True, False])
def test_a_lost_card_the_maximum_needs_ends_a_speedrun_with_0(speedrun):
    game = Game.from_position(forced_loss(speedrun))
    game.apply({"type": 1, "target": 4})  # player 0 discards the red 5
    assert game.over == speedrun == game.position().over
    assert game.score == (0 if speedrun else 17)


@pytest.mark.parametrize("speedrun, best", [(True, 0), (False, 19)])
def test_the_rule_changes_the_optimum(speedrun, best):
    position = forced_loss(speedrun)
    result = exact(position.deal, start=position)
    assert result.exact and result.score == brute(position) == best
    game = Game.from_position(position)
    for action in result.actions:
        game.apply(action)
    assert game.over and game.score == best
    assert bot_finish(Game.from_position(position))[1] <= best


def test_the_peers_are_not_asked_in_a_speedrun():
    assert "speedrun" in rules_of(Options(speedrun=True), 2).peer_gap


@pytest.mark.parametrize("players, cases", [(2, 4), pytest.param(3, 2, marks=pytest.mark.long)])
def test_exact_equals_brute_force_in_a_speedrun(players, cases):
    assert len(exact_on_tiny_decks("speedrun", players, cases, "No Variant", (0, 1), speedrun=True)) == cases


@pytest.mark.parametrize("sample", THIRDS)
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_in_a_speedrun_equals_brute_force(sample, seed, steps):
    check_exact_from_a_random_position(seed, steps, "No Variant", (0, 2), speedrun=True)
