"""The 3-SAT -> solitaire Hanabi reduction of Theorem 7 (Baffier et al., 2016, §5), DIMACS CNF
input and output, and the cross-check SAT(formula) = winnable(deck).

The construction and the cross-check load numba code, networkx and PySAT on first use
(:func:`reduce_formula` and the other names of :mod:`reductions.theorem7`,
:func:`random_3sat`), so importing this package only loads the DIMACS reader.

Examples
--------
>>> from reductions import parse_dimacs, reduce_formula
>>> reduction = reduce_formula(parse_dimacs("p cnf 3 2\\n1 -2 3 0\\n1 2 -3 0\\n"))
>>> reduction.instance.params()
{'N': 183, 'n': 15, 'c': 7, 'r': 2, 'h': 2}
"""

from solitaire.deferred import deferred

from .dimacs import Formula, Normalised, format_dimacs, normalise, parse_dimacs, read_dimacs, satisfies

__all__ = [
    "Formula", "Normalised", "parse_dimacs", "read_dimacs", "format_dimacs", "normalise", "satisfies",
    "Reduction", "reduce_formula", "deck_size", "deck_bound", "sequence_from_assignment", "assignment_from_sequence",
    "random_3sat",
]

_LATER = {name: "reductions.theorem7" for name in ("Reduction", "reduce_formula", "deck_size", "deck_bound",
                                                   "sequence_from_assignment", "assignment_from_sequence")}
__getattr__, __dir__ = deferred(__name__, {**_LATER, "random_3sat": "reductions.crosscheck"})
