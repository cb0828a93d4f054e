"""DIMACS CNF input and the normalisation to exact 3-CNF that Theorem 7 needs.

Reading (:func:`parse_dimacs`, :func:`read_dimacs`) accepts what real files contain:
comment lines (``c ...``), the ``p cnf <vars> <clauses>`` header, clauses spanning several
lines or several clauses on one line, blank lines, and the SATLIB trailer (a line ``%``
after which everything, such as the stray ``0``, is ignored). It rejects what is wrong
with one :class:`~solitaire.io.errors.InputError` naming the file, line and column and what
was expected: a missing or malformed header, a token that is not an integer, a literal
beyond the declared variables, an unterminated last clause, a clause count that differs
from the header.

Normalisation (:func:`normalise`) turns any CNF into clauses of exactly three distinct
variables, equisatisfiable, keeping the map back:

* repeated literals are dropped, tautologies (``x`` and ``-x``) are dropped;
* a clause with fewer than three literals is padded with the shared padding variables
  ``p1, p2, p3`` in every sign combination: ``(l1 v l2)`` becomes
  ``(l1 v l2 v p1) (l1 v l2 v -p1)``, a unit clause becomes four clauses, the empty clause
  eight (so an empty clause stays unsatisfiable; padding with a single fresh literal would
  make every short clause trivially true);
* a clause ``(l1 v ... v lk)``, ``k > 3``, is split with fresh variables ``z``:
  ``(l1 v l2 v z1) (-z1 v l3 v z2) ... (-z(k-3) v l(k-1) v lk)``.

Variables ``1..nvars`` keep their numbers; padding and split variables follow. A model of
the original formula lifts to the normalised one (padding variables false, ``z_i`` true
iff ``l1 .. l(i+1)`` are all false), and a model of the normalised formula projects to
the original one by dropping the extra variables. Time and size: linear in the input.

Examples
--------
>>> f = parse_dimacs("c demo\\np cnf 3 2\\n1 -2 0 2\\n3 0\\n%\\n0\\n")
>>> f.nvars, f.clauses
(3, ((1, -2), (2, 3)))
>>> norm = normalise(f)
>>> norm.formula.clauses
((1, -2, 4), (1, -2, -4), (2, 3, 4), (2, 3, -4))
>>> norm.project(norm.lift((True, False, False)))
(True, False, False)
"""

import os
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from solitaire.io.budget import CNF_LITERAL_BYTES, check_budget
from solitaire.io.errors import InputError
from solitaire.io.inputfile import read_text, text_lines

__all__ = ["Formula", "Normalised", "parse_dimacs", "read_dimacs", "format_dimacs", "normalise", "satisfies"]

_TOKEN = re.compile(r"\S+")
_INT = re.compile(r"[+-]?[0-9]{1,18}")  # longer numbers are far beyond MAX_VARIABLES


@dataclass(frozen=True)
class Formula:
    """A CNF formula: ``nvars`` variables and clauses of nonzero integer literals."""

    nvars: int
    clauses: tuple

    if TYPE_CHECKING:  # the generated __init__, which takes the clauses as any iterable of iterables
        def __init__(self, nvars: int, clauses: Iterable[Iterable[int]]) -> None: ...

    def __post_init__(self) -> None:
        object.__setattr__(self, "clauses", tuple(tuple(int(x) for x in cl) for cl in self.clauses))
        for clause in self.clauses:
            for lit in clause:
                if lit == 0 or abs(lit) > self.nvars:
                    raise ValueError(f"literal {lit} outside 1..{self.nvars} (in absolute value)")

    @property
    def m(self) -> int:
        """Number of clauses."""
        return len(self.clauses)


def satisfies(assignment: Sequence[bool], clauses: Iterable[Sequence[int]]) -> bool:
    """Whether ``assignment`` (a sequence of bools, ``assignment[v-1]`` for variable ``v``)
    satisfies every clause."""
    return all(any(assignment[abs(lit) - 1] == (lit > 0) for lit in cl) for cl in clauses)


#: The most variables a header may announce (the reduction builds gadgets for each).
MAX_VARIABLES = 10**7


def _header(tokens, source, lineno):
    if len(tokens) != 4 or tokens[1][0] != "cnf":
        col = tokens[1][1] if len(tokens) > 1 else tokens[0][1]
        raise InputError("expected the header 'p cnf <variables> <clauses>'", source, lineno, col)
    numbers = []
    for (tok, col), what in zip(tokens[2:], ("variables", "clauses"), strict=True):
        if not re.fullmatch(r"[0-9]{1,18}", tok):
            raise InputError(f"expected the number of {what} (an integer >= 0), got {tok[:30]!r}", source, lineno, col)
        numbers.append(int(tok))
    if numbers[0] > MAX_VARIABLES:
        raise InputError(f"expected at most {MAX_VARIABLES:,} variables, got {numbers[0]}", source, lineno,
                         tokens[2][1])
    return numbers


def parse_dimacs(text: str, source: str = "<string>") -> Formula:
    """Parse DIMACS CNF text into a :class:`Formula`.

    Raises
    ------
    InputError
        With file, line, column and what was expected, for anything malformed.
    """
    header = None
    clauses: list[tuple[int, ...]] = []
    current: list[int] = []
    last_pos = (1, 1)
    for lineno, line in enumerate(text_lines(text), start=1):
        tokens = [(m.group(), m.start() + 1) for m in _TOKEN.finditer(line)]
        if not tokens or tokens[0][0].startswith("c"):
            continue
        if tokens[0][0] == "%":
            break
        if tokens[0][0] == "p":
            if header is not None:
                raise InputError("expected one 'p cnf' header, found a second one", source, lineno, tokens[0][1])
            if current or clauses:
                raise InputError("expected the 'p cnf' header before the clauses", source, lineno, tokens[0][1])
            header = _header(tokens, source, lineno)
            continue
        if header is None:
            raise InputError(f"expected the header 'p cnf <variables> <clauses>' or a comment, got {tokens[0][0]!r}",
                             source, lineno, tokens[0][1])
        for tok, col in tokens:
            if not _INT.fullmatch(tok):
                raise InputError(f"expected a literal (a nonzero integer) or 0, got {tok[:30]!r}", source, lineno, col)
            lit = int(tok)
            if abs(lit) > header[0]:
                raise InputError(f"expected a literal in -{header[0]}..{header[0]} (the header declares "
                                 f"{header[0]} variables), got {lit}", source, lineno, col)
            if lit == 0:
                clauses.append(tuple(current))
                current = []
            else:
                current.append(lit)
            last_pos = (lineno, col)
    if header is None:
        raise InputError("expected the header 'p cnf <variables> <clauses>', found none", source)
    if current:
        raise InputError("expected 0 to end the last clause", source, *last_pos)
    if len(clauses) != header[1]:
        raise InputError(f"expected {header[1]} clauses (as the header declares), found {len(clauses)}", source)
    return Formula(header[0], tuple(clauses))


def read_dimacs(path: str | os.PathLike[str]) -> Formula:
    """Read a DIMACS CNF file; every problem is an :class:`InputError` (a file too large for the
    memory limit too: at most one literal per 2 bytes, :data:`~solitaire.io.budget.CNF_LITERAL_BYTES` each)."""
    size = os.path.getsize(path) if os.path.isfile(path) else 0
    check_budget(f"reading this CNF (up to {size // 2:,} literals)", size // 2 * CNF_LITERAL_BYTES, str(path))
    return parse_dimacs(read_text(path), str(path))


def format_dimacs(formula: Formula, comments: Iterable[str] = ()) -> str:
    """DIMACS text of ``formula``, with ``c`` comment lines first."""
    lines = [f"c {line}" for line in comments]
    lines.append(f"p cnf {formula.nvars} {formula.m}")
    lines += [" ".join(map(str, cl)) + " 0" for cl in formula.clauses]
    return "\n".join(lines) + "\n"


@dataclass(frozen=True)
class Normalised:
    """An exact 3-CNF equisatisfiable with ``original``, and the map between them.

    Attributes
    ----------
    original : Formula
    formula : Formula
        Every clause has exactly three literals over three distinct variables.
    origin : tuple of int
        ``origin[j]`` is the 0-based index of the original clause normalised clause ``j``
        comes from.
    padding : tuple of int
        The shared padding variables (at most three).
    splits : tuple
        ``(original clause index, (z1, z2, ...))`` for every split clause.
    """

    original: Formula
    formula: Formula
    origin: tuple
    padding: tuple
    splits: tuple

    def lift(self, assignment: Iterable[bool]) -> tuple[bool, ...]:
        """Extend a model of the original formula to a model of the normalised one."""
        values = list(assignment) + [False] * (self.formula.nvars - self.original.nvars)
        for index, zs in self.splits:
            clause = _clean(self.original.clauses[index])
            all_false = not any(values[abs(lit) - 1] == (lit > 0) for lit in clause[:2])
            for i, z in enumerate(zs):
                values[z - 1] = all_false
                lit = clause[i + 2]
                all_false = all_false and values[abs(lit) - 1] != (lit > 0)
        return tuple(values)

    def project(self, assignment: Sequence[bool]) -> tuple[bool, ...]:
        """Restrict a model of the normalised formula to the original variables."""
        return tuple(assignment[: self.original.nvars])

    def to_json(self) -> dict[str, Any]:
        """The map as JSON: origin of every clause, padding and split variables."""
        return {"original_variables": self.original.nvars, "original_clauses": self.original.m,
                "variables": self.formula.nvars, "clauses": self.formula.m,
                "clause_origin": [j + 1 for j in self.origin],
                "padding_variables": list(self.padding),
                "split_variables": [{"clause": j + 1, "variables": list(zs)} for j, zs in self.splits]}


def _clean(clause):
    """The clause without repeated literals (first occurrences kept), or None for a tautology."""
    seen = list(dict.fromkeys(clause))
    lits = set(seen)
    return None if any(-lit in lits for lit in seen) else tuple(seen)


def normalise(formula: Formula) -> Normalised:
    """Exact 3-CNF equisatisfiable with ``formula`` (see the module docstring).

    Examples
    --------
    >>> n = normalise(Formula(1, [()]))
    >>> n.formula.m, n.padding
    (8, (2, 3, 4))
    >>> normalise(Formula(5, [(1, 2, 3, 4, 5)])).formula.clauses
    ((1, 2, 6), (-6, 3, 7), (-7, 4, 5))
    """
    nvars = formula.nvars
    clauses, origin, splits = [], [], []
    padding: list[int] = []
    for index, raw in enumerate(formula.clauses):
        clause = _clean(raw)
        if clause is None:
            continue
        if len(clause) < 3:
            need = 3 - len(clause)
            while len(padding) < need:
                nvars += 1
                padding.append(nvars)
            pads = padding[:need]
            for signs in range(2 ** need):
                clauses.append(clause + tuple(-p if signs >> b & 1 else p for b, p in enumerate(pads)))
                origin.append(index)
        elif len(clause) == 3:
            clauses.append(clause)
            origin.append(index)
        else:
            zs = tuple(range(nvars + 1, nvars + len(clause) - 2))
            nvars += len(zs)
            splits.append((index, zs))
            clauses.append((clause[0], clause[1], zs[0]))
            for i in range(1, len(zs)):
                clauses.append((-zs[i - 1], clause[i + 1], zs[i]))
            clauses.append((-zs[-1], clause[-2], clause[-1]))
            origin += [index] * (len(zs) + 1)
    return Normalised(formula, Formula(nvars, tuple(clauses)), tuple(origin), tuple(padding), tuple(splits))
