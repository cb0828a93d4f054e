"""Clue Starved (a discard or a played 5 returns half a clue token): the simulator's half tokens as hanab.live
counts them (16 units at the start, a clue costs 2, a discard or a played 5 returns 1, at most 16), and U3 against
the exhaustive search of the simulator in endgames with any number of half tokens (tiny decks from the first
turn and from reachable positions, and full decks: ``test_exact_variants.py``)."""

import json
import random
from dataclasses import replace

import pytest

from helpers import brute, canonical_key, check_exact_from, endgame, long_but, no_clue_position
from solitaire.seer.game.deals import Deal
from solitaire.seer.sources.dealsource import live_deals
from solitaire.seer.game.simulator import DISCARD, PLAY, Game, legal_actions, seer_line
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import parse_position
from solitaire.seer.game.variants import get_variant

#: Variants of the endgames: Clue Starved beside suits no clue touches or that rank clues miss.
STARVED = ["Clue Starved (5 Suits)", "Clue Starved & Null (5 Suits)", "Clue Starved & Brown (5 Suits)"]


def starved(types, variant="Clue Starved (5 Suits)"):
    return Deal(types, 2, "starved", options=Options(variant=variant))


def test_clue_starved_counts_half_tokens():
    rules = starved([0] * 11).rules
    assert (rules.clue_cost, rules.max_clues) == (2, 16)
    plain = Deal([0] * 11, 2, "plain").rules
    assert (plain.clue_cost, plain.max_clues) == (1, 8)


def test_a_clue_costs_a_token_and_a_discard_or_a_five_returns_half_of_one():
    # player 0: red 1 to 5; player 1: yellow 1 to 5; nine cards to draw
    red, yellow = [0, 1, 2, 3, 4], [5, 6, 7, 8, 9]
    game = Game(starved(red + yellow + [0, 0, 5, 5, 6, 7, 8, 1, 2]))
    assert game.clues == 16 and not game.may_discard
    game.apply({"type": 3, "target": 1, "value": 1})  # a rank clue: one token, 2 units
    assert game.clues == 14
    game.apply({"type": 1, "target": 5})              # a discard: half a token
    assert game.clues == 15
    for order in range(5):                            # red 1 .. 5, the yellow player cluing back in between
        game.apply({"type": 0, "target": order})
        if order < 4:
            game.apply({"type": 3, "target": 0, "value": 5})
    assert game.stacks[0] == 5 and game.clues == 15 - 4 * 2 + 1  # the red 5 returned half a token


def test_a_position_with_half_a_token_reads_back():
    deal = next(iter(live_deals([f"p2v{get_variant('Clue Starved (5 Suits)').id}s1"])))
    actions, _ = seer_line(deal)
    game = Game(deal)
    for action in actions:
        game.apply(action)
        if game.clues % 2:
            break
    assert game.clues % 2 and not game.over
    again = parse_position(json.loads(json.dumps(game.position().to_json())))
    assert again.clues == game.clues and again.deal.rules.clue_starved and again.hands == game.position().hands


def test_half_a_token_gives_no_clue_and_sixteen_units_no_discard():
    position = Game(starved([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 0])).position()
    one = Game.from_position(replace(position, clues=1))
    assert not one.may_clue and all(a["type"] in (0, 1) for a in legal_actions(one))
    with pytest.raises(ValueError, match="needs a clue token"):
        one.apply({"type": 3, "target": 1, "value": 1})
    full = Game.from_position(position)
    with pytest.raises(ValueError, match="fewer than 8 clue tokens"):
        full.apply({"type": 1, "target": 0})
    with pytest.raises(ValueError, match="clues must be in 0..16"):
        replace(position, clues=17)


@pytest.mark.parametrize("seed", long_but(range(12), {5, 10}))  # 1 to 19 s each: one of each kind in the default run
def test_exact_equals_brute_force_in_clue_starved_endgames(seed):
    """Endgames with any number of half tokens (odd ones included), against the exhaustive search."""
    rng, checked = random.Random(f"starved {seed}"), 0
    while checked < 6:
        position = endgame(rng, rng.choice(STARVED), unclued=seed % 3 == 2)
        if position is not None:
            check_exact_from(Game.from_position(position), 1 + checked % 2)
            checked += 1


def test_seven_and_a_half_tokens_allow_the_discard_that_eight_forbid():
    """No clue is legal (the teammate holds only null cards) and nothing can be played, with 2 strikes: at 8 tokens
    the only moves are misplays, the third strike; half a token less allows a discard, and the red 1 drawn is
    played."""
    full = Game.from_position(no_clue_position("Clue Starved & Null (5 Suits)", 16))
    assert {a["type"] for a in legal_actions(full)} == {PLAY} and brute(full.deal, game=full) == 0
    check_exact_from(full, 1)
    short = Game.from_position(no_clue_position("Clue Starved & Null (5 Suits)", 15))
    assert DISCARD in {a["type"] for a in legal_actions(short)} and brute(short.deal, game=short) > 0
    check_exact_from(short, 1)


def test_the_canonical_key_tells_every_number_of_half_tokens():
    position = no_clue_position("Clue Starved & Null (5 Suits)", 16)
    keys = {canonical_key(Game.from_position(replace(position, clues=units))) for units in range(17)}
    assert len(keys) == 17

