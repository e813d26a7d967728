"""Test set-up: Qt always offscreen (no display needed), deterministic hypothesis profile."""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("ci")
