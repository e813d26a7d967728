"""The risks and lead times a proposal lists when the consultant has not written their own: what the design, the
protocol it runs and the simulation leave open, each with what limits it. Lead times are left for the supplier to
confirm: no figure here would be better than a guess."""

from __future__ import annotations

from collections import Counter

from designer.catalog.loader import Catalog
from designer.model.document import FabricDocument
from designer.model.proposal import Risk
from designer.report.products import product_name
from designer.report.strings import tr


def _plural(key: str, language: str, n: int, **values: object) -> str:
    from designer.report.strings import STRINGS

    table = STRINGS.get(language, STRINGS["en"])
    return tr(f"{key}.one" if n == 1 and f"{key}.one" in table else key, language, n=f"{n:,}", **values)


def default_risks(doc: FabricDocument, catalog: Catalog, language: str, protocol: str, *, errors: int = 0,
                  cut_off: bool = False) -> list[Risk]:
    """Risks of `doc` built with `protocol` ("ib", "rocev2" or "hybrid") back-end, in `language`."""
    def t(key: str, **values: object) -> str:
        return tr(key, language, **values)

    confirm = t("risk_confirm_supplier")
    out = []
    switches = Counter(n.model for n in doc.nodes.values() if n.kind == "switch" and n.role != "frontend")
    if switches:
        model, n = switches.most_common(1)[0]
        out.append(Risk(_plural("risk_switches", language, n, product=product_name(catalog, "switch", model, language)),
                        t("risk_switches_mitigation"), confirm))
    if doc.links:
        out.append(Risk(_plural("risk_cables", language, len(doc.links)), t("risk_cables_mitigation"), confirm))
    for proto in (("ib", "rocev2") if protocol == "hybrid" else (protocol,)):
        out.append(Risk(t(f"risk_{proto}"), t(f"risk_{proto}_mitigation"), "–"))
    if protocol == "hybrid":
        out.append(Risk(t("risk_hybrid"), t("risk_hybrid_mitigation"), "–"))
    out.append(Risk(t("risk_simulated"), t("risk_simulated_mitigation"), "–"))
    if errors:
        out.append(Risk(_plural("risk_findings", language, errors), t("risk_findings_mitigation"), "–"))
    if cut_off:
        out.append(Risk(t("risk_single_link"), t("risk_single_link_mitigation"), "–"))
    return out
