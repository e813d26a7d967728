"""Rules: every node's model (and every server's NIC model) is in the hardware catalog, and a server's back-end
ports run no faster than its NIC and its server model allow."""

from __future__ import annotations

from designer.i18n.findings import Params
from designer.topology.rules.finding import MODEL_SECTIONS, CheckContext, Finding, Names, Term, finding_of

RULES = {
    "unknown-model": "A node's model, or a server's back-end NIC model, is not in the hardware catalog.",
    "nic-speed": "A server's back-end ports are faster than its NIC model or its server model's NIC slots.",
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
    return findings + _too_fast_for_nic(ctx)


def _too_fast_for_nic(ctx: CheckContext) -> list[Finding]:
    """Servers whose back-end ports run faster than the NIC model (an 800G port on a 400G ConnectX-7) or the
    server model's back-end NIC speed; one finding per (server model, NIC model, speed)."""
    slow: dict[tuple[str, str, float, float], list[str]] = {}
    for node in ctx.doc.nodes.values():
        if node.kind != "server" or node.nic_model not in ctx.catalog.nics:
            continue
        limit = ctx.catalog.nics[node.nic_model].port_gbps
        if node.model in ctx.catalog.servers:
            limit = min(limit, ctx.catalog.servers[node.model].backend_nic_gbps)
        fastest = max((g.speed_gbps for g in node.port_groups if g.plane == "backend"), default=0.0)
        if fastest > limit + 1e-6:
            slow.setdefault((node.model, str(node.nic_model), fastest, limit), []).append(node.id)
    return [finding_of("nic-speed", "error", "finding.nic-speed.detail",
                       (("count", len(nodes)), ("names", Names([ctx.name(n) for n in nodes])), ("speed", speed),
                        ("nic", nic), ("server", server), ("limit", limit)), nodes=tuple(nodes))
            for (server, nic, speed, limit), nodes in slow.items()]
