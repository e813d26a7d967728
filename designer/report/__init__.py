"""PDF proposal of a design (reportlab, no Qt): cover, summary and recommendation, vector topology, facts,
bill of materials and cost, simulation results, findings, assumptions and sources."""

from designer.report.options import SECTION_ORDER, ReportOptions, ReportOptionsError
from designer.report.proposal import ReportFontWarning, build_proposal
from designer.report.sections.cover import ReportLogoError

__all__ = ["SECTION_ORDER", "ReportOptions", "ReportOptionsError", "ReportFontWarning", "ReportLogoError",
           "build_proposal"]
