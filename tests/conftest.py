"""Test settings: the hypothesis profile (``HYPOTHESIS_PROFILE``, default ``ci``). Shared helpers live in ``helpers.py``."""

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
