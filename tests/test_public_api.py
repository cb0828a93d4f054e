"""Every public function and method of the solitaire model, its solvers, its I/O and the reductions
has type hints for all its parameters and its return.

Public: the names of a module's ``__all__``, and the methods (dunders included) a public class
defines in its module. Numba kernels (``@numba.njit``) are left unannotated on purpose.
"""

import importlib
import inspect

import pytest

MODULES = [
    "solitaire", "solitaire.bits", "solitaire.brute", "solitaire.compiled", "solitaire.deckfile",
    "solitaire.deferred", "solitaire.dp", "solitaire.engine", "solitaire.examples", "solitaire.generate",
    "solitaire.greedy", "solitaire.lazy", "solitaire.model", "solitaire.referee", "solitaire.result",
    "solitaire.satenc", "solitaire.selection", "solitaire.sequence", "solitaire.solve",
    "solitaire.io.atomic", "solitaire.io.budget", "solitaire.io.errors", "solitaire.io.inputfile",
    "solitaire.io.interrupt",
    "reductions", "reductions.crosscheck", "reductions.dimacs", "reductions.theorem7",
]


def _public_callables(module):
    """``(qualified name, function)`` of every public function and method ``module`` defines."""
    found = []
    for name in module.__all__:
        obj = getattr(module, name)
        if getattr(obj, "__module__", None) != module.__name__ or hasattr(obj, "py_func"):
            continue  # re-exported (checked where defined), or a numba kernel
        if inspect.isfunction(obj):
            found.append((name, obj))
        elif inspect.isclass(obj):
            for attr, value in vars(obj).items():
                dunder = attr.startswith("__") and attr.endswith("__")
                if attr.startswith("_") and not dunder:
                    continue
                if isinstance(value, (staticmethod, classmethod)):
                    value = value.__func__
                elif isinstance(value, property):
                    value = value.fget
                # methods a decorator generated (a dataclass's __eq__) are not in the module's source
                if inspect.isfunction(value) and value.__code__.co_filename == inspect.getfile(module):
                    found.append((f"{name}.{attr}", value))
    return found


def _unannotated(function):
    """The parameters (and ``"return"``) of ``function`` without a type hint."""
    signature = inspect.signature(function)
    missing = [p.name for p in signature.parameters.values()
               if p.name not in ("self", "cls") and p.annotation is inspect.Parameter.empty]
    if signature.return_annotation is inspect.Signature.empty:
        missing.append("return")
    return missing


@pytest.mark.parametrize("name", MODULES)
def test_public_functions_are_annotated(name):
    module = importlib.import_module(name)
    missing = {qualname: gaps for qualname, function in _public_callables(module)
               if (gaps := _unannotated(function))}
    assert missing == {}


def test_the_check_sees_the_public_api():
    """The check is not vacuous: it finds functions, methods, properties and dunders."""
    names = {q for m in ("solitaire.model", "solitaire.deckfile") for q, _ in
             _public_callables(importlib.import_module(m))}
    assert {"Instance.from_cards", "Instance.N", "Instance.__eq__", "parse_deck", "read_instance"} <= names
    assert _unannotated(lambda x, y=1: x) == ["x", "y", "return"]
