"""Names a package exports whose modules load on first use (module ``__getattr__``, PEP 562).

The numba-compiled searches and PySAT take seconds to load; a package that exports them
this way keeps its own import cheap, and ``package.name`` still works.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib import import_module
from typing import Any

__all__ = ["deferred"]


def deferred(package: str, names: dict[str, str]) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``; ``names`` maps each deferred name to its module.

    Examples
    --------
    >>> get, listing = deferred("json", {"JSONDecoder": "json.decoder"})
    >>> get("JSONDecoder").__module__, "JSONDecoder" in listing()
    ('json.decoder', True)
    """
    def get(name: str) -> Any:
        if name not in names:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(names[name]), name)
        setattr(sys.modules[package], name, value)  # later lookups find it directly
        return value

    def listing() -> list[str]:
        return sorted(set(vars(sys.modules[package])) | set(names))

    return get, listing
