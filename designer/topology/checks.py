"""Design-rule checks (`fabric-designer check`, the GUI's problems dock): run every rule on a document.

Each rule group lives in designer/topology/rules/ and returns `Finding`s with a severity, a message
naming the devices, and the ids of the nodes and links involved. Findings come back sorted:
errors first, then warnings, then info.
"""

from __future__ import annotations

from designer.catalog.loader import Catalog, load_catalog
from designer.model.document import FabricDocument
from designer.topology.physical.schedule import Schedule
from designer.topology.rules import (
    buildability,
    cabling,
    capacity,
    catalog_models,
    connectivity,
    long_haul,
    planes,
    ports,
    segments,
)
from designer.topology.rules.finding import SEVERITIES, CheckContext, Finding

_GROUPS = (catalog_models, ports, segments, connectivity, planes, cabling, buildability, capacity, long_haul)

RULES: dict[str, str] = {rule: text for group in _GROUPS for rule, text in group.RULES.items()}
_RULE_ORDER = {rule: i for i, rule in enumerate(RULES)}
_SEVERITY_ORDER = {s: i for i, s in enumerate(SEVERITIES)}

__all__ = ["Finding", "RULES", "run_checks", "has_errors"]


def run_checks(doc: FabricDocument, catalog: Catalog | None = None, schedule: Schedule | None = None) -> list[Finding]:
    """Every design-rule finding for `doc`, errors first (then warnings, then info). `schedule`: the design's
    cable schedule when the caller has built it already (the cabling rules build it otherwise)."""
    ctx = CheckContext(doc, catalog if catalog is not None else load_catalog(), schedule)
    findings: list[Finding] = []
    for group in _GROUPS:
        findings.extend(group.check(ctx))
    return sorted(findings, key=lambda f: (_SEVERITY_ORDER[f.severity], _RULE_ORDER[f.rule]))


def has_errors(findings: list[Finding]) -> bool:
    """True when any finding is an error (what makes `check` exit 1)."""
    return any(f.severity == "error" for f in findings)
