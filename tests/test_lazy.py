"""Lemma 3 and Theorem 4 (c = 1): the heap filter and the lazy solver against a naive
fixpoint of the definition of useless cards, the oracle and the referee."""

import json

import numpy as np
import pytest
from hypothesis import given, settings
from click.testing import CliRunner
from hypothesis import strategies as st

from cli import main
from helpers import instances
from solitaire.brute import solve_brute
from solitaire.engine import solve_engine
from solitaire.generate import random_instance
from solitaire.lazy import solve_lazy, useless_mask
from solitaire.model import Instance
from solitaire.referee import replay
from solitaire.selection import asap_sequence
from solitaire.solve import choose, solve


def is_useless(values, i, n, h, alive):
    """§3's definition on the surviving cards: h+1 values above values[i] none of which occurs after i."""
    later = {values[j] for j in range(i + 1, len(values)) if alive[j]}
    return sum(1 for w in range(values[i] + 1, n + 1) if w not in later) >= h + 1


def naive_survivors(instance):
    """Remove useless cards one at a time until none is left (removal only creates more)."""
    values = instance.values.tolist()
    alive = [True] * len(values)
    changed = True
    while changed:
        changed = False
        for i in range(len(values)):
            if alive[i] and is_useless(values, i, instance.n, instance.h, alive):
                alive[i] = False
                changed = True
    return alive


def check_certificate(instance, cert, alive):
    values = instance.values.tolist()
    if "missing" in cert:
        v, k = cert["missing"]
        assert k == 1 and 1 <= v <= instance.n and v not in values
        return
    v, witnesses = cert["value"], cert["witnesses"]
    assert not any(alive[i] and values[i] == v for i in range(len(values))), "no copy of v survives"
    assert len({w for w, _ in witnesses}) == len(witnesses) == instance.h + 1
    for w, index in witnesses:
        assert w > v and values[index - 1] == w and alive[index - 1]
        assert not any(alive[j] and values[j] == w for j in range(index, len(values))), "last surviving copy"
    assert all(i + 1 > index for i in range(len(values)) if values[i] == v for _, index in witnesses)


def check(instance):
    res = solve_lazy(instance)
    alive = naive_survivors(instance)
    assert (~useless_mask(instance)).tolist() == alive
    has_all = set(np.asarray(instance.values)[np.asarray(alive, bool)].tolist()) == set(range(1, instance.n + 1))
    assert res.winnable == has_all
    assert res.max_score == instance.n and res.algorithm == "lazy"
    if res.winnable:
        assert res.score == instance.n and res.certificate is None
        assert replay(instance, res.sequence.events()) == instance.n
    else:
        assert res.score is None and res.sequence is None
        check_certificate(instance, res.certificate, alive)
    return res


@settings(max_examples=400)
@given(instances(max_n=5, max_c=1, max_r=4, max_h=3, max_N=14))
def test_agrees_with_oracle(instance):
    res = check(instance)
    assert res.winnable == (solve_brute(instance).score == instance.n)


@settings(max_examples=300)
@given(instances(max_n=9, max_c=1, max_r=4, max_h=4, max_N=30))
def test_heap_filter_equals_naive_fixpoint(instance):
    check(instance)


@settings(max_examples=300)
@given(instances(max_n=6, max_c=1, max_r=3, max_h=3, max_N=16, min_N=1))
def test_last_card_useless_iff_below_n_minus_h(instance):
    """§3: the last card is useless iff a_N < n - h."""
    assert useless_mask(instance)[-1] == (instance.values[-1] < instance.n - instance.h)


@settings(max_examples=300)
@given(instances(max_n=8, max_c=1, max_r=3, max_h=3, max_N=24))
def test_high_values_are_never_useless(instance):
    """§3: no card of value n - h or higher is useless (there are not h + 1 higher values)."""
    assert not useless_mask(instance)[instance.values >= instance.n - instance.h].any()


@settings(max_examples=300)
@given(instances(max_n=5, max_c=1, max_r=3, max_h=2, max_N=12))
def test_observation_2_winning_sequences_play_no_useless_card(instance):
    best = solve_brute(instance)
    if best.score == instance.n:
        played = best.sequence.played_positions() - 1
        assert not useless_mask(instance)[played].any()


@settings(max_examples=200)
@given(instances(max_n=6, max_c=1, max_r=3, max_h=3, max_N=18), st.integers(0, 3))
def test_more_hand_never_hurts(instance, extra):
    if solve_lazy(instance).winnable:
        assert solve_lazy(instance.with_hand(instance.h + extra)).winnable


@settings(max_examples=400)
@given(instances(max_n=9, max_c=1, max_r=4, max_h=4, max_N=30))
def test_lazy_sequence_is_the_asap_sequence_of_the_last_surviving_copies(instance):
    """The one-pass construction of the lazy sequence against the copy-selection lemma's (release times)."""
    res = solve_lazy(instance)
    if res.winnable:
        survivors = np.flatnonzero(~useless_mask(instance))
        last = {int(instance.values[i]): i for i in survivors}  # the last surviving copy of each value
        chosen = np.zeros(instance.N, bool)
        chosen[list(last.values())] = True
        expected, most = asap_sequence(instance, chosen)
        assert res.sequence == expected and most <= instance.h


def test_cascade_of_useless_cards():
    inst = Instance.from_cards(3, 1, 0, [(1, 1), (3, 1), (2, 1), (1, 1)])
    assert useless_mask(inst).tolist() == [True, False, True, True]
    cert = check(inst).certificate
    assert cert["value"] == 2 and cert["witnesses"] == [[3, 2]]


def test_nothing_is_useless_when_n_at_most_h_plus_1():
    inst = Instance.from_cards(3, 1, 2, [(3, 1), (2, 1), (1, 1), (1, 1), (2, 1)])
    assert not useless_mask(inst).any()
    assert check(inst).winnable


def test_hand_zero_needs_increasing_last_copies():
    inst = Instance.from_cards(3, 1, 0, [(2, 1), (1, 1), (2, 1), (3, 1)])
    res = check(inst)
    assert res.winnable and res.sequence.to_json() == [["discard", 1], ["play", 2], ["play", 3], ["play", 4]]
    lost = check(Instance.from_cards(3, 1, 0, [(2, 1), (3, 1), (1, 1)]))
    assert lost.certificate["value"] == 1 and lost.certificate["witnesses"] == [[2, 1]]


def test_missing_values_and_empty_deck():
    assert check(Instance.from_cards(4, 1, 1, [(1, 1), (4, 1), (2, 1)])).certificate["missing"] == [3, 1]
    assert check(Instance(3, 1, 5, [], [])).certificate["missing"] == [1, 1]


def test_refuses_two_colors():
    inst = Instance.from_cards(1, 2, 0, [(1, 1), (1, 2)])
    with pytest.raises(ValueError, match="c = 1"):
        solve_lazy(inst)
    with pytest.raises(ValueError, match="does not apply"):
        solve(inst, "lazy")


def test_auto_picks_lazy_for_one_color():
    inst = random_instance(20, 1, 3, 2, seed=4)
    assert choose(inst) == "lazy"
    assert solve(inst).algorithm == "lazy"


@pytest.mark.parametrize("seed, hand", [(0, 0), (1, 1), (2, 600), (3, 600)])  # two losses, two wins
def test_large_random_instances(seed, hand):
    """Thousands of cards: wins replay, losses carry a consistent certificate."""
    inst = random_instance(1000, 1, 3, hand, seed=seed)
    res = solve_lazy(inst)
    useless = useless_mask(inst)
    if res.winnable:
        assert replay(inst, res.sequence.events()) == inst.n
    else:
        v = res.certificate["value"]
        assert useless[inst.values == v].all()
        last = max(i for _, i in res.certificate["witnesses"])
        assert (np.flatnonzero(inst.values == v) + 1 > last).all()


def test_cli_solve_prints_the_certificate(tmp_path):
    deck = tmp_path / "x.deck"
    deck.write_text("p hanabi 3 1 0\n2 1  3 1  1 1\n")
    out = CliRunner().invoke(main, ["solve", str(deck), "--json", "--algorithm", "lazy"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert got["algorithm"] == "lazy" and got["winnable"] is False and got["score"] is None
    assert got["certificate"]["value"] == 1 and got["certificate"]["witnesses"] == [[2, 1]]


@settings(max_examples=150)
@given(instances(max_n=12, max_c=1, max_r=4, max_h=4, max_N=36))
def test_agrees_with_engine(instance):
    assert solve_lazy(instance).winnable == (solve_engine(instance).score == instance.n)
