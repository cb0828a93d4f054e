"""Reversed suits (hanab.live's ``<suit> Reversed``): built down from 5, 3 copies of the 5 and 1 of the 1.

hanab.live's server (``variants_reversible.go``): a reversed suit's stack takes a 5 first, then each rank one
below the last, and the 1 finishes it, which returns a clue token as a finished stack does; a rank clue touches
a card by its rank. The solvers number a reversed suit's cards in the order its stack is built
(:meth:`~solitaire.seer.game.variants.Variant.suit_slots`), so they play it as a suit built up. These tests
state the rules on hanab.live's cards (suit index and rank), not on the solvers' numbers, and check the search
against the exhaustive one on short decks with a reversed suit.
"""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import THIRDS, check_exact_from_a_random_position, exact_on_tiny_decks, long_but
from solitaire.seer import simulate
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal, deal_to_hanablive
from solitaire.seer.game.options import Options
from solitaire.seer.game.simulator import Game
from solitaire.seer.game.variants import Card, get_variant, unshuffled_deck
from solitaire.seer.sources.dealsource import live_deals

VARIANT = "White Reversed (5 Suits)"
WHITE = 4  # the reversed suit's index


def deal_starting_with(front, players=2):
    """The variant's whole deck with the cards ``front`` (suit index, rank) first, in that order: player 0's
    hand, then player 1's, ..."""
    variant = get_variant(VARIANT)
    rest = unshuffled_deck(variant)
    for card in front:
        rest.remove(Card(*card))
    cards = [Card(*card) for card in front] + rest
    return Deal([variant.type_of(card) for card in cards], players, "crafted", options=Options(variant=VARIANT))


def test_a_reversed_suit_starts_at_5_and_a_1_first_is_a_strike():
    deal = deal_starting_with([(WHITE, 1), (WHITE, 5), (0, 1), (0, 2), (0, 3), (1, 1), (1, 2), (1, 3), (1, 4), (1, 5)])
    game = Game(deal)
    game.apply({"type": 0, "target": 0})  # player 0: White 1 on an empty reversed stack
    assert game.strikes == 1 and game.score == 0
    game.apply({"type": 0, "target": 5})  # player 1: Yellow 1
    game.apply({"type": 0, "target": 1})  # player 0: White 5
    assert game.score == 2 and game.strikes == 1


def test_the_1_finishes_a_reversed_suit_and_returns_a_token():
    deal = deal_starting_with([(WHITE, r) for r in (5, 4, 3, 2, 1)] + [(0, r) for r in (1, 2, 3, 4, 5)])
    game = Game(deal)
    game.apply({"type": 3, "target": 1, "value": 1})  # player 0 clues 1 to player 1 (Red 1)
    game.apply({"type": 3, "target": 0, "value": 5})  # player 1 clues 5 to player 0 (White 5)
    for white, red in zip(range(5), range(5, 10), strict=True):
        game.apply({"type": 0, "target": white})  # White 5, 4, 3, 2, 1 in turn
        if white < 4:
            game.apply({"type": 0, "target": red})  # Red 1, 2, 3, 4
    assert game.score == 9 and game.strikes == 0 and game.clues == game.rules.max_clues - 1
    game.apply({"type": 0, "target": 9})  # Red 5 finishes red: back to 8 tokens
    assert game.score == 10 and game.clues == game.rules.max_clues


def test_a_rank_clue_touches_a_reversed_card_by_its_rank():
    deal = deal_starting_with([(WHITE, 5), (0, 2), (0, 3), (0, 4), (0, 5), (WHITE, 1), (1, 2), (1, 3), (1, 4), (1, 5)])
    game = Game(deal)
    game.apply({"type": 3, "target": 1, "value": 1})  # player 1 holds White 1: a 1 clue is legal
    with pytest.raises(ValueError, match="touches no card"):
        game.apply({"type": 3, "target": 0, "value": 1})  # player 0 holds no 1


def test_the_optimal_line_plays_each_reversed_suit_from_5_down_to_1():
    vid = get_variant("White Reversed (6 Suits)").id
    for deal in live_deals([f"p{players}v{vid}s{seed}" for players in (2, 4) for seed in (1, 2)]):
        result = exact(deal)
        assert result.exact and simulate(deal, result.actions).score == result.score == 30
        deck = [Card(c["suitIndex"], c["rank"]) for c in deal_to_hanablive(deal)["deck"]]
        game, played = Game(deal), []
        for action in result.actions:
            before = sum(game.stacks)
            game.apply(action)
            if action["type"] == 0 and sum(game.stacks) > before:
                played.append(deck[action["target"]])
        assert [c.rank for c in played if c.suit == 5] == [5, 4, 3, 2, 1]
        assert [c.rank for c in played if c.suit == 0] == [1, 2, 3, 4, 5]


@pytest.mark.parametrize("players, cases", long_but([(2, range(2)), (2, range(2, 4)), (3, range(4))], fast=(0,)))
def test_exact_equals_brute_force_with_a_reversed_suit(players, cases):  # 3 to 5 s a deck
    assert len(exact_on_tiny_decks("reversed", players, cases, VARIANT, (WHITE, 0))) == len(cases)


@pytest.mark.parametrize("sample", THIRDS)
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_with_a_reversed_suit_equals_brute_force(sample, seed, steps):
    check_exact_from_a_random_position(seed, steps, VARIANT, (WHITE, 1))
