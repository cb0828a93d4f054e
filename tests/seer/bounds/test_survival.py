"""The pooled hand's runs (:mod:`solitaire.seer.bounds.survival`): a speedrun or All or Nothing game none of whose
runs keeps every card the maximum needs scores 0.

The search of runs is checked against a plain enumeration of every run (no rule of choice), and its verdict against
the exhaustive search of the real game on short decks, from the first turn and from random positions; two of
hanab.live's deals that the U3 search left open under ``speedrun`` are settled at 0.
"""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from helpers import brute, random_game
from solitaire.seer.bounds.relaxations import u2, u2_reason
from solitaire.seer.bounds.survival import keeps_needed, run_exists
from solitaire.seer.bounds.u3 import exact
from solitaire.seer.game.deals import RANKS, Deal
from solitaire.seer.game.options import Options
from solitaire.seer.game.position import Position
from solitaire.seer.game.simulator import Game, simulate
from solitaire.seer.sources.dealsource import live_deals

SUITS = 2


def every_run(held, rest, stacks):
    """Whether a run exists, by trying every removal at every step: a play of a card next on its stack, or a
    discard that leaves a copy of its type held or to draw, or whose type is at or below its stack."""
    if not rest:
        return True
    for t in set(held):
        suit, rank = divmod(t, RANKS)
        hand = list(held)
        hand.remove(t)
        plays = stacks[suit] == rank
        if plays or rank < stacks[suit] or t in hand or t in rest:
            after = list(stacks)
            after[suit] += plays
            if every_run(hand + [rest[0]], rest[1:], after):
                return True
    return False


def random_run(seed):
    """Cards of two suits, each type at most twice, most of them above their stacks: some held, the others to draw,
    and the stacks."""
    rng = random.Random(seed)
    stacks = [rng.randint(0, 3) for _ in range(SUITS)]
    above = [s * RANKS + r for s in range(SUITS) for r in range(stacks[s], RANKS)]
    below = [s * RANKS + r for s in range(SUITS) for r in range(stacks[s])]
    cards = rng.choices(above, k=rng.randint(4, 12)) + (rng.choices(below, k=rng.randint(0, 2)) if below else [])
    cards = [t for i, t in enumerate(cards) if cards[:i].count(t) < 2]
    rng.shuffle(cards)
    held = rng.randint(1, max(1, len(cards) - 1))
    return cards[:held], cards[held:], stacks


@settings(max_examples=400, deadline=None)
@given(st.integers(0, 2 ** 32 - 1))
def test_the_search_of_runs_finds_a_run_where_one_exists(seed):
    held, rest, stacks = random_run(seed)
    assert run_exists(held, rest, stacks, SUITS * RANKS) == every_run(held, rest, stacks)


def test_the_cases_hold_runs_and_none():
    found = [run_exists(*random_run(seed), SUITS * RANKS) for seed in range(200)]
    assert found.count(True) > 20 and found.count(False) > 20


def test_a_budget_too_small_answers_none():
    held, rest = [4, 9, 3, 8, 7], [0, 5, 1, 6, 2]  # 5s, 4s and a 3 held, once each, none playable
    assert run_exists(held, rest, [0, 0], 10) is False
    assert run_exists(held, rest, [0, 0], 10, states=0) is None


def short_deal(rng, **options):
    """A short deck of two suits, 2 players, each card once (a card the maximum needs with no spare) or, for a few,
    twice, with one to three cards to draw, the 1s drawn last half of the time."""
    deal = Deal([], 2, options=Options(one_less_card=rng.random() < 0.5, **options))
    types = list(range(SUITS * RANKS)) + rng.sample(range(SUITS * RANKS), rng.randint(1, 3))
    rng.shuffle(types)
    if rng.random() < 0.5:
        types.sort(key=lambda t: t % RANKS == 0)
    return Deal(types[:min(2 * deal.hand + rng.randint(1, 3), len(types))], 2, "short", options=deal.options)


@pytest.mark.parametrize("options, deals", [({"speedrun": True}, 40), ({"all_or_nothing": True}, 20),
                                            ({"speedrun": True, "deck_plays": True}, 40)])
def test_no_run_means_every_line_scores_0(options, deals):
    """From the first turn and from random positions: where no run exists the exhaustive search scores 0, and U2 is
    never below it."""
    rng, verdicts = random.Random(f"runs {options}"), []
    for _ in range(deals):
        deal = short_deal(rng, **options)
        for game in (Game(deal), random_game(deal, rng, rng.randint(1, 6))):
            if game.over:
                continue
            position = game.position()
            best, kept = brute(position), keeps_needed(position)
            verdicts.append(kept)
            assert kept is not False or best == 0, (deal.types.tolist(), position)
            assert u2(position).score >= best
    assert verdicts.count(False) >= 3 and verdicts.count(True) >= 3


@pytest.mark.parametrize("seed", ["p2v0s526", "p2v0s40"])
def test_hanab_lives_deals_where_every_speedrun_line_loses_a_needed_card(seed):
    """Both reach 24 without the option (its line loses a needed card), and the U3 search alone does not settle them
    under it within minutes: no run of their pooled hand keeps every needed card, so the speedrun's optimum is 0."""
    plain, = live_deals([seed])
    assert exact(plain).score == 24
    deal = Deal(plain.types, 2, plain.ident, options=Options(speedrun=True))
    assert keeps_needed(Position.initial(deal)) is False
    assert u2(deal).score == 0 < u2(plain).score
    assert "keeps" in u2_reason(deal, 0)
    result = exact(deal)
    assert (result.score, result.high, result.exact) == (0, 0, True)
    assert simulate(deal, result.actions).score == 0
