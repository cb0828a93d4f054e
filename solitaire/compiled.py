"""Numba's cache: whether a command's compiled code must first be built (a cold cache), and building it ahead.

Every kernel of the toolkit is ``numba.njit(cache=True)``: compiled on its first call after an
installation or a change of its source file, then loaded from the cache (``__pycache__/*.nbi``
and ``*.nbc`` beside the source) in a fraction of a second. A module is *cold* when none of its
kernels has a cache index valid for the current source (numba drops an index whose source
stamp differs); its first call then compiles for seconds, which the command line says once.
A module with some kernels cached is taken as warm: the others are the ones no command calls.

The kernels fall in three :data:`PARTS` that compile independently of each other, so that :func:`load_parts` builds them
on as many processes: ``hanabi-solitaire warm-up``, a command on several processes whose cache is cold (``bound
--exact``, ``analyze``, ``table``), and the test suite's processes.

Numba refuses to make a cached kernel where it finds no folder to cache it in (a read-only installation run by an
account whose home cannot be written): every kernel module calls :func:`ensure_cache_folder` first.
"""

import functools
import importlib
import os
import tempfile
import time
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from numba.core import caching, config, event
from numba.core.registry import CPUDispatcher

__all__ = ["cold_modules", "COMPILING_NOTE", "compiling_note", "PARTS", "Loaded", "load_part", "load_parts", "parts_of",
           "on_compile", "Compiles", "ensure_cache_folder", "CacheFolderWarning"]


class CacheFolderWarning(UserWarning):
    """Numba had no folder for the compiled code, which is kept in the temporary folder instead."""


def _probe() -> None:
    """A function of this package's folder, whose cache numba is asked to place."""


@functools.cache
def ensure_cache_folder() -> str | None:
    """Give numba a folder for the kernels' cache where it finds none of its own (``NUMBA_CACHE_DIR``, the
    installation's ``__pycache__``, the user's cache folder): a folder of this user's in the temporary folder,
    said by a :class:`CacheFolderWarning` that names ``NUMBA_CACHE_DIR`` when it is made (once, not in every worker
    of a command). Returns that folder, ``None`` where numba has one. Once a process."""
    try:
        caching.FunctionCache(_probe)
        return None
    except RuntimeError:  # numba's "no locator available"
        pass
    folder = os.path.join(tempfile.gettempdir(), f"hanabi-solitaire-numba-{os.getuid()}")
    config.CACHE_DIR = folder  # type: ignore[attr-defined]  # numba sets its settings at run time
    try:
        os.mkdir(folder, 0o700)
    except FileExistsError:
        return folder
    warnings.warn(f"numba can keep its compiled code neither beside the installation nor in the user's cache folder: "
                  f"it is kept in {folder} (set NUMBA_CACHE_DIR to a folder of your own to keep it there)",
                  CacheFolderWarning, stacklevel=2)
    return folder


#: The compiled code in parts that compile independently, the longest first: each part's modules (whose kernels it
#: compiles) and what uses it.
PARTS = {
    "search": (("solitaire.seer.bounds.u3.kernel", "solitaire.seer.bounds.u3.hope", "solitaire.seer.bounds.u3.table"),
               "the U3 search and its node bound: bound --exact, analyze, table"),
    "solvers": (("solitaire.greedy", "solitaire.lazy", "solitaire.engine", "solitaire.selection", "solitaire.bits"),
                "the paper's solvers: solve, crosscheck, and U1 in bound"),
    "bounds": (("solitaire.seer.bounds.pace", "solitaire.seer.bounds.u3.bot"), "U2 and the bot: bound, analyze, table"),
}

_WARM_UP_HINT = "; 'hanabi-solitaire warm-up' compiles them all ahead"


def compiling_note(ahead: bool = True) -> str:
    """What the command line prints on standard error before a cold start: the first ``solve`` compiles for
    seconds, ``bound --exact`` and ``analyze`` for up to a minute of processor time, with the machine
    (``docs/benchmarks.md``); ``ahead``: naming the command that compiles ahead (every command but that one). What
    is compiled is kept in numba's cache: a command that needs another part of the solvers later compiles that."""
    return f"compiling the solvers it needs into numba's cache (up to a minute{_WARM_UP_HINT if ahead else ''})..."


#: The notice of every command but ``warm-up`` (:func:`compiling_note`).
COMPILING_NOTE = compiling_note()


class Compiles(event.Listener):
    """Hears this process's compiles (numba's ``numba:compile`` events, which a cache miss raises and loading from the
    cache does not): ``began()`` as each outermost compile starts, ``ended(seconds)`` as it ends, the kernels it calls
    compiled within it. :func:`on_compile` registers one; :meth:`stop` unregisters it."""

    def __init__(self, began: Callable[[], None], ended: Callable[[float], None]) -> None:
        self.began, self.ended, self.depth, self.start = began, ended, 0, 0.0

    def on_start(self, ev: event.Event) -> None:
        if self.depth == 0:
            self.start = time.perf_counter()
            self.began()
        self.depth += 1

    def on_end(self, ev: event.Event) -> None:
        self.depth -= 1
        if self.depth == 0:
            self.ended(time.perf_counter() - self.start)

    def stop(self) -> None:
        event.unregister("numba:compile", self)


def on_compile(began: Callable[[], None] = lambda: None,
               ended: Callable[[float], None] = lambda seconds: None) -> Compiles:
    """Call ``began()`` whenever this process starts compiling a kernel and ``ended(seconds)`` when it is done (a
    command compiles only what its input needs, the U3 search at the first deal that needs one, so only then can it
    say it compiles, and a progress bar leave the compile out of its estimate)."""
    listener = Compiles(began, ended)
    event.register("numba:compile", listener)
    return listener


def _kernels(module):
    return [obj for obj in vars(module).values()
            if isinstance(obj, CPUDispatcher) and obj.__module__ == module.__name__ and obj._cache is not None]


def _cached(kernel):
    """Whether ``kernel`` has compiled code in the cache for its current source."""
    try:
        return bool(kernel._cache._cache_file._load_index())
    except (OSError, AttributeError, EOFError, ValueError):  # no index, or not the cache layout this knows
        return False


def cold_modules(*names: str) -> list:
    """The modules among ``names`` (imported by name) whose compiled code is not in the cache."""
    cold = []
    for name in names:
        kernels = _kernels(importlib.import_module(name))
        if kernels and not any(_cached(k) for k in kernels):
            cold.append(name)
    return cold


@dataclass(frozen=True)
class Loaded:
    """One part of :data:`PARTS` loaded: whether it was compiled (its modules were cold) and the seconds it took."""

    part: str
    compiled: bool
    seconds: float

    def to_json(self) -> dict:
        return {"part": self.part, "compiled": self.compiled, "seconds": round(self.seconds, 3),
                "used_by": PARTS[self.part][1]}


def load_part(part: str) -> Loaded:
    """Load the kernels of one part of :data:`PARTS` by running them on tiny inputs, compiling them where the cache
    is cold."""
    from solitaire.seer.bounds.u3.search import warm_up_bounds, warm_up_search
    from solitaire.solve import SOLVERS, load

    began, cold = time.perf_counter(), bool(cold_modules(*PARTS[part][0]))
    if part == "search":
        warm_up_search()
    elif part == "bounds":
        warm_up_bounds()
    else:
        for name in SOLVERS:
            load(name)
    return Loaded(part, cold, time.perf_counter() - began)


def parts_of(*modules: str) -> tuple[str, ...]:
    """The parts of :data:`PARTS` that hold any of ``modules``, in their order."""
    return tuple(part for part, (held, _) in PARTS.items() if set(held) & set(modules))


def load_parts(jobs: int = 1, parts: tuple[str, ...] = tuple(PARTS)) -> Iterator[Loaded]:
    """Load (compile where the cache is cold) each part of ``parts`` (names of :data:`PARTS`, by default all), on up
    to ``jobs`` processes, one part each; yields each part as it is loaded, in the order given."""
    from solitaire.io.workers import imap_jobs

    yield from imap_jobs(load_part, list(parts), min(jobs, len(parts)), chunksize=1)
