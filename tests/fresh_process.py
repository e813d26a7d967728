"""A window test's script run in a fresh Python process: for what one test process cannot show again once an
earlier test has done it (the program's one fork server started, a class's slots built), or a log category that
must be on from the start."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from tests.waits import BACKGROUND_WORK_MS

ROOT = Path(__file__).resolve().parents[1]


def run_offscreen(script: str, **env: str) -> subprocess.CompletedProcess[str]:
    """`python -c script` at the repository's root, Qt offscreen, `env` added to this process's environment."""
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=BACKGROUND_WORK_MS / 1000,
                          env={**os.environ, "QT_QPA_PLATFORM": "offscreen", **env})
