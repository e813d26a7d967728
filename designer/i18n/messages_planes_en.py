"""English text of the rail-only and multi-plane generators, their checks and the advisor's words on them."""

from __future__ import annotations

PLANES: dict[str, str] = {
    "generate.rule.rail_only_one": "Sizing rule: rail-only; each of the {rails} rails is one {model} ({ports} ports) "
                                   "joining the same GPU of all {servers} servers; traffic between rails crosses the "
                                   "servers' NVLink, so no spine layer is built",
    "generate.rule.rail_only_two": "Sizing rule: rail-only; a rail's {servers} servers exceed one {model}'s {ports} "
                                   "ports, so each of the {rails} rails is its own 2-tier fabric of rail leaves and "
                                   "rail spines; no switch joins two rails",
    "error.generate.rail_only_hybrid": "a rail-only back-end has no spine layer for gateways: use backend 'ib' or "
                                       "'rocev2' with rail-only",
}
