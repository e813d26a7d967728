"""The claims table as text cells in the current language, for the command line and the window alike.

Columns: the claim, then for each protocol its published figure and our figure of each of its variants, then the
difference (the RoCEv2-vs-IB gap, published -> ours per RoCEv2 variant). Below the table: one verdict line per
claim, and the settings each variant ran.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from designer.analysis.claims.format import Variant
from designer.analysis.claims.metrics import METRICS
from designer.analysis.claims.runner import (
    AGREES,
    DISAGREES,
    FAILED,
    NOT_MEASURED,
    NOT_PUBLISHED,
    ClaimRow,
    ClaimsReport,
    Verdict,
)
from designer.i18n import render
from designer.i18n.message import text_of

PROTOCOL_NAMES = {"ib": "IB", "rocev2": "RoCEv2"}
SMALLEST_SHOWN = 0.001       # a figure below this (a jitter of 1e-8 %) is shown as "<0.001"
LARGEST_PERCENT = 999


@dataclass
class ClaimsTable:
    headers: list[str]
    rows: list[list[str]]
    statuses: list[str]                 # per row: agrees | disagrees | partly | not_measured | failed
    cell_status: list[list[str]]        # per row and column: the verdict a cell of ours shows ("" elsewhere)
    verdicts: list[str]                 # one line per claim
    settings: list[str]                 # one line per setup and variant
    notes: list[str]                    # how each setup was made and what its file says of it


def number(value: float | None) -> str:
    """A figure as the table shows it: three significant digits, grouped when large, '-' when absent."""
    if value is None:
        return "-"
    a = abs(value)
    if 0 < a < SMALLEST_SHOWN:
        return f"<{SMALLEST_SHOWN:g}"
    if a >= 1000:
        return f"{value:,.0f}"
    if a >= 100:
        return f"{value:.0f}"
    return f"{value:.3g}" if a >= 1 else f"{value:.2g}"


def percent(fraction: float | None) -> str:
    """A relative difference as a signed whole percentage ('0%' when it rounds to nothing)."""
    if fraction is None:
        return "-"
    whole = round(fraction * 100)
    if whole > LARGEST_PERCENT:                  # against a figure near zero a ratio says nothing more
        return f">+{LARGEST_PERCENT}%"
    return f"{whole:+d}%" if whole else "0%"


def variant_name(v: Variant, variants: list[Variant]) -> str:
    """The variant's own label, else its protocol, with its preset when the protocol runs in several variants."""
    if v.label:
        return v.label
    name = PROTOCOL_NAMES[v.protocol]
    if sum(1 for o in variants if o.protocol == v.protocol) > 1:
        return render("claims.variant", name=name, preset=render(f"claims.preset.{v.preset}"))
    return name


def _protocols(variants: list[Variant]) -> list[str]:
    return list(dict.fromkeys(v.protocol for v in variants))


def claim_name(row: ClaimRow, report: ClaimsReport) -> str:
    c = row.claim
    setup = report.claims.setup(c.setup)
    what = c.label or render(f"claims.metric.{c.metric}", unit=METRICS[c.metric].unit)
    return render("claims.claim_name", metric=what, setup=setup.label or setup.id)


def claims_table(report: ClaimsReport) -> ClaimsTable:
    """Headers, cells, verdict lines and settings lines of a claims report."""
    variants = report.claims.variants
    headers = [render("claims.col.claim")]
    for proto in _protocols(variants):
        headers.append(render("claims.col.published", name=PROTOCOL_NAMES[proto]))
        headers += [render("claims.col.ours", name=variant_name(v, variants)) for v in variants
                    if v.protocol == proto]
    headers.append(render("claims.col.difference"))
    rows, cell_status = [], []
    for row in report.rows:
        verdict = {v.variant: v.status for v in row.verdicts}
        cells, statuses = [claim_name(row, report)], [""]
        for proto in _protocols(variants):
            cells.append(number(row.claim.published.get(proto)))
            statuses.append("")
            for v in (v for v in variants if v.protocol == proto):
                cells.append(number(row.ours[v.id]))
                statuses.append(verdict[v.id] if verdict[v.id] in (AGREES, DISAGREES) else "")
        cells.append(_gap_text(row, variants))
        statuses.append("")
        rows.append(cells)
        cell_status.append(statuses)
    return ClaimsTable(headers, rows, [r.overall for r in report.rows], cell_status,
                       [verdict_line(k + 1, r, report) for k, r in enumerate(report.rows)],
                       settings_lines(report), note_lines(report))


def _gap_text(row: ClaimRow, variants: list[Variant]) -> str:
    ours = [percent(row.ours_gap[v.id]) for v in variants if v.id in row.ours_gap]
    if row.published_gap is None and not any(g != "-" for g in ours):
        return "-"
    return render("claims.gap", published=percent(row.published_gap), ours=" / ".join(ours) or "-")


def verdict_line(n: int, row: ClaimRow, report: ClaimsReport) -> str:
    """'3. Compute utilisation (%) [32 GPUs]: IB agrees within 10% (-2%); RoCEv2 (plain) disagrees (+25%)'."""
    variants = {v.id: v for v in report.claims.variants}
    judged = [v for v in row.verdicts if v.status != NOT_PUBLISHED]
    if judged and all(v.status == NOT_MEASURED for v in judged):
        judged = []                                  # one sentence for the whole row, not one per variant
    reasons = {v.reason for v in judged if v.status == FAILED}
    if len(reasons) == 1 and all(v.status == FAILED for v in judged):
        text = render("claims.verdict.none_ran", reason=reasons.pop())
        return render("claims.verdict_line", n=n, claim=claim_name(row, report), basis="", text=text)
    parts = [_verdict_text(v, variant_name(variants[v.variant], report.claims.variants), row) for v in judged]
    basis = render("claims.basis.gap") if row.claim.compare == "gap" else ""
    nothing = "claims.verdict.nothing" if not row.verdicts or judged else "claims.verdict.none_measured"
    text = render("list.sep").join(p for p in parts if p) or render(nothing)
    return render("claims.verdict_line", n=n, claim=claim_name(row, report), basis=basis, text=text)


def _verdict_text(v: Verdict, name: str, row: ClaimRow) -> str:
    tol = f"{row.claim.tolerance_pct:g}"
    if v.status == AGREES:
        return render("claims.verdict.agrees", name=name, tolerance=tol, error=percent(v.error))
    if v.status == DISAGREES:
        return render("claims.verdict.disagrees", name=name, error=percent(v.error))
    if v.status == FAILED:
        return render("claims.verdict.failed", name=name, reason=v.reason)
    return render("claims.verdict.not_measured", name=name)


def settings_lines(report: ClaimsReport) -> list[str]:
    """One line per variant (per group of setups where the hardware makes a variant's values differ): the preset,
    what it is, and the values it set on the back-end."""
    variants = {v.id: v for v in report.claims.variants}
    groups: dict[tuple[str, str], list[str]] = {}
    for s in report.settings:
        values = ", ".join(f"{k}={_value(x)}" for k, x in s["settings"].items())
        setup = report.claims.setup(s["setup"])
        groups.setdefault((s["variant"], values), []).append(setup.label or setup.id)
    split = len(groups) > len({vid for vid, _ in groups})
    out = []
    for (vid, values), setups in groups.items():
        v = variants[vid]
        line = render("claims.settings_line", name=variant_name(v, report.claims.variants),
                      preset=render(f"claims.preset.{v.preset}"), about=render(f"claims.preset_about.{v.preset}"),
                      values=values or "-")
        out.append(f"[{render('list.join').join(setups)}] {line}" if split else line)
    return out


def note_lines(report: ClaimsReport) -> list[str]:
    """'Setup 32 GPUs: ...': the engine's notes on each setup (a slower back-end), then the file's own note."""
    setups = [s for s in report.claims.setups if s.id in report.notes]
    texts = [(s, text_of(m)) for s in setups for m in report.notes[s.id]] + [(s, s.note) for s in setups if s.note]
    return [render("claims.setup_note", setup=s.label or s.id, text=text) for s, text in texts]


def _value(x: Any) -> str:
    if isinstance(x, bool):
        return "on" if x else "off"
    return f"{x:g}" if isinstance(x, float) else str(x)
