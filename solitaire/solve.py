"""One entry point over all exact solvers: ``solve(instance, algorithm="auto")``.

The table :data:`SOLVERS` maps a name to a :class:`Solver`: a check that says why the
algorithm does not apply to an instance (or ``None`` when it does) and the function that
solves. ``"auto"`` picks by the instance, as the paper's Table 1 suggests: ``r = 1`` →
greedy (Lemma 1), ``c = 1`` → lazy (Theorem 4), otherwise the fast engine, and the SAT
encoding where the engine's range ends. The solvers' modules (numba code, PySAT) load on
first use, so importing this module is cheap.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from importlib import import_module
from typing import Any, Callable

from solitaire.brute import BRUTE_LIMIT, solve_brute
from solitaire.model import Instance
from solitaire.result import SolveResult

__all__ = ["Solver", "SOLVERS", "solve", "applicable", "choose"]


@dataclass(frozen=True)
class Solver:
    """A named solver: ``refuses(instance)`` gives a reason or ``None``; ``run`` solves."""

    name: str
    summary: str
    refuses: Callable
    run: Callable


def _late(module: str, name: str) -> Callable:
    """``module.name``, imported at its first call."""
    def call(*args, **kwargs):
        return getattr(import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


def _brute_refuses(instance):
    if instance.N > BRUTE_LIMIT:
        return f"the brute-force oracle takes N <= {BRUTE_LIMIT} cards, this instance has N = {instance.N}"
    return None


SOLVERS = {
    "greedy": Solver("greedy", "r = 1: interval overlap <= h, O(N) (Lemma 1)",
                     _late("solitaire.greedy", "greedy_refuses"), _late("solitaire.greedy", "solve_greedy")),
    "lazy": Solver("lazy", "c = 1: filter useless cards, play last copies, O(N + n log h) (Lemma 3, Theorem 4)",
                   _late("solitaire.lazy", "lazy_refuses"), _late("solitaire.lazy", "solve_lazy")),
    "engine": Solver("engine", "forward search with dominance, max score (c * n <= 64)",
                     _late("solitaire.engine", "engine_refuses"), _late("solitaire.engine", "solve_engine")),
    "sat": Solver("sat", "CNF of the copy-selection lemma, PySAT + RC2 for the max score (any c, n)",
                  lambda instance: None, _late("solitaire.satenc", "solve_sat")),
    "brute": Solver("brute", "exhaustive search, the test oracle (N <= %d)" % BRUTE_LIMIT, _brute_refuses, solve_brute),
    "dp": Solver("dp", "the paper's dynamic program (Lemma 5), reference, small instances only",
                 _late("solitaire.dp", "dp_refuses"), _late("solitaire.dp", "solve_dp")),
}

#: Solvers whose compiled code this process has loaded already (see :func:`solve`).
_LOADED = set()

#: The order in which ``"auto"`` tries solvers.
AUTO_ORDER = ["greedy", "lazy", "engine", "sat", "brute"]


def applicable(instance: Instance) -> dict[str, str | None]:
    """``{name: None or reason}`` for every registered solver."""
    return {name: solver.refuses(instance) for name, solver in SOLVERS.items()}


def choose(instance: Instance) -> str:
    """The solver ``"auto"`` picks for ``instance``."""
    for name in AUTO_ORDER:
        if name in SOLVERS and SOLVERS[name].refuses(instance) is None:
            return name
    raise ValueError("no solver applies to this instance")


def solve(instance: Instance, algorithm: str = "auto", **options: Any) -> SolveResult:
    """Solve ``instance`` with the named algorithm (``"auto"`` picks one).

    Parameters
    ----------
    instance : Instance
        The deck, its hand size and its card types (:func:`~solitaire.deckfile.read_instance`
        reads one from a file).
    algorithm : str
        ``"auto"`` or a name of :data:`SOLVERS`: ``greedy``, ``lazy``, ``engine``, ``sat``,
        ``brute`` or ``dp``.
    **options
        Passed to the solver's ``run`` (such as ``solver="glucose4"`` for ``"sat"``).

    Returns
    -------
    SolveResult
        With ``seconds`` set to the solving time. The first time a solver is used in a
        process it first runs once on the instance's first two cards, untimed, so that
        ``seconds`` excludes loading the compiled numba code (about half a second); that
        load time is reported as ``extra["load_seconds"]`` (0 on later calls).

    Raises
    ------
    ValueError
        For an unknown algorithm, or one that does not apply, with the reason.

    Examples
    --------
    A shipped deck (``hanabi-solitaire examples``): ``"auto"`` decides it with the greedy
    test of Lemma 1; the engine finds the best score, with a sequence the referee replays:

    >>> from solitaire import example_path, read_instance, replay
    >>> deck = read_instance(example_path("r1-overlap-loss"))
    >>> result = solve(deck)
    >>> result.algorithm, result.winnable
    ('greedy', False)
    >>> best = solve(deck, "engine")
    >>> best.score, replay(deck, best.sequence.events())
    (3, 3)
    """
    if algorithm == "auto":
        algorithm = choose(instance)
    if algorithm not in SOLVERS:
        raise ValueError(f"unknown algorithm {algorithm!r}; expected one of {', '.join(SOLVERS)}")
    solver = SOLVERS[algorithm]
    reason = solver.refuses(instance)
    if reason is not None:
        raise ValueError(f"algorithm {algorithm!r} does not apply: {reason}")
    loading = 0.0
    if algorithm not in _LOADED:
        start = time.perf_counter()
        solver.run(_prefix(instance, 2), **options)
        loading = time.perf_counter() - start
        _LOADED.add(algorithm)
    start = time.perf_counter()
    result = solver.run(instance, **options)
    result.seconds = time.perf_counter() - start
    result.extra["load_seconds"] = loading
    return result


def _prefix(instance: Instance, length: int) -> Instance:
    """The instance cut to its first ``length`` cards (same ``n``, ``c``, ``h``)."""
    return Instance(instance.n, instance.c, instance.h, instance.values[:length], instance.colors[:length])
