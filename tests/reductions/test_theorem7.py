"""Theorem 7: the generated deck against Figure 2, its parameters, SAT = winnable, witnesses, errata."""

from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st
from pysat.examples.genhard import CB, GT, PAR, PHP
from pysat.solvers import Solver

from helpers import CNF, formulas, long_but
from reductions.crosscheck import crosscheck, pysat_model
from reductions.dimacs import Formula, read_dimacs, satisfies
from reductions.theorem7 import (assignment_from_sequence, deck_bound, deck_cards, deck_size, literal_color,
                                 reduce_formula, sequence_from_assignment)
from solitaire.deckfile import read_deck
from solitaire.referee import replay
from solitaire.satenc import decide_sat, encode
from solitaire.selection import asap_sequence
from solitaire.solve import SOLVERS, solve

FIG2 = Formula(3, [(1, -2, 3), (1, 2, -3)])
D = 7  # dummy color of a 3-variable formula


def _run(values, colors):
    return [(a, k) for k in colors for a in values]


# Figure 2 of the paper, card by card: the hand dump before C1, C1, the dump before C2, C2.
FIGURE2 = (
    [(4, D), (5, D), (3, D)]
    + _run(range(6, 11), [1, 4, 5]) + _run([5, 6, 7, 8, 9, 10, 2, 3, 4], [2, 3, 6])
    + [(7, D), (8, D), (6, D)] + [(3, 1), (3, 4), (3, 5)] + _run([2, 4, 5, 6], [1, 4, 5])
    + [(10, D), (11, D), (9, D)]
    + _run(range(11, 16), [1, 3, 6]) + _run([10, 11, 12, 13, 14, 15, 7, 8, 9], [2, 4, 5])
    + [(13, D), (14, D), (12, D)] + [(8, 1), (8, 3), (8, 6)] + _run([7, 9, 10, 11], [1, 3, 6])
)
# Figure 1: sigma_1 for three variables, with the hand reduction gadget.
FIGURE1 = ([(2, D)] + [card for i in (1, 2, 3) for card in
                       [(2, 2 * i - 1), (2, 2 * i), (1, 2 * i - 1), (3, 2 * i - 1), (4, 2 * i - 1), (5, 2 * i - 1),
                        (1, 2 * i), (3, 2 * i), (4, 2 * i), (5, 2 * i)]] + [(1, D)])


def test_figures_1_and_2_card_by_card():
    cards = reduce_formula(FIG2).instance.cards
    assert cards[:32] == FIGURE1
    assert cards[32:32 + len(FIGURE2)] == FIGURE2


def test_shipped_decks_are_reproducible():
    folder = Path(__file__).resolve().parent.parent.parent / "instances" / "theorem7"
    for name, h in (("figure1", 2), ("figure2", 2), ("figure2-h3", 3)):
        formula = read_dimacs(folder / f"{name.split('-')[0]}.cnf")
        assert read_deck(folder / f"{name}.deck") == reduce_formula(formula, h).instance


def test_figure2_witnesses_for_every_assignment():
    red = reduce_formula(FIG2)
    for bits in range(8):
        a = tuple(bool(bits >> i & 1) for i in range(3))
        if satisfies(a, FIG2.clauses):
            seq = sequence_from_assignment(red, a)
            assert replay(red.instance, seq.events()) == red.instance.max_score
            assert assignment_from_sequence(red, seq) == a
        else:
            with pytest.raises(ValueError):
                sequence_from_assignment(red, a)


def _check(formula, h=2, engine=True):
    """SAT(formula) == winnable(deck) by every exact solver that fits; witnesses both ways."""
    red = reduce_formula(formula, h)
    inst, f = red.instance, red.formula
    v, m = f.nvars, f.m
    assert (inst.c, inst.n, inst.h) == (2 * v + 1, deck_size(m, h), h)
    assert inst.r == (2 if v else 1) and inst.N <= 2 * inst.c * inst.n
    if m:
        assert deck_size(m, 2) == max(6 * m + 2, 5 * m + 5)
    model = pysat_model(formula)
    winnable, seq, _ = decide_sat(inst)
    assert winnable == (model is not None)
    for name, solver in SOLVERS.items():
        if engine and name != "sat" and solver.refuses(inst) is None:
            assert solve(inst, name).winnable == winnable, name
    if winnable:
        assert replay(inst, seq.events()) == inst.max_score
        assert satisfies(assignment_from_sequence(red, seq), formula.clauses)
        seq2 = sequence_from_assignment(red, model)
        assert replay(inst, seq2.events()) == inst.max_score
    return winnable


@pytest.mark.long  # 5 s; random formulas, fast: test_crosscheck_files_folders_and_random (test_cli_reduction.py)
@settings(max_examples=60, deadline=None)
@given(formulas(max_vars=5, max_clauses=8, max_len=5), st.sampled_from([2, 2, 2, 3, 4]))
def test_sat_iff_winnable_random_formulas(formula, h):
    _check(formula, h)


def test_no_clause_decks_agree_with_the_engine():
    for v in range(0, 4):
        assert _check(Formula(v, []))
        assert SOLVERS["engine"].refuses(reduce_formula(Formula(v, [])).instance) is None


@pytest.mark.parametrize("family", long_but([PHP(1), PHP(2), GT(3), CB(2), PAR(2)], {0, 1, 2}),  # cb2, par2: 2 s each
                         ids=["php1", "php2", "gt3", "cb2", "par2"])
def test_genhard_unsatisfiable_families(family):
    assert not _check(Formula(family.nv, family.clauses))


def test_satlib_uf20_crosschecks():
    row = crosscheck(read_dimacs(CNF / "sat" / "uf20-01.cnf"))
    assert row["cnf"] and row["hanabi"] and row["model_to_play"] and row["play_to_model"] and row["agree"]
    assert row["deck"]["N"] <= row["bound"]


@pytest.mark.slow
@pytest.mark.parametrize("path", sorted((CNF / "sat").glob("*.cnf"))
                         + sorted((CNF / "unsat").glob("*.cnf"))[:5], ids=lambda p: p.stem)
def test_satlib_crosscheck_all(path):
    row = crosscheck(read_dimacs(path))
    assert row["agree"] and row["cnf"] == path.stem.startswith("uf")


@settings(max_examples=150, deadline=None)
@given(formulas(max_vars=5, max_clauses=4, max_len=4), st.integers(2, 9))
@example(Formula(5, []), 2)                 # m = 0: N = 95, the paper's 2(2v+1)(6m+2) = 44
@example(Formula(3, [(1, 2, 3)]), 2)        # m = 1: N = 121, the paper's 112
@example(Formula(3, [(1, 2, 3)] * 6), 5)    # h > 2: n = 6m + h + 1
def test_deck_bound_holds_for_every_formula_and_hand(formula, h):
    reduction = reduce_formula(formula, h)
    v, m = reduction.formula.nvars, reduction.formula.m
    assert reduction.instance.N == deck_cards(v, m, h) <= deck_bound(v, m, h)
    assert reduction.instance.n == deck_size(m, h) and reduction.instance.c == 2 * v + 1


def test_crosscheck_bound_is_above_the_deck_where_the_papers_figure_is_not():
    row = crosscheck(Formula(3, [(1, 2, 3)]))
    papers = 2 * (2 * 3 + 1) * (6 * 1 + 2)
    assert (row["deck"]["N"], row["bound"], papers) == (121, 140, 112)


@pytest.mark.parametrize("m, h, words", [(-1, 2, "`m`: expected a whole number of clauses >= 0, got -1"),
                                         (1.5, 2, "`m`: expected a whole number of clauses >= 0, got 1.5"),
                                         (1, 1, "`h`: expected a whole hand size >= 2, got 1")])
def test_deck_size_refuses_what_no_formula_has(m, h, words):
    from solitaire.io.errors import InputError

    with pytest.raises(InputError) as caught:
        deck_size(m, h)
    assert str(caught.value) == words
    assert deck_size(0) == 5 and deck_size(0, 3) == 5


def test_erratum_1_values_exceed_6m_plus_2_for_small_m():
    """Paper: n = 6m + 2. Clause gadgets use values up to 5m + 5, more than 6m + 2 for m <= 2."""
    red = reduce_formula(FIG2)
    top = max(red.instance.cards[p - 1][0] for g in red.gadgets if g.kind.startswith("clause") for p in g.positions())
    assert top == 15 > 6 * 2 + 2 == 14 and red.instance.n == 15


def test_erratum_2_padding_from_om_plus_6_would_give_r_3():
    """Paper: pad with o_m + 6 .. 6m + 2. W_m's colors already hold two copies of o_m + 6."""
    red = reduce_formula(FIG2)
    o_m = 5
    before_padding = [c for g in red.gadgets if g.kind != "padding" for c in
                      (red.instance.cards[p - 1] for p in g.positions())]
    for k in sorted(literal_color(l) for l in FIG2.clauses[-1]):
        assert before_padding.count((o_m + 6, k)) == 2
    padding = next(g for g in red.gadgets if g.kind == "padding")
    assert min(red.instance.cards[p - 1][0] for p in padding.positions()) == o_m + 7
    assert red.instance.r == 2


def test_erratum_3_hand_larger_than_2_needs_the_full_reduction():
    """The h = 2 deck with a larger hand is winnable even for an unsatisfiable formula;
    the h = 3 construction (h - 2 cards held to the end of C_m) is not."""
    unsat = Formula(3, [(a * 1, b * 2, c * 3) for a in (1, -1) for b in (1, -1) for c in (1, -1)])
    assert decide_sat(reduce_formula(unsat, 2).instance.with_hand(3))[0]
    assert not _check(unsat, 3)
    assert not _check(unsat, 2)


def test_reading_x_from_the_5_is_wrong_reading_it_from_the_2_is_right():
    """A winning play may stop a true color at 4 in V_i and take its 5 from C_1."""
    formula = Formula(3, [(1, 2, 3)])
    red = reduce_formula(formula)
    inst = red.instance
    v1 = next(g for g in red.gadgets if g.kind == "variable" and g.ref == 1).spans[0][0] - 1
    enc = encode(inst)
    x = lambda i: enc.pool.id(("x", i))  # noqa: E731
    units = [[x(v1)], [-x(v1 + 5)]] + [[-x(g.spans[0][0] - 1)] for g in red.gadgets if g.kind == "variable" and g.ref > 1]
    with Solver(name="cadical195", bootstrap_with=enc.clauses + units) as s:
        assert s.solve()
        chosen = enc.chosen(s.get_model())
    seq, most = asap_sequence(inst, chosen)
    assert most <= 2 and replay(inst, seq.events()) == inst.max_score
    played = set(seq.played_positions().tolist())
    paper = tuple(next(g for g in red.gadgets if g.kind == "variable" and g.ref == i).spans[0][0] + 5 in played
                  for i in (1, 2, 3))
    assert not satisfies(paper, formula.clauses)
    assert assignment_from_sequence(red, seq) == (True, False, False)


def test_gadget_map_and_graph():
    red = reduce_formula(FIG2)
    data = red.to_json()
    assert data["dummy_color"] == 7 and [c["colors"] for c in data["clauses"]] == [[1, 4, 5], [1, 3, 6]]
    covered = sorted(p for g in red.gadgets for p in g.positions())
    assert covered == list(range(1, red.instance.N + 1))
    g = red.graph()
    assert all(sum(1 for u in g[("W", j)] if u[0] == "x") == 3 for j in (1, 2))
    assert g.edges[("x", 2), ("W", 1)]["sign"] == -1
