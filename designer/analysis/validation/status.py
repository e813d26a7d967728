"""The recorded outcome of the last validation run, for places that cite it without re-running it (the PDF).

resources/validation/status.json is written from `fabric-designer validate --json`; tests/test_validation.py
fails when it no longer matches a fresh run, so the citation cannot go stale silently.
"""

from __future__ import annotations

import json
from pathlib import Path

STATUS_FILE = Path(__file__).resolve().parents[3] / "resources" / "validation" / "status.json"


def recorded_status() -> dict | None:
    """{"scenarios", "within_tolerance", "off", "not_expressed", ...} or None when no record is shipped."""
    try:
        return json.loads(STATUS_FILE.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def status_from_run(rows: list[dict]) -> dict:
    """The same summary from `validate --json` rows: the counts are of the independent scenarios (a calibrated one
    reproduces a figure a parameter was set from, which proves nothing); `calibrated` says how many were left out."""
    independent = [r for r in rows if r.get("basis", "independent") == "independent"]
    within = sum(1 for r in independent if r["within_tolerance"])
    unexpressed = sum(1 for r in independent if r["ours"] is None)
    return {"scenarios": len(independent), "within_tolerance": within, "off": len(independent) - within - unexpressed,
            "not_expressed": unexpressed, "calibrated": len(rows) - len(independent),
            "within": sorted(r["name"] for r in independent if r["within_tolerance"])}
