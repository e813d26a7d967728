"""The long-haul checks a candidate across sites must pass before it is simulated: the advisor leaves out, with the
check's own words, a candidate whose equipment or optics do not reach the distance, whose lossless class lacks the
headroom, or whose InfiniBand links lack the credits (designer/topology/rules/long_haul.py)."""

from __future__ import annotations

from designer.catalog.loader import Catalog, load_catalog
from designer.i18n.findings import render_finding
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.topology.rules import long_haul
from designer.topology.rules.finding import CheckContext, Finding


class CandidateLeftOut(Exception):
    """A candidate the long-haul checks refuse for this distance and link budget; `why` says which check."""

    def __init__(self, why: Message) -> None:
        super().__init__(why)
        self.why = why


class FindingMessage(Message):
    """A design-rule finding as a message parameter: rendered in the language of the text around it."""

    __slots__ = ()

    def __init__(self, finding: Finding) -> None:
        super().__init__("", finding=finding)

    def render(self, language: str | None = None) -> str:
        return render_finding(self.params["finding"], language)  # type: ignore[arg-type]


def check_long_haul(label: Message, doc: FabricDocument, catalog: Catalog | None = None) -> None:
    """Raise CandidateLeftOut when the long-haul checks find an error in the candidate's design (equipment or
    optics that do not reach, a lossless class without the headroom, InfiniBand without the credits)."""
    errors = [f for f in long_haul.check(CheckContext(doc, catalog or load_catalog())) if f.severity == "error"]
    if errors:
        raise CandidateLeftOut(Message("advisor.alt.sites_left_out", label=label,
                                       reason=FindingMessage(errors[0])))
