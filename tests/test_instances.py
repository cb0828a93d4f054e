"""Every shipped instance with a `c expect:` line gives its documented answer."""

import re
from pathlib import Path

import pytest

from solitaire.deckfile import read_deck
from solitaire.referee import replay
from solitaire.solve import SOLVERS, solve

DECKS = sorted((Path(__file__).resolve().parent.parent / "instances").glob("**/*.deck"))
EXPECT = re.compile(r"^c expect: winnable=(yes|no) score=(\d+)", re.M)


def _expected(path):
    match = EXPECT.search(path.read_text())
    return None if match is None else (match.group(1) == "yes", int(match.group(2)))


@pytest.mark.parametrize("path", [d for d in DECKS if _expected(d)], ids=lambda p: p.name)
def test_shipped_instance_answers(path):
    winnable, score = _expected(path)
    inst = read_deck(path)
    for name in ("auto", *SOLVERS):
        if name != "auto" and (SOLVERS[name].refuses(inst) or name == "dp" and inst.N > 30):
            continue
        result = solve(inst, name)
        assert result.winnable == winnable, name
        if result.score is not None:
            assert result.score == score, name
        if result.sequence is not None:
            assert replay(inst, result.sequence.events()) == (inst.max_score if result.score is None else result.score)
