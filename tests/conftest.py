"""Shared test configuration.

Hypothesis profiles: ``default`` (100 examples, no deadline) runs in the normal suite;
``HYPOTHESIS_PROFILE=fuzz`` runs 1000 examples per property for a longer search.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("default", max_examples=100, deadline=None)
settings.register_profile("fuzz", max_examples=1000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
