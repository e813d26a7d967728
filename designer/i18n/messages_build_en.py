"""English text of the physical build: bill-of-materials lines, racks, cabling hand-over, build settings."""

from __future__ import annotations

BUILD: dict[str, str] = {
    # kinds of bill-of-materials lines
    "bom.kind.switch": "switches",
    "bom.kind.gateway": "gateways",
    "bom.kind.nic": "network adapters",
    "bom.kind.cable": "cables",
    "bom.kind.optics": "transceivers",
    "bom.kind.fibre": "fibre",
    "bom.kind.management": "management",
    "bom.kind.facility": "racks and power",
    "bom.kind.service": "services",
    "bom.kind.server": "GPU servers",
    "bom.kind.storage": "storage",
    "bom.kind.support": "support",
    # the kinds of the cost table (the first seven are the command line's own)
    "cost.kind.fibre": "fibre",
    "cost.kind.management": "management",
    "cost.kind.facility": "facility",
    "cost.kind.service": "service",
    "cost.kind.support": "support",
    # lines described in the customer's language
    "bom.line.rack": "{model} ({u}U)",
    "bom.line.pdu": "{model}",
    "bom.line.trunk": "{model}",
    "bom.line.panel": "{model}",
    "bom.line.install_per_cable": "Installation: routing, labelling, cleaning and testing, per cable",
    "bom.line.install_percent": "Installation and cabling services ({percent} % of hardware)",
    "bom.line.support": "Support and maintenance of {what}, per year ({percent} % of their price)",
    # generator sizing rules
    "generate.rule.one_switch": "Sizing rule: one switch; its {ports} ports hold all {endpoints} back-end NIC ports "
                                "({model}), so no spine layer is needed",
    "generate.rule.two_tiers": "Sizing rule: two tiers; {endpoints} back-end NIC ports exceed one {model}'s {ports} "
                               "ports",
    "generate.rule.two_tiers_asked": "Sizing rule: two tiers, as asked; one {model} ({ports} ports) would hold the "
                                     "{endpoints} back-end NIC ports",
    "generate.rule.two_tiers_gateways": "Sizing rule: two tiers; the gateways joining the pods need spine ports "
                                        "({endpoints} back-end NIC ports, {model})",
    "generate.rule.three_tiers": "Sizing rule: three tiers, as the fat-tree-3 kind builds ({endpoints} back-end NIC "
                                 "ports, {model})",
    "generate.rule.frontend_one_pair": "Front-end: one pair of leaves holds every endpoint, no spine layer",
    # design-rule checks of buildability
    "finding.cage-capacity": "A device's ports need more cages or lanes than its model (a switch) or its NIC cards "
                             "have; lanes would be booked twice",
    "finding.cage-conflict": "A switch cage is claimed by two cable assemblies; a cage takes one module or one cable",
    "finding.breakout-speed": "A breakout leg meets a port of another speed, or runs at another speed",
    "finding.cage-capacity.detail": "the ports of {node} need {needed} cages of its model {model}, which has "
                                    "{available}; some lanes would carry two ports",
    "finding.cage-capacity.nic.detail": "the plane ports of {node} need {missing} more {missing:cage|cages} than its "
                                        "'{nic}' NIC cards have: a port of that card reaches one switch, so each "
                                        "plane needs a port of its own (a card with a port per plane)",
    "finding.cage-conflict.media.detail": "{count} {count:cage mixes|cages mix} copper and optics ({cages}; "
                                          "{link_ids}); both ports of a twin-port cage share one module or one "
                                          "cable",
    "finding.cage-conflict.peers.detail": "{count} {count:cage sends|cages send} copper to two other switch cages "
                                          "({cages}; {link_ids}); a copper cable joins one cage to one cage, so use "
                                          "optics or pair the ports",
    "finding.breakout-speed.detail": "{count} {count:breakout leg|breakout legs} of {leg:g} Gb/s {count:meets|meet} a "
                                     "{far_speed:g} Gb/s port or {count:runs|run} at {speed:g} Gb/s ({ports}; "
                                     "{link_ids}); a leg must land on a port of its own speed",
    # rack plan: the proposal's page, the roles of racks, the placement rules
    "racks.report.intro": "The devices stand in {racks} {racks:rack|racks} in {rows} {rows:row|rows}, placed "
                          "{placement}; a rack holds up to {u} U within a {kw} kW power budget, {power} in all. "
                          "Every cable runs from its device up to the overhead tray, along the rows and down to the "
                          "other end, plus {slack} m of slack; the {runs} runs are {shortest} to {longest} m long as "
                          "ordered.",
    "racks.report.intro_sites": "The devices stand in {racks} {racks:rack|racks} ({floors}), placed {placement}; a "
                                "rack holds up to {u} U within a {kw} kW power budget, {power} in all. Every cable "
                                "runs from its device up to its floor's overhead tray, along the rows and down to "
                                "the other end, plus {slack} m of slack; the {runs} runs are {shortest} to {longest} m "
                                "long as ordered.",
    "racks.report.floor": "{name}: {racks} {racks:rack|racks} in {rows} {rows:row|rows}",
    "racks.floor.no_site": "No site",
    "racks.report.domains": "{count} {count:rack-scale NVLink domain stands|rack-scale NVLink domains stand} as "
                            "{count:a rack|racks} of {count:its|their} own ({u} U, {power} each), delivered with "
                            "{count:its|their} power shelves and held to none of these budgets.",
    "racks.report.fresh": "The design was not planned into racks when this proposal was made: the plan below is the "
                          "planner's for the design as it is; planning the racks in the designer keeps it and sets "
                          "the cable lengths from it.",
    "racks.report.legend": "Front view of each rack, bottom U at the bottom; colours: InfiniBand and RoCEv2 back-end "
                           "switches, the Ethernet front-end, and servers, storage and management in grey. The bar "
                           "above a rack is its power against the budget.",
    "racks.report.first_racks": ("{shown} of the {total} racks are drawn: every switch, storage and management rack "
                                 "and the first GPU-server racks; the table lists all of them."),
    "racks.placement.middle-of-row": "middle of row (the leaves of a row in its middle)",
    "racks.placement.end-of-row": "end of row (the leaves of a row at its end)",
    "racks.placement.rail-aligned": "rail-aligned (a scalable unit per row, its leaves in the middle)",
    "racks.role.compute": "GPU servers",
    "racks.role.network": "leaf switches",
    "racks.role.spine": "spines and core",
    "racks.role.storage": "storage and management",
    "racks.role.domain": "rack-scale NVLink domains",
    "racks.col.rack": "Rack",
    "racks.col.holds": "Holds",
    "racks.col.devices": "Devices",
    "racks.col.units": "U used",
    "racks.col.kw": "kW / budget",
    "racks.col.pdus": "PDUs",
    "racks.col.racks": "Racks",
    "racks.col.mean_kw": "Mean kW",
    "racks.col.max_kw": "Highest kW / budget",
    # build settings errors
    "error.build.range": "must be between {low} and {high}, not {value}",
    "error.build.label_empty": "the device-label rule is empty",
    "error.build.label_format": "the device-label rule '{rule}' is not a valid pattern (fields in braces: {fields})",
    "error.build.label_field": "the device-label rule names an unknown field '{field}' (known: {fields})",
    "error.racks.shape": "must be an object with 'racks' and 'mounts'",
    "error.racks.twice": "a rack name is used twice",
    "error.racks.unknown_rack": "names a rack '{rack}' that the plan does not have",
    "error.racks.rack": "a rack needs a text 'name', whole numbers 'row' and 'slot', a known 'role' and, if any, "
                        "a text 'site'",
    "error.racks.mount": "a mount needs a text 'item', a known 'kind', a text 'rack' and whole numbers 'u' and "
                         "'height_u'",
    "error.racks.too_big": "device '{node}' ({u} U, {power} kW with its transceivers) does not fit a rack of "
                           "{usable} usable U and {budget} kW of usable power; raise the rack settings",
    "error.catalog.transceiver": "transceiver",
    "error.catalog.part": "part",
    "error.generate.frontend_speed": "front-end switch model '{model}' cannot run ports at {speed} Gb/s",
    # cable labels and the export command
    "labels.title": "Cable labels: {design}",
    "labels.place": "{device} · rack {rack} U{u} · port {port}",
    "labels.this_end": "HERE: {place}",
    "labels.far_end": "TO: {place}",
    "labels.cable": "{type} · {part} · {length} m",
    "labels.line": "long-haul line, leased fibre or wavelength · {km} km",
    "export.what.labels": "cable labels",
    "export.wrote.labels": "wrote {file}: cable labels, {labels} labels (two per cable)",
    "advisor.one_switch": " (one switch)",
    # command-line help of the build options
    "help.generate.two_tiers": "build two tiers even when one switch holds every NIC",
    "help.generate.placement": "where the leaves of a row stand (default: middle-of-row)",
    "help.generate.rack_kw": "power budget per rack in kW (default: 45)",
    "help.generate.rack_units": "usable U per rack (default: 42)",
    "help.export.labels": "printable cable labels, two per cable (PDF)",
}
