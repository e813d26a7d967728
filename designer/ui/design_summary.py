"""The live summary of a design (status bar, problems dock): counts, oversubscription, capex, findings.

Uses the topology package's checks, oversubscription and cost when they are installed; each figure
that cannot be computed is shown as unavailable rather than guessed.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError


@dataclass
class Summary:
    gpus: int = 0
    switches: int = 0
    links: int = 0
    oversubscription: dict[str, float] = field(default_factory=dict)
    capex: float | None = None
    currency: str = "USD"
    findings: list = field(default_factory=list)
    unavailable: list[str] = field(default_factory=list)

    def status_text(self) -> str:
        parts = [QCoreApplication.translate("DesignSummary", "GPUs {0}").format(self.gpus),
                 QCoreApplication.translate("DesignSummary", "switches {0}").format(self.switches),
                 QCoreApplication.translate("DesignSummary", "links {0}").format(self.links)]
        if self.oversubscription:
            worst = max(self.oversubscription.values())
            parts.append(QCoreApplication.translate("DesignSummary", "oversubscription {0:.2f}:1").format(worst))
        if self.capex is not None:
            parts.append(QCoreApplication.translate("DesignSummary", "capex ≈ {0:,.0f} {1}").format(
                self.capex, self.currency))
        errors = sum(1 for f in self.findings if getattr(f, "severity", "") == "error")
        warnings = sum(1 for f in self.findings if getattr(f, "severity", "") == "warning")
        if errors or warnings:
            parts.append(QCoreApplication.translate("DesignSummary", "{0} errors, {1} warnings").format(
                errors, warnings))
        return "   ·   ".join(parts)


def summarise(doc: FabricDocument, catalog: Catalog | None) -> Summary:
    """Everything the status bar and problems dock show, computed from the document."""
    s = Summary(gpus=doc.gpu_count(), switches=sum(1 for n in doc.nodes.values() if n.kind == "switch"),
                links=len(doc.links), currency=doc.assumptions.currency)
    try:
        from designer.topology.oversubscription import oversubscription_by_tier
        s.oversubscription = {k: float(v) for k, v in oversubscription_by_tier(doc).items() if v is not None}
    except ImportError:
        s.unavailable.append("oversubscription")
    except (ProjectError, ValueError, ZeroDivisionError, KeyError):
        s.oversubscription = {}
    try:
        from designer.topology.cost import cost_report
        s.capex = float(cost_report(doc, catalog).capex)
    except ImportError:
        s.unavailable.append("cost")
    except (ProjectError, ValueError, KeyError):
        s.capex = None
    try:
        from designer.topology.checks import run_checks
        s.findings = list(run_checks(doc, catalog))
    except ImportError:
        s.unavailable.append("checks")
    return s
