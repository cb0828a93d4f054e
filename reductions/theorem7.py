"""3-SAT → solitaire Hanabi: the construction of Theorem 7 (Baffier et al. 2016, §5).

Given a CNF formula, normalised to ``v`` variables and ``m`` clauses of exactly three
distinct variables (:func:`reductions.dimacs.normalise`), :func:`reduce_formula` builds a
card sequence with ``2v + 1`` colors, multiplicity ``r = 2`` and hand size ``h`` that is
winnable iff the formula is satisfiable. Color ``2i - 1`` stands for ``x_i``, color ``2i``
for ``-x_i``, color ``d = 2v + 1`` is the dummy color. The sequence reads like §5:

* hand reduction (Fig. 1): ``(2, d)`` first and ``(1, d)`` after the variable gadgets, so
  one hand slot is taken while they are scanned;
* variable gadget ``V_i = 2, 2', 1, 3, 4, 5, 1', 3', 4', 5'`` (primed cards have color
  ``2i``, the others ``2i - 1``): with one free slot, one of the two colors reaches 5 and
  the other stays at 1 (Lemma 8); ``x_i`` is true when ``(5, 2i - 1)`` is played;
* for every clause ``W_j`` (offset ``o = 5(j - 1)``, dummy base ``e = 6(j - 1)``): the hand
  dump ``(e+4, d), (e+5, d), (e+3, d)`` (Fig. 3), then the clause gadget ``C_j`` (Fig. 2):
  ``o+6 .. o+10`` in each of the three colors of its literals, ``o+5 .. o+10, o+2, o+3, o+4``
  in every other non-dummy color, the inner hand dump ``(e+7, d), (e+8, d), (e+6, d)``, and
  ``o+3`` in the three colors followed by ``o+2, o+4, o+5, o+6`` in each of them. A color
  at ``o+5`` gains five cards directly; a color at ``o+1`` gains five (to ``o+6``) when it
  is not one of the clause's colors, or when at most two of the clause's colors are at
  ``o+1`` (Lemmas 9, 10);
* the final padding: values ``5m+2 .. n`` in increasing order in every non-dummy color,
  after the dummy tail.

Errata (found by checking the construction with the solvers of this toolkit)
-----------------------------------------------------------------------------
1. ``n = 6m + 2`` is too small for ``m <= 2``: clause gadget ``C_m`` uses values up to
   ``o_m + 10 = 5m + 5 > 6m + 2`` (the paper's own Figure 2, ``m = 2``, shows value 15 > 14).
   We take ``n = max(6m + 2, 5m + 5)`` and complete the dummy color with ``6m+3 .. n`` after
   ``C_m`` (cards played at once, no hand needed).
2. The padding "values ``o_m + 6`` to ``6m + 2``" gives a third copy of ``(o_m + 6, k)``
   for the three colors of ``W_m`` (they already have two in ``C_m``), so ``r = 3``. A
   winning play is at ``o_m + 6`` or ``o_m + 10`` in every color after ``C_m``, so the
   padding starts at ``o_m + 7 = 5m + 2`` (value 2 when ``m = 0``), and ``r = 2`` holds.
3. "Any ``h >= 2`` by a hand reduction gadget" needs ``h - 2`` cards held from the first
   card to the end of ``C_m`` (the last block of ``C_m`` must see a hand of exactly two).
   We put the dummy values ``n - h + 3 .. n`` at the very start and the dummy tail (at least
   one card, the release) after ``C_m``, so ``n = max(6m + h + 1, 5m + 5)`` for ``h > 2``.

Witnesses: :func:`sequence_from_assignment` turns a model into a winning play sequence
(one chosen copy per card type, played as soon as possible: :mod:`solitaire.selection`),
:func:`assignment_from_sequence` reads ``x_i`` off a winning sequence (``x_i`` is true iff
the copy of ``(2, 2i - 1)`` in ``V_i`` is played). Running time ``O(N)``, with
``N <= 2(2v + 1) n``.

References
----------
Baffier et al., "Hanabi is NP-complete, Even for Cheaters who Look at Their Cards",
FUN 2016, Theorem 7, Lemmas 8-10, Figures 1-3.

Examples
--------
>>> from reductions.dimacs import Formula
>>> red = reduce_formula(Formula(3, [(1, -2, 3), (1, 2, -3)]))
>>> red.instance.params()
{'N': 183, 'n': 15, 'c': 7, 'r': 2, 'h': 2}
>>> from solitaire.referee import replay
>>> replay(red.instance, sequence_from_assignment(red, (True, False, False)).events())
105
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import numpy as np

from solitaire.deckfile import deck_blocks
from solitaire.io.atomic import write_files
from solitaire.io.budget import REDUCE_CARD_BYTES, check_budget
from solitaire.io.errors import InputError, expect_type
from solitaire.io.inputfile import is_whole
from solitaire.model import Instance, params_text
from solitaire.selection import asap_sequence
from solitaire.sequence import PlaySequence

from .dimacs import Formula, Normalised, normalise, satisfies

if TYPE_CHECKING:
    import networkx as nx

__all__ = ["Gadget", "Reduction", "reduce_formula", "deck_size", "deck_bound", "deck_cards",
           "sequence_from_assignment", "assignment_from_sequence", "literal_color"]

_VARIABLE_GADGET = ((2, 0), (2, 1), (1, 0), (3, 0), (4, 0), (5, 0), (1, 1), (3, 1), (4, 1), (5, 1))
_OTHER_VALUES = (5, 6, 7, 8, 9, 10, 2, 3, 4)
_CLAUSE_GADGETS = ("clause-first", "clause-other", "clause-last")


@dataclass
class Gadget:
    """A named part of the sequence: ``spans`` are 1-based inclusive position ranges."""

    kind: str
    ref: object
    spans: list = field(default_factory=list)

    def positions(self) -> list[int]:
        """The 1-based positions of the gadget's cards."""
        return [p for first, last in self.spans for p in range(first, last + 1)]

    def to_json(self) -> dict:
        """The gadget as a JSON object."""
        return {"kind": self.kind, "ref": self.ref, "spans": [list(s) for s in self.spans]}


@dataclass
class Reduction:
    """The generated instance and its gadget map."""

    instance: Instance
    normalised: Normalised
    gadgets: list

    @property
    def formula(self) -> Formula:
        """The normalised exact 3-CNF the deck encodes."""
        return self.normalised.formula

    def to_json(self) -> dict:
        """The gadget map: which positions and colors belong to which variable and clause."""
        f = self.formula
        variables = [{"variable": i, "true_color": 2 * i - 1, "false_color": 2 * i,
                      "original": i <= self.normalised.original.nvars} for i in range(1, f.nvars + 1)]
        clauses = [{"clause": j, "literals": list(cl), "colors": sorted(literal_color(lit) for lit in cl),
                    "offset": 5 * (j - 1), "original_clause": self.normalised.origin[j - 1] + 1}
                   for j, cl in enumerate(f.clauses, start=1)]
        return {"theorem": "Baffier et al. 2016, Theorem 7", "instance": self.instance.params(),
                "dummy_color": 2 * f.nvars + 1, "variables": variables, "clauses": clauses,
                "gadgets": [g.to_json() for g in self.gadgets], "normalisation": self.normalised.to_json()}

    def provenance(self, source: str, command: str) -> list:
        """The comment lines of this instance's ``.deck`` file (as :func:`solitaire.generate.provenance`
        gives those of a random deck): what built it, the ``command`` that did, the formula it
        came from (the file ``source``) and what its colors mean."""
        original, f = self.normalised.original, self.formula
        return ["Theorem 7 instance (Baffier et al. 2016, Sec. 5) generated by hanabi-solitaire reduce",
                f"command: {command}",
                f"source formula: {source} ({original.nvars} variables, {original.m} clauses; "
                f"exact 3-CNF: {f.nvars} variables, {f.m} clauses)",
                "seed: none (deterministic)",
                f"colors 2i-1 / 2i: x_i true / false; color {2 * f.nvars + 1}: dummy"]

    def summary(self) -> dict:
        """The instance's parameters and the sizes of the formula, original and normalised (``vars``,
        ``clauses``, ``norm_vars``, ``norm_clauses``)."""
        original, f = self.normalised.original, self.formula
        return {"instance": self.instance.params(),
                "formula": {"vars": original.nvars, "clauses": original.m, "norm_vars": f.nvars, "norm_clauses": f.m}}

    def text(self, deck: str, gadget_map: str | None = None) -> str:
        """The line of ``hanabi-solitaire reduce`` for the deck written to ``deck`` (the map to ``gadget_map``):
        the instance's parameters, the size of the formula given and, where normalising changed it, that of the
        exact 3-CNF the deck encodes.

        Examples
        --------
        >>> from reductions.dimacs import Formula
        >>> reduce_formula(Formula(1, [(1,), (-1,)])).text("u.deck")
        'u.deck: N=590 n=50 c=7 r=2 h=2 from 1 variable, 2 clauses (exact 3-CNF: 3 variables, 8 clauses)'
        """
        original, f = self.normalised.original, self.formula
        exact = (original.nvars, original.m) == (f.nvars, f.m)
        return (f"{deck}: {params_text(self.instance.params())} from {_sizes(original)}"
                + ("" if exact else f" (exact 3-CNF: {_sizes(f)})") + (f"; map -> {gadget_map}" if gadget_map else ""))

    def write(self, deck: str | os.PathLike[str], source: str, command: str,
              gadget_map: str | os.PathLike[str] | None = None) -> None:
        """Write the deck, with its :meth:`provenance` (``source``, ``command``), to the file ``deck`` and the
        gadget map (:meth:`to_json`) to ``gadget_map``: both files or neither.

        Raises
        ------
        InputError
            Naming the file that could not be written; neither file is changed.
        """
        texts: dict[str | os.PathLike[str], str | Iterable[str]] = {
            deck: deck_blocks(self.instance, self.provenance(source, command))}
        if gadget_map:
            texts[gadget_map] = json.dumps(self.to_json(), indent=1) + "\n"
        write_files(texts)

    def graph(self) -> nx.Graph:
        """The variable/clause/gadget structure as a networkx graph.

        Nodes ``("x", i)``, ``("W", j)`` and ``("g", index)``; edges variable-clause
        (attribute ``sign``) and variable/clause-gadget.
        """
        import networkx as nx  # only here: its import costs a quarter second
        g = nx.Graph()
        g.add_nodes_from((("x", i) for i in range(1, self.formula.nvars + 1)), kind="variable")
        for j, clause in enumerate(self.formula.clauses, start=1):
            g.add_node(("W", j), kind="clause")
            g.add_edges_from((("x", abs(lit)), ("W", j), {"sign": 1 if lit > 0 else -1}) for lit in clause)
        for index, gadget in enumerate(self.gadgets):
            g.add_node(("g", index), kind=gadget.kind)
            if gadget.kind == "variable":
                g.add_edge(("g", index), ("x", gadget.ref))
            elif gadget.ref is not None:
                g.add_edge(("g", index), ("W", gadget.ref))
        return g


def _sizes(formula: Formula) -> str:
    """``3 variables, 1 clause``: the size of ``formula`` in words."""
    return (f"{formula.nvars} variable{'' if formula.nvars == 1 else 's'}, "
            f"{formula.m} clause{'' if formula.m == 1 else 's'}")


def literal_color(literal: int) -> int:
    """Color of a literal: ``2i - 1`` for ``x_i``, ``2i`` for ``-x_i``."""
    return 2 * abs(literal) - 1 if literal > 0 else 2 * abs(literal)


def deck_size(m: int, h: int = 2) -> int:
    """The number of values ``n`` for ``m >= 0`` clauses and hand size ``h >= 2`` (errata 1 and 3); an
    :class:`~solitaire.io.errors.InputError` names ``m`` or ``h`` when it is not such a whole number."""
    if not (is_whole(m) and m >= 0):
        raise InputError(f"expected a whole number of clauses >= 0, got {m!r}", "`m`")
    if not (is_whole(h) and h >= 2):
        raise InputError(f"expected a whole hand size >= 2, got {h!r}", "`h`")
    return max(6 * m + 2 if h == 2 else 6 * m + h + 1, 5 * m + 5)


def deck_bound(nvars: int, m: int, h: int = 2) -> int:
    """``2(2v + 1) n``, with ``n =`` :func:`deck_size` ``(m, h)``: an upper bound on the cards ``N`` of the deck
    :func:`reduce_formula` builds for an exact 3-CNF formula of ``v = nvars`` variables and ``m`` clauses.

    It is the paper's ``2(2v + 1)(6m + 2)`` where ``n = 6m + 2`` (``m >= 3`` and ``h = 2``), and larger
    than it elsewhere (errata 1 and 3 make ``n`` larger).

    Proof. Count the cards per color (:func:`deck_cards`). The dummy color holds every value ``1 .. n`` once
    (``n - h + 3 .. n`` first, ``2`` and ``1``, ``6j - 3 .. 6j + 2`` in the hand dumps of ``W_j``, then the
    tail ``6m + 3 .. n - h + 2``), as ``n >= 6m + h``. A color ``k <= 2v`` holds 5 cards in its
    variable gadget, 10 in ``C_j`` when it is one of the colors of ``W_j`` and 9 when not, and
    ``n - 5m - 1`` of padding: at most ``5 + 10m + n - 5m - 1 = n + 5m + 4 <= 2n - 1`` cards, as
    ``n >= 5m + 5``. So ``N <= n + 2v (2n - 1) < 2 (2v + 1) n``.

    Examples
    --------
    >>> deck_cards(3, 1), deck_bound(3, 1), 2 * (2 * 3 + 1) * (6 * 1 + 2)  # N, the bound, the paper's figure
    (121, 140, 112)
    """
    return 2 * (2 * nvars + 1) * deck_size(m, h)


def deck_cards(nvars: int, m: int, h: int = 2) -> int:
    """The number of cards ``N`` of the deck :func:`reduce_formula` builds for an exact 3-CNF
    formula of ``nvars`` variables and ``m`` clauses (known before building it)."""
    n, others = deck_size(m, h), 2 * nvars - 3
    per_clause = 3 + 3 * 5 + others * len(_OTHER_VALUES) + 3 + 3 + 3 * 4
    return ((h - 2) + 2 + nvars * len(_VARIABLE_GADGET) + m * per_clause + max(0, n - h - 6 * m)
            + 2 * nvars * max(0, n - 5 * m - 1))


class _Builder:
    """Appends cards and records which gadget each belongs to."""

    def __init__(self):
        self.cards, self.gadgets = [], []

    def add(self, kind, ref, cards):
        self.gadgets.append(Gadget(kind, ref))
        return self.extend(len(self.gadgets) - 1, cards)

    def extend(self, index, cards):
        if cards:
            self.gadgets[index].spans.append((len(self.cards) + 1, len(self.cards) + len(cards)))
            self.cards += cards
        return index


def reduce_formula(formula: Formula | Normalised, h: int = 2) -> Reduction:
    """The Theorem 7 instance of ``formula`` (any CNF; normalised first) with hand size ``h``.

    Parameters
    ----------
    formula : Formula or Normalised
    h : int
        Hand size, ``>= 2``.

    Returns
    -------
    Reduction
        ``2v + 1`` colors, ``n =`` :func:`deck_size` ``(m, h)``, ``r <= 2``.

    Raises
    ------
    ValueError
        For ``h < 2``.
    BudgetError
        Before building, when the deck (:func:`deck_cards`) would not fit the memory limit.

    Examples
    --------
    Figure 2's formula (a shipped example): the deck is winnable, as the formula is
    satisfiable; a model gives a winning sequence, which the referee replays, and the
    sequence gives back a model:

    >>> from reductions.dimacs import read_dimacs
    >>> from solitaire import example_path, replay
    >>> formula = read_dimacs(example_path("figure2", "cnf"))
    >>> formula.clauses
    ((1, -2, 3), (1, 2, -3))
    >>> reduction = reduce_formula(formula)
    >>> reduction.instance.params()
    {'N': 183, 'n': 15, 'c': 7, 'r': 2, 'h': 2}
    >>> sequence = sequence_from_assignment(reduction, [True, False, False])
    >>> replay(reduction.instance, sequence.events()) == reduction.instance.max_score
    True
    >>> assignment_from_sequence(reduction, sequence)
    (True, False, False)
    """
    expect_type(formula, (Formula, Normalised), "formula", "a Formula (reductions.parse_dimacs reads DIMACS text)")
    if h < 2:
        raise ValueError(f"the construction needs a hand size h >= 2, got {h}")
    norm = formula if isinstance(formula, Normalised) else normalise(formula)
    f = norm.formula
    v, m = f.nvars, f.m
    cards = deck_cards(v, m, h)
    check_budget(f"the Theorem 7 deck of {cards:,} cards ({v:,} variables, {m:,} clauses, h = {h})",
                 cards * REDUCE_CARD_BYTES)
    d, n = 2 * v + 1, deck_size(m, h)
    b = _Builder()
    b.add("hand-reduction-extra", None, [(a, d) for a in range(n - h + 3, n + 1)])
    reduction = b.add("hand-reduction", None, [(2, d)])
    for i in range(1, v + 1):
        b.add("variable", i, [(a, 2 * i - 1 + prime) for a, prime in _VARIABLE_GADGET])
    b.extend(reduction, [(1, d)])
    for j, clause in enumerate(f.clauses, start=1):
        o, e = 5 * (j - 1), 6 * (j - 1)
        colors = sorted(literal_color(lit) for lit in clause)
        others = [k for k in range(1, 2 * v + 1) if k not in colors]
        b.add("hand-dump", j, [(e + 4, d), (e + 5, d), (e + 3, d)])
        b.add("clause-first", j, [(o + a, k) for k in colors for a in range(6, 11)])
        b.add("clause-other", j, [(o + a, k) for k in others for a in _OTHER_VALUES])
        b.add("hand-dump", j, [(e + 7, d), (e + 8, d), (e + 6, d)])
        b.add("clause-last", j, [(o + 3, k) for k in colors] + [(o + a, k) for k in colors for a in (2, 4, 5, 6)])
    b.add("dummy-tail", None, [(a, d) for a in range(6 * m + 3, n - h + 3)])
    b.add("padding", None, [(a, k) for k in range(1, 2 * v + 1) for a in range(5 * m + 2, n + 1)])
    instance = Instance.from_cards(n, d, h, b.cards)
    return Reduction(instance, norm, [g for g in b.gadgets if g.spans])


def sequence_from_assignment(reduction: Reduction, assignment: Sequence[bool]) -> PlaySequence:
    """A winning play sequence of the deck from a model of the original formula.

    The chosen copies follow the proof of Theorem 11: every dummy card; in ``V_i`` values
    1..5 of the true color and value 1 of the other; in every later gadget, for each color
    at level ``L``, the run ``L+1, L+2, ...`` of values present in the gadget (capped at
    ``L + 5`` in clause gadgets, which is Lemma 9/10's "five more cards"). They are played
    as soon as possible (:func:`solitaire.selection.asap_sequence`).

    Raises
    ------
    ValueError
        When ``assignment`` does not satisfy the formula.
    """
    norm = reduction.normalised
    if len(assignment) != norm.original.nvars or not satisfies(assignment, norm.original.clauses):
        raise ValueError("the assignment does not satisfy the formula")
    values = norm.lift(assignment)
    inst = reduction.instance
    cards = inst.cards
    d = inst.c
    level = [0] * (d + 1)
    chosen = np.zeros(inst.N, dtype=np.bool_)
    for gadget in reduction.gadgets:
        by_color: dict[int, dict[int, int]] = {}
        for p in gadget.positions():
            by_color.setdefault(cards[p - 1][1], {})[cards[p - 1][0]] = p
        for k, where in by_color.items():
            if k == d:
                top = max(where)
            elif gadget.kind == "variable":
                top = 5 if values[gadget.ref - 1] == (k % 2 == 1) else 1
            else:
                top = level[k]
                limit = level[k] + 5 if gadget.kind in _CLAUSE_GADGETS else inst.n
                while top + 1 in where and top < limit:
                    top += 1
            for a in range(level[k] + 1, top + 1) if k != d else where:
                chosen[where[a] - 1] = True
            level[k] = max(level[k], top)
    return asap_sequence(inst, chosen)[0]


def assignment_from_sequence(reduction: Reduction, sequence: PlaySequence) -> tuple[bool, ...]:
    """The assignment a play sequence makes, on the original variables.

    ``x_i`` is true iff the copy of ``(2, 2i - 1)`` in ``V_i`` is played (Lemma 8: at most
    one of the two 2s of ``V_i`` is played). For a winning sequence this satisfies the
    formula.

    Proof sketch. A color at level ``L`` with ``o + 1 <= L <= o + 3`` before ``C_j`` ends
    it at most at ``o + 6`` (the values ``o + 7 ..`` of ``C_j`` come before the cards it
    needs, with two hand slots), so a color is above ``o_j + 1`` before ``C_j`` only if it
    was above 1 after the variable gadgets, i.e. its 2 in ``V_i`` was played. If all three
    colors of ``W_j`` are at ``o_j + 1`` before ``C_j``, three ``o_j + 3`` must be stored
    at once (Lemma 10), so some clause color stops for good.

    Remark: the paper reads ``x_i`` off ``(5, 2i - 1)`` under its "smart play"
    assumption. An arbitrary winning sequence may stop a true color at 2, 3 or 4 in
    ``V_i`` and take the missing values from ``C_1`` (the SAT solver finds such plays);
    reading off ``(5, 2i - 1)`` then gives a non-model, so the 2 is the right card.
    """
    played = set(sequence.played_positions().tolist())
    variables = [g for g in reduction.gadgets if g.kind == "variable"]
    values = [False] * reduction.formula.nvars
    for g in variables:
        values[g.ref - 1] = g.spans[0][0] in played
    return reduction.normalised.project(values)
