"""English templates of the design-rule findings' detailed messages (designer/topology/rules).

One id per sentence shape, `finding.<rule>[.<variant>].detail`; the rule renders its English
`Finding.message` from it, so these must reproduce that text exactly. `finding.term.*` are the words of
closed sets a message names (tiers, planes, cable types...), `finding.medium.*` parts of a message.
An integer parameter picks an English word form with `{n:one|other}` (see designer/i18n/findings.py).
"""

from __future__ import annotations

FINDINGS: dict[str, str] = {
    # the severity as a table cell says it (the CLI prints severity.* in capitals)
    "finding.severity.error": "Error",
    "finding.severity.warning": "Warning",
    "finding.severity.info": "Info",
    # parts and words
    "finding.list.and": " and ",
    "finding.term.kind.switch": "switch",
    "finding.term.kind.server": "server",
    "finding.term.kind.gateway": "gateway",
    "finding.term.kind.storage": "storage",
    "finding.term.tier.leaf": "leaf",
    "finding.term.tier.spine": "spine",
    "finding.term.tier.core": "core",
    "finding.term.plane.backend": "backend",
    "finding.term.plane.frontend": "frontend",
    "finding.term.medium.ib": "InfiniBand",
    "finding.term.medium.ethernet": "Ethernet",
    "finding.term.cable.dac": "DAC",
    "finding.term.cable.aoc": "AOC",
    "finding.term.cable.optics": "optical",
    "finding.term.cable-remedy.dac": "use AOC or optics",
    "finding.term.cable-remedy.aoc": "use optics",
    "finding.term.cable-remedy.optics": "use longer-reach optics (a user catalog can add them)",
    "finding.term.cable-remedy.other": "use a longer-reach cable",
    "finding.medium.vpi-in-segment": "{medium} (a VPI NIC in segment {segment})",
    "finding.medium.vpi-outside": "{medium} (a VPI NIC outside any segment)",
    "finding.medium.ports-of": "{medium} ports of {model}",
    # unknown-model
    "finding.unknown-model.detail": "{kind} model '{model}' is not in the catalog ({count} {count:node|nodes}: "
                                    "{names}); add it with a user catalog file or pick a known model",
    "finding.unknown-model.other-kind.detail": "model of a '{kind}' '{model}' is not in the catalog ({count} "
                                               "{count:node|nodes}: {names}); add it with a user catalog file "
                                               "or pick a known model",
    "finding.unknown-model.nic.detail": "NIC model '{model}' is not in the catalog ({count} {count:node|nodes}: "
                                        "{names}); add it with a user catalog file or pick a known model",
    "finding.nic-speed.detail": "back-end ports of {count} {count:server|servers} ({names}) run at {speed:g} Gb/s, "
                                "but NIC model '{nic}' in server model '{server}' runs at most {limit:g} Gb/s; pick "
                                "a faster NIC or slow the ports down",
    # links and ports
    "finding.link-endpoint.missing.detail": "link '{link}' ends at {ends}, which does not exist",
    "finding.link-endpoint.self.detail": "link '{link}' joins port {port} of {node} to itself",
    "finding.port-reuse.detail": "port {port} of {node} is used by {count} links ({link_ids}); a port takes one cable",
    "finding.too-many-links.detail": "{node} has {count} links but only {ports} {ports:port|ports}",
    "finding.link-too-fast.detail": "link '{link}' runs at {speed:g} Gb/s but port {port} of {node} is a "
                                    "{port_speed:g} Gb/s port",
    "finding.link-too-fast.group.detail": "{count} {count:link|links} ({link_ids}) run at {speed:g} Gb/s on "
                                          "{port_speed:g} Gb/s ports of {model}",
    "finding.speed-mismatch.detail": "port {port} of {node} cannot run link '{link}' at {speed:g} Gb/s "
                                     "(it runs {speeds} Gb/s)",
    "finding.speed-mismatch.group.detail": "{count} {count:link|links} ({link_ids}) run at {speed:g} Gb/s, which "
                                           "{port_speed:g} Gb/s ports of {model} cannot (they run {speeds} Gb/s)",
    "finding.medium-mismatch.detail": "link '{link}' joins {medium_a} port {port_a} of {node_a} to {medium_b} port "
                                      "{port_b} of {node_b}; InfiniBand and Ethernet meet only through a gateway",
    "finding.medium-mismatch.group.detail": "{count} {count:link|links} ({link_ids}) join {side_a} to {side_b}; "
                                            "InfiniBand and Ethernet meet only through a gateway",
    "finding.plane-mismatch.detail": "link '{link}' is on the {plane} plane but port {port} of {node} is a "
                                     "{port_plane} port",
    "finding.plane-mismatch.group.detail": "{count} {count:link|links} ({link_ids}) on the {plane} plane use "
                                           "{port_plane} ports of {model}",
    # segments
    "finding.segment-member.unknown.detail": "segment {segment} lists {names}, which {count:is|are} not in the design",
    "finding.segment-member.overlap.detail": "{node} is in both segment {segment_a} and segment {segment_b}; "
                                             "a node runs one protocol",
    "finding.segment-missing.detail": "{count} {count:node|nodes} on the back-end belong to no segment ({names}); "
                                      "their protocol is undefined until one is assigned",
    "finding.segment-protocol.switch.detail": "segment {segment} runs {protocol} but switch model {models} does not "
                                              "({names})",
    "finding.segment-protocol.nic.detail": "segment {segment} runs {protocol} but NIC model {models} does not "
                                           "({names})",
    "finding.pfc-thresholds.positive.detail": "segment {segment}: PFC Xoff ({xoff:g} KB), Xon ({xon:g} KB) and "
                                              "headroom ({headroom:g} KB) must be positive",
    "finding.pfc-thresholds.xon.detail": "segment {segment}: PFC Xon ({xon:g} KB) must be below Xoff ({xoff:g} KB), "
                                         "or a paused port would never resume",
    "finding.ecn-thresholds.kmin.detail": "segment {segment}: ECN Kmin ({kmin:g} KB) must be at least 0 and below "
                                          "Kmax ({kmax:g} KB)",
    "finding.ecn-thresholds.pmax.detail": "segment {segment}: ECN Pmax ({pmax:g}) is a probability and must lie "
                                          "in 0..1",
    "finding.pfc-headroom.detail": "segment {segment} reserves {headroom:g} KB of PFC headroom but {count} "
                                   "{count:link needs|links need} more: up to {need:.0f} KB for {speed:g} Gb/s over "
                                   "{length:g} m (link '{link}'); raise the headroom or shorten the cables",
    # reachability
    "finding.nic-unconnected.detail": "{servers} {servers:GPU server|GPU servers} {servers:has|have} {nics} "
                                      "{nics:back-end NIC|back-end NICs} without a link ({names}); those GPUs get "
                                      "less back-end bandwidth",
    "finding.backend-disconnected.detail": "the back-end is split into {islands} islands: {count} "
                                           "{count:GPU server|GPU servers} ({names}) cannot reach the {largest} in "
                                           "the largest one over back-end links or gateways",
    "finding.frontend-missing.detail": "{count} {count:GPU server|GPU servers} {count:has|have} no front-end link "
                                       "({names}); storage, management and user traffic need the Ethernet front-end",
    # cables
    "finding.cable-model.detail": "the catalog has no {cable} part for {speed:g} Gb/s between the gear at the ends of "
                                  "{count} {count:link|links} ({link_ids})",
    "finding.cable-model.trained_down": "the catalog has no {cable} part for {speed:g} Gb/s between the gear at the "
                                        "ends of {count} {count:link|links} ({link_ids}): an InfiniBand port running "
                                        "below its own speed (an NDR leaf port at a MetroX appliance's EDR port) takes "
                                        "only NVIDIA's passive copper splitter, 2 m at most; draw {count:it|them} as "
                                        "copper within that reach (Plan racks stands the appliances beside their leaf)",
    "finding.cable-reach.detail": "{count} {cable} {count:link|links} at {speed:g} Gb/s {count:is|are} longer than "
                                  "the {reach:g} m {count:it reaches|they reach} (up to {longest:g} m: {link_ids}); "
                                  "{remedy}",
    # capacity
    "finding.oversubscription.detail": "{tier} tier oversubscription {ratio:.2f}:1 (worst switch {node}: "
                                       "{down:,.0f} Gb/s down, {up:,.0f} Gb/s up)",
    "finding.oversubscription.target.detail": "{count} {tier} {count:switch|switches} exceed the target "
                                              "oversubscription {target:g}:1, up to {ratio:.2f}:1 ({names})",
}
