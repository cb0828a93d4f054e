"""Up or Down searched as the best over its stacks' directions (solitaire.seer.bounds.orders) against the
exhaustive search through the simulator, which plays the real rule."""

import random
from types import SimpleNamespace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.seer.bounds.limits import SearchLimits
from solitaire.seer.bounds.method import Method
from solitaire.seer.bounds.orders import DOWN, UP, directions, fixed_deal
from solitaire.seer.bounds.relaxations import u1, u2
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import Deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import simulate
from solitaire.seer.game.stacks import START_SLOT, UP_OR_DOWN
from solitaire.seer.game.variants import get_variant, supported_variants
from solitaire.seer.sources.dealsource import live_deals
from tests.helpers import THIRDS, brute, exact_on_tiny_decks, long_but, random_game, tiny_deal

UOD = "Up or Down (5 Suits)"


@pytest.mark.parametrize("players, variant, suits, cases", long_but([
    (2, UOD, (0, 1), range(2)), (2, "Up or Down & Black (6 Suits)", (0, 5), range(1)),
    (2, UOD, (0, 1), range(2, 5)), (2, "Up or Down & Black (6 Suits)", (0, 5), range(1, 3)),
    (3, UOD, (0, 1), range(1))], fast=(0, 1)))
def test_exact_is_the_exhaustive_search_on_short_decks(players, variant, suits, cases):
    """U3 from the first turn equals the exhaustive search of the real rules (a dark suit's one 1 and START are two
    copies of one first card); every line replays to its score."""
    assert len(exact_on_tiny_decks("up or down", players, cases, variant, suits)) == len(cases)


@pytest.mark.parametrize("sample", THIRDS)
@settings(max_examples=5, deadline=None)
@given(st.integers(0, 10**6), st.integers(0, 12))
def test_exact_from_random_positions(sample, seed, steps):
    """From the state after random actions (stacks going up, down, or holding START alone), any starting player."""
    rng = random.Random(seed)
    game = random_game(tiny_deal(rng, 2, UOD, suits=(0, 1)).starting(seed % 2), rng, steps)
    result = exact(game.deal, start=game.position())
    assert result.exact and result.score == brute(game.deal, game=game)
    assert simulate(game.position(), result.actions).score == result.score
    assert result.L <= result.score <= result.U2 <= u1(game.position()).score


@pytest.mark.parametrize("variant, suits", [("Up or Down & White (5 Suits)", (0, 4)),
                                            ("Up or Down & Null (5 Suits)", (0, 4)),
                                            ("Up or Down & Gray (6 Suits)", (0, 5))])
def test_cards_no_clue_touches(variant, suits):
    """Restricted clues: a White or Gray START no clue touches stands, in the game of fixed directions, beside a 1 a
    rank clue touches (a looser rule, whose lines are replayed); Null cards no clue touches in either. From random
    positions of short decks the search is exact and equals the exhaustive search of the real rules."""
    rng = random.Random(variant)
    for _ in range(4):
        game = random_game(tiny_deal(rng, 2, variant, suits=suits), rng, rng.randint(0, 10))
        result = exact(game.deal, start=game.position())
        assert result.exact and result.score == brute(game.deal, game=game)
        assert simulate(game.position(), result.actions).score == result.score


def test_directions_follow_the_stacks():
    """A stack going up from 1 or down from 5 keeps its direction; START alone or nothing leaves both."""
    assert len(directions(Position.initial(live_deals(["p2v24s1"])[0]))) == 32
    ways = (UP_OR_DOWN.ways_of([0]), UP_OR_DOWN.ways_of([4, 3]), UP_OR_DOWN.ways_of([START_SLOT]), UP_OR_DOWN.all)
    position = SimpleNamespace(deal=SimpleNamespace(variant=get_variant(UOD)), ways=ways)
    assert directions(position) == [(UP, DOWN, UP, UP), (UP, DOWN, UP, DOWN),
                                    (UP, DOWN, DOWN, UP), (UP, DOWN, DOWN, DOWN)]


def test_the_fixed_game_holds_the_same_cards():
    """Going up the 1 and START are the first card, the 5 the last; going down the 5 and START first, the 1 last."""
    deal = live_deals(["p2v24s1"])[0]
    up, down = fixed_deal(deal, (UP,) * 5), fixed_deal(deal, (DOWN,) * 5)
    assert up.variant.width == down.variant.width == 5 and up.max_score == deal.max_score
    for t, a, b in zip(deal.types.tolist(), up.types.tolist(), down.types.tolist(), strict=True):
        suit, slot = divmod(t, UP_OR_DOWN.width)
        assert a // 5 == b // 5 == suit
        assert (a % 5, b % 5) == {0: (0, 4), 4: (4, 0), START_SLOT: (0, 0)}.get(slot, (slot, 4 - slot))


def test_real_seeds_are_searched_and_bounded():
    """hanab.live seeds of Up or Down (5 Suits) and (6 Suits): exact, the line replays, U2 and U1 bound it. The bot
    scores 21 on seed p2v24s296; the bot's line of a direction assignment's game, replayed under the real rules,
    25, which closes the deal before any U2 or node search."""
    deals = live_deals(["p2v24s296", "p3v24s1", "p3v24s2"]) + live_deals(["p2v40s1", "p4v40s2"])
    for deal in deals:
        result = exact(deal, SearchLimits(30.0))
        assert result.exact and simulate(deal, result.actions).score == result.score
        assert result.L <= result.score <= u2(deal).score <= u1(deal).score <= deal.max_score
        assert all(" " in name for _, name in u2(deal).plays)    # named in the real variant: "Red 1/START"
    searched = exact(deals[0])
    assert (searched.L, searched.score, searched.method) == (21, 25, Method.SEARCH) and searched.searches == 0


def test_every_up_or_down_variant_played_is_played_through_its_variant_without_it():
    """The games of fixed directions are dealt as the variant without Up or Down: it exists, is played, and has the
    same suits and clues."""
    played = [v for v in supported_variants().values() if v.up_or_down]
    assert len(played) == 33
    for variant in played:
        base = get_variant(variant.fixed_variant)
        assert base.refused is None and not base.up_or_down
        assert ([s.name for s in base.suits], base.clue_colors, base.clue_ranks) == (
            [s.name for s in variant.suits], variant.clue_colors, variant.clue_ranks)


def test_the_orange_variants_are_searched_through_their_variant_without():
    assert live_deals(["p2v24s1"])[0].rules.variant.fixed_variant == "No Variant"
    deal = live_deals(["p2v2372s1"])[0]
    assert deal.variant.fixed_variant == "Orange (5 Suits)"
    result = exact(deal)
    assert result.exact and simulate(deal, result.actions).score == result.score


def test_an_assignment_the_bots_do_not_close_is_searched():
    """A short Up or Down deck on which neither the bot nor the bot's line of any direction assignment's game reaches
    the best score: the assignments are searched in rounds, and the value is the exhaustive search's."""
    deal = Deal([2, 8, 11, 5, 7, 4, 2, 6, 9, 10, 7, 0], 2, "tiny", options=Options(variant=UOD))
    result = exact(deal)
    assert (result.L, result.score, result.exact) == (3, 4, True) and result.searches > 0
    assert result.score == brute(deal) and simulate(deal, result.actions).score == result.score
