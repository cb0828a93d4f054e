"""Alternating Clues (hanab.live's ``alternatingClues``): a clue may not be of the kind of the previous clue.

hanab.live's server refuses a clue whose type equals ``LastClueTypeGiven`` (``command_action.go``), which every clue
sets (``game_player.go``) and which starts at none. Where clues of both kinds touch every card (or none), a clue
of the allowed kind is legal whenever any clue is, so the optimum is that of the same deck without the rule, and
only which clue the lines give changes. Where a card only one kind touches (White, Brown, ...), the kind of the
last clue can forbid every clue: the search bounds U3 between the game without the rule and the game of strict
clues and settles the rest move by move (:mod:`solitaire.seer.bounds.alternation`). These tests state the rule on
the simulator and the bots, check that every line alternates, and check the search against the exhaustive one
(which gives a clue of each kind where the kind matters) and against the same deck without the rule.
"""

import random



import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import THIRDS, brute, check_exact_from_a_random_position, exact_on_tiny_decks, long_but, random_game, tiny_deal
from solitaire.seer import simulate
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.bounds.u3.bot import bot_finish
from solitaire.seer.game.deals import Deal, deal_to_hanablive
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position, parse_position
from solitaire.seer.bounds.alternation import free_position
from solitaire.seer.game.options import Rules
from solitaire.seer.game.simulator import (COLOR_CLUE, RANK_CLUE, Game, legal_actions, legal_clue, positions_of_game,
                                           seer_line)
from solitaire.seer.game.variants import COLOR, RANK, get_variant
from solitaire.seer.sources.dealsource import live_deals

ALTERNATING = "Alternating Clues (5 Suits)"


def clue_kinds(actions):
    return [a["type"] for a in actions if a["type"] in (COLOR_CLUE, RANK_CLUE)]


def alternates(actions, last=None):
    kinds = [last, *clue_kinds(actions)]
    return all(a != b for a, b in zip(kinds, kinds[1:]))


def test_a_clue_of_the_kind_of_the_previous_one_is_illegal():
    deal = Deal(list(range(25)), 2, "ordered", options=Options(variant=ALTERNATING))
    game = Game(deal)
    game.apply({"type": COLOR_CLUE, "target": 1, "value": 1})  # player 1 holds all of red: any colour clue touches
    assert game.position().last_clue == COLOR
    with pytest.raises(ValueError, match="color clue may not follow a color clue"):
        game.copy().apply({"type": COLOR_CLUE, "target": 0, "value": 0})
    assert legal_clue(game)["type"] == RANK_CLUE
    game.apply({"type": RANK_CLUE, "target": 0, "value": 1})
    assert game.last_clue == RANK and legal_clue(game)["type"] == COLOR_CLUE


def test_without_the_rule_two_colour_clues_in_a_row_are_legal():
    game = Game(Deal(list(range(25)), 2, "ordered"))
    game.apply({"type": COLOR_CLUE, "target": 1, "value": 1})
    game.apply({"type": COLOR_CLUE, "target": 0, "value": 0})
    assert game.last_clue is None and game.position().last_clue is None


#: Variants with a card only one kind of clue touches, and the suits of their short decks (one such suit included).
ONE_KIND = [("Alternating Clues & White (5 Suits)", (0, 4)), ("Alternating Clues & Brown (6 Suits)", (1, 5)),
            ("Alternating Clues & Light Pink (4 Suits)", (2, 3)), ("Alternating Clues & Cocoa Rainbow (6 Suits)", (0, 5))]


@pytest.mark.parametrize("name, matters", [(ALTERNATING, False), ("Alternating Clues & Null (5 Suits)", False),
                                           ("Alternating Clues & Rainbow (6 Suits)", False),
                                           *[(name, True) for name, _ in ONE_KIND]])
def test_the_last_clue_matters_only_where_a_card_one_kind_of_clue_misses(name, matters):
    get_variant(name).check_playable()
    assert Rules(get_variant(name), 2, Options(variant=name)).alternation_matters is matters


def test_where_the_kind_matters_the_moves_hold_a_clue_of_each_kind():
    name = "Alternating Clues & White (5 Suits)"
    game = Game(Deal(list(range(25)) + list(range(25)), 2, "ordered", options=Options(variant=name)))
    clues = [a for a in legal_actions(game) if a["type"] in (COLOR_CLUE, RANK_CLUE)]
    assert sorted(a["type"] for a in clues) == [COLOR_CLUE, RANK_CLUE]
    game.apply(legal_clue(game, RANK))
    assert [a["type"] for a in legal_actions(game) if a["type"] >= COLOR_CLUE] == [COLOR_CLUE]
    assert legal_clue(game, RANK) is None
    plain = Game(Deal(list(range(25)) * 2, 2, "ordered", options=Options(variant=ALTERNATING)))
    assert len([a for a in legal_actions(plain) if a["type"] >= COLOR_CLUE]) == 1


@pytest.mark.parametrize("name, suits", long_but(ONE_KIND, {0}))
def test_exact_equals_brute_force_where_a_card_one_kind_misses(name, suits):
    for deal, result in exact_on_tiny_decks(name, 2, 3, name, suits):
        assert alternates(result.actions) and result.L <= result.score <= result.U2


def white_alone(seed):
    """A state of a short deck of White alone (which no colour clue touches; hands of 4) after a few random
    actions: after a rank clue no clue may follow until a colour clue is legal again, which here it never is."""
    rng = random.Random(seed)
    deal = tiny_deal(rng, 2, "Alternating Clues & White (5 Suits)", (4,), draws=rng.randint(1, 2), one_less_card=True)
    return random_game(deal, rng, rng.randint(0, 6))


@pytest.mark.parametrize("seed", [34, 77])
def test_where_the_alternation_costs_a_point_u3_is_proven_below_the_game_without_it(seed):
    game = white_alone(seed)
    position = game.position()
    assert position.last_clue == RANK and position.clues == 7
    free = Game.from_position(free_position(position))
    assert brute(game.deal, game=game) == 3 and brute(free.deal, game=free) == 4
    result = exact(game.deal, start=position)
    assert (result.score, result.high, result.exact) == (3, 3, True)
    assert exact(free.deal, start=free.position()).score == 4
    after = game.copy()
    for action in result.actions:
        after.apply(action)
    assert after.over and after.score == 3 and alternates(result.actions, RANK_CLUE)


def check_exact_from(game):
    """U3 from the state of ``game`` by ``exact`` against the exhaustive search, its line replayed from there. (The
    compiled search alone plays the game without the alternation: ``helpers.check_exact_from`` does not apply.)"""
    result = exact(game.deal, start=game.position())
    assert result.exact and result.score == brute(game.deal, game=game), game.deal.types.tolist()
    after = game.copy()
    for action in result.actions:
        after.apply(action)
    assert after.over and after.score == result.score
    assert alternates(result.actions, {None: None, COLOR: COLOR_CLUE, RANK: RANK_CLUE}[game.last_clue])


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_exact_from_a_state_of_white_alone_equals_brute_force(seed):
    check_exact_from(white_alone(seed))


@pytest.mark.long
@settings(max_examples=10, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_where_a_card_one_kind_misses_equals_brute_force(seed, steps):
    rng = random.Random(seed)
    check_exact_from(random_game(tiny_deal(rng, 2, "Alternating Clues & Brown (5 Suits)", (1, 4)), rng, steps))


@pytest.mark.parametrize("name", [ALTERNATING, "Alternating Clues & Rainbow (6 Suits)",
                                  "Alternating Clues & Prism (5 Suits)", "Alternating Clues & Black (6 Suits)",
                                  "Alternating Clues & Null (5 Suits)", *[name for name, _ in ONE_KIND]])
def test_the_bot_and_the_search_alternate_their_clues(name):
    vid = get_variant(name).id
    for deal in live_deals([f"p{players}v{vid}s{seed}" for players in (2, 3, 5) for seed in (1, 3)]):
        line, score = seer_line(deal)
        assert alternates(line) and simulate(deal, line).score == score
        assert bot_finish(Game(deal)) == (line, score)
        result = exact(deal)
        assert alternates(result.actions) and simulate(deal, result.actions).score == result.score
        assert result.exact


def test_a_position_keeps_its_last_clue():
    deal = next(iter(live_deals([f"p3v{get_variant(ALTERNATING).id}s7"])))
    result = exact(deal)
    positions = positions_of_game(dict(deal_to_hanablive(deal), actions=result.actions))
    clued = [p for p in positions if p.last_clue is not None]
    assert clued and {p.last_clue for p in clued} <= {COLOR, RANK}
    for position in clued[:3]:
        assert parse_position(position.to_json()).to_json() == position.to_json()
        assert position.to_json()["last_clue"] == position.last_clue
        game = Game.from_position(position)
        line, _ = bot_finish(game)
        assert alternates(line, {COLOR: COLOR_CLUE, RANK: RANK_CLUE}[position.last_clue])
    p = clued[0]
    with pytest.raises(ValueError, match="last_clue is of Alternating Clues only"):
        Position(Deal(deal.types, 3, "plain"), p.next_card, p.hands, p.stacks, p.clues, p.strikes, p.to_move,
                 p.turns_left, p.last_clue)


@pytest.mark.parametrize("players, cases", long_but([(2, range(2)), (2, range(2, 4)), (3, range(2))], fast=(0,)))
def test_exact_equals_brute_force_and_the_deck_without_the_rule(players, cases):
    for deal, result in exact_on_tiny_decks("alternating", players, cases, ALTERNATING, (0, 1)):
        assert result.score == brute(Deal(deal.types, players, "tiny")) and alternates(result.actions)


@pytest.mark.parametrize("sample", THIRDS)
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_with_alternating_clues_equals_brute_force(sample, seed, steps):
    check_exact_from_a_random_position(seed, steps, ALTERNATING, (0, 3))
