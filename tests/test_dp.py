"""The paper's DP (Lemma 5, Theorem 6): against the oracle, entry by entry, and its errata."""

import itertools

import pytest
from hypothesis import given, settings

from helpers import instances
from solitaire.brute import solve_brute
from solitaire.dp import DP_LIMIT, NEG_INF, DPTable, dp_refuses, solve_dp, table_size
from solitaire.engine import solve_engine
from solitaire.model import Instance
from solitaire.referee import replay
from solitaire.solve import SOLVERS, solve


def _check_against_oracle(instance, **kwargs):
    oracle = solve_brute(instance)
    result = solve_dp(instance, **kwargs)
    assert (result.winnable, result.score) == (oracle.winnable, oracle.score), instance.cards
    assert replay(instance, result.sequence.events()) == result.score
    return result


@settings(max_examples=400)
@given(instances(max_n=3, max_c=3, max_r=3, max_h=3, max_N=10))
def test_matches_oracle(instance):
    result = _check_against_oracle(instance)
    assert result.extra["dp_entries"] <= table_size(instance)
    # Theorem 6: winnable iff DP[N, empty, n..n] = n
    top = DPTable(instance)(instance.N, 0, (instance.n,) * (instance.c - 1))
    assert (top == instance.n) == result.winnable


@settings(max_examples=60)
@given(instances(max_n=4, max_c=3, max_r=2, max_h=3, max_N=22, min_N=17))
def test_matches_engine_beyond_oracle(instance):
    """Past the oracle's N <= 16: the same answer and score as the engine, a legal sequence."""
    result = solve_dp(instance)
    engine = solve_engine(instance)
    assert (result.winnable, result.score) == (engine.winnable, engine.score), instance.cards
    assert replay(instance, result.sequence.events()) == result.score


@settings(max_examples=200)
@given(instances(max_n=5, max_c=1, max_r=3, max_h=3, max_N=12))
def test_one_color_matches_oracle(instance):
    """c = 1: the table has no p's, DP[s, H] alone."""
    result = _check_against_oracle(instance)
    assert (DPTable(instance)(instance.N, 0, ()) == instance.n) == result.winnable


@settings(max_examples=200)
@given(instances(max_n=3, max_c=3, max_r=3, max_h=3, max_N=10))
def test_as_written_plays_with_one_card_less(instance):
    """Erratum E1: the printed recurrence solves the instance with hand size max(h - 1, 0)."""
    result = solve_dp(instance, as_written=True)
    assert result.score == solve_brute(instance.with_hand(max(instance.h - 1, 0))).score
    assert replay(instance, result.sequence.events()) == result.score


def test_erratum_store_off_by_one():
    """E1, the smallest counterexample: S is -inf "if |H| >= h" forbids filling the hand."""
    inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)])
    assert DPTable(inst, as_written=True)(2, 0, ()) == 1          # as printed: only (1,1)
    literal = solve_dp(inst, as_written=True)
    assert (literal.winnable, literal.score) == (False, 1)
    oracle = solve_brute(inst)
    assert (oracle.winnable, oracle.score) == (True, 2)          # store (2,1), play (1,1), (2,1)
    fixed = solve_dp(inst)
    assert (fixed.winnable, fixed.score) == (True, 2)
    assert fixed.sequence.events() == [("store", 1), ("play", 2), ("play", 1)]


def test_erratum_store_off_by_one_two_colors():
    """E1 with c = 2 (the doctest instance): the literal table loses the stored card's color."""
    inst = Instance.from_cards(2, 2, 1, [(2, 1), (1, 1), (1, 2), (2, 2)])
    assert solve_dp(inst, as_written=True).score == 3
    assert solve_brute(inst).score == solve_dp(inst).score == 4


# --- Lemma 5 entry by entry ----------------------------------------------------------------

def _reachable(instance):
    """``layers[s]``: every (held cards, counts) a legal sequence can be in after card ``s``.

    Exhaustive and independent of the DP: at each scan, play (if playable), store (if fewer
    than ``h`` held) or discard; then any number of plays from the hand. Hands are sorted
    tuples of cards and may hold two copies of a type.
    """
    c, h = instance.c, instance.h

    def free_plays(states):
        seen, todo = set(states), list(states)
        while todo:
            hand, top = todo.pop()
            for i, (a, k) in enumerate(hand):
                if top[k - 1] == a - 1:
                    state = (hand[:i] + hand[i + 1:], top[:k - 1] + (a,) + top[k:])
                    if state not in seen:
                        seen.add(state)
                        todo.append(state)
        return seen

    layers = [free_plays({((), (0,) * c)})]
    for a, k in instance.cards:
        after = set()
        for hand, top in layers[-1]:
            after.add((hand, top))
            if len(hand) < h:
                after.add((tuple(sorted(hand + ((a, k),))), top))
            if top[k - 1] == a - 1:
                after.add((hand, top[:k - 1] + (a,) + top[k:]))
        layers.append(free_plays(after))
    return layers


def _hands(instance):
    """Every set of at most ``h`` card types: ``(bitmask, sorted cards)``."""
    n, c = instance.n, instance.c
    for H in range(1 << (n * c)):
        if H.bit_count() <= instance.h:
            yield H, tuple(sorted((i % n + 1, i // n + 1) for i in range(n * c) if H >> i & 1))


class _EqualThreshold(DPTable):
    """The k_s = c case with "DP[...] = a_s - 1" instead of ">= a_s - 1"."""

    def allows(self, value, a):
        return value == a - 1


@pytest.mark.parametrize("table_class", [DPTable, _EqualThreshold], ids=["ge", "eq"])
@settings(max_examples=150)
@given(instance=instances(max_n=3, max_c=3, max_r=2, max_h=2, max_N=7))
def test_lemma5_corrected_statement(table_class, instance):
    """E3: entries are exact once dead held cards are ruled out, and never below the truth.

    For H whose cards of colors k < c lie above p_k: max{m : some sequence ends holding
    exactly H, counts (p, m), m < min color-c value in H} = min(DP, that min - 1).
    Without the liveness cap the DP is still an upper bound on every duplicate-free hand.
    """
    n, c = instance.n, instance.c
    table = table_class(instance)
    for s, layer in enumerate(_reachable(instance)):
        counts = {}
        for hand, top in layer:
            counts.setdefault((hand, top[:-1]), []).append(top[-1])
        for H, cards in _hands(instance):
            for p in itertools.product(range(n + 1), repeat=c - 1):
                value = table(s, H, p)
                reached = counts.get((cards, p), [])
                assert max(reached, default=NEG_INF) <= value
                if any(a <= p[k - 1] for a, k in cards if k < c):
                    continue
                cap = min((a for a, k in cards if k == c), default=n + 1) - 1
                live = max((m for m in reached if m <= cap), default=NEG_INF)
                assert live == min(value, cap), (s, cards, p)


def test_erratum_lemma5_entry_overstated():
    """E3: DP[2, {(2,1)}] = 2, but with one copy of (2,1) no sequence plays it and holds it."""
    inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)])
    table = DPTable(inst)
    H = table.bit(2, 1)
    assert table(2, H, ()) == 2                                     # P, t = 1: H ∪ {(2,1)} = H
    reached = [top[0] for hand, top in _reachable(inst)[2] if hand == ((2, 1),)]
    assert max(reached) == 1                                        # the truth
    assert min(table(2, H, ()), 2 - 1) == 1                         # the corrected statement


def test_threshold_equal_differs_on_a_dead_entry_only():
    """Not an erratum: "= a_s - 1" changes a dead-card entry, not the answer."""
    inst = Instance.from_cards(2, 1, 1, [(1, 1), (2, 1), (1, 1)])
    H = DPTable(inst).bit(2, 1)
    assert (DPTable(inst)(3, H, ()), _EqualThreshold(inst)(3, H, ())) == (2, 1)
    assert DPTable(inst)(3, 0, ()) == _EqualThreshold(inst)(3, 0, ()) == solve_brute(inst).score == 2


# --- limits and registration -----------------------------------------------------------------

def test_table_size_formula():
    inst = Instance.from_cards(3, 2, 2, [(1, 1)] * 5)
    assert table_size(inst) == 5 * (1 + 6 + 15) * 4
    for cap in (0, 1, 5 * 4, 5 * 22 * 4 - 1, 5 * 22 * 4, 10**6):  # capped: exact up to cap, cap + 1 above
        assert table_size(inst, cap) == (440 if cap >= 440 else cap + 1)


def test_wide_decks_are_refused_at_once():
    """p hanabi 1 20000 0 and 200 200 100000: sizes of thousands of digits, never computed."""
    for n, c, h in ((1, 20000, 0), (200, 200, 100000), (40000, 1, 40000)):
        assert "reference limit" in dp_refuses(Instance.from_cards(n, c, h, [(1, 1)]))


def test_refuses_large_tables():
    big = Instance.from_cards(8, 4, 3, [(1, 1)] * 40)
    assert table_size(big) > DP_LIMIT
    assert "reference limit" in dp_refuses(big)
    with pytest.raises(ValueError, match="reference limit"):
        solve(big, "dp")
    with pytest.raises(ValueError, match="reference limit"):
        solve_dp(big)


def test_registered():
    inst = Instance.from_cards(2, 2, 1, [(2, 1), (1, 1), (1, 2), (2, 2)])
    assert SOLVERS["dp"].refuses(inst) is None
    result = solve(inst, "dp")
    assert (result.algorithm, result.winnable, result.score) == ("dp", True, 4)


def test_empty_sequence():
    result = solve_dp(Instance(2, 2, 1, [], []))
    assert (result.winnable, result.score, len(result.sequence)) == (False, 0, 0)
