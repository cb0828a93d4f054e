"""Every public function and method of the solitaire model, its solvers, its I/O, the reductions
and the real game (:mod:`solitaire.seer` and its subpackages) has type hints for all its
parameters and its return.

Public: the names of a module's ``__all__``, and the methods (dunders included) a public class
defines in its module. Numba kernels (``@numba.njit`` dispatchers, ``@intrinsic`` objects) are left
unannotated on purpose: only plain Python functions are checked, through a ``functools`` wrapper
(``lru_cache``) to the function it wraps.

The entry points a user calls first refuse an argument of the wrong type (a path, a list, text where an object is
expected) with a one-line :class:`~solitaire.io.errors.InputError` naming the parameter.
"""

import functools
import importlib
import inspect

import pytest

MODULES = [
    "solitaire", "solitaire.bits", "solitaire.brute", "solitaire.compiled", "solitaire.deckfile",
    "solitaire.deferred", "solitaire.dp", "solitaire.engine", "solitaire.examples", "solitaire.generate",
    "solitaire.greedy", "solitaire.lazy", "solitaire.model", "solitaire.referee", "solitaire.result",
    "solitaire.satenc", "solitaire.selection", "solitaire.sequence", "solitaire.solve", "solitaire.io.atomic",
    "solitaire.io.budget", "solitaire.io.errors", "solitaire.io.inputfile", "solitaire.io.interrupt",
    "solitaire.io.progress", "solitaire.io.command", "solitaire.io.params", "solitaire.io.options",
    "solitaire.io.textenum", "reductions", "reductions.crosscheck", "reductions.dimacs", "reductions.theorem7",
    "solitaire.seer", "solitaire.seer.runs.analysis", "solitaire.seer.runs.analyzerun",
    "solitaire.seer.runs.boundrun", "solitaire.seer.bounds.relaxations", "solitaire.seer.game.deals",
    "solitaire.seer.sources.dealsource", "solitaire.seer.runs.evaluation", "solitaire.seer.runs.exactrun",
    "solitaire.seer.runs.frame", "solitaire.seer.bounds.freegame", "solitaire.seer.game.simulator",
    "solitaire.seer.game.gorand", "solitaire.seer.runs.harddeals", "solitaire.seer.sources.history",
    "solitaire.seer.game.hle", "solitaire.seer.game.ids", "solitaire.seer.bounds.maxscore",
    "solitaire.seer.sources.noisy", "solitaire.seer.game.options", "solitaire.seer.bounds.pace",
    "solitaire.seer.runs.plot", "solitaire.seer.game.position", "solitaire.seer.sources.replaylink",
    "solitaire.seer.runs.report", "solitaire.seer.runs.texts", "solitaire.seer.runs.rowfile",
    "solitaire.seer.game.seeds", "solitaire.seer.runs.tabledeals", "solitaire.seer.game.variants",
    "solitaire.seer.game.variants_build", "solitaire.seer.bounds.peers", "solitaire.seer.bounds.peers.deadline",
    "solitaire.seer.bounds.peers.removals", "solitaire.seer.bounds.peers.turns", "solitaire.seer.bounds.u3",
    "solitaire.seer.bounds.u3.hope", "solitaire.seer.bounds.u3.kernel", "solitaire.seer.bounds.u3.llvm",
    "solitaire.seer.bounds.u3.search", "solitaire.seer.bounds.u3.table",
]


def _plain(obj):
    """The plain Python function ``obj`` is or a ``functools`` wrapper (``lru_cache``) wraps, or ``None``:
    not a function, or a numba kernel (a dispatcher or an intrinsic wraps its Python function too)."""
    if type(obj).__module__ == "functools":
        obj = inspect.unwrap(obj)
    return obj if inspect.isfunction(obj) else None


def _public_callables(module):
    """``(qualified name, function)`` of every public function and method ``module`` defines."""
    found = []
    for name in module.__all__:
        obj = getattr(module, name)
        if getattr(obj, "__module__", None) != module.__name__:
            continue  # re-exported: checked where defined
        if _plain(obj) is not None:
            found.append((name, _plain(obj)))
        elif inspect.isclass(obj):
            for attr, value in vars(obj).items():
                dunder = attr.startswith("__") and attr.endswith("__")
                if attr.startswith("_") and not dunder:
                    continue
                if isinstance(value, (staticmethod, classmethod)):
                    value = value.__func__
                elif isinstance(value, property):
                    value = value.fget
                elif isinstance(value, functools.cached_property):
                    value = value.func
                value = _plain(value)
                # methods a decorator generated (a dataclass's __eq__) are not in the module's source
                if value is not None and value.__code__.co_filename == inspect.getfile(module):
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


def test_the_check_sees_the_seer_api_but_not_its_kernels():
    """In :mod:`solitaire.seer` the check finds cached properties and ``lru_cache`` functions, and
    skips the numba kernels (jitted, inlined or not) and intrinsics."""
    names = {q for m in ("solitaire.seer.game.options", "solitaire.seer.game.variants",
                         "solitaire.seer.bounds.u3.search", "solitaire.seer.bounds.u3.table",
                         "solitaire.seer.bounds.u3.kernel", "solitaire.seer.bounds.u3.llvm")
             for q, _ in _public_callables(importlib.import_module(m))}
    assert {"Rules.touching", "supported_variants", "exact", "exact_search", "ExactResult.to_json", "tt_table",
            "first_turn"} <= names  # the root's arrays are numpy, not a kernel
    assert not {"position", "tt_get", "tt_put", "dfs", "prefetch"} & names


def _entry_points():
    """``(call, parameter)``: an entry point called with an argument of the wrong type, and the parameter its
    message names."""
    import random

    from reductions import random_3sat, reduce_formula
    from solitaire import solve
    from solitaire.seer import analyze_game, bounds_of, max_score, seeded_deal, seer_line, simulate, u1, u2

    return [
        (lambda: solve("x.deck"), "instance"),  # a path where an instance is expected
        (lambda: u1(None), "source"),
        (lambda: u2("P2-seed-1"), "source"),
        (lambda: simulate([3], []), "start"),
        (lambda: seer_line(7), "start"),
        (lambda: max_score(None, 2), "deck"),
        (lambda: bounds_of(3.5, 2), "deck"),
        (lambda: analyze_game([seeded_deal(2, 1)]), "deal"),  # a list of games where one is expected
        (lambda: reduce_formula("p cnf 3 1\n1 2 3 0\n"), "formula"),  # DIMACS text where a formula is expected
        (lambda: random_3sat(5, 5, 0), "rng"),
        (lambda: random_3sat(5, 5, random.Random(0)).nvars, None),
    ]


@pytest.mark.parametrize("index", range(11))
def test_an_entry_point_refuses_an_argument_of_the_wrong_type_naming_it(index):
    from solitaire.io.errors import InputError

    call, parameter = _entry_points()[index]
    if parameter is None:  # the right type is taken
        assert call() == 5
        return
    with pytest.raises(InputError, match=f"^`{parameter}`: expected .*, got "):
        call()
