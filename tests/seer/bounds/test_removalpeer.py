"""The removal-indexed SAT peer (solitaire/seer/bounds/peers/removals.py) against the brute force and proven U3s."""

import random

import pytest
from helpers import NEEDS_A_STRIKE, brute, tiny_deal

from solitaire.seer.game.deals import seeded_deal
from solitaire.seer.game.simulator import simulate
from solitaire.seer.bounds.peers.removals import removal_formula, removal_reaches


def assert_decides(deal, value):
    """``value`` is reached (by a line the simulator replays) and ``value + 1`` is not."""
    yes, actions = removal_reaches(deal, value)
    assert yes and simulate(deal, actions).score >= value, deal.ident
    assert removal_reaches(deal, value + 1) == (False, None), deal.ident


@pytest.mark.parametrize("players, cases", [
    pytest.param(2, 12, marks=pytest.mark.long),  # 18 s; 2 players, fast: test_peers_position.py (from positions)
    pytest.param(3, 3, marks=pytest.mark.slow), (4, 1)])  # P = 3: a minute
def test_agrees_with_the_brute_force_on_tiny_decks(players, cases):
    rng = random.Random(100 + players)
    for _ in range(cases):
        deal = tiny_deal(rng, players)
        assert_decides(deal, brute(deal))


def test_a_strike_used_as_a_discard():
    # tests/seer/bounds/test_exact_strike.py: 6 needs a misplay at 8 tokens, which draws without a token spent
    assert_decides(NEEDS_A_STRIKE, 6)


@pytest.mark.parametrize("players, seed, u3", [pytest.param(5, 906185, 24, marks=pytest.mark.long), (3, 565, 24),
                                               pytest.param(4, 227156, 23, marks=pytest.mark.long)])  # 2.5 s each
def test_agrees_with_proven_u3_on_full_deals(players, seed, u3):  # proven by the turn peer (hard-deals.jsonl), 565 by the search too
    assert_decides(seeded_deal(players, seed), u3)


def test_has_a_step_per_removal_not_per_turn():
    deal = seeded_deal(4, 629581)
    cnf, pool = removal_formula(deal, 25)
    steps = {name[1] for name in pool.obj2id if isinstance(name, tuple) and name[0] == "who"}
    assert steps == set(range(34))  # 50 - 16 cards to draw; the final round has its own 4 steps


def test_runs_out_honestly():
    assert removal_reaches(seeded_deal(4, 629581), 25, timeout=1) == (None, None)


@pytest.mark.slow
def test_refutes_25_where_the_turn_peer_takes_minutes():
    # P = 4 seed 629581: U3 = 24; CaDiCaL refutes 25 in about 35 s here, 164..225 s with the turn-indexed peer
    deal = seeded_deal(4, 629581)
    assert removal_reaches(deal, 25, solver="cadical195") == (False, None)
    yes, actions = removal_reaches(deal, 24, solver="cadical195")
    assert yes and simulate(deal, actions).score >= 24
