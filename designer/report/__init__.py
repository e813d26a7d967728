"""PDF proposal of a design (reportlab, no Qt): cover, summary and recommendation, vector topology, facts,
bill of materials and cost, simulation results, findings, assumptions and sources.

The names below load on first use (PEP 562), so that a command needing one small part of this package (the
product names of `cost`, say) does not pay for reportlab and the simulation engine at start-up."""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from designer.report.options import SECTION_ORDER, ReportOptions, ReportOptionsError
    from designer.report.proposal import ReportFontWarning, build_proposal
    from designer.report.sections.cover import ReportLogoError

_HOMES = {"SECTION_ORDER": "options", "ReportOptions": "options", "ReportOptionsError": "options",
          "ReportFontWarning": "proposal", "build_proposal": "proposal", "ReportLogoError": "sections.cover"}

__all__ = ["SECTION_ORDER", "ReportOptions", "ReportOptionsError", "ReportFontWarning", "ReportLogoError",
           "build_proposal"]


def __getattr__(name: str) -> Any:
    if name not in _HOMES:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(import_module(f"{__name__}.{_HOMES[name]}"), name)
