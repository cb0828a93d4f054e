"""The engine against the brute-force oracle, and its sequences against the referee."""

import numpy as np
import pytest
from hypothesis import given, settings

from helpers import instances
from solitaire.brute import solve_brute
from solitaire.engine import solve_engine
from solitaire.model import Instance
from solitaire.referee import replay
from solitaire.solve import solve

STANDARD = [(a, k) for k in range(1, 6) for a, copies in zip(range(1, 6), (3, 2, 2, 2, 1)) for _ in range(copies)]


@settings(max_examples=400)
@given(instances(max_n=3, max_c=3, max_r=3, max_h=3, max_N=13))
def test_engine_max_score_equals_oracle(inst):
    ours, oracle = solve_engine(inst), solve_brute(inst)
    assert ours.score == oracle.score
    assert ours.winnable == oracle.winnable
    assert replay(inst, ours.sequence.events()) == ours.score


@settings(max_examples=100)
@given(instances(max_n=2, max_c=5, max_r=2, max_h=2, max_N=14))
def test_engine_many_colors_equals_oracle(inst):
    assert solve_engine(inst).score == solve_brute(inst).score


def test_full_hand_must_drop_a_card():
    # A stored (3,2) blocks the hand; the win needs the later (2,1) held instead.
    inst = Instance.from_cards(3, 2, 1, [(3, 2), (2, 2), (2, 1), (1, 1), (2, 2)])
    assert solve_engine(inst).score == solve_brute(inst).score == 2


@pytest.mark.parametrize("h", [0, 3, 5, 8, 10])
def test_standard_decks_replay(h):
    rng = np.random.default_rng(h)
    for _ in range(20):
        inst = Instance.from_cards(5, 5, h, [STANDARD[j] for j in rng.permutation(50)])
        result = solve(inst, "engine")
        assert replay(inst, result.sequence.events()) == result.score
        # the score can only grow with the hand
        if h:
            assert solve_engine(inst.with_hand(h - 1)).score <= result.score


def test_refuses_more_than_64_types():
    inst = Instance(13, 5, 2, [1], [1])
    with pytest.raises(ValueError, match="c \\* n <= 64"):
        solve(inst, "engine")
