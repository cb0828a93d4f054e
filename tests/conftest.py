"""Test settings: the hypothesis profile (``HYPOTHESIS_PROFILE``, default ``ci``) and the kernels loaded before the
tests. Shared helpers live in ``helpers.py``."""

import copy
import os
import time

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


def _claimed(path):
    """Whether this process is the first to claim ``path`` (it creates the file)."""
    try:
        os.close(os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY))
    except FileExistsError:
        return False
    return True


def _wait_for(path, seconds=600):
    """Wait until ``path`` exists, or ``seconds`` have passed (then the caller compiles the part itself)."""
    deadline = time.monotonic() + seconds
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.2)


@pytest.fixture(scope="session", autouse=True)
def _kernels_loaded(request, tmp_path_factory):
    """Compile (or load from numba's cache) the kernels of every solver and of the real game's bounds before the
    tests, so that no command a test runs in-process says it is compiling: click's test runner mixes standard
    error into the output a test reads. The tests of that notice give their commands a cache folder of their own
    (``tests/test_solve_limits.py``). Under pytest-xdist the workers share the work of an empty cache: each
    compiles the parts no other worker claimed (:data:`solitaire.compiled.PARTS`), then loads the others' parts from
    the cache once they are done."""
    from solitaire.compiled import PARTS, load_part
    from solitaire.seer.bounds.u3.search import warm_up

    shared = tmp_path_factory.getbasetemp().parent if hasattr(request.config, "workerinput") else None
    mine = []
    for name in PARTS:  # claimed one at a time: a worker busy compiling leaves the next part to another
        if shared is None or _claimed(shared / f"{name}.claimed"):
            mine.append(name)
            try:
                load_part(name)
            finally:
                if shared is not None:
                    (shared / f"{name}.done").touch()
    for name in PARTS.keys() - set(mine):
        _wait_for(shared / f"{name}.done")
        load_part(name)
    warm_up()


@pytest.fixture
def refused_variant(monkeypatch):
    """``helpers.REFUSED_VARIANT`` refused for ``helpers.REFUSAL`` by the variant table, within the test's process."""
    from helpers import REFUSAL, REFUSED_VARIANT
    from solitaire.seer.game import deals, variants

    table = copy.deepcopy(variants._table())
    next(e for e in table["variants"] if e["name"] == REFUSED_VARIANT)["refused"] = REFUSAL
    cached = (variants.all_variants, variants.supported_variants, variants.unsupported_variants, variants.variant_names,
              variants._entries, variants._built,
              deals.rules_of, deals._counts)
    for function in cached:
        function.cache_clear()
    monkeypatch.setattr(variants, "_table", lambda: table)
    yield variants.get_variant(REFUSED_VARIANT)
    for function in cached:
        function.cache_clear()
