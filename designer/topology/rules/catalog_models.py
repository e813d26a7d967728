"""Rule: every node's model (and every server's NIC model) is in the hardware catalog."""

from __future__ import annotations

from designer.i18n.findings import Params
from designer.topology.rules.finding import MODEL_SECTIONS, CheckContext, Finding, Names, Term, finding_of

RULES = {
    "unknown-model": "A node's model, or a server's back-end NIC model, is not in the hardware catalog.",
}


def check(ctx: CheckContext) -> list[Finding]:
    # (message id, model id, what the message says of the node kind) -> node ids
    unknown: dict[tuple[str, str, Params], list[str]] = {}
    for node in ctx.doc.nodes.values():
        if not ctx.model_known(node):
            key: tuple[str, str, Params]
            if node.kind in MODEL_SECTIONS:
                key = ("finding.unknown-model.detail", node.model, (("kind", Term("kind", node.kind)),))
            else:
                key = ("finding.unknown-model.other-kind.detail", node.model, (("kind", node.kind),))
            unknown.setdefault(key, []).append(node.id)
        if node.kind == "server" and node.nic_model is not None and node.nic_model not in ctx.catalog.nics:
            unknown.setdefault(("finding.unknown-model.nic.detail", node.nic_model, ()), []).append(node.id)
    findings = []
    for (msg_id, model, what), nodes in unknown.items():
        params = (*what, ("model", model), ("count", len(nodes)), ("names", Names([ctx.name(n) for n in nodes])))
        findings.append(finding_of("unknown-model", "error", msg_id, params, nodes=tuple(nodes)))
    return findings
