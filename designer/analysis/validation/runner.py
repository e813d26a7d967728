"""Run the calibration scenarios and compare ours with the published figures (error, within tolerance)."""

from __future__ import annotations

import time
from dataclasses import dataclass

from designer.analysis.validation.scenarios import INDEPENDENT, SCENARIOS, Scenario
from designer.i18n import current_language, render
from designer.i18n.messages_en import EN
from designer.i18n.text_width import columns, ljust

COLUMNS = ("scenario", "basis", "published", "ours", "unit", "error", "tolerance", "status", "source")


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
        return {"name": s.name, "figure": s.figure, "basis": s.basis,
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


def _fmt(value: float | None, language: str = "en") -> str:
    if value is None:
        return render("validate.na", language)
    a = abs(value)
    if a >= 1000:
        return f"{value:,.0f}"
    if a >= 100:
        return f"{value:.0f}"
    if a >= 10:
        return f"{value:.1f}"
    return f"{value:.3g}" if a < 1 else f"{value:.2f}"


def published_text(s: Scenario, language: str = "en") -> str:
    """The published value or range as the table shows it."""
    if s.band is not None:
        return f"{_fmt(s.band[0], language)}-{_fmt(s.band[1], language)}"
    return _fmt(s.published, language)


def status_text(r: ScenarioResult, language: str = "en") -> str:
    """within / OFF / not expressed, in `language`."""
    if r.ours is None:
        return render("validate.not_expressed", language)
    return render("validate.within" if r.within_tolerance else "validate.off", language)


def _unit(unit: str, language: str) -> str:
    """A unit as shown: the words ratio and fraction are translated, symbols (us, GB/s, %, USD) are not."""
    msg_id = f"validate.unit.{unit}"
    return render(msg_id, language) if msg_id in EN else unit


def format_table(results: list[ScenarioResult], *, markdown: bool = False, language: str | None = None) -> str:
    """The table the `validate` command prints (plain text, in `language`, default the current core language) or
    docs/validation.md holds (markdown, always English)."""
    lang = "en" if markdown else (language or current_language())
    head = [render(f"validate.col.{c}", lang) for c in COLUMNS]
    rows = []
    for r in results:
        s = r.scenario
        err = render("validate.na", lang) if r.error is None else f"{100 * r.error:+.1f} %"
        pct = f"±{100 * s.tolerance:.0f} %"
        tol = pct if not s.band else (render("validate.band_tolerance", lang, tolerance=pct) if s.tolerance
                                      else render("validate.band", lang))
        rows.append([s.name, render(f"validate.basis.{s.basis}", lang), published_text(s, lang), _fmt(r.ours, lang),
                     _unit(s.unit, lang), err, tol, status_text(r, lang), s.source])
    independent = [r for r in results if r.scenario.basis == INDEPENDENT]
    summary = render("validate.summary", lang, within=sum(r.within_tolerance for r in independent),
                     total=len(independent), expressed=sum(r.ours is not None for r in independent),
                     calibrated=len(results) - len(independent))
    if markdown:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(row) + " |" for row in rows]
        return "\n".join(lines) + f"\n\n{summary}.\n"
    widths = [max(columns(h), *(columns(row[i]) for row in rows)) for i, h in enumerate(head[:-1])]
    out = ["  ".join(ljust(h, w) for h, w in zip(head[:-1], widths, strict=True)) + "  " + head[-1]]
    for row in rows:
        out.append("  ".join(ljust(c, w) for c, w in zip(row[:-1], widths, strict=True)) + "  " + row[-1])
    out.append(summary)
    return "\n".join(out)
