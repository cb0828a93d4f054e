"""Numba's cache: whether a command's compiled code must first be built (a cold cache).

Every kernel of the toolkit is ``numba.njit(cache=True)``: compiled on its first call after an
installation or a change of its source file, then loaded from the cache (``__pycache__/*.nbi``
and ``*.nbc`` beside the source) in a fraction of a second. A module is *cold* when none of its
kernels has a cache index valid for the current source (numba drops an index whose source
stamp differs); its first call then compiles for seconds, which the command line says once.
A module with some kernels cached is taken as warm: the others are the ones no command calls.
"""

import importlib

from numba.core.registry import CPUDispatcher

__all__ = ["cold_modules", "COMPILING_NOTE"]

#: What the command line prints on standard error before a cold start: the first ``solve`` compiles for about 3 to 5
#: processor seconds, ``bound --exact`` and ``analyze`` for 13 to 24 (``docs/benchmarks.md``).
COMPILING_NOTE = "compiling the solvers, once per installation (5 to 25 s)..."


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
