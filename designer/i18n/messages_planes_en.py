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
    "generate.rule.multi_plane": "Sizing rule: multi-plane; every {nic} Gb/s NIC is {planes} ports of {speed} Gb/s "
                                 "({card} cards), each on its own plane of {model} switches ({ports} ports at that "
                                 "speed). Each plane: {plane_rule}",
    "error.generate.plane_nic": "{planes} planes need each {speed} Gb/s NIC as {planes} ports of {plane} Gb/s on "
                                "{planes} switches, but one '{model}' card reaches one switch and the catalog has no "
                                "card with {planes} ports of {plane} Gb/s (cards whose port splits into {planes} "
                                "planes: {natives})",
    "error.generate.planes": "planes must be one of {choices} (a port splits into that many lanes), not {value}",
    "error.generate.planes_kind": "planes apply to the multi-plane generator only, not to {kind}",
    "error.generate.multi_plane_hybrid": "a multi-plane back-end has one protocol on every plane: use backend 'ib' "
                                         "or 'rocev2' with multi-plane",
    "error.generate.plane_speed": "{planes} planes split a {speed} Gb/s NIC port into {plane} Gb/s ports, but switch "
                                  "model '{model}' cannot run its ports at {plane} Gb/s (it runs: {speeds})",
    "help.generate.planes": "multi-plane only: ports each NIC port is split into, one independent plane each "
                            "(2, 4 or 8; default 2)",
    "finding.plane-shared": "Ports of one multi-plane NIC reach the same back-end fabric; its planes are not "
                            "independent",
    "finding.plane-shared.detail": "{servers} {servers:GPU server|GPU servers} {servers:has|have} {nics} "
                                   "multi-plane {nics:NIC|NICs} whose ports reach the same back-end fabric "
                                   "({names}); cable each port of a NIC to a different plane",
    "advisor.kind.rail-only": "rail-only",
    "advisor.kind.multi-plane": "multi-plane ({planes} planes)",
    "advisor.short.rail_only": " rail-only",
    "advisor.short.planes": " {planes}-plane",
    "advisor.alt.cannot": "{kind} left out: {reason}",
    "advisor.alt.rail_only_small": "rail-only left out: a {model} is an NVLink domain of {gpus} GPUs, fewer "
                                   "than the {least} a rail-only back-end forwards through",
    "advisor.alt.rail_only_weighed": "rail-only weighed: each {model} is an NVLink domain of {gpus} GPUs, "
                                     "so traffic between rails can cross NVLink instead of a spine layer",
    "advisor.alt.multi_plane_weighed": "multi-plane weighed: each NIC port split into {planes} independent planes",
    "advisor.alt.chosen": "{why}; chosen: {label} is the recommendation",
    "advisor.alt.not_chosen": "{why}; not chosen: {label} takes {time} % time and {capex} % capex against "
                              "{chosen}, the recommendation",
    "advisor.alt.also": "; {label} takes {time} % time and {capex} % capex against the recommendation",
    "error.generate.plane_cables": "{planes} planes need {plane} Gb/s links, but the catalog has no optics or "
                                   "cables of that speed",
}
