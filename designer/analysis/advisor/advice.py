"""advise(): build every candidate at one scale, simulate and cost each, and choose among them with the one
recommendation rule (designer/analysis/recommendation.py): within the budget, by the user's priorities in order,
a gap inside a priority's tie band handing the choice to the next. The reasons are the recommendation's own: they
cite only the comparisons that decided.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.analysis.advisor.alternatives import Alternative, alternatives, verdict
from designer.analysis.advisor.candidate_pool import CandidateTask, RunControl, build_outcomes
from designer.analysis.advisor.candidates import Candidate, CandidateSpec, candidate_specs
from designer.analysis.advisor.ranking import Preferences, Ranked, candidate_option
from designer.analysis.advisor.site_request import SiteRequest
from designer.analysis.advisor.sites import CrossSite, cross_site, no_candidate, site_notes, site_specs, site_workloads
from designer.analysis.recommendation import PrioritiesError, Recommendation, decide, parse_priorities
from designer.catalog.loader import Catalog, load_catalog
from designer.i18n.message import Message, either
from designer.model.assumptions import CURRENCIES
from designer.sim.workload_spec import WorkloadError, parse_workloads

DEFAULT_WORKLOAD = "allreduce:1GiB"
SCHEMA = "fabric-designer.advice/2"


@dataclass
class Advice:
    """The candidates and the one recommendation among them (ranked options, the choice, the reasons)."""

    gpus: int
    workloads: list[str]
    preferences: Preferences
    seed: int
    candidates: dict[str, Candidate]
    recommendation: Recommendation
    alternatives: tuple[Alternative, ...] = ()    # rail-only and multi-plane: weighed or left out, and why
    cross_sites: dict[str, CrossSite] = field(default_factory=dict)   # each candidate's verdict across the sites
    notes: tuple[Message, ...] = ()               # what the advisor chose for the user (the training workload)

    @property
    def site(self) -> SiteRequest | None:
        """Two sites: their distance and the link budget (None: one site)."""
        return self.preferences.site

    @property
    def ranking(self) -> list[Ranked]:
        """Every candidate in rank order: those within the budget first."""
        rec = self.recommendation
        return [Ranked(o.id, o.protocol, rec.within_budget(o.id)) for o in rec.options]

    @property
    def recommended(self) -> Candidate | None:
        """The recommended candidate; None when no candidate fits the budget."""
        return self.candidates[self.recommendation.chosen] if self.recommendation.chosen else None

    def recommended_label(self, language: str | None = None) -> str:
        """The recommendation's one name (the candidate's label, or that none fits the budget)."""
        return self.recommendation.label(language)

    def reason_texts(self, language: str | None = None) -> list[str]:
        """The reasons as sentences in `language` (default: the current core language); across sites, the
        recommended candidate's verdict on training across them ends them."""
        verdict = self.cross_sites.get(self.recommendation.chosen or "")
        return self.recommendation.reasons(language) + ([verdict.message.render(language)] if verdict else [])

    def cross_site_texts(self, language: str | None = None) -> list[tuple[str, str]]:
        """Each candidate in rank order with its verdict across the sites (label, sentence), in `language`."""
        return [(c.label_text(language), self.cross_sites[c.id].message.render(language))
                for _, c in self.ranked() if c.id in self.cross_sites]

    def note_texts(self, language: str | None = None) -> list[str]:
        return [n.render(language) for n in self.notes]

    def alternative_texts(self, language: str | None = None) -> list[str]:
        """Why each scale-out alternative was weighed or left out, and how it fared (in `language`)."""
        return [verdict(a, self.candidates, self.recommendation.chosen).render(language) for a in self.alternatives]

    @property
    def reasons(self) -> list[str]:
        """The reasons in English (advice.json)."""
        return self.reason_texts("en")

    def ranked(self) -> list[tuple[Ranked, Candidate]]:
        return [(r, self.candidates[r.id]) for r in self.ranking]

    def to_dict(self) -> dict:
        """JSON form (`advise --json`, advice.json): the recommendation, its rule and reasons, every candidate."""
        rows = []
        for rank, (r, c) in enumerate(self.ranked(), start=1):
            rows.append({"rank": rank, "id": c.id, "label": c.label_text("en"), "kind": c.kind, "backend": c.protocol,
                         "oversubscription": c.spec.oversubscription, "within_budget": r.within_budget,
                         **c.figures})
            if c.id in self.cross_sites:
                rows[-1]["cross_site"] = self.cross_sites[c.id].to_dict()
        p = self.preferences
        rec = self.recommendation.to_dict()
        return {"schema": SCHEMA, "gpus": self.gpus, "workloads": self.workloads, "seed": self.seed,
                "budget": p.budget, "currency": p.currency, "existing_ethernet": p.existing_ethernet,
                "latency_sensitive": p.latency_sensitive, "priorities": rec["priorities"],
                "tie_bands": rec["tie_bands"], "recommended": rec["recommended"],
                "recommended_label": rec["recommended_label"], "rule": rec["rule"], "reasons": self.reasons,
                "alternatives": self.alternative_texts("en"), "sites": self.site.to_dict() if self.site else None,
                "notes": self.note_texts("en"), "candidates": rows}


def check_request(gpus: int, workloads: list[str], prefs: Preferences, seed: int, workers: int | None = None) -> None:
    """Raise WorkloadError (one line) for a request the advisor cannot run."""
    if isinstance(gpus, bool) or not isinstance(gpus, int) or gpus < 8 or gpus % 8:
        raise WorkloadError(Message("error.advisor.gpus", gpus=repr(gpus)))
    if prefs.currency not in CURRENCIES:
        raise WorkloadError(Message("error.advisor.currency", currency=prefs.currency, choices=either(CURRENCIES)))
    if prefs.budget is not None and not prefs.budget > 0:
        raise WorkloadError(Message("error.advisor.budget", budget=f"{prefs.budget:g}"))
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise WorkloadError(Message("error.advisor.seed", seed=repr(seed)))
    if workers is not None and (isinstance(workers, bool) or not isinstance(workers, int) or workers < 1):
        raise WorkloadError(Message("error.advisor.workers", workers=repr(workers)))
    if prefs.priorities is not None:
        try:
            parse_priorities(prefs.priorities)
        except PrioritiesError as exc:
            raise WorkloadError(str(exc)) from None
    parse_workloads(workloads)


def advise(gpus: int, workloads: list[str] | None = None, prefs: Preferences | None = None, *, seed: int = 1,
           specs: list[CandidateSpec] | None = None, catalog: Catalog | None = None,
           control: RunControl | None = None) -> Advice:
    """Generate, simulate and cost every candidate; rank them; give the recommendation and its reasons. With
    `prefs.site` the candidates are two-site designs (designer/analysis/advisor/sites.py), each with its verdict
    across the sites.

    `control` (designer/analysis/advisor/candidate_pool.py): the candidates are built on its `workers` local
    processes (default: one per core; 1: one after another in this process), with the same results either way;
    its `progress(done, total, label)` is called at the start and as each candidate finishes (label: the first
    not finished, in the current core language); setting its `cancel` stops them (AdviceCancelled). Raises
    WorkloadError / ProjectError (one line) for bad input.
    """
    prefs = prefs or Preferences()
    site = prefs.site
    specs_text, notes = (site_workloads(workloads) if site is not None
                         else (list(workloads or [DEFAULT_WORKLOAD]), None))
    control = control or RunControl()
    check_request(gpus, specs_text, prefs, seed, control.workers)
    cat = catalog or load_catalog()
    if site is not None:
        alts = tuple(site_notes(site, cat))
        todo = specs or site_specs()
    else:
        alts = tuple(alternatives(gpus, cat)) if specs is None else ()
        todo = specs or candidate_specs() + [spec for a in alts for spec in a.specs]
    task = CandidateTask(gpus, tuple(specs_text), seed, prefs.currency, cat, site)
    built, left_out = _build_all(task, todo, control)
    if not built:
        raise no_candidate(left_out)
    rec = decide([candidate_option(c) for c in built.values()], prefs.order(), prefs.budget)
    verdicts = {cid: cross_site(c) for cid, c in built.items()} if site is not None else {}
    return Advice(gpus, specs_text, prefs, seed, built, rec, alts + tuple(left_out), verdicts,
                  (notes,) if notes is not None else ())


def _build_all(task: CandidateTask, specs: list[CandidateSpec],
               control: RunControl) -> tuple[dict[str, Candidate], list[Alternative]]:
    """Every candidate built, simulated and costed (in the order of `specs`), and those left out (and why)."""
    built: dict[str, Candidate] = {}
    left_out: list[Alternative] = []
    for spec, outcome in zip(specs, build_outcomes(task, specs, control), strict=True):
        if isinstance(outcome, Candidate):
            built[spec.id] = outcome
        else:
            left_out.append(outcome)
    return built, left_out
