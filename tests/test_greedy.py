"""Lemma 1 (r = 1): the greedy solver against the oracle, the referee and the definitions."""

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from cli import main
from helpers import instances
from solitaire.brute import solve_brute
from solitaire.engine import solve_engine
from solitaire.deckfile import read_deck
from solitaire.generate import random_instance
from solitaire.greedy import solve_greedy
from solitaire.model import Instance
from solitaire.referee import replay
from solitaire.solve import choose, solve

ROOT = Path(__file__).resolve().parent.parent


def release(instance, i):
    """f_i by its definition (1-based): the last position of a card of i's color with value <= a_i."""
    a, k = instance.cards[i - 1]
    return max(j for j, (b, kk) in enumerate(instance.cards, start=1) if kk == k and b <= a)


def alive(instance, t):
    """1-based positions i <= t with f_i > t: the cards a win must hold right after scanning t."""
    return [i for i in range(1, t + 1) if release(instance, i) > t]


def check_certificate(instance, cert):
    """Check a loss certificate from the definitions, without the algorithm."""
    if "missing" in cert:
        a, k = cert["missing"]
        assert 1 <= a <= instance.n and 1 <= k <= instance.c
        assert (a, k) not in instance.cards
        return
    t, intervals = cert["time"], cert["intervals"]
    assert 1 <= t <= instance.N
    assert len({i for i, _ in intervals}) == len(intervals) > instance.h
    for i, f in intervals:
        a, k = instance.cards[i - 1]
        assert i <= t, "the card is scanned at or before t"
        assert any(kk == k and b < a for b, kk in instance.cards[t:]), "a lower card of its color comes after t"
        assert f == release(instance, i) and f > t


def check(instance):
    res = solve_greedy(instance)
    assert res.max_score == instance.max_score and res.algorithm == "greedy"
    if res.winnable:
        assert res.score == instance.max_score and res.certificate is None
        assert replay(instance, res.sequence.events()) == instance.max_score
    else:
        assert res.score is None and res.sequence is None
        check_certificate(instance, res.certificate)
    return res


@settings(max_examples=400)
@given(st.one_of(instances(max_n=4, max_c=3, max_r=1, max_h=3, max_N=12),
                 instances(max_n=4, max_c=3, max_r=1, min_r=1, max_h=3, max_N=12)))
def test_agrees_with_oracle(instance):
    res = check(instance)
    assert res.winnable == (solve_brute(instance).score == instance.max_score)


@settings(max_examples=300)
@given(instances(max_n=8, max_c=4, max_r=1, min_r=1, max_h=4, max_N=32))
def test_sequences_and_certificates_on_larger_instances(instance):
    check(instance)


@settings(max_examples=300)
@given(instances(max_n=6, max_c=4, max_r=1, min_r=1, max_h=4, max_N=24))
def test_max_overlap_is_the_smallest_winning_hand(instance):
    w = solve_greedy(instance).extra["max_overlap"]  # complete decks: no card type is missing
    assert w == max((len(alive(instance, t)) for t in range(1, instance.N + 1)), default=0)
    assert solve_greedy(instance.with_hand(w)).winnable
    if w > 0:
        assert not solve_greedy(instance.with_hand(w - 1)).winnable


def test_overflow_certificate_is_the_first_time():
    inst = Instance.from_cards(3, 1, 1, [(3, 1), (2, 1), (1, 1)])
    cert = check(inst).certificate
    assert cert["time"] == 2 and cert["intervals"] == [[1, 3], [2, 3]]


def test_closed_intervals_erratum_h0():
    """[i, i] intervals must not count: (1,1) (2,1) is won with an empty hand."""
    inst = Instance.from_cards(2, 1, 0, [(1, 1), (2, 1)])
    res = check(inst)
    assert res.winnable and res.extra["max_overlap"] == 0


def test_card_releasing_others_is_never_stored():
    """(2,1) waits for (1,1); at the time (1,1) releases it, one card is held, not two."""
    inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)])
    assert check(inst).winnable


def test_shipped_deck():
    inst = read_deck(ROOT / "instances" / "tiny-r1.deck")
    assert check(inst).winnable
    assert not check(inst.with_hand(0)).winnable


def test_missing_type_and_empty_deck():
    cert = check(Instance.from_cards(2, 2, 3, [(1, 1), (2, 1), (2, 2)])).certificate
    assert cert["missing"] == [1, 2]
    assert check(Instance(2, 1, 0, [], [])).certificate["missing"] == [1, 1]


def test_refuses_repeated_cards():
    inst = Instance.from_cards(2, 1, 1, [(1, 1), (2, 1), (1, 1)])
    with pytest.raises(ValueError, match="r = 1"):
        solve_greedy(inst)
    with pytest.raises(ValueError, match="does not apply"):
        solve(inst, "greedy")


def test_auto_picks_greedy_for_unique_cards():
    inst = random_instance(5, 3, 1, 2, seed=1)
    assert choose(inst) == "greedy"
    assert solve(inst).algorithm == "greedy"


@pytest.mark.parametrize("seed", range(3))
def test_large_random_instances(seed):
    """Hundreds of cards: the sequence replays to a win at the smallest winning hand."""
    inst = random_instance(30, 20, 1, 0, seed=seed)
    w = solve_greedy(inst).extra["max_overlap"]
    res = check(inst.with_hand(w))
    assert res.winnable
    lost = check(inst.with_hand(w - 1))
    assert len(lost.certificate["intervals"]) == w


def test_cli_solve_prints_the_certificate(tmp_path):
    deck = tmp_path / "x.deck"
    deck.write_text("p hanabi 3 1 1\n3 1  2 1  1 1\n")
    out = CliRunner().invoke(main, ["solve", str(deck), "--json"])
    assert out.exit_code == 0, out.output
    got = json.loads(out.output)
    assert got["algorithm"] == "greedy" and got["winnable"] is False and got["score"] is None
    assert got["certificate"]["intervals"] == [[1, 3], [2, 3]] and got["max_overlap"] == 2


@settings(max_examples=150)
@given(instances(max_n=8, max_c=4, max_r=1, min_r=1, max_h=4, max_N=32))
def test_agrees_with_engine(instance):
    assert solve_greedy(instance).winnable == (solve_engine(instance).score == instance.max_score)
