"""The exhaustive search through the simulator (:mod:`solitaire.seer.bounds.exhaustive`) against the plain one of the
tests (:func:`helpers.brute`, no pruning), on tiny decks of the standard game, of a variant with cards no clue
touches and of a game with characters, from the first turn and from random states; its line replays to its score,
and it gives up past its budget."""

import random

import pytest

from helpers import brute, random_game, tiny_deal
from solitaire.seer.bounds.exhaustive import exhaustive
from solitaire.seer.game.characters import Character
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.simulator import Game


def _games(seed):
    rng = random.Random(seed)
    plain = tiny_deal(rng, 2, suits=(0, 1), draws=2)
    null = tiny_deal(rng, 2, "Null (5 Suits)", suits=(0, 4), draws=2)
    cast = (Character("Wasteful"), Character("Compulsive"))
    characters = Deal(tiny_deal(rng, 2, suits=(0, 1), draws=2).types, 2, "tiny", options=Options(characters=cast))
    return [random_game(deal, rng, rng.randint(0, 6)) for deal in (plain, null, characters)]


@pytest.mark.parametrize("seed", range(3))
def test_the_exhaustive_search_finds_the_optimum_and_a_line_to_it(seed):
    for game in _games(seed):
        best = brute(game.deal, game=game)
        score, line = exhaustive(game, game.max_score, 10**6)
        assert score == best, game.deal.types.tolist()
        after = game.copy()
        for action in line:
            after.apply(action)
        assert after.over and after.score == score


def test_the_exhaustive_search_gives_up_past_its_budget():
    game = Game(tiny_deal(random.Random(5), 2, suits=(0, 1), draws=3))
    assert exhaustive(game, game.max_score, 3) is None
