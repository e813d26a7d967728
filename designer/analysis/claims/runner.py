"""Re-run a claims file: every distinct workload of every setup once per protocol variant, each figure read from
its run, set beside the published one with a verdict, and the settings each variant ran.

A claim agrees with a variant when ours is within the claim's tolerance of the published figure of the variant's
protocol (`compare: "value"`), or when our RoCEv2 / IB ratio is within the tolerance of the published ratio
(`compare: "gap"`, for figures whose absolute value rests on an input the source does not give).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from designer.analysis.claims.format import Claim, ClaimsFile, Variant
from designer.analysis.claims.metrics import METRICS, read_metric
from designer.analysis.claims.settings import variant_settings
from designer.analysis.claims.setups import build_setup
from designer.catalog.loader import Catalog, load_catalog
from designer.i18n.message import Message, text_of
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.sim import SimOptions, WorkloadError, stream

AGREES, DISAGREES, NOT_MEASURED, NOT_PUBLISHED, FAILED = "agrees", "disagrees", "not_measured", "not_published", \
    "failed"
Progress = Callable[[int, int, str], None]       # runs done, runs in all, what runs now ("setup · workload · variant")


class ClaimsCancelled(Exception):
    """The claims run was stopped through its cancel event."""


@dataclass
class Verdict:
    """One variant's outcome on one claim; `error` is ours / published - 1 (of the value, or of the ratio)."""

    variant: str
    status: str
    error: float | None = None
    reason: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"variant": self.variant, "status": self.status, "error": self.error, "reason": self.reason}


@dataclass
class ClaimRow:
    claim: Claim
    ours: dict[str, float | None]                     # variant id -> our figure
    verdicts: list[Verdict]
    published_gap: float | None                       # published RoCEv2 / IB - 1
    ours_gap: dict[str, float | None]                 # RoCEv2 variant id -> ours / the IB variant's - 1

    @property
    def overall(self) -> str:
        """agrees (every judged variant), disagrees (none), partly, or the reason nothing could be judged."""
        judged = [v.status for v in self.verdicts if v.status in (AGREES, DISAGREES)]
        if not judged:
            return FAILED if any(v.status == FAILED for v in self.verdicts) else NOT_MEASURED
        if all(s == AGREES for s in judged):
            return AGREES
        return DISAGREES if all(s == DISAGREES for s in judged) else "partly"

    def to_dict(self) -> dict[str, Any]:
        c = self.claim
        return {"metric": c.metric, "unit": METRICS[c.metric].unit, "label": c.label, "setup": c.setup,
                "workload": c.workload, "compare": c.compare, "tolerance_pct": c.tolerance_pct,
                "published": dict(c.published), "ours": dict(self.ours), "published_gap": self.published_gap,
                "ours_gap": dict(self.ours_gap), "verdicts": [v.to_dict() for v in self.verdicts],
                "overall": self.overall, "note": c.note}


@dataclass
class ClaimsReport:
    claims: ClaimsFile
    rows: list[ClaimRow]
    settings: list[dict[str, Any]]                    # per setup and variant: what the variant's preset set
    notes: dict[str, list[Message]] = field(default_factory=dict)   # setup id -> how its design was made
    runs: int = 0
    wall_s: float = 0.0

    def to_dict(self) -> dict[str, Any]:
        f = self.claims
        return {"schema": "fabric-designer.claims-result/1", "title": f.title, "source": vars(f.source),
                "seed": f.seed, "variants": [vars(v) for v in f.variants],
                "setups": [{"id": s.id, "label": s.label, "notes": [text_of(m) for m in self.notes.get(s.id, [])]}
                           for s in f.setups],
                "claims": [r.to_dict() for r in self.rows], "settings": self.settings, "runs": self.runs,
                "wall_s": round(self.wall_s, 3)}


@dataclass
class _Runs:
    """Results (or the reason a run failed) by (setup id, workload, variant id)."""

    results: dict[tuple[str, str, str], dict[str, Any]] = field(default_factory=dict)
    failures: dict[tuple[str, str, str], str] = field(default_factory=dict)


def run_claims(claims: ClaimsFile, *, cancel: threading.Event | None = None, progress: Progress | None = None,
               catalog: Catalog | None = None) -> ClaimsReport:
    """Run every distinct (setup, workload) once per variant and judge each claim; ClaimsCancelled when stopped.
    A setup that cannot be built raises its ProjectError; a run that fails is reported on its claims' rows."""
    t0 = time.perf_counter()
    cat = catalog or load_catalog()
    designs: dict[str, FabricDocument] = {}
    notes: dict[str, list[Message]] = {}
    for setup in claims.setups:
        if any(c.setup == setup.id for c in claims.claims):
            designs[setup.id], notes[setup.id] = build_setup(setup, cat)
    tasks = list(dict.fromkeys((c.setup, c.workload, v.id) for c in claims.claims for v in claims.variants))
    runs = _run_all(claims, designs, tasks, cancel, progress, cat)
    rows = [judge(c, claims.variants, runs) for c in claims.claims]
    settings = [variant_settings(designs[s.id], s.id, v, cat) for s in claims.setups if s.id in designs
                for v in claims.variants]
    return ClaimsReport(claims, rows, settings, notes, len(tasks), time.perf_counter() - t0)


def _run_all(claims: ClaimsFile, designs: dict[str, FabricDocument], tasks: list[tuple[str, str, str]],
             cancel: threading.Event | None, progress: Progress | None, cat: Catalog) -> _Runs:
    variants = {v.id: v for v in claims.variants}
    out = _Runs()
    for k, (setup_id, workload, vid) in enumerate(tasks):
        if progress is not None:
            progress(k, len(tasks), f"{setup_id} · {workload} · {vid}")
        v = variants[vid]
        opts = SimOptions(seed=claims.seed, backend=v.protocol, preset=v.preset, catalog=cat)
        try:
            result = _one_run(designs[setup_id], workload, opts, cancel)
        except (WorkloadError, ProjectError) as exc:
            out.failures[(setup_id, workload, vid)] = str(exc)
            continue
        out.results[(setup_id, workload, vid)] = result
    if progress is not None:
        progress(len(tasks), len(tasks), "")
    return out


def _one_run(doc: FabricDocument, workload: str, opts: SimOptions, cancel: threading.Event | None) -> dict[str, Any]:
    final = None
    for snap in stream(doc, [workload], opts, cancel):
        final = snap
    if cancel is not None and cancel.is_set():
        raise ClaimsCancelled()
    assert final is not None and final.result is not None
    return final.result.data


def judge(claim: Claim, variants: list[Variant], runs: _Runs) -> ClaimRow:
    """Our figure of each variant beside the published ones, with each variant's verdict."""
    ours: dict[str, float | None] = {}
    failed: dict[str, str] = {}
    for v in variants:
        key = (claim.setup, claim.workload, v.id)
        ours[v.id] = read_metric(claim.metric, runs.results[key]) if key in runs.results else None
        if key in runs.failures:
            failed[v.id] = runs.failures[key]
    pub = claim.published
    published_gap = pub["rocev2"] / pub["ib"] - 1.0 if "ib" in pub and "rocev2" in pub else None
    base = next((ours[v.id] for v in variants if v.protocol == "ib" and ours[v.id]), None)
    ours_gap = {v.id: _ratio(ours[v.id], base) for v in variants if v.protocol == "rocev2"}
    verdicts = [_verdict(claim, v, ours[v.id], ours_gap.get(v.id), published_gap, failed.get(v.id, ""))
                for v in variants]
    return ClaimRow(claim, ours, verdicts, published_gap, ours_gap)


def _ratio(value: float | None, base: float | None) -> float | None:
    """value / base - 1, None when either is missing."""
    return value / base - 1.0 if value is not None and base else None


def _verdict(claim: Claim, v: Variant, ours: float | None, gap: float | None, published_gap: float | None,
             failure: str) -> Verdict:
    if failure:
        return Verdict(v.id, FAILED, reason=failure)
    if claim.compare == "gap":
        if v.protocol == "ib":                       # the reference of the ratio: nothing of its own to judge
            return Verdict(v.id, NOT_PUBLISHED)
        if gap is None or published_gap is None:
            return Verdict(v.id, NOT_MEASURED)
        error = (1.0 + gap) / (1.0 + published_gap) - 1.0
    else:
        if v.protocol not in claim.published:
            return Verdict(v.id, NOT_PUBLISHED)
        if ours is None:
            return Verdict(v.id, NOT_MEASURED)
        error = ours / claim.published[v.protocol] - 1.0
    within = abs(error) <= claim.tolerance_pct / 100.0 + 1e-12
    return Verdict(v.id, AGREES if within else DISAGREES, error)
