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
from designer.i18n import current_language, render
from designer.i18n import number_format as nf
from designer.i18n.message import Message, either
from designer.i18n.messages_en import EN
from designer.model.assumptions import CURRENCIES
from designer.sim.workload_spec import WorkloadError, parse_workloads

DEFAULT_WORKLOAD = "allreduce:1GiB"
SCHEMA = "fabric-designer.advice/1"


class AdviceCancelled(Exception):
    """The user cancelled the advisor before every candidate was built."""


@dataclass(frozen=True)
class Money:
    """An amount in a currency, formatted for the language a reason is rendered in."""

    amount: float
    currency: str


@dataclass(frozen=True)
class Percent:
    """A fraction shown as a whole percentage ('12 %' in English, '12%' in Chinese)."""

    fraction: float


@dataclass(frozen=True)
class Duration:
    """A time in seconds, shown with the unit that reads best (SI in every language)."""

    seconds: float


@dataclass(frozen=True)
class MessageRef:
    """A nested message id (a candidate's label, a protocol name), rendered in the reason's language."""

    msg_id: str
    params: dict = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class CandidateLabel:
    """The label of the candidate with this id, rendered in the reason's language."""

    candidate_id: str


@dataclass(frozen=True)
class AdviceReason:
    """One reason as a message id and its parameters; text(language) renders it in any language."""

    msg_id: str
    params: dict = field(default_factory=dict, hash=False)

    def text(self, language: str | None = None, candidates: dict[str, Candidate] | None = None) -> str:
        """The sentence in `language` (default: the current core language)."""
        values = {k: _render_value(v, language, candidates or {}) for k, v in self.params.items()}
        return render(self.msg_id, language, **values)


def _render_value(value: object, language: str | None, candidates: dict[str, Candidate]) -> object:
    """A reason parameter as text in `language`; numbers and plain text are left to the template."""
    lang = language or current_language()
    if isinstance(value, Money):
        return nf.money(value.amount, value.currency, lang)
    if isinstance(value, Percent):
        return nf.percent(value.fraction, 0, lang)
    if isinstance(value, Duration):
        return format_duration(value.seconds)
    if isinstance(value, MessageRef):
        return render(value.msg_id, lang, **{k: _render_value(v, lang, candidates) for k, v in value.params.items()})
    if isinstance(value, CandidateLabel):
        return candidates[value.candidate_id].spec.label_text(lang)
    return value


@dataclass
class Advice:
    """The ranked candidates, the recommended one, and the reasons.

    `reason_items` are message ids with parameters (render them with reason_texts(language)); `reasons` holds
    their English sentences, as advice.json gives them.
    """

    gpus: int
    workloads: list[str]
    preferences: Preferences
    seed: int
    candidates: dict[str, Candidate]
    ranking: list[Scored]
    protocol: Recommendation
    reasons: list[str] = field(default_factory=list)
    reason_items: list[AdviceReason] = field(default_factory=list)

    @property
    def recommended(self) -> Candidate:
        return self.candidates[self.ranking[0].id]

    def reason_texts(self, language: str | None = None) -> list[str]:
        """The reasons as sentences in `language` (default: the current core language)."""
        if not self.reason_items:
            return list(self.reasons)
        return [r.text(language, self.candidates) for r in self.reason_items]

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
        raise WorkloadError(Message("error.advisor.gpus", gpus=repr(gpus)))
    if prefs.currency not in CURRENCIES:
        raise WorkloadError(Message("error.advisor.currency", currency=prefs.currency, choices=either(CURRENCIES)))
    if prefs.budget is not None and not prefs.budget > 0:
        raise WorkloadError(Message("error.advisor.budget", budget=f"{prefs.budget:g}"))
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise WorkloadError(Message("error.advisor.seed", seed=repr(seed)))
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
    advice.reason_items = candidate_reason_items(advice)
    advice.reasons = advice.reason_texts("en")
    return advice


def _protocol_pair(built: dict[str, Candidate]) -> dict | None:
    """IB vs RoCEv2 results of the same topology (fat tree, 1:1) for recommend()'s simulation arguments."""
    ib = next((c for c in built.values() if c.spec.backend == "ib" and c.spec.oversubscription == 1.0), None)
    roce = next((c for c in built.values() if c.spec.backend == "rocev2" and c.spec.kind == "fat-tree"
                 and c.spec.oversubscription == 1.0), None)
    return {"ib": ib.result, "rocev2": roce.result} if ib and roce else None


def candidate_reason_items(advice: Advice) -> list[AdviceReason]:
    """Why the first candidate ranks first, with this run's numbers, as message ids to render in any language."""
    prefs = advice.preferences
    first, best = advice.ranking[0], advice.recommended
    f = best.figures
    cur = f["currency"]
    out = [AdviceReason("advisor.reason.first", {
        "label": CandidateLabel(best.id), "count": len(advice.ranking), "time": Duration(f["time_s"]),
        "time_above": Percent(first.time_term), "tco": Money(f["tco"], cur), "cost_above": Percent(first.cost_term),
        "p99": f["p99_latency_us"]})]
    runner_up = advice.ranking[1] if len(advice.ranking) > 1 else None
    if runner_up is not None:
        r = advice.candidates[runner_up.id]
        out.append(AdviceReason("advisor.reason.runner_up", {
            "label": CandidateLabel(r.id), "time": Duration(r.figures["time_s"]), "tco": Money(r.figures["tco"], cur),
            "p99": r.figures["p99_latency_us"]}))
    if prefs.budget is not None:
        fits = [s for s in advice.ranking if s.within_budget]
        if fits:
            out.append(AdviceReason("advisor.reason.budget_fits", {
                "fits": len(fits), "count": len(advice.ranking), "budget": Money(prefs.budget, cur)}))
        else:
            cheapest = min(advice.candidates.values(), key=lambda c: c.figures["capex"])
            out.append(AdviceReason("advisor.reason.budget_none", {
                "budget": Money(prefs.budget, cur), "label": CandidateLabel(cheapest.id),
                "capex": Money(cheapest.figures["capex"], cur)}))
    if prefs.latency_sensitive:
        out.append(AdviceReason("advisor.reason.latency"))
    if prefs.existing_ethernet:
        out.append(AdviceReason("advisor.reason.ethernet"))
    lean = advice.protocol.choice
    protocol = MessageRef(f"advisor.lean.{lean}") if f"advisor.lean.{lean}" in EN else lean
    out.append(AdviceReason("advisor.reason.lean", {"protocol": protocol, "score": advice.protocol.score}))
    return out


def candidate_reasons(advice: Advice, language: str = "en") -> list[str]:
    """Why the first candidate ranks first, as sentences in `language` (English by default)."""
    return [r.text(language, advice.candidates) for r in candidate_reason_items(advice)]
