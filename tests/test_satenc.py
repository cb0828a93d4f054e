"""The SAT encoding ("sat" solver) against the brute-force oracle and the engine."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pysat.card import EncType

from helpers import instances
from solitaire.brute import solve_brute
from solitaire.engine import solve_engine
from solitaire.model import Instance
from solitaire.referee import replay
from solitaire.satenc import decide_sat, encode, solve_sat
from solitaire.satsolvers import SAT_SOLVERS
from solitaire.solve import solve


@settings(max_examples=250)
@given(instances(max_n=3, max_c=3, max_r=3, max_h=3, max_N=13))
def test_sat_equals_oracle(inst):
    ours, oracle = solve(inst, "sat"), solve_brute(inst)
    assert (ours.winnable, ours.score) == (oracle.winnable, oracle.score)
    assert replay(inst, ours.sequence.events()) == ours.score


@settings(max_examples=60)
@given(instances(max_n=5, max_c=4, max_r=3, max_h=3, max_N=40))
def test_sat_equals_engine_on_larger_instances(inst):
    ours, engine = solve_sat(inst), solve_engine(inst)
    assert (ours.winnable, ours.score) == (engine.winnable, engine.score)
    assert replay(inst, ours.sequence.events()) == ours.score


@settings(max_examples=40)
@given(instances(max_n=4, max_c=3, max_r=3, max_h=3, max_N=24),
       st.sampled_from([EncType.seqcounter, EncType.totalizer, EncType.sortnetwrk, EncType.cardnetwrk,
                        EncType.mtotalizer, EncType.kmtotalizer]))
def test_cardinality_encodings_agree(inst, kind):
    from pysat.solvers import Solver
    with Solver(name="cadical195", bootstrap_with=encode(inst, encoding=kind).clauses) as s:
        assert s.solve() == solve_engine(inst).winnable


@pytest.mark.parametrize("name", SAT_SOLVERS)
def test_every_offered_solver(name):
    inst = Instance.from_cards(3, 2, 1, [(2, 1), (3, 2), (1, 1), (3, 1), (1, 2), (2, 2), (2, 2)])
    res = solve_sat(inst, name)
    assert (res.winnable, res.score) == (solve_brute(inst).winnable, solve_brute(inst).score)
    assert replay(inst, res.sequence.events()) == res.score


def test_missing_type_is_a_loss_with_max_score():
    inst = Instance.from_cards(3, 1, 1, [(2, 1), (1, 1)])
    assert decide_sat(inst)[0] is False
    assert solve_sat(inst).score == 2


def test_a_lost_deck_above_the_maxsat_size_gets_its_verdict_alone_unless_the_score_is_asked(monkeypatch, tmp_path):
    inst = Instance.from_cards(2, 1, 0, [(2, 1), (1, 1)])  # no hand: the 2 comes first and is lost, score 1
    monkeypatch.setattr("solitaire.satenc.MAXSAT_CARDS", 1)
    verdict = solve_sat(inst)
    assert (verdict.winnable, verdict.score, verdict.sequence) == (False, None, None)
    assert "not computed (MaxSAT by default up to 1 cards: --maxsat, maximise=True, asks for it)" in verdict.certificate["reason"]
    asked = solve(inst, "sat", maximise=True, solver="glucose4")
    assert (asked.score, asked.extra["solver"]) == (solve_brute(inst).score, "glucose4")
    assert solve(inst, "auto", maximise=True, solver="glucose4").algorithm == "greedy"  # SAT's options, not greedy's
    assert solve_sat(inst, maximise=False).score is None and solve_sat(inst.with_hand(1)).score == 2
    from click.testing import CliRunner

    from cli import main

    deck = tmp_path / "lost.deck"
    deck.write_text("p hanabi 2 1 0\n2 1  1 1\n")
    said = CliRunner().invoke(main, ["solve", str(deck), "-a", "sat"]).output
    assert "score      not computed (the reason below)" in said and "--maxsat, maximise=True, asks for it" in said
    assert "score      1 / 2" in CliRunner().invoke(main, ["solve", str(deck), "-a", "sat", "--maxsat"]).output
    refused = CliRunner().invoke(main, ["solve", str(deck), "-a", "engine", "--maxsat"])
    assert refused.exit_code == 2 and "--maxsat applies where SAT answers" in refused.output


def test_hand_zero_and_empty_instance():
    assert solve_sat(Instance.from_cards(2, 1, 0, [(2, 1), (1, 1)])).score == 1
    assert solve_sat(Instance(1, 1, 0, [], [])).score == 0


def test_encoding_names_variables():
    inst = Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)])
    enc = encode(inst)
    assert enc.pool.obj(enc.pool.id(("x", 0))) == ("x", 0)
    assert ("held", 0, 1) in enc.pool.obj2id
