"""advise(): build every candidate at one scale, rank them for the user's priorities, explain the choice.

The protocol arguments come from analysis.recommendation.recommend(), fed with this run's own IB and RoCEv2
fat-tree results (the same topology at 1:1, so the comparison is like for like); the advisor adds the
candidate-level arguments (rank, budget, latency priority, existing Ethernet).
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import dataclass, field

from designer.analysis.advisor.candidates import Candidate, CandidateSpec, build_candidate, candidate_specs
from designer.analysis.advisor.ranking import Preferences, Scored, score_candidates
from designer.analysis.recommendation import Recommendation, format_duration, recommend
from designer.catalog.loader import Catalog, load_catalog
from designer.catalog.money import format_money
from designer.model.assumptions import CURRENCIES
from designer.sim.workload_spec import WorkloadError, parse_workloads

DEFAULT_WORKLOAD = "allreduce:1GiB"
SCHEMA = "fabric-designer.advice/1"


class AdviceCancelled(Exception):
    """The user cancelled the advisor before every candidate was built."""


@dataclass
class Advice:
    """The ranked candidates, the recommended one, and the reasons (plain sentences)."""

    gpus: int
    workloads: list[str]
    preferences: Preferences
    seed: int
    candidates: dict[str, Candidate]
    ranking: list[Scored]
    protocol: Recommendation
    reasons: list[str] = field(default_factory=list)

    @property
    def recommended(self) -> Candidate:
        return self.candidates[self.ranking[0].id]

    def ranked(self) -> list[tuple[Scored, Candidate]]:
        return [(s, self.candidates[s.id]) for s in self.ranking]

    def to_dict(self) -> dict:
        """JSON form (`advise --json`, advice.json): the ranked table, the choice and its reasons."""
        rows = []
        for rank, (s, c) in enumerate(self.ranked(), start=1):
            rows.append({"rank": rank, "id": c.id, "label": c.spec.label, "kind": c.kind, "backend": c.protocol,
                         "oversubscription": c.spec.oversubscription, "score": round(s.score, 6),
                         "within_budget": s.within_budget, **c.figures})
        p = self.preferences
        return {"schema": SCHEMA, "gpus": self.gpus, "workloads": self.workloads, "seed": self.seed,
                "budget": p.budget, "currency": p.currency, "existing_ethernet": p.existing_ethernet,
                "latency_sensitive": p.latency_sensitive, "recommended": self.recommended.id,
                "protocol_lean": self.protocol.choice, "reasons": self.reasons,
                "protocol_reasons": [r.text() for r in self.protocol.reasons], "candidates": rows}


def check_request(gpus: int, workloads: list[str], prefs: Preferences, seed: int) -> None:
    """Raise WorkloadError (one line) for a request the advisor cannot run."""
    if isinstance(gpus, bool) or not isinstance(gpus, int) or gpus < 8 or gpus % 8:
        raise WorkloadError(f"--gpus must be a positive multiple of 8 (8-GPU servers), not {gpus!r}")
    if prefs.currency not in CURRENCIES:
        raise WorkloadError(f"unknown currency '{prefs.currency}' (choose {' or '.join(CURRENCIES)})")
    if prefs.budget is not None and not prefs.budget > 0:
        raise WorkloadError(f"--budget must be a positive amount, not {prefs.budget:g}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise WorkloadError(f"seed must be a whole number >= 0, not {seed!r}")
    parse_workloads(workloads)


def advise(gpus: int, workloads: list[str] | None = None, prefs: Preferences | None = None, *, seed: int = 1,
           specs: list[CandidateSpec] | None = None, catalog: Catalog | None = None,
           progress: Callable[[int, int, str], None] | None = None,
           cancel: threading.Event | None = None) -> Advice:
    """Generate, simulate and cost every candidate; rank them; give the recommendation and its reasons.

    `progress(done, total, label)` is called before each candidate; setting `cancel` stops between candidates
    (AdviceCancelled). Raises WorkloadError / ProjectError (one line) for bad input.
    """
    prefs = prefs or Preferences()
    specs_text = list(workloads or [DEFAULT_WORKLOAD])
    check_request(gpus, specs_text, prefs, seed)
    cat = catalog or load_catalog()
    todo = specs or candidate_specs()
    built: dict[str, Candidate] = {}
    for k, spec in enumerate(todo):
        if cancel is not None and cancel.is_set():
            raise AdviceCancelled("cancelled")
        if progress:
            progress(k, len(todo), spec.label)
        built[spec.id] = build_candidate(spec, gpus, specs_text, seed=seed, currency=prefs.currency, catalog=cat)
    if progress:
        progress(len(todo), len(todo), "")
    ranking = score_candidates({cid: c.figures for cid, c in built.items()},
                               {cid: c.protocol for cid, c in built.items()}, prefs)
    best = built[ranking[0].id]
    pair = _protocol_pair(built)
    lean = recommend(best.doc, results=pair, workloads=specs_text, catalog=cat,
                     oversubscription=best.spec.oversubscription)
    advice = Advice(gpus, specs_text, prefs, seed, built, ranking, lean)
    advice.reasons = candidate_reasons(advice)
    return advice


def _protocol_pair(built: dict[str, Candidate]) -> dict | None:
    """IB vs RoCEv2 results of the same topology (fat tree, 1:1) for recommend()'s simulation arguments."""
    ib = next((c for c in built.values() if c.spec.backend == "ib" and c.spec.oversubscription == 1.0), None)
    roce = next((c for c in built.values() if c.spec.backend == "rocev2" and c.spec.kind == "fat-tree"
                 and c.spec.oversubscription == 1.0), None)
    return {"ib": ib.result, "rocev2": roce.result} if ib and roce else None


def _pct(value: float) -> str:
    return f"{value * 100:.0f} %"


def candidate_reasons(advice: Advice) -> list[str]:
    """Why the first candidate ranks first, in sentences with this run's numbers."""
    prefs = advice.preferences
    first, best = advice.ranking[0], advice.recommended
    f = best.figures
    cur = f["currency"]
    out = [f"{best.spec.label} ranks first of {len(advice.ranking)} candidates: time {format_duration(f['time_s'])} "
           f"({_pct(first.time_term)} above the fastest), TCO {format_money(f['tco'], cur)} "
           f"({_pct(first.cost_term)} above the cheapest), p99 latency {f['p99_latency_us']:.2f} µs."]
    runner_up = advice.ranking[1] if len(advice.ranking) > 1 else None
    if runner_up is not None:
        r = advice.candidates[runner_up.id]
        out.append(f"Runner-up: {r.spec.label} (time {format_duration(r.figures['time_s'])}, TCO "
                   f"{format_money(r.figures['tco'], cur)}, p99 {r.figures['p99_latency_us']:.2f} µs).")
    if prefs.budget is not None:
        fits = [s for s in advice.ranking if s.within_budget]
        if fits:
            out.append(f"{len(fits)} of {len(advice.ranking)} candidates fit the budget of "
                       f"{format_money(prefs.budget, cur)} (capex); those over it rank last.")
        else:
            cheapest = min(advice.candidates.values(), key=lambda c: c.figures["capex"])
            out.append(f"No candidate fits the budget of {format_money(prefs.budget, cur)}: the cheapest, "
                       f"{cheapest.spec.label}, needs {format_money(cheapest.figures['capex'], cur)} of capex.")
    if prefs.latency_sensitive:
        out.append("Tail latency was weighed as heavily as completion time, and cost at half weight "
                   "(--latency-sensitive).")
    if prefs.existing_ethernet:
        out.append("An existing Ethernet operation counts against InfiniBand (a second fabric, Subnet Manager "
                   "and skill set) and, by half, against the hybrid.")
    lean = advice.protocol.choice
    names = {"ib": "InfiniBand", "rocev2": "RoCEv2", "hybrid": "the hybrid as drawn"}
    out.append(f"On the protocol question alone, the published trade-offs and these simulations lean to "
               f"{names.get(lean, lean)} "
               f"(score {advice.protocol.score:+.1f}; + favours IB).")
    return out


