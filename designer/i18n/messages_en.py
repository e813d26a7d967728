"""English text of the core's user-facing messages, by message id (the source of every translation)."""

from __future__ import annotations

from designer.i18n.messages_advisor_en import ADVISOR
from designer.i18n.messages_build_en import BUILD
from designer.i18n.messages_claims_en import CLAIMS
from designer.i18n.messages_cli_en import CLI
from designer.i18n.messages_errors_en import ERRORS
from designer.i18n.messages_findings_en import FINDINGS
from designer.i18n.messages_help_en import HELP
from designer.i18n.messages_planes_en import PLANES
from designer.i18n.messages_proposal_en import PROPOSAL
from designer.i18n.messages_sites_en import SITES
from designer.i18n.messages_sweep_en import SWEEP

GENERAL: dict[str, str] = {
    # lists
    "list.join": ", ",
    "list.more": "{shown} and {n} more",
    "list.sep": "; ",
    "list.and": " and ",             # the last of two items
    "list.join_and": ", and ",       # the last of three or more, after "list.join" ones
    "list.sep_and": "; and ",        # ... after "list.sep" ones
    # findings (English keeps the rule's detailed message; these ids are what other languages render)
    "finding.details": " ({details})",
    "finding.nodes": "devices: {names}",
    "finding.links": "links: {names}",
    "finding.value": "value: {value}",
    "finding.unknown-model": "A node's model, or a server's back-end NIC model, is not in the hardware catalog",
    "finding.nic-speed": "A server's back-end ports are faster than its NIC model or its server model's NIC slots",
    "finding.link-endpoint": "A link names a node or port that does not exist, or joins a port to itself",
    "finding.port-reuse": "A port is used by two or more links; a port takes one cable",
    "finding.too-many-links": "A node has more links than ports",
    "finding.link-too-fast": "A link is faster than a port at one of its ends",
    "finding.speed-mismatch": "A port cannot run the link's speed (a port of speed S runs S, S/2 or S/4, or the "
                              "speeds its switch model's catalog entry lists)",
    "finding.medium-mismatch": "A link joins an InfiniBand port to an Ethernet port; only a gateway bridges the two",
    "finding.plane-mismatch": "A link's plane (back-end or front-end) differs from the plane of a NIC port it uses",
    "finding.segment-member": "A segment lists a node that does not exist, or a node that is also in another segment",
    "finding.segment-protocol": "A switch or NIC model in a segment does not speak the segment's protocol",
    "finding.segment-missing": "Back-end servers or switches belong to no segment; their protocol is undefined",
    "finding.pfc-thresholds": "PFC Xon is not below Xoff, or a PFC figure is not positive",
    "finding.ecn-thresholds": "ECN Kmin is not below Kmax, or Pmax is outside 0..1",
    "finding.pfc-headroom": "PFC headroom is too small for the cable length at the link speed; raise the headroom "
                            "or shorten the cables",
    "finding.nic-unconnected": "GPU servers have back-end NICs without a link; those GPUs get less back-end bandwidth",
    "finding.backend-disconnected": "The back-end is split into islands: some GPU servers cannot reach the others",
    "finding.frontend-missing": "GPU servers have no front-end link; storage, management and user traffic need the "
                                "Ethernet front-end",
    "finding.cable-model": "The catalog has no part of the link's cable class for its speed and the gear at its ends",
    "finding.cable-reach": "Cables are longer than the parts of their class reach for that gear (DAC about 3 m, "
                           "ACC 5 m, AOC and optics further)",
    "finding.oversubscription": "Oversubscription of a switch tier (down/up capacity)",
    # check command
    "check.summary": "{file}: {errors} error(s), {warnings} warning(s)",
    "severity.error": "ERROR",
    "severity.warning": "WARNING",
    "severity.info": "INFO",
    # cost command
    "cost.col_item": "item",
    "cost.col_kind": "kind",
    "cost.col_count": "count",
    "cost.col_unit": "unit",
    "cost.col_total": "total",
    "cost.summary": "capex {capex} (network {network}), power {power_kw} kW, TCO over {years} years {tco}",
    # errors
    "cli.error": "error: {text}",
    "cli.internal_error": "internal error: {text} (run again with --debug for details)",
    "cli.interrupted": "interrupted",
    "cli.generated": "wrote {file}: {gpus} GPUs, {switches} {switches:switch|switches}, {links} {links:link|links}",
}


# every English message: the general ones above plus each subject's own module
EN: dict[str, str] = {**GENERAL, **ADVISOR, **FINDINGS, **ERRORS, **SWEEP, **CLI, **HELP, **PROPOSAL, **BUILD, **PLANES,
                      **CLAIMS, **SITES}
