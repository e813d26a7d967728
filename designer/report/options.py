"""What the user chose for one proposal: cover text, currency, language, sections, workloads."""

from __future__ import annotations

import datetime as _dt
from dataclasses import dataclass, field

from designer.i18n.message import Message, either
from designer.model.assumptions import CURRENCIES
from designer.report.strings import LANGUAGES

# The sections in the order they appear; `ReportOptions.sections` picks a subset.
SECTION_ORDER = ("summary", "topology", "facts", "cost", "racks", "simulation", "resilience", "findings",
                 "assumptions")
# Off unless chosen, or the design has what-if scenarios: the resilience table runs a dozen simulations.
OPTIONAL_SECTIONS = ("resilience",)
DEFAULT_SECTIONS = tuple(s for s in SECTION_ORDER if s not in OPTIONAL_SECTIONS)


class ReportOptionsError(ValueError):
    """An option of the proposal is invalid (one line, names the option)."""


@dataclass
class ReportOptions:
    """Cover text and choices for one proposal. Empty title/date mean: a default title, today."""

    title: str = ""
    customer: str = ""
    author: str = ""
    date: str = ""
    logo_path: str | None = None
    currency: str | None = None          # None: the design's own currency
    language: str = "en"
    sections: set[str] = field(default_factory=lambda: set(DEFAULT_SECTIONS))
    workloads: list[str] = field(default_factory=list)
    resilience: bool | None = None       # the Resilience section: None = when the design has scenarios
    sweep_results: str | None = None     # a sweep's results (.csv or .parquet): appended as an appendix
    sweep_metric: str | None = None      # the appendix chart's metric (a CHART_METRICS key; None: the default)

    def validate(self) -> None:
        """Raise ReportOptionsError naming the first bad option."""
        if self.currency is not None and self.currency not in CURRENCIES:
            raise ReportOptionsError(Message("error.cost.currency", currency=self.currency, choices=either(CURRENCIES)))
        if self.language not in LANGUAGES:
            raise ReportOptionsError(Message("error.report.language", language=self.language,
                                             choices=", ".join(LANGUAGES)))
        unknown = set(self.sections) - set(SECTION_ORDER)
        if unknown:
            raise ReportOptionsError(Message("error.report.sections", sections=", ".join(sorted(unknown)),
                                             known=", ".join(SECTION_ORDER)))

    def resolved_date(self, language: str | None = None) -> str:
        """The cover date (today when empty) written for `language` (default: the proposal's own)."""
        from designer.i18n.number_format import date as format_date

        return format_date(self.date or _dt.date.today(), language or self.language)

    def ordered_sections(self, has_scenarios: bool = False) -> list[str]:
        """The sections to lay out; Resilience when chosen (in `sections` or `resilience=True`), or when the
        design has scenarios and `resilience` was left at None."""
        wanted = set(self.sections)
        if self.resilience is True or (self.resilience is None and has_scenarios):
            wanted.add("resilience")
        elif self.resilience is False:
            wanted.discard("resilience")
        return [s for s in SECTION_ORDER if s in wanted]
