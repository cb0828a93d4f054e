"""Throw It in a Hole (hanab.live's ``throwItInAHole``): for a team that sees every card, a finished stack returns
no clue token, and nothing else changes.

hanab.live's server hides a played card from the players (``actions_scrub.go``) and gives the token of a finished
stack only when ``ShouldGiveClueTokenForFinishingStack`` holds, which is false in this variant
(``variant.go``, ``game_player.go``); strikes, the end of the game and the score are the standard game's. These
tests state the token rule on the simulator, show a position where it changes the optimum, and check the search
against the exhaustive one on short decks.
"""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import THIRDS, brute, check_exact_from_a_random_position, exact_on_tiny_decks
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal, rules_of
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import Game
from solitaire.seer.game.variants import Card, get_variant, unshuffled_deck

HOLE = "Throw It in a Hole (5 Suits)"


def deal_of(variant, front, players=2):
    """The variant's whole deck with the cards ``front`` (suit index, rank) first, in that order."""
    v = get_variant(variant)
    rest = unshuffled_deck(v)
    for card in front:
        rest.remove(Card(*card))
    return Deal([v.type_of(c) for c in [Card(*c) for c in front] + rest], players, "crafted",
                options=Options(variant=variant))


@pytest.mark.parametrize("variant, tokens", [("No Variant", 7), (HOLE, 6)])
def test_a_finished_stack_returns_a_token_except_in_a_hole(variant, tokens):
    game = Game(deal_of(variant, [(0, r) for r in range(1, 6)] + [(1, 1), (1, 1), (1, 1), (2, 1), (2, 1)]))
    line = [{"type": 2, "target": 1, "value": 1},  # player 0 clues yellow: 7 tokens
            {"type": 2, "target": 0, "value": 0},  # player 1 clues red: 6
            {"type": 0, "target": 0}, {"type": 1, "target": 5},  # red 1; a yellow 1 discarded: 7
            {"type": 0, "target": 1}, {"type": 1, "target": 6},  # red 2; another: 8
            {"type": 0, "target": 2}, {"type": 3, "target": 0, "value": 4},  # red 3; a 4 clue: 7
            {"type": 0, "target": 3}, {"type": 3, "target": 0, "value": 5},  # red 4; a 5 clue: 6
            {"type": 0, "target": 4}]  # red 5 finishes red
    for action in line:
        game.apply(action)
    assert game.score == 5 and game.strikes == 0
    assert game.clues == tokens


#: A position where the token of a finished stack is worth a point: red at 4, player 0 to move with the red 5,
#: no token left, two cards in the deck (types ``suit * 5 + rank - 1``; red, yellow, green).
TOKEN_POSITION = dict(types=[0, 1, 2, 3, 5, 6, 10, 4, 7, 12, 9, 10, 14, 13, 8, 5, 8, 6, 13], next_card=17,
                      hands=((7, 8, 9, 10, 11), (12, 13, 14, 15, 16)), stacks=(4, 2, 1, 0, 0))


@pytest.mark.parametrize("variant, best", [("No Variant", 11), (HOLE, 10)])
def test_the_token_of_a_finished_stack_changes_the_optimum(variant, best):
    deal = Deal(TOKEN_POSITION["types"], 2, "crafted", options=Options(variant=variant))
    position = Position(deal, TOKEN_POSITION["next_card"], TOKEN_POSITION["hands"], TOKEN_POSITION["stacks"], 0, 0,
                        0, None)
    result = exact(deal, start=position)
    assert result.exact and result.score == brute(position) == best
    game = Game.from_position(position)
    for action in result.actions:
        game.apply(action)
    assert game.over and game.score == best


def test_the_peers_are_not_asked_in_a_hole():
    assert "finished stack" in rules_of(Options(variant=HOLE), 2).peer_gap
    assert rules_of(Options(), 2).peer_gap is None


@pytest.mark.parametrize("players, cases", [(2, 4), pytest.param(3, 2, marks=pytest.mark.long)])
def test_exact_equals_brute_force_in_a_hole(players, cases):
    assert len(exact_on_tiny_decks("hole", players, cases, HOLE, (0, 1))) == cases


@pytest.mark.parametrize("sample", THIRDS)
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_in_a_hole_equals_brute_force(sample, seed, steps):
    check_exact_from_a_random_position(seed, steps, HOLE, (0, 2))
