"""Rule: every node's model (and every server's NIC model) is in the hardware catalog."""

from __future__ import annotations

from designer.topology.rules.finding import MODEL_SECTIONS, CheckContext, Finding, listing, plural

RULES = {
    "unknown-model": "A node's model, or a server's back-end NIC model, is not in the hardware catalog.",
}


def check(ctx: CheckContext) -> list[Finding]:
    unknown: dict[tuple[str, str], list[str]] = {}  # (what, model id) -> node ids
    for node in ctx.doc.nodes.values():
        if not ctx.model_known(node):
            what = f"{node.kind} model" if node.kind in MODEL_SECTIONS else f"model of a '{node.kind}'"
            unknown.setdefault((what, node.model), []).append(node.id)
        if node.kind == "server" and node.nic_model is not None and node.nic_model not in ctx.catalog.nics:
            unknown.setdefault(("NIC model", node.nic_model), []).append(node.id)
    findings = []
    for (what, model), nodes in unknown.items():
        findings.append(Finding(
            "unknown-model", "error",
            f"{what} '{model}' is not in the catalog ({plural(len(nodes), 'node')}: "
            f"{listing([ctx.name(n) for n in nodes])}); add it with a user catalog file or pick a known model",
            nodes=tuple(nodes)))
    return findings
