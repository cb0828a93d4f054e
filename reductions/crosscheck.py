"""The cross-check of Theorem 7: SAT(formula) must equal winnable(generated deck).

For each formula, :func:`crosscheck` asks PySAT about the CNF itself, builds the Theorem 7
deck (:mod:`reductions.theorem7`), and decides that deck with Hanabi solvers that know
nothing of the gadgets: the SAT encoding of the copy-selection lemma
(:mod:`solitaire.satenc`) always, and the exact engine when the deck is within its range.
It then checks both witnesses: the CNF model becomes a winning play sequence (checked by
the referee), and the Hanabi winning sequence becomes an assignment (checked against the
original CNF, through the normalisation map). A disagreement is any mismatch between the
answers or any witness that fails.

Formulas come from DIMACS files or folders (:func:`formulas_from_paths`) or from the seeded
random 3-SAT generator :func:`random_3sat` (three distinct variables per clause, uniform
signs, as in SATLIB's uf/uuf sets). The command's lines are :func:`crosscheck_text`, one per row, and
:func:`summary_text` of the rows' :func:`crosscheck_summary`.
"""

import errno
import os
import random
import time
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

from pysat.solvers import Solver

from solitaire.io.errors import InputError, expect_type
from solitaire.referee import IllegalEvent, replay
from solitaire.satenc import decide_sat
from solitaire.satsolvers import DEFAULT_SOLVER
from solitaire.solve import SOLVERS, solve

from .dimacs import Formula, read_dimacs, satisfies
from .theorem7 import assignment_from_sequence, deck_bound, reduce_formula, sequence_from_assignment

__all__ = ["crosscheck", "crosscheck_rows", "crosscheck_text", "crosscheck_summary", "refused_row", "summary_text",
           "random_3sat", "random_formulas", "formulas_from_paths", "pysat_model"]


def random_3sat(nvars: int, nclauses: int, rng: random.Random) -> Formula:
    """A uniform random 3-SAT formula: each clause has three distinct variables, random signs.

    Examples
    --------
    >>> import random
    >>> f = random_3sat(5, 4, random.Random(1))
    >>> f.nvars, f.m, all(len({abs(l) for l in cl}) == 3 for cl in f.clauses)
    (5, 4, True)
    """
    if nvars < 3:
        raise ValueError(f"random 3-SAT needs at least 3 variables, got {nvars}")
    expect_type(rng, random.Random, "rng", "a random.Random (random.Random(seed))")
    return Formula(nvars, [tuple(v if rng.random() < 0.5 else -v for v in rng.sample(range(1, nvars + 1), 3))
                           for _ in range(nclauses)])


def random_formulas(nvars: int, nclauses: int, count: int, seed: int) -> list[tuple[str, Formula]]:
    """``count`` random 3-SAT formulas (:func:`random_3sat`) drawn from ``random.Random(seed)`` one after
    the other, named ``random-<nvars>-<nclauses>-seed<seed>-<k>`` (``k = 1 .. count``).

    Examples
    --------
    >>> [name for name, _ in random_formulas(5, 4, 2, seed=3)]
    ['random-5-4-seed3-1', 'random-5-4-seed3-2']

    Raises :class:`InputError` for fewer than 3 variables (a clause takes three distinct ones).
    """
    if nvars < 3:
        raise InputError(f"expected at least 3 variables (each clause takes three distinct ones), got {nvars}",
                         "`nvars`")
    rng = random.Random(seed)
    return [(f"random-{nvars}-{nclauses}-seed{seed}-{k}", random_3sat(nvars, nclauses, rng))
            for k in range(1, count + 1)]


def formulas_from_paths(paths: Iterable[str | os.PathLike[str]]) -> list[tuple[str, Formula | InputError]]:
    """``(name, formula)`` for every file given, and every ``*.cnf`` file of every folder given, the formula read or,
    for a file that is not one, the :class:`InputError` naming what is wrong there (its row is refused,
    :func:`refused_row`); :class:`InputError` for a path that does not exist, checked first, or a folder without
    ``*.cnf`` files."""
    given = [Path(path) for path in paths]
    for path in given:
        if not path.exists():
            raise InputError(f"cannot read the file ({os.strerror(errno.ENOENT)})", str(path))
    found: list[tuple[str, Formula | InputError]] = []
    for path in given:
        files = sorted(path.glob("*.cnf")) if path.is_dir() else [path]
        if not files:
            raise InputError("expected a folder with *.cnf files, found none", str(path))
        found += [(str(file), _read_or_refuse(file)) for file in files]
    return found


def _read_or_refuse(path: Path) -> Formula | InputError:
    """The formula of ``path``, or the :class:`InputError` that says why it is not one."""
    try:
        return read_dimacs(path)
    except InputError as err:
        return err


def crosscheck_rows(sources: Sequence[tuple[str, Formula | InputError]], solver: str = DEFAULT_SOLVER,
                    engine: bool = True) -> Iterator[dict[str, Any]]:
    """The row of each source of :func:`formulas_from_paths` (or :func:`random_formulas`), in order: its
    :func:`crosscheck`, or for a file that holds no formula its :func:`refused_row` (every row refused when no
    source holds a formula: the caller says so, as ``hanabi-solitaire crosscheck`` does with exit code 2)."""
    for name, formula in sources:
        yield refused_row(name, formula) if isinstance(formula, InputError) else crosscheck(formula, name, solver,
                                                                                           engine=engine)


def refused_row(name: str, err: InputError) -> dict[str, Any]:
    """The row of a file that holds no formula: ``{"name", "refused"}``, the reason with its place."""
    return {"name": name, "refused": str(err)}


def crosscheck_text(row: dict[str, Any]) -> str:
    """The line of one :func:`crosscheck` row: the answers, the witness checks, the sizes and the seconds (of a
    refused file, :func:`refused_row`, the reason)."""
    if "refused" in row:
        return f"{row['name']}: refused: {row['refused']}"

    def mark(check):
        return "-" if check is None else ("ok" if check else "FAIL")

    seconds = row["seconds"]
    return (f"{row['name']}: cnf {'SAT' if row['cnf'] else 'UNSAT'}, hanabi {'WIN' if row['hanabi'] else 'LOSS'}"
            + ("" if row["engine"] is None else f", engine {'WIN' if row['engine'] else 'LOSS'}")
            + f", witnesses {mark(row['model_to_play'])}/{mark(row['play_to_model'])}"
            + f", N={row['deck']['N']} enc {row['encoding']['vars']}v/{row['encoding']['clauses']}c"
            + f", {seconds['pysat_cnf']:.3f}s cnf / {seconds['hanabi_sat']:.3f}s hanabi"
            + ("" if row["agree"] else "  DISAGREE"))


def crosscheck_summary(rows: Iterable[dict[str, Any]]) -> dict[str, int]:
    """``{"formulas", "disagreements", "refused"}``: how many :func:`crosscheck` rows were checked, how many of them
    disagree, and how many files held no formula (:func:`refused_row`)."""
    rows = list(rows)
    checked = [row for row in rows if "refused" not in row]
    return {"formulas": len(checked), "disagreements": sum(1 for row in checked if not row["agree"]),
            "refused": len(rows) - len(checked)}


def summary_text(summary: dict[str, int]) -> str:
    """The last line of ``hanabi-solitaire crosscheck``: its :func:`crosscheck_summary`."""
    refused = f", {summary['refused']} refused" if summary["refused"] else ""
    return f"{summary['formulas']} formulas, {summary['disagreements']} disagreements{refused}"


def pysat_model(formula: Formula, solver: str = DEFAULT_SOLVER) -> tuple[bool, ...] | None:
    """A model of ``formula`` (a tuple of bools) or None when it is unsatisfiable."""
    with Solver(name=solver, bootstrap_with=[list(cl) for cl in formula.clauses]) as s:
        if not s.solve():
            return None
        true = {lit for lit in s.get_model() if lit > 0}
    return tuple(v in true for v in range(1, formula.nvars + 1))


def _timed(function, *args):
    start = time.perf_counter()
    value = function(*args)
    return value, time.perf_counter() - start


def _wins(instance, sequence):
    try:
        return replay(instance, sequence.events()) == instance.max_score
    except IllegalEvent:
        return False


def crosscheck(formula: Formula, name: str = "<formula>", solver: str = DEFAULT_SOLVER,
               engine: bool = True) -> dict[str, Any]:
    """Cross-check one formula; a JSON-ready dict with ``"agree"`` the verdict.

    Keys: ``name``, ``vars``, ``clauses`` (original), ``norm_vars``, ``norm_clauses``,
    ``deck`` (parameters), ``bound`` (:func:`~reductions.theorem7.deck_bound`: ``2(2v+1)n >= N``), ``cnf`` and
    ``hanabi`` (satisfiable / winnable), ``engine`` (or None when not run),
    ``model_to_play`` and ``play_to_model`` (witness checks, None when not applicable),
    ``encoding`` (variables, clauses), ``seconds`` per stage, ``agree``.
    """
    red, t_gen = _timed(reduce_formula, formula)
    inst = red.instance
    model, t_cnf = _timed(pysat_model, formula, solver)
    (winnable, sequence, stats), t_hanabi = _timed(decide_sat, inst, solver)
    verdict_engine, t_engine = None, None
    if engine and "engine" in SOLVERS and SOLVERS["engine"].refuses(inst) is None:
        result, t_engine = _timed(solve, inst, "engine")
        verdict_engine = result.winnable
    model_to_play = None if model is None else _wins(inst, sequence_from_assignment(red, model))
    play_to_model = None if not winnable else satisfies(assignment_from_sequence(red, sequence), formula.clauses)
    agree = ((model is not None) == winnable and verdict_engine in (None, winnable)
             and model_to_play is not False and play_to_model is not False)
    v, m = red.formula.nvars, red.formula.m
    return {"name": name, "vars": formula.nvars, "clauses": formula.m, "norm_vars": v, "norm_clauses": m,
            "deck": inst.params(), "bound": deck_bound(v, m),
            "cnf": model is not None, "hanabi": winnable, "engine": verdict_engine,
            "model_to_play": model_to_play, "play_to_model": play_to_model,
            "encoding": {"vars": stats["vars"], "clauses": stats["clauses"]},
            "seconds": {"generate": t_gen, "pysat_cnf": t_cnf, "hanabi_sat": t_hanabi,
                        "hanabi_encode": stats["encode_s"], "hanabi_solve": stats["solve_s"], "engine": t_engine},
            "agree": agree}
