"""Run the calibration scenarios and compare ours with the published figures (error, within tolerance)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from designer.analysis.validation.scenarios import SCENARIOS, Scenario


@dataclass
class ScenarioResult:
    """One row of the validation table; `ours`/`error` are None for a figure the product cannot express."""

    scenario: Scenario
    ours: float | None
    error: float | None          # relative: (ours - published) / published, or distance outside the band
    within_tolerance: bool
    wall_s: float

    def to_dict(self) -> dict:
        s = self.scenario
        return {"name": s.name, "figure": s.figure,
                "published": list(s.band) if s.band else s.published, "ours": self.ours, "unit": s.unit,
                "error": self.error, "tolerance": s.tolerance, "within_tolerance": self.within_tolerance,
                "source": s.source, "note": s.note, "wall_s": round(self.wall_s, 3)}


def relative_error(s: Scenario, ours: float) -> float:
    """Signed relative error of `ours` against a value, or against the nearest edge of a band (0 inside)."""
    if s.band is not None:
        lo, hi = s.band
        if ours < lo:
            return (ours - lo) / lo
        if ours > hi:
            return (ours - hi) / hi
        return 0.0
    assert s.published is not None
    return (ours - s.published) / s.published


def evaluate(s: Scenario) -> ScenarioResult:
    """Compute one scenario's figure and judge it against its tolerance."""
    if s.compute is None:
        return ScenarioResult(s, None, None, False, 0.0)
    t0 = time.perf_counter()
    ours = float(s.compute())
    err = relative_error(s, ours)
    return ScenarioResult(s, ours, err, abs(err) <= s.tolerance + 1e-12, time.perf_counter() - t0)


def run_scenarios(names: list[str] | None = None) -> list[ScenarioResult]:
    """All scenarios (or those named), in table order."""
    chosen = [s for s in SCENARIOS if names is None or s.name in names]
    return [evaluate(s) for s in chosen]


def _fmt(value: float | None) -> str:
    if value is None:
        return "n/a"
    a = abs(value)
    if a >= 1000:
        return f"{value:,.0f}"
    if a >= 100:
        return f"{value:.0f}"
    if a >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}" if a < 1 else f"{value:.2f}"


def published_text(s: Scenario) -> str:
    if s.band is not None:
        return f"{_fmt(s.band[0])}-{_fmt(s.band[1])}"
    return _fmt(s.published)


def status_text(r: ScenarioResult) -> str:
    if r.ours is None:
        return "not expressed"
    return "within" if r.within_tolerance else "OFF"


def format_table(results: list[ScenarioResult], *, markdown: bool = False) -> str:
    """The table the `validate` command prints (plain text) or docs/validation.md holds (markdown)."""
    head = ["scenario", "published", "ours", "unit", "error", "tolerance", "status", "source"]
    rows = []
    for r in results:
        s = r.scenario
        err = "n/a" if r.error is None else f"{100 * r.error:+.1f} %"
        tol = f"±{100 * s.tolerance:.0f} %" if not s.band else (f"band ±{100 * s.tolerance:.0f} %"
                                                                if s.tolerance else "band")
        rows.append([s.name, published_text(s), _fmt(r.ours), s.unit, err, tol, status_text(r), s.source])
    within = sum(r.within_tolerance for r in results)
    expressed = sum(r.ours is not None for r in results)
    summary = f"{within} of {len(results)} scenarios within tolerance ({expressed} expressed)"
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines) + f"\n\n{summary}.\n"
    widths = [max(len(h), *(len(row[i]) for row in rows)) for i, h in enumerate(head[:-1])]
    out = ["  ".join(h.ljust(w) for h, w in zip(head[:-1], widths, strict=True)) + "  source"]
    for row in rows:
        out.append("  ".join(c.ljust(w) for c, w in zip(row[:-1], widths, strict=True)) + "  " + row[-1])
    out.append(summary)
    return "\n".join(out)
