"""U2's search (solitaire.seer.bounds.pace) against an exhaustive search of the same relaxation on tiny decks."""

import itertools
import os
import subprocess
import sys
from functools import lru_cache
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solitaire.seer.bounds.pace import PaceProblem, pace_max, pace_reaches, pace_search


def brute_pace(types, n, c, n0, final):
    """Every line of the pace solitaire on physical cards (duplicates, junk and all): max score."""
    types = list(types)
    steps = len(types) - n0

    def playable(x, p):
        return p[x // n] == x % n

    def bump(p, x):
        return p[: x // n] + (p[x // n] + 1,) + p[x // n + 1:]

    @lru_cache(maxsize=None)
    def tail(p, hand, left):
        best = 0
        for x in set(hand):
            if left and playable(x, p):
                rest = list(hand)
                rest.remove(x)
                best = max(best, 1 + tail(bump(p, x), tuple(rest), left - 1))
        return best

    @lru_cache(maxsize=None)
    def go(t, p, hand):
        if t == steps:
            return tail(p, hand, final)
        drawn = types[n0 + t]
        best = 0
        for x in set(hand):
            rest = list(hand)
            rest.remove(x)
            after = tuple(sorted(rest + [drawn]))
            best = max(best, go(t + 1, p, after))
            if playable(x, p):
                best = max(best, 1 + go(t + 1, bump(p, x), after))
        return best

    return go(0, (0,) * c, tuple(sorted(types[:n0])))


@st.composite
def tiny(draw):
    n = draw(st.integers(1, 3))
    c = draw(st.integers(1, 3))
    deck = [t for t in range(n * c) for _ in range(draw(st.integers(1, 2)))]
    deck = draw(st.permutations(deck))[:9]
    n0 = draw(st.integers(1, min(4, len(deck))))
    final = draw(st.integers(0, 3))
    return PaceProblem(deck, n, c, n0, final)


def replay_line(prob, plays, cap):
    """Check a line: each play is playable, its card held (drawn before its action), one per
    action, and some choice of distinct physical copies keeps at most ``cap`` cards to be
    played before every action (the capacity of the module docstring)."""
    p = [0] * prob.c
    actions = [when for when, _ in plays]
    assert actions == sorted(set(actions)), "at most one play per action, in order"
    assert all(1 <= when <= prob.steps + prob.final for when in actions)
    for when, x in plays:
        assert p[x // prob.n] == x % prob.n, f"type {x} is not playable at action {when}"
        drawn = prob.types[: prob.n0 + when - 1]
        assert x in drawn.tolist(), f"type {x} is played at action {when} before it is drawn"
        p[x // prob.n] += 1
    types = prob.types.tolist()
    copies = [[i for i in range(min(len(types), prob.n0 + when - 1)) if types[i] == x] for when, x in plays]

    def kept(pos, t):  # before action t: drawn cards that are played at t or later
        return sum(1 for (when, _), i in zip(plays, pos) if when >= t and i < prob.n0 + t - 1)

    actions = range(1, prob.steps + prob.final + 1)
    assert any(len(set(pos)) == len(pos) and all(kept(pos, t) <= cap for t in actions)
               for pos in itertools.product(*copies)), "the line keeps more than cap cards"
    return sum(p)


@settings(max_examples=300, deadline=None)
@given(tiny())
def test_pace_max_equals_brute_force(prob):
    result = pace_max(prob)
    assert result.score == brute_pace(prob.types, prob.n, prob.c, prob.n0, prob.final), prob.types
    assert replay_line(prob, result.plays, prob.n0) == result.score


@settings(max_examples=150, deadline=None)
@given(tiny())
def test_decision_agrees_with_maximum(prob):
    best = pace_max(prob).score
    assert pace_reaches(prob, best)
    assert not pace_reaches(prob, best + 1)


@settings(max_examples=150, deadline=None)
@given(tiny())
def test_capacity_is_monotone_and_cap_n0_is_u2(prob):
    results = [pace_max(prob, cap=m) for m in range(0, prob.types.size + 1)]
    scores = [r.score for r in results]
    assert all(replay_line(prob, r.plays, m) == r.score for m, r in enumerate(results))
    assert scores == sorted(scores)
    assert scores[prob.n0] == pace_max(prob).score
    assert scores[0] == 0


def test_known_small_cases():
    # one color 1..3, the 1 last: it can only be played in the final actions
    assert pace_max(PaceProblem([1, 2, 0], 3, 1, 1, 0)).score == 0
    assert pace_max(PaceProblem([1, 2, 0], 3, 1, 1, 2)).score == 1
    assert pace_max(PaceProblem([0, 1, 2], 3, 1, 1, 1)).score == 3
    # hand of 1 cannot keep the 2 while waiting for the 1
    assert pace_max(PaceProblem([1, 2, 0, 0], 3, 1, 1, 3)).score == 1


def test_bad_problem_is_rejected():
    with pytest.raises(ValueError):
        PaceProblem([0, 9], 2, 2, 1, 1)
    with pytest.raises(ValueError):
        PaceProblem([0, 1], 8, 1, 1, 1)


def test_search_returns_widest_frontier():
    best, hope, steps, kinds, widest = pace_search(np.array([0, 1, 2], dtype=np.int64), 3, 1, 1, 1, 1, 0, -100)
    assert best == 3 and widest >= 1 and steps.tolist() == [1, 2, 3] and kinds.tolist() == [0, 1, 2]


def brute_reaches(prob, target, floor):
    """Exhaustive: some line scores >= target keeping pace >= floor after every draw before it does."""
    n, c, n0, final, steps = prob.n, prob.c, prob.n0, prob.final, prob.steps
    types = prob.types.tolist()

    @lru_cache(maxsize=None)
    def go(t, p, hand):
        if t == steps:
            return sum(p) + _tail(p, hand, final, n)
        drawn = types[n0 + t]
        best = -1
        for x in set(hand):
            rest = list(hand)
            rest.remove(x)
            after = tuple(sorted(rest + [drawn]))
            options = [p]
            if p[x // n] == x % n:
                options.append(p[: x // n] + (p[x // n] + 1,) + p[x // n + 1:])
            for q in options:
                if sum(q) >= target or sum(q) + (steps - t - 1) + final - target >= floor:
                    best = max(best, go(t + 1, q, after))
        return best

    return go(0, (0,) * c, tuple(sorted(types[:n0]))) >= target


def _tail(p, hand, left, n):
    runs = 0
    for k in range(len(p)):
        r = p[k]
        while r < n and k * n + r in hand:
            r += 1
        runs += r - p[k]
    return min(left, runs)


@settings(max_examples=200, deadline=None)
@given(tiny(), st.integers(0, 4))
def test_pace_floor_equals_brute_force(prob, floor):
    best = pace_max(prob).score
    for target in (best, max(0, best - 1)):
        assert pace_reaches(prob, target, floor=floor) == brute_reaches(prob, target, floor), (target, floor)


def test_the_search_reads_no_entry_past_its_arrays():
    """Run as plain Python (``NUMBA_DISABLE_JIT``: numpy checks every index, where compiled code reads past an array
    unchecked), U2 of a deal whose pace search keeps more than 1,024 states (the size its line records start at, so
    they grow): the game of fixed starts (1, 3, 4, 0, 2) of the Sudoku & Dark Null deal of seed p2v2088s1."""
    code = ("from solitaire.seer.sources.dealsource import live_deals\n"
            "from solitaire.seer.bounds.orders import fixed_position\n"
            "from solitaire.seer.bounds.relaxations import u2_value\n"
            "from solitaire.seer.game.position import Position\n"
            "deal = live_deals(['p2v2088s1'])[0]\n"
            "print(u2_value(fixed_position(Position.initial(deal), (1, 3, 4, 0, 2))))\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300,
                          env={**os.environ, "NUMBA_DISABLE_JIT": "1"}, cwd=Path(__file__).parents[3])
    assert done.returncode == 0 and done.stdout.strip() == "24", done.stderr
