"""The recorded outcome of the last validation run, for places that cite it without re-running it (the PDF).

resources/validation/status.json is written from the rows of `fabric-designer validate --json` by `status_record`
(with each scenario's figure, so that tests/test_validation.py can re-run the cheap scenarios and fail when one no
longer reproduces the record, and fail when a scenario is added, removed or re-classified without a new record).
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


def status_record(rows: list[dict], *, command: str, cpu_s: float) -> dict:
    """What status.json holds: the summary, each scenario's basis, figure and verdict, and what measured them."""
    record = status_from_run(rows)
    record["rows"] = [{"name": r["name"], "basis": r.get("basis", "independent"), "ours": r["ours"],
                       "within_tolerance": r["within_tolerance"]} for r in rows]
    record["command"] = command
    record["cpu_s"] = round(cpu_s, 1)
    record["details"] = "docs/validation.md"
    return record
