"""What the user chose for one proposal: cover text, the customer's requirements, currency, language, sections.

Requirements left empty here (customer, workloads, scale, budget, priorities, risks) are taken from those kept
with the design (designer/model/proposal.py), so that a proposal exported again says the same.
"""

from __future__ import annotations

import datetime as _dt
import math
from dataclasses import dataclass, field

from designer.analysis.recommendation import PrioritiesError, parse_priorities
from designer.analysis.settings_presets import PRESETS, RECOMMENDED
from designer.i18n.message import Message, either
from designer.model.assumptions import CURRENCIES
from designer.model.proposal import Risk
from designer.report.strings import LANGUAGES

# The sections in the order they appear; `ReportOptions.sections` picks a subset. The last three are appendices.
# "jobs" (the shared cluster) shows only in a proposal of a design that keeps jobs; "sites" only for a multi-site
# design.
SECTION_ORDER = ("summary", "scope", "recommendation", "topology", "facts", "simulation", "jobs", "sites",
                 "resilience", "cost", "racks", "risks", "acceptance", "next_steps", "findings", "assumptions",
                 "sources")
APPENDICES = ("findings", "assumptions", "sources")
OPTIONAL_SECTIONS: tuple[str, ...] = ()
DEFAULT_SECTIONS = tuple(s for s in SECTION_ORDER if s not in OPTIONAL_SECTIONS)
# sections that state figures of a simulation run (without them the engine need not run)
SIMULATED_SECTIONS = frozenset({"summary", "recommendation", "simulation", "acceptance", "next_steps", "sites"})


class ReportOptionsError(ValueError):
    """An option of the proposal is invalid (one line, names the option)."""


@dataclass
class ReportOptions:
    """Cover text and choices for one proposal. Empty title/date mean: a default title, today."""

    title: str = ""
    customer: str = ""                   # empty: the customer kept with the design
    author: str = ""
    date: str = ""
    logo_path: str | None = None
    currency: str | None = None          # None: the design's own currency
    language: str = "en"
    sections: set[str] = field(default_factory=lambda: set(DEFAULT_SECTIONS))
    workloads: list[str] = field(default_factory=list)   # empty: those kept with the design, saved, or the default
    resilience: bool | None = None       # False leaves the Resilience section out (it runs a dozen simulations)
    sweep_results: str | None = None     # a sweep's results (.csv or .parquet): appended as an appendix
    sweep_metric: str | None = None      # the appendix chart's metric (a CHART_METRICS key; None: the default)
    compare: bool = True                 # the InfiniBand and the RoCEv2 option, side by side
    preset: str = RECOMMENDED            # the settings preset each protocol is compared at
    scale: str = ""                      # the customer's words on scale; empty: those kept with the design
    budget: float | None = None          # capital cost the customer can spend; None: the one kept with the design
    budget_currency: str | None = None   # the budget's currency (None: the proposal's)
    priorities: tuple[str, ...] | None = None   # criteria in order; None: those kept with the design, or default
    risks: list[Risk] | None = None      # None: the risks kept with the design, else those the proposal derives
    notes: bool = False                  # the design's own notes, as written (working notes: off unless chosen)

    def validate(self) -> None:
        """Raise ReportOptionsError naming the first bad option."""
        for code in (self.currency, self.budget_currency):
            if code is not None and code not in CURRENCIES:
                raise ReportOptionsError(Message("error.cost.currency", currency=code, choices=either(CURRENCIES)))
        if self.language not in LANGUAGES:
            raise ReportOptionsError(Message("error.report.language", language=self.language,
                                             choices=", ".join(LANGUAGES)))
        unknown = set(self.sections) - set(SECTION_ORDER)
        if unknown:
            raise ReportOptionsError(Message("error.report.sections", sections=", ".join(sorted(unknown)),
                                             known=", ".join(SECTION_ORDER)))
        if self.preset not in PRESETS:
            raise ReportOptionsError(Message("error.report.preset", preset=self.preset, choices=", ".join(PRESETS)))
        if self.budget is not None and (not math.isfinite(self.budget) or self.budget <= 0):
            raise ReportOptionsError(Message("error.report.budget", budget=f"{self.budget:g}"))
        if self.priorities is not None:
            try:
                parse_priorities(self.priorities)
            except PrioritiesError as exc:
                raise ReportOptionsError(str(exc)) from None

    def resolved_date(self, language: str | None = None) -> str:
        """The cover date (today when empty) written for `language` (default: the proposal's own)."""
        from designer.i18n.number_format import date as format_date

        return format_date(self.date or _dt.date.today(), language or self.language)

    def ordered_sections(self, has_scenarios: bool = False) -> list[str]:
        """The sections to lay out, in order; `resilience=False` leaves Resilience out, True adds it."""
        wanted = set(self.sections)
        if self.resilience is True:
            wanted.add("resilience")
        elif self.resilience is False:
            wanted.discard("resilience")
        return [s for s in SECTION_ORDER if s in wanted]
