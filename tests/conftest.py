"""Test set-up: Qt always offscreen (no display needed), deterministic hypothesis profile."""

import os
import tempfile

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
# windows made by tests write their recovery files to a throw-away folder, never the user's
os.environ.setdefault("FABRIC_DESIGNER_RECOVERY_DIR", tempfile.mkdtemp(prefix="fd-recovery-"))

from hypothesis import settings  # noqa: E402

settings.register_profile("ci", deadline=None, max_examples=60, derandomize=True)
settings.load_profile("ci")
