"""All or Nothing (hanab.live's option ``allOrNothing``): no final round, and the game ends with 0 as soon as the
maximum is lost, at the third strike, or when the player to move holds no card and may give no clue.

hanab.live's server marks no last turn when the deck runs out under the option (``DrawCard``, ``game_player.go``)
and ends the game in ``CheckEnd`` (``game.go``): ``EndConditionAllOrNothingFail`` as soon as its maximum falls below
the variant's, ``EndConditionAllOrNothingSoftlock`` when the player to move holds no card and no clue token; every
end but the maximum scores 0 (``game_end.go``). These tests state the rules on the simulator, show a position
whose optimum the missing final round changes (25 against 24), and check the search against the exhaustive one on
endgames of full decks (:attr:`~solitaire.seer.game.options.Rules.endless`).
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import brute
from solitaire.seer.bounds.relaxations import u1, u2
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal, rules_of
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import Game, seer_line, simulate
from solitaire.seer.game.variants import Card, get_variant, unshuffled_deck

AON = Options(all_or_nothing=True)


def endgame(rng, variant="3 Suits", players=2):
    """A position of ``variant`` under All or Nothing with the deck drawn: random stacks from 2 up, every card above
    them held once (spread over the hands, at most 4 each) beside junk, 0 to 2 clue tokens and strikes."""
    v = get_variant(variant)
    suits = len(v.suits)
    stacks = [rng.randint(2, 5) for _ in range(suits)]
    played = [s * 5 + r for s in range(suits) for r in range(stacks[s])]
    needed = [s * 5 + r for s in range(suits) for r in range(stacks[s], 5)]
    pool = [v.type_of(card) for card in unshuffled_deck(v)]
    for t in played + needed:
        pool.remove(t)
    rng.shuffle(pool)
    hands = [[] for _ in range(players)]
    for t in needed:
        rng.choice([h for h in hands if len(h) < 4] or hands).append(t)
    for hand in hands:
        while len(hand) < rng.randint(1, 4) and pool:
            hand.append(pool.pop())
    deck = played + pool + [t for hand in hands for t in hand]
    deal = Deal(deck, players, "endgame", options=Options(variant=variant, all_or_nothing=True))
    first, held = len(played) + len(pool), []
    for hand in hands:
        held.append(tuple(range(first, first + len(hand))))
        first += len(hand)
    return Position(deal, len(deck), tuple(held), tuple(stacks), rng.randint(0, 2), rng.randint(0, 2),
                    rng.randrange(players), None)


def test_the_option_is_read_and_the_peers_are_not_asked():
    options = Options.from_hanablive({"allOrNothing": True})
    assert options.all_or_nothing and rules_of(options, 2).endless and rules_of(options, 2).speedrun
    assert "allOrNothing" in rules_of(options, 2).peer_gap
    assert not rules_of(Options(), 2).endless


#: No Variant with the deck drawn: every stack but red finished, player 0 holds the red 4 and 5 beside two 1s,
#: player 1 two 1s; 2 tokens, player 0 to move. The final round lets player 0 play one red card, All or Nothing both.
TWO_REDS = [(s, r) for s in range(1, 5) for r in range(1, 6)] + [(0, 1), (0, 2), (0, 3)]
HANDS = [(0, 4), (0, 5), (1, 1), (2, 1), (3, 1), (4, 1)]


def two_reds(options):
    cards = TWO_REDS + [(s, 1) for s in range(1, 5) for _ in range(2)] + [(0, 1), (0, 1)] + \
        [(s, r) for s in range(1, 5) for r in (2, 3, 4)] + [(0, 2), (0, 3), (0, 4)] + HANDS
    v = get_variant("No Variant")
    deal = Deal([v.type_of(Card(*c)) for c in cards], 2, "crafted", options=options)
    n = len(cards)
    return Position(deal, n, ((n - 6, n - 5, n - 4), (n - 3, n - 2, n - 1)), (3, 5, 5, 5, 5), 2, 0, 0,
                    None if options.all_or_nothing else 2)


def test_without_a_final_round_both_red_cards_play():
    standard, endless = two_reds(Options()), two_reds(AON)
    assert brute(standard) == 24
    result = exact(endless.deal, start=endless)
    assert result.exact and result.score == brute(endless) == 25
    assert simulate(endless, result.actions).score == 25
    assert u1(endless).score == u2(endless).score == 25


def test_the_game_goes_on_after_the_last_draw_and_ends_with_0_when_stuck():
    position = two_reds(AON)
    game = Game.from_position(position)
    for player, kind, slot in ((0, 1, 2), (1, 1, 0), (0, 0, 0), (1, 1, 0)):  # two discards, the red 4, a discard
        game.apply({"type": kind, "target": game.hands[player][slot]})
    assert not game.over and game.turn == 4 and game.position().turns_left is None  # past the final round
    assert len(game.hands[1]) == 1 and game.clues == 5
    game.apply({"type": 0, "target": game.hands[0][0]})  # the red 5: the maximum
    assert game.over and game.score == 25


def test_a_lost_card_the_maximum_needs_ends_the_game_with_0():
    game = Game.from_position(two_reds(AON))
    game.apply({"type": 1, "target": game.hands[0][1]})  # the only red 5
    assert game.over and game.score == 0 and game.played == 23


def test_a_player_with_no_card_and_no_token_ends_the_game_with_0():
    position = two_reds(AON)
    hands = ((), position.hands[0][:2])  # player 1 holds the red 4 and 5, player 0 no card
    stuck = Position(position.deal, position.next_card, hands, position.stacks, 0, 0, 0, None)
    assert stuck.over and stuck.score == 0 and Game.from_position(stuck).over
    assert Game.from_position(stuck).score == 0
    for tokens, best in ((1, 0), (2, 25)):  # player 0 clues before each red card: with one token it is stuck after
        clue = Position(position.deal, position.next_card, hands, position.stacks, tokens, 0, 0, None)
        assert not clue.over
        result = exact(clue.deal, start=clue)
        assert result.exact and result.score == brute(clue) == best


def test_positions_have_no_turns_left():
    position = two_reds(AON)
    with pytest.raises(ValueError, match="turns_left must be null under All or Nothing"):
        Position(position.deal, position.next_card, position.hands, position.stacks, 2, 0, 0, 2)


@pytest.mark.parametrize("seed", range(6))
def test_the_bot_plays_without_a_final_round(seed):
    rng = random.Random(seed)
    cards = [t for t in range(25) for _ in range([3, 2, 2, 2, 1][t % 5])]
    rng.shuffle(cards)
    deal = Deal(cards, 2 + seed % 4, "shuffled", options=AON)
    actions, score = seer_line(deal)
    game = simulate(deal, actions)
    assert game.over and score == game.score in (0, 25)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_exact_from_an_endgame_equals_brute_force(seed):
    position = endgame(random.Random(seed))
    result = exact(position.deal, start=position)
    assert result.exact and result.score == brute(position)
    assert simulate(position, result.actions).score == result.score


def test_the_search_finds_what_the_bot_misses():
    """Endgames the bot loses and a line wins: the search, not the bot, closes them."""
    found = 0
    for seed in range(60):
        position = endgame(random.Random(seed))
        if seer_line(position)[1] == 0 and not position.over:
            result = exact(position.deal, start=position)
            found += result.score == brute(position) == position.deal.max_score and result.searches > 0
    assert found >= 3
