"""Alternating Clues (hanab.live's ``alternatingClues``): a clue may not be of the kind of the previous clue.

hanab.live's server refuses a clue whose type equals ``LastClueTypeGiven`` (``command_action.go``), which every clue
sets (``game_player.go``) and which starts at none. The solvers play the variants where clues of both kinds touch
every card: there, with every card seen, a clue of the allowed kind is legal whenever any clue is, so the optimum is
that of the same deck without the rule, and only which clue the lines give changes. These tests state the rule on
the simulator and the bots, check that every line alternates, and check the search against the exhaustive one
and against the same deck without the rule.
"""


import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import brute, check_exact_from_a_random_position, exact_on_tiny_decks
from solitaire.seer import simulate
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.bounds.u3.bot import bot_finish
from solitaire.seer.game.deals import Deal, deal_to_hanablive
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position, parse_position
from solitaire.seer.game.simulator import COLOR_CLUE, RANK_CLUE, Game, legal_clue, positions_of_game, seer_line
from solitaire.seer.game.variants import COLOR, RANK, UnsupportedVariant, get_variant
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


@pytest.mark.parametrize("name", ["Alternating Clues & White (5 Suits)", "Alternating Clues & Brown (6 Suits)",
                                  "Alternating Clues & Null (5 Suits)", "Alternating Clues & Cocoa Rainbow (6 Suits)"])
def test_a_variant_with_a_card_one_kind_of_clue_misses_is_refused(name):
    with pytest.raises(UnsupportedVariant, match="only one kind of clue touches"):
        get_variant(name).check_playable()


@pytest.mark.parametrize("name", [ALTERNATING, "Alternating Clues & Rainbow (6 Suits)",
                                  "Alternating Clues & Prism (5 Suits)", "Alternating Clues & Black (6 Suits)"])
def test_the_bot_and_the_search_alternate_their_clues(name):
    vid = get_variant(name).id
    for deal in live_deals([f"p{players}v{vid}s{seed}" for players in (2, 3, 5) for seed in (1, 2)]):
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


@pytest.mark.parametrize("players, cases", [(2, 4), pytest.param(3, 2, marks=pytest.mark.long)])
def test_exact_equals_brute_force_and_the_deck_without_the_rule(players, cases):
    for deal, result in exact_on_tiny_decks("alternating", players, cases, ALTERNATING, (0, 1)):
        assert result.score == brute(Deal(deal.types, players, "tiny")) and alternates(result.actions)


@settings(max_examples=15, deadline=None)
@given(st.integers(0, 2 ** 32 - 1), st.integers(0, 14))
def test_exact_from_a_position_with_alternating_clues_equals_brute_force(seed, steps):
    check_exact_from_a_random_position(seed, steps, ALTERNATING, (0, 3))
