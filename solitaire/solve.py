"""One entry point over all exact solvers: ``solve(instance, algorithm="auto")``.

The table :data:`SOLVERS` maps a name to a :class:`Solver`: a check that says why the
algorithm does not apply to an instance (or ``None`` when it does) and the function that
solves. ``"auto"`` picks by the instance, as the paper's Table 1 suggests: ``r = 1`` →
greedy (Lemma 1), ``c = 1`` → lazy (Theorem 4), otherwise the fast engine, and the SAT
encoding where the engine's range ends or where the engine goes over its work budget. The
solvers' modules (numba code, PySAT) load on first use, so importing this module is cheap.
:func:`instance_info` says which solvers apply to an instance and :func:`info_text` prints it
(``hanabi-solitaire info``); :meth:`~solitaire.result.SolveResult.text` prints an answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from solitaire.brute import BRUTE_LIMIT, solve_brute
from solitaire.io.errors import expect_type
from solitaire.model import Instance, params_text
from solitaire.result import SolveResult

__all__ = ["Solver", "SOLVERS", "WARM_UP", "AUTO_ENGINE_BUDGET", "solve", "solve_auto", "load", "applicable", "choose",
           "instance_info", "info_text"]


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
    call.__module__ = module
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
    "brute": Solver("brute", f"exhaustive search, the test oracle (N <= {BRUTE_LIMIT})", _brute_refuses, solve_brute),
    "dp": Solver("dp", "the paper's dynamic program (Lemma 5), reference, small instances only",
                 _late("solitaire.dp", "dp_refuses"), _late("solitaire.dp", "solve_dp")),
}

#: Solvers whose compiled code this process has loaded already (see :func:`solve`).
_LOADED: set[str] = set()

#: Two-card decks every solver takes (r = 1, c = 1, two card types): store the 2, play the 1
#: and the 2 (a win, with its play sequence); and the same with no hand (a loss, its certificate).
WARM_UP = (Instance.from_cards(2, 1, 1, [(2, 1), (1, 1)]), Instance.from_cards(2, 1, 0, [(2, 1), (1, 1)]))

#: The order in which ``"auto"`` tries solvers.
AUTO_ORDER = ["greedy", "lazy", "engine", "sat", "brute"]

#: Why ``"auto"`` picks each solver of :data:`AUTO_ORDER`.
AUTO_WHY = {
    "greedy": "r = 1: the greedy overlap test is exact in O(N) (Lemma 1)",
    "lazy": "c = 1: the lazy strategy is exact in O(N + n log h) (Theorem 4)",
    "engine": "c * n <= 64: the engine is exact and fastest on small frontiers",
    "sat": "c * n > 64 and r > 1, c > 1: the SAT encoding, linear in the deck",
    "brute": "no other solver applies",
}

#: Work (dominance tests) the engine may spend under ``"auto"`` before SAT takes over: about
#: a second (10^9 took 1.4 s on a loaded 2-core machine; the shipped decks need under 10^3).
AUTO_ENGINE_BUDGET = 2 * 10**8


def applicable(instance: Instance) -> dict[str, str | None]:
    """``{name: None or reason}`` for every registered solver."""
    return {name: solver.refuses(instance) for name, solver in SOLVERS.items()}


def choose(instance: Instance) -> str:
    """The solver ``"auto"`` picks for ``instance``."""
    for name in AUTO_ORDER:
        if name in SOLVERS and SOLVERS[name].refuses(instance) is None:
            return name
    raise ValueError("no solver applies to this instance")


def instance_info(instance: Instance) -> dict[str, Any]:
    """The JSON object of ``hanabi-solitaire info``: ``{"instance": its parameters, "auto": the solver "auto"
    picks (``None`` when none applies), "algorithms": {name: {"applies", "reason"}}}`` (:func:`applicable`)."""
    reasons = applicable(instance)
    auto = choose(instance) if any(r is None for r in reasons.values()) else None
    return {"instance": instance.params(), "auto": auto,
            "algorithms": {name: {"applies": r is None, "reason": r} for name, r in reasons.items()}}


def info_text(deck: str, info: dict[str, Any]) -> str:
    """The lines of ``hanabi-solitaire info`` for the deck named ``deck`` from its :func:`instance_info`."""
    lines = [f"{deck}: {params_text(info['instance'])}"]
    for name, found in info["algorithms"].items():
        lines.append(f"  {name:<8} " + ("yes" if found["applies"] else f"no  ({found['reason']})"))
    return "\n".join([*lines, f"  auto picks: {info['auto']}"])


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
        Passed to the solver's ``run``: ``"sat"``'s ``solver="glucose4"`` and ``maximise``
        (:func:`~solitaire.satenc.solve_sat`); under ``"auto"``, to SAT when SAT answers.

    Returns
    -------
    SolveResult
        With ``seconds`` set to the solving time. The first time a solver is used in a
        process it first solves the fixed two-card decks of :data:`WARM_UP` (a win and a
        loss, every path of the compiled code, microseconds of solving), untimed, so that
        ``seconds`` excludes loading the compiled numba code; that load time is reported
        as ``extra["load_seconds"]`` (0 on later calls). With ``"auto"``,
        ``extra["auto"]`` says which solver answered and why (see :func:`solve_auto`).

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
    expect_type(instance, Instance, "instance", "an Instance (solitaire.read_instance reads a .deck file)")
    if algorithm == "auto":
        return solve_auto(instance, **options)
    if algorithm not in SOLVERS:
        raise ValueError(f"unknown algorithm {algorithm!r}; expected one of {', '.join(['auto', *SOLVERS])}")
    reason = SOLVERS[algorithm].refuses(instance)
    if reason is not None:
        raise ValueError(f"algorithm {algorithm!r} does not apply: {reason}")
    loading = load(algorithm, **options)
    start = time.perf_counter()
    result = SOLVERS[algorithm].run(instance, **options)
    result.seconds = time.perf_counter() - start
    result.extra["load_seconds"] = loading
    return result


def solve_auto(instance: Instance, **options: Any) -> SolveResult:
    """``solve(instance, "auto")``: the solver :func:`choose` picks; the engine under a budget.

    The engine's cost grows with the square of its frontier, which no parameter of the deck
    predicts well (a 128-card deck of 64 types can hold thousands of states per scan). So it
    runs with :data:`AUTO_ENGINE_BUDGET` units of work (about a second), and over it the SAT
    encoding, whose size is linear in the deck, answers instead; ``seconds`` then counts both.
    ``extra["auto"]`` is ``{"chosen", "why", "fallback"}`` (``fallback``: SAT took over).
    """
    from solitaire.engine import EngineBudgetExceeded, solve_engine

    name = choose(instance)
    why, fallback = AUTO_WHY[name], False
    if name != "engine":
        result = solve(instance, name, **(options if name == "sat" else {}))  # the options are SAT's
    else:
        loading = load("engine")
        start = time.perf_counter()
        try:
            result = solve_engine(instance, budget=AUTO_ENGINE_BUDGET)
            result.extra["load_seconds"] = loading
            result.seconds = time.perf_counter() - start
        except EngineBudgetExceeded as err:
            spent = time.perf_counter() - start
            name, why, fallback = "sat", f"{why}; but {err}, so SAT (linear size) answered", True
            result = solve(instance, "sat", **options)
            result.seconds += spent
            result.extra["load_seconds"] += loading
    result.extra["auto"] = {"chosen": name, "why": why, "fallback": fallback}
    return result


def load(algorithm: str, **options: Any) -> float:
    """Load (or compile) the solver's code by solving :data:`WARM_UP`; the seconds it took, 0 when loaded."""
    if algorithm in _LOADED:
        return 0.0
    start = time.perf_counter()
    for deck in WARM_UP:
        SOLVERS[algorithm].run(deck, **options)
    _LOADED.add(algorithm)
    return time.perf_counter() - start
