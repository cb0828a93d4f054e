"""Solitaire Hanabi (Baffier et al., 2016): the instance model, the ``.deck`` format, the referee,
the exact solvers and the shipped examples.

The real multiplayer game is :mod:`solitaire.seer`; the 3-SAT reduction is the package
:mod:`reductions`. Importing this package loads neither numba code nor PySAT: each solver's
module loads when :func:`solve` first runs it.

Examples
--------
>>> import solitaire
>>> deck = solitaire.read_instance(solitaire.example_path("tiny-r1"))
>>> result = solitaire.solve(deck)
>>> result.winnable, solitaire.replay(deck, result.sequence.events()) == deck.max_score
(True, True)
"""

from solitaire.deckfile import format_deck, parse_deck, read_deck, read_instance, write_deck
from solitaire.examples import example_path, find_example
from solitaire.generate import random_instance
from solitaire.io.errors import InputError
from solitaire.model import Instance
from solitaire.referee import IllegalEvent, replay
from solitaire.result import SolveResult
from solitaire.sequence import PlaySequence, read_sequence
from solitaire.solve import SOLVERS, applicable, choose, solve

__all__ = [
    "Instance", "InputError", "read_instance", "read_deck", "parse_deck", "format_deck", "write_deck",
    "solve", "SOLVERS", "applicable", "choose", "SolveResult", "PlaySequence", "read_sequence",
    "replay", "IllegalEvent", "random_instance", "example_path", "find_example",
]
