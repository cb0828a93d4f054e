"""Test settings: the hypothesis profile (``HYPOTHESIS_PROFILE``, default ``ci``). Shared helpers live in ``helpers.py``."""

import copy
import os

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture(scope="session", autouse=True)
def _kernels_loaded():
    """Compile (or load from numba's cache) the kernels of every solver and of the real game's bounds before the
    tests, so that no command a test runs in-process says it is compiling: click's test runner mixes standard
    error into the output a test reads. The tests of that notice give their commands a cache folder of their own
    (``tests/test_solve_limits.py``)."""
    from solitaire.seer.bounds.u3 import warm_up
    from solitaire.solve import SOLVERS, WARM_UP

    for solver in SOLVERS.values():
        for deck in WARM_UP:
            solver.run(deck)
    warm_up()


@pytest.fixture
def refused_variant(monkeypatch):
    """``helpers.REFUSED_VARIANT`` refused for ``helpers.REFUSAL`` by the variant table, within the test's process."""
    from helpers import REFUSAL, REFUSED_VARIANT
    from solitaire.seer.game import deals, variants

    table = copy.deepcopy(variants._table())
    next(e for e in table["variants"] if e["name"] == REFUSED_VARIANT)["refused"] = REFUSAL
    cached = (variants.all_variants, variants.supported_variants, variants.unsupported_variants, variants._ids,
              deals.rules_of, deals._counts)
    for function in cached:
        function.cache_clear()
    monkeypatch.setattr(variants, "_table", lambda: table)
    yield variants.get_variant(REFUSED_VARIANT)
    for function in cached:
        function.cache_clear()
