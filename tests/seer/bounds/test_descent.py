"""The walk of :mod:`solitaire.seer.bounds.descent`: its lines are lines of the game under its characters (replayed by
the simulator to the score it claims, never above the optimum of the tests' exhaustive search), whatever guides it;
and on a hanab.live deal where the bot's line scores 0 it finds the maximum."""

import dataclasses
import random

import pytest

from helpers import brute, random_game, tiny_deal
from solitaire.seer.bounds.descent import descend
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.characters import Character, seeded_characters
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.simulator import seer_line, simulate
from solitaire.seer.sources.dealsource import live_deals


def _guide(seed):
    """A guide that knows nothing: a random bound and no line (the walk then branches at once)."""
    rng = random.Random(seed)
    return lambda state: (rng.randint(0, 10), [])


@pytest.mark.parametrize("cast", [("Insistent", "Stubborn"), ("Genius", "Miser"), ("Follower", "Hesitant")])
def test_every_line_of_the_walk_is_a_line_of_the_game_and_never_above_its_optimum(cast):
    rng = random.Random(" ".join(cast))
    for _ in range(3):
        base = tiny_deal(rng, 2, suits=(0, 1), draws=2)
        deal = Deal(base.types, 2, "tiny", options=Options(characters=tuple(map(Character, cast))))
        game = random_game(deal, rng, rng.randint(0, 4))
        best = brute(deal, game=game)
        for states in (1, 5, 200):
            score, actions = descend(game, best, _guide(states), states)
            assert simulate(game.position(), actions).score == score <= best
        assert score == best  # 200 probes walk every move of these short games


def test_the_walk_finds_the_maximum_where_the_bots_line_scores_0():
    # hanab.live's seed p2v0s52 draws Color-Blind and Genius: Genius, at 8 tokens, may not clue its only teammate
    # (Color-Blind takes no colour clue, and Genius's first clue is one) nor discard, and the bot's line misplays
    # into the third strike; a line where Color-Blind clues first, so that Genius may discard, wins.
    plain = live_deals(["p2v0s52"])[0]
    cast = seeded_characters("p2v0s52", 2, 5)
    assert [c.name for c in cast] == ["Color-Blind", "Genius"]
    deal = Deal(plain.types, 2, plain.ident, options=dataclasses.replace(plain.options, characters=cast))
    assert seer_line(deal)[1] == 0
    result = exact(deal)
    assert (result.score, result.exact) == (25, True)
    assert simulate(deal, result.actions).score == 25
