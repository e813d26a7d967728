"""The proposal's fixed text in English: the source every translation follows. A key ending in ".one" is the
singular of the key without it ("n_switches.one": "1 switch", "n_switches": "{n} switches")."""

from __future__ import annotations

EN: dict[str, str] = {
    # ---- cover and frame ----
    "default_title": "AI Cluster Network Design Proposal",
    "prepared_for": "Prepared for",
    "prepared_by": "Prepared by",
    "date": "Date",
    "cover_design": "Design: {name}",
    "cover_no_design": "No option within the budget: {count} options compared",
    "cover_no_design.one": "No option within the budget: 1 option compared",
    "list_sep": ", ",
    "list_items_sep": "; ",
    "list_and": " and ",
    "page": "Page {n}",
    "contents": "Contents",
    "confidential": "Confidential: prepared for {customer}",
    "appendix_title": "Appendix {letter}: {title}",
    # ---- counts ----
    "n_servers": "{n} servers",
    "n_servers.one": "1 server",
    "n_racks": "{n} racks",
    "n_racks.one": "1 rack",
    "n_switches": "{n} back-end switches",
    "n_switches.one": "1 back-end switch",
    "n_leaf_switches": "{n} leaf switches",
    "n_leaf_switches.one": "1 leaf switch",
    "n_spine_switches": "{n} spine switches",
    "n_spine_switches.one": "1 spine switch",
    "n_core_switches": "{n} core switches",
    "n_core_switches.one": "1 core switch",
    "n_tiers": "{n} tiers",
    "n_tiers.one": "1 tier",
    "n_qps": "{n} queue pairs per connection",
    "n_qps.one": "1 queue pair per connection",
    # ---- section titles ----
    "sec_summary": "Executive summary",
    "sec_scope": "Scope and requirements",
    "sec_recommendation": "Recommendation",
    "sec_topology": "Design",
    "sec_simulation": "Performance",
    "sec_resilience": "Resilience",
    "sec_cost": "Cost and total cost of ownership",
    "sec_racks": "Racks and floor",
    "sec_risks": "Risks and lead times",
    "sec_acceptance": "Acceptance test plan",
    "sec_next_steps": "Next steps",
    "sec_findings": "Design-rule findings",
    "sec_assumptions": "Assumptions",
    "sec_sources": "Products and sources",
    # ---- executive summary ----
    "sum_answer": "We recommend the {label} for this {gpus}-GPU cluster.",
    "sum_answer_for": "We recommend the {label} for the {gpus}-GPU cluster of {customer}.",
    "sum_answer_none": "None of the options fits the budget for this {gpus}-GPU cluster, so we recommend none of them "
                       "until the budget or the scope changes.",
    "sum_why_performance": "It completes the workloads fastest: {value} against {other_value} for the {other}.",
    "sum_why_cost": "It has the lowest {years}-year total cost of ownership: {value} against {other_value} for the "
                    "{other}.",
    "sum_why_cost_tie": "It finishes the workloads within {band} of the fastest option and costs less over "
                        "{years} years: {value} against {other_value} for the {other}.",
    "sum_why_latency": "It has the lowest tail latency: a p99 of {value} against {other_value} for the {other}.",
    "sum_why_latency_tie": "It finishes the workloads within {band} of the fastest option and has the lower tail "
                           "latency: a p99 of {value} against {other_value} for the {other}.",
    "sum_why_operations": "It runs on the Ethernet the operations team already runs, while the {other} would add an "
                          "InfiniBand fabric.",
    "sum_why_operations_tie": "It finishes the workloads within {band} of the fastest option and runs on the "
                              "Ethernet the operations team already runs, while the {other} would add an InfiniBand "
                              "fabric.",
    "sum_why_first": "The options tie on every priority, so the design as drawn is kept.",
    "sum_why_single": "No other option was compared for this proposal.",
    "sum_why_none": "The Recommendation section lists every option with its capital cost against the budget.",
    "sum_why_none_cheapest": ("The cheapest, the {label}, costs {capex} against the budget of {budget}; the "
                              "Recommendation section lists every option with its capital cost."),
    "sum_design": ("The design connects its GPUs in {servers} through {switches} in {tiers}; its capital cost is "
                   "{capex}, its {years}-year total cost of ownership {tco}, and it draws {power}."),
    "sum_key_figures": "Key figures",
    "sum_figures_caption": "The design as drawn ({protocol} back-end), simulated without failures.",
    "sum_figures_caption_advisor": "The recommended design, simulated without failures.",
    "drawn_hybrid": "InfiniBand and RoCEv2",
    "drawn_series": "As drawn",
    "fig_gpus": "GPUs",
    "fig_switches": "Switches (back-end and front-end)",
    "fig_bisection": "Back-end bisection bandwidth",
    "fig_oversub": "Worst back-end oversubscription",
    "fig_capex": "Capital cost",
    "fig_power": "Power draw",
    "fig_tco": "Total cost of ownership ({years} years)",
    "fig_step": "Training step time",
    "fig_gpu_util": "GPU utilization",
    "fig_completion": "Completion time of the workloads",
    "fig_busbw": "Bus bandwidth",
    "fig_p99": "p99 latency",
    # ---- scope ----
    "scope_intro": "This proposal answers the question below with the figures of the design itself: its drawing, "
                   "its simulation and its bill of materials.",
    "scope_intro_options": "This proposal answers the question below by comparing candidate designs at this scale, "
                           "each drawn, simulated and priced from its own bill of materials.",
    "scope_covers_options": ("It covers the candidates' performance by simulation, their capital cost and total cost "
                             "of ownership, and the next steps. No candidate fits the budget, so none is described "
                             "in detail."),
    "scope_scale_options": "{gpus} GPUs",
    "scope_customer": "Customer",
    "scope_not_stated": "not stated",
    "scope_question": "Question",
    "scope_question_text": "Which back-end network, InfiniBand or RoCEv2 (lossless Ethernet), should carry this "
                           "cluster's GPU traffic, how does it perform and what does it cost?",
    "scope_workloads": "Workloads",
    "scope_scale_label": "Scale",
    "scope_scale": "{gpus} GPUs in {servers}, as drawn",
    "scope_budget_label": "Budget",
    "scope_budget": "{amount} of capital cost",
    "scope_no_budget": "none stated: every option is considered",
    "scope_priorities": "Priorities",
    "scope_priority": "{n}. {name}",
    "scope_priority_band": "{n}. {name} (a difference under {band} is a tie)",
    "scope_priorities_default": "none stated, so the usual order: {list}",
    "scope_settings": "Settings compared",
    "scope_settings_recommended": "Each protocol at its recommended settings: InfiniBand with adaptive routing where "
                                  "the switches have it; RoCEv2 with packet spraying where switches and network "
                                  "cards support it, otherwise 16 queue pairs per connection, kept lossless by "
                                  "priority flow control with DCQCN off, as Meta runs its RoCE training clusters.",
    "scope_settings_plain": "Each protocol at its plain settings, as a fabric runs before anyone tunes it.",
    "scope_settings_stored": "Each protocol at the settings stored with the design.",
    "scope_settings_none": "The design as drawn only: no comparison with the other protocol was asked for.",
    "scope_settings_advisor": "Each candidate design at the settings its generator gives it (the recommended ones).",
    "scope_covers": ("It covers the design with its drawings, its performance by simulation, its resilience to "
                     "single failures, its cost and total cost of ownership, the risks and lead times, an "
                     "acceptance test plan and the next steps. Storage, the front-end network's own sizing and "
                     "facility work are outside its scope."),
    "crit_performance": "time to complete the workloads",
    "crit_cost": "total cost of ownership",
    "crit_latency": "p99 latency",
    "crit_operations": "fit with the existing Ethernet operations",
    # ---- recommendation ----
    "rec_callout": "Recommended: {label}",
    "rec_mark": " (recommended)",
    "rec_unbuildable_mark": " (not buildable)",
    "rec_intro_compare": ("The options are the design on InfiniBand and on RoCEv2, each on that protocol's own "
                          "switches and NICs (where they have fewer ports, built as the Clos of them), each "
                          "simulated on that design with the same workloads and seed and priced from its own bill "
                          "of materials."),
    "rec_intro_compare_hybrid": ("The options are the design as drawn and the same GPUs as one InfiniBand and as one "
                                 "RoCEv2 fabric on that protocol's own switches and NICs, without the gateways "
                                 "between the pods, each simulated on that design with the same workloads and seed "
                                 "and priced from its own bill of materials."),
    "rec_intro_single": "The design was simulated and priced as drawn; no other option was compared.",
    "rec_intro_advisor": ("The options are {count} candidate designs at this scale, each generated, simulated with "
                          "the same workloads and seed, and priced from its own bill of materials."),
    "rec_hardware": "Back-end switches of each option: {items}.",
    "rec_hardware_item": "{protocol}: {models}",
    "rec_hardware_shape": ", {shape}",
    "shape_leaves": "{leaves}, each reaching up to {servers} ({down} ports down, {up} up), under {above}",
    "shape_leaves_alone": "{leaves}, each reaching up to {servers} ({down} ports)",
    "shape_single": "one switch reaching {servers} ({down} ports)",
    "rec_leaf_shapes": ("Beside the protocol the options differ in their switches: the {more} option's leaves "
                        "reach up to {many} servers, the {fewer} option's up to {few}. Traffic between the servers "
                        "of one leaf does not use its uplinks, so at the same oversubscription larger leaves send "
                        "less of a collective's traffic through them; part of a difference in time can come from "
                        "the size of the switches rather than the protocol."),
    "rec_long_haul_ib": ("Across the sites, the InfiniBand option carries the long-haul links on the {model}, {n} "
                         "units in place of the drawn DCI routers."),
    "rec_long_haul_rocev2": ("Across the sites, the RoCEv2 option carries the long-haul links on the {model}, {n} "
                             "units in place of the drawn InfiniBand long-haul appliances: {links} links of {gbps} "
                             "Gb/s with coherent optics for the distance, the same capacity."),
    "rec_not_buildable": ("The InfiniBand option cannot be built at this distance: no InfiniBand long-haul "
                          "equipment reaches the {km} km between the sites (the {model} reaches {reach} km), and "
                          "InfiniBand links across that span without it are held by their credits to a few Gb/s. "
                          "It is shown for comparison only and is not recommended; across this distance the sites "
                          "are joined over Ethernet."),
    "rec_joined_pods": ("In each single-protocol option the IB-to-Ethernet gateways between the pods are not needed: "
                        "the pods form one fabric of that protocol, as it would be designed for the same GPUs."),
    "rec_overfull": ("On {n} switches the drawing uses more ports than the other protocol's switch has; that option "
                     "builds those tiers from more of its own switches and the cables between them ({units} "
                     "switches in all)."),
    "rec_how": "How the options were ranked",
    "rec_why": "Why this option",
    "rec_alternatives": "Rail-only and multi-plane back-ends",
    "rec_alternatives_sites": "What was weighed across the sites",
    "rec_across_sites": "Training across the sites, candidate by candidate",
    "rec_across_sites_item": "{label}: {text}",
    "rec_only_option": "The {label} is the only option considered.",
    "budget_within": "within",
    "budget_over": "over",
    "col_option": "Option",
    "col_time": "Time",
    "col_busbw": "Bus bandwidth",
    "col_p99": "p99 latency",
    "col_capex": "Capital cost",
    "col_tco": "TCO ({years} years)",
    "col_budget": "Budget",
    # ---- design ----
    "topo_intro": ("The drawing below is generated from the design itself. Rows are switch tiers; line colour shows "
                   "the plane and protocol; shaded areas are back-end segments."),
    "topo_intro_bundled": ("The design has {nodes} devices and {links} links, so the overview groups devices per "
                           "tier and pod; a line is a bundle of links labelled with its cable count and speed. The "
                           "outlined group is drawn device by device in the next drawing."),
    "topo_detail": "Detail: {what}",
    "topo_focus_overview": "Drawn in detail below: {what}",
    "topo_focus_detail": "{what}",
    "topo_pod": "pod {pod}",
    "topo_site": "{site} · {gpus} GPUs",
    "topo_long_haul": "long-haul: {count} × {gbps} Gb/s · {km} km",
    "legend_ib": "Back-end InfiniBand",
    "legend_rocev2": "Back-end RoCEv2",
    "legend_backend": "Back-end outside any segment",
    "legend_frontend": "Front-end Ethernet",
    "legend_segment": "Segment {name} ({protocol})",
    "legend_segment_named": "Segment {name}",
    "tier_core": "Core",
    "tier_spine": "Spine",
    "tier_leaf": "Leaf",
    "tier_frontend": "Front-end",
    "tier_server": "Servers",
    "tier_gateway": "Gateways",
    "tier_storage": "Storage",
    "facts_tiers": "Tiers and devices",
    "facts_links": "Links and cables",
    "facts_segments": "Back-end segments",
    "facts_on": "on",
    "facts_off": "off",
    "facts_ecmp": "ECMP",
    "facts_spray": "packet spraying",
    "facts_ib_settings": "routing engine {engine}, adaptive routing {ar}, {vls} virtual lanes, MTU {mtu} bytes",
    "engine_ftree": "fat tree (ftree)",
    "engine_updn": "up/down (updn)",
    "engine_minhop": "minimum hops (minhop)",
    "facts_roce_settings": ("PFC {pfc} (pause at {xoff} KB), ECN {ecn} (marking from {kmin} to {kmax} KB), DCQCN "
                            "{dcqcn}, {lb}, {qps}"),
    "facts_presets_note": ("Recommended settings are what the switch and network card vendors' AI reference designs "
                           "and the large operators run; plain settings are a fabric's defaults before tuning; custom "
                           "settings are the values entered for the segment. The sources are listed in the last "
                           "appendix."),
    "preset_recommended": "recommended",
    "preset_plain": "plain",
    "preset_custom": "custom",
    "plane_backend": "Back-end",
    "plane_frontend": "Front-end Ethernet",
    "plane_long_haul": "Long-haul, between sites",
    "cable_dac": "Copper (DAC)",
    "cable_aoc": "Active optical (AOC)",
    "cable_optics": "Optical modules and fibre",
    "cable_leased": "Leased line, coherent optics",
    "cable_other": "Other",
    "col_tier": "Tier",
    "col_devices": "Devices",
    "col_models": "Products",
    "col_ports": "Ports used",
    "col_oversub": "Oversubscription",
    "col_plane": "Plane",
    "col_cable": "Cable",
    "col_speed": "Speed",
    "col_count": "Count",
    "col_length": "Length (m)",
    "col_reach": "Max reach (m)",
    "col_segment": "Segment",
    "col_protocol": "Protocol",
    "col_nodes": "Devices",
    "col_preset": "Settings",
    "col_settings": "Key settings",
    "facts_bisection": "Back-end bisection bandwidth: {value}.",
    "facts_reach_warning": "{n} links are longer than their cable type reaches.",
    "facts_reach_warning.one": "1 link is longer than its cable type reaches.",
    # ---- performance ----
    "sim_none": "The performance was not simulated for this proposal.",
    "sim_intro": ("The design was simulated with these workloads: {workloads}. Every figure in this section and in "
                  "the summary is from the design as drawn, without failures; failures are in the Resilience "
                  "section."),
    "sim_intro_default": ("No workload was specified, so the design was simulated with an AllReduce of 1 GiB across "
                          "all GPUs, the collective that dominates data-parallel training. Give the customer's own "
                          "workloads for figures of their traffic. Every figure here is from the design as drawn, "
                          "without failures."),
    "sim_intro_saved": ("The design was simulated with the workloads of the run saved with it ({workloads}), again "
                        "and without failures, so that a failure scheduled in that run cannot show as a headline."),
    "sim_intro_supplied": ("The figures are those of the run supplied with this proposal ({workloads}), of the design "
                           "as drawn without failures."),
    "sim_drawn": "The design as drawn",
    "sim_compare": "The InfiniBand and RoCEv2 options",
    "sim_intro_compare": ("Each protocol option was simulated on the design its price is for, with the same "
                          "workloads and seed: the design on that protocol's own switches and NICs (a tier of "
                          "smaller switches built as their Clos, a hybrid's pods one fabric without gateways). The "
                          "engine models per-port queues, PFC, ECN and DCQCN, credit flow control, and ECMP or "
                          "adaptive routing."),
    "sim_compare_recommended": "Each protocol ran at its recommended settings.",
    "sim_compare_plain": "Each protocol ran at its plain settings.",
    "sim_compare_stored": "Each protocol ran at the settings stored with the design.",
    "settings_of": "{protocol} ran at {settings}",
    "settings_sep": "; ",
    "settings_each": "{list}.",
    "settings_recommended": "its recommended settings",
    "settings_plain": "its plain settings",
    "settings_custom": "the settings stored with the design",
    "settings_mixed": "settings that differ from segment to segment",
    "sim_read_faster": ("{faster} completes the workloads first: {t_ib} with InfiniBand against {t_roce} with "
                        "RoCEv2, so {slower} takes {longer}."),
    "sim_read_same": ("Both protocols complete the workloads in about the same time: {t_ib} with InfiniBand, "
                      "{t_roce} with RoCEv2."),
    "sim_read_ideal": "Against an ideal non-blocking fabric, InfiniBand reaches {ib} and RoCEv2 {roce} of the speed.",
    "sim_read_signals": ("Congestion signals: RoCEv2 ports were paused by PFC {pfc} of the time and marked {ecn} of "
                         "the bytes with ECN; InfiniBand senders waited for credits {credit} of the time."),
    "sim_longer_pct": "{pct} longer",
    "sim_longer_times": "{times} times as long",
    "sim_per_workload": "Per workload",
    "sim_per_workload_compare": "Per workload, InfiniBand and RoCEv2",
    "sim_charts": "Latency and utilization",
    "col_workload": "Workload",
    "col_metric": "Figure",
    "col_value": "Value",
    "sim_completion": "Completion time",
    "sim_algbw": "Algorithm bandwidth",
    "sim_busbw": "Bus bandwidth",
    "sim_goodput": "Goodput",
    "sim_throughput": "Throughput against an ideal fabric",
    "sim_p50": "Latency p50",
    "sim_p99": "Latency p99",
    "sim_p999": "Latency p99.9",
    "sim_max": "Latency maximum",
    "sim_util_mean": "Link utilization (mean)",
    "sim_util_max": "Link utilization (busiest link)",
    "sim_pfc": "PFC pause time",
    "sim_ecn": "ECN-marked bytes",
    "sim_credit": "Credit stall time",
    "sim_dropped": "Dropped bytes",
    "sim_scaleup": "Bytes inside NVLink domains",
    "sim_step": "Training step time",
    "sim_gpu_util": "GPU utilization",
    "chart_latency": "One-way latency percentiles (µs)",
    "chart_util": "Back-end link utilization (%)",
    "chart_compare": "InfiniBand and RoCEv2 relative to the better of the two (%)",
    "chart_compare_note": "100 % is the better of the two protocols on each figure; a shorter bar is worse.",
    "chart_candidates": "Each candidate relative to the best",
    "chart_candidates_note": ("100 is the fastest candidate (speed) and the candidate with the lowest total cost of "
                              "ownership (cost); a shorter bar is slower or dearer."),
    "chart_series_speed": "Speed",
    "chart_series_cost": "Cost",
    "chart_cat_speed": "Speed (1/time)",
    "chart_cat_goodput": "Goodput",
    "chart_cat_p99": "1/p99 latency",
    "chart_cat_util": "Mean utilization",
    "chart_cat_mean": "mean",
    "chart_cat_max": "max",
    # ---- workloads in words ----
    "wl_collective": "{name} of {size} across all GPUs",
    "wl_permutation": "permutation traffic, {size} per GPU",
    "wl_incast": "incast of {size} from {n} senders to one receiver",
    "wl_pingpong": "ping-pong of {size} between two GPUs",
    "wl_train": "training step of a {model}-parameter model",
    "wl_inference": "inference of a {model}-parameter model",
    "wl_dp": "data parallel {n}",
    "wl_tp": "tensor parallel {n}",
    "wl_pp": "pipeline parallel {n}",
    "wl_vpp": "interleaved pipeline, {n} model chunks per GPU",
    "wl_paren": " ({text})",
    # ---- resilience ----
    "res_intro": ("For each class of single failure (a leaf switch, a spine switch, a core switch, a server's "
                  "back-end link) a few elements were failed, one at a time, from the start of {workloads}; the table "
                  "gives the worst case of each class beside the same run without the failure."),
    "res_loss_note": ("The loss is the steady one, after traffic has been rerouted: the capacity the fabric loses. "
                      "On top of it, traffic crossing the failed element waits for it to be routed around: by "
                      "InfiniBand's Subnet Manager (or the switches' own fast recovery, when enabled); on RoCEv2 "
                      "and Ethernet by the switches beside a failed spine or core switch on their own, or by "
                      "routing reconvergence where a switch loses its only way down to a leaf; that delay is the "
                      "last column. These runs use the "
                      "steady bandwidth-sharing model, so their healthy time can differ from the Performance "
                      "section's."),
    "res_cut_note": ("A failure marked 'cuts off servers' removes a server's only path: its transfers cannot "
                     "complete until the element is repaired (a second back-end link per server avoids this)."),
    "col_failure_class": "Failure",
    "col_worst_element": "Worst case",
    "col_tried": "Tried",
    "col_healthy": "Without failure",
    "col_with_failure": "With the failure",
    "col_throughput_loss": "Throughput loss",
    "col_reroute_delay": "Reroute delay",
    "col_change": "Change",
    "res_class_leaf": "Leaf switch",
    "res_class_spine": "Spine switch",
    "res_class_core": "Core switch",
    "res_class_server-link": "Server link",
    "res_cut_off": "cuts off servers",
    "rack_part_oob-switch": "Management switch",
    "rack_part_ufm": "Fabric manager",
    "rack_part_patch-panel": "Patch panel",
    "res_link": "link {a} – {b}",
    "res_longer": "{pct} longer",
    "res_fail_down": "{what} fails at {when}",
    "res_fail_slow": "{what} drops to {speed} at {when}",
    "res_fail_down_start": "{what} fails at the start",
    "res_fail_slow_start": "{what} drops to {speed} from the start",
    "res_fail_up": ", back at {when}",
    "res_none": "The design has no switches or server links to fail.",
    "res_failed": "The resilience table could not be computed: {reason}",
    "res_scenarios": "What-if scenarios saved with the design",
    "res_scenarios_intro": ("Each scenario saved with the design was run as scheduled and again without its "
                            "failures (same workloads and seed), so that the healthy figure stands beside it."),
    "res_supplied": "Run supplied with this proposal",
    "res_no_failures": "none",
    "col_scenario": "Scenario",
    "col_failures": "Failures",
    # ---- cost ----
    "cost_intro": ("Prices are in {currency}, from the bill of materials of the design as drawn; the basis of every "
                   "product's price is in the last appendix."),
    "col_item": "Product",
    "col_kind": "Category",
    "col_qty": "Quantity",
    "col_unit": "Unit price",
    "col_total": "Total",
    "col_power": "Power each (W)",
    "col_per_year": "Per year",
    "cost_support_heading": "Support and maintenance per year",
    "kind_switch": "Switch",
    "kind_gateway": "Gateway",
    "kind_nic": "Network card",
    "kind_cable": "Cable",
    "kind_optics": "Optics",
    "kind_server": "Server",
    "kind_storage": "Storage",
    "kind_fibre": "Fibre",
    "kind_management": "Management",
    "kind_facility": "Racks and power",
    "kind_service": "Installation",
    "cost_tco_heading": "Total cost of ownership",
    "cost_capex": "Capital cost",
    "cost_capex_network": "of which the network (switches, network cards, cables, optics)",
    "cost_power": "Power draw (IT load)",
    "cost_energy": "Energy per year (at PUE {pue})",
    "cost_support": "Support per year ({share} of capital cost)",
    "cost_tco": "Total cost of ownership over {years} years",
    "cost_options": "Cost of each option",
    "cost_options_intro": "The same drawing priced with each option's hardware:",
    "cost_options_note": ("Each option keeps the drawing's servers and their cables; its back-end switches are the "
                          "protocol's own, and where they have fewer ports than the drawn ones, the option builds "
                          "the fabric from more of them with the cables between them (see the Recommendation "
                          "section)."),
    "col_capex_network": "Network",
    "col_power_total": "Power",
    # ---- risks ----
    "risks_intro_derived": ("The risks below follow from the design, the recommended protocol and the way its figures "
                            "were obtained. Lead times depend on the supplier at the time of order and are to be "
                            "confirmed; edit this table in the export dialog to state them."),
    "risks_intro_written": "The risks and lead times as assessed for this proposal.",
    "col_risk": "Risk",
    "col_mitigation": "Mitigation",
    "col_lead_time": "Lead time",
    "risk_confirm_supplier": "to be confirmed with the supplier",
    "risk_switches": "Delivery of {n} {product} switches sets the start of installation",
    "risk_switches.one": "Delivery of 1 {product} switch sets the start of installation",
    "risk_switches_mitigation": "Confirm the lead time before ordering; order switches and optics first",
    "risk_cables": "{n} cables and optical links must arrive complete for cabling to finish",
    "risk_cables.one": "1 cable must arrive for cabling to finish",
    "risk_cables_mitigation": "Order spares of each type; label and test cables on arrival",
    "risk_ib": ("InfiniBand adds a Subnet Manager and a second set of skills beside the Ethernet front-end"),
    "risk_ib_mitigation": "Run a standby Subnet Manager; train the operations team or contract vendor support",
    "risk_rocev2": ("Lossless Ethernet needs the same PFC and ECN settings (and congestion control, where used) on "
                    "every switch and network card; a mismatch shows as pause storms or drops"),
    "risk_rocev2_mitigation": ("Apply the recommended settings from one template; enable the PFC watchdog; run the "
                               "acceptance tests before production"),
    "risk_hybrid": "Traffic between the InfiniBand and RoCEv2 segments crosses gateways with less bandwidth",
    "risk_hybrid_mitigation": "Schedule each job within one segment",
    "risk_simulated": "The performance figures are simulated, not measured on this hardware",
    "risk_simulated_mitigation": "The acceptance tests check them on the installed cluster before handover",
    "risk_findings": "The design breaks {n} design rules",
    "risk_findings.one": "The design breaks 1 design rule",
    "risk_findings_mitigation": "Correct them before ordering (see the findings appendix)",
    "risk_single_link": "A server with one back-end link is cut off when that link fails",
    "risk_single_link_mitigation": "Keep spare cables and optics on site, or give each server a second link",
    # ---- acceptance ----
    "acc_intro": ("A deployment of the {target} should meet these thresholds before handover. Each comes from the "
                  "simulation of the same test on the design: bus bandwidth must reach at least {busbw} of the "
                  "simulated figure, latency must stay within {latency} of it."),
    "acc_as_drawn": "design as drawn",
    "acc_none": "No acceptance thresholds were derived: the performance was not simulated for this proposal.",
    "acc_latency": "Latency: ib_write_lat, {size}-byte RDMA writes",
    "acc_busbw": "Bandwidth: nccl-tests all_reduce_perf over all {gpus} GPUs",
    "acc_busbw_note": "nccl-tests prints bus bandwidth in GB/s (gigabytes per second): 1 GB/s = 8 Gb/s.",
    "acc_commands": "How to run the tests",
    "acc_cmd_server": "on server A (it waits for server B)",
    "acc_cmd_client": "on server B, naming server A",
    "acc_server_a": "server-A",
    "acc_cmd_nccl": "from a login node, over all {gpus} GPUs (one process per GPU)",
    "acc_margin_note": ("The margins allow for firmware, cabling and host differences that the simulation does not "
                        "have; a result outside them is investigated before handover. A failed latency test between "
                        "two servers on one leaf points at the servers or their cables; across the spine, at the "
                        "switches or their settings."),
    "acc_path_same-leaf": "Same leaf",
    "acc_path_cross-leaf": "Across the spine",
    "acc_path_cross-pod": "Across pods",
    "acc_in_segment": "{path}, {segment}",
    "col_path": "Path",
    "col_servers": "Between",
    "col_sim_typical": "Simulated typical",
    "col_limit_typical": "Threshold typical",
    "col_sim_p99": "Simulated p99",
    "col_limit_p99": "Threshold p99",
    "col_size": "Message size",
    "col_sim_busbw": "Simulated bus bandwidth",
    "col_sim_busbw_gbytes": "Simulated (GB/s)",
    "col_limit_busbw": "Threshold (GB/s)",
    # ---- next steps ----
    "next_intro": "To move from this proposal to a working cluster:",
    "next_confirm": "Confirm the choice of the {label} and the priorities behind it.",
    "next_budget": "Revisit the budget or the scope: no option fits the budget as stated.",
    "next_workloads": "Give the cluster's own workloads, so that the figures are those of its traffic.",
    "next_findings": "Correct the design-rule errors listed in the findings appendix.",
    "next_quotes": "Request quotes for the bill of materials and confirm the lead times of the switches and optics.",
    "next_risks": "Review the risks and lead times and assign an owner to each.",
    "next_acceptance": "Agree the acceptance thresholds with the installation team.",
    "next_pilot": "Install, run the acceptance tests, and compare the results with this proposal's figures.",
    # ---- appendices ----
    "findings_none": "No design rule is broken.",
    "findings_more": "… and {n} more findings of the same kinds.",
    "col_severity": "Severity",
    "col_message": "Finding",
    "assump_intro": "Cost and power figures assume the following; they are part of the design and can be changed.",
    "assump_currency": "Currency",
    "assump_rate": "Exchange rate (CNY per USD)",
    "assump_electricity": "Electricity (USD per kWh)",
    "assump_pue": "Power usage effectiveness (PUE)",
    "assump_years": "Period of the total cost of ownership (years)",
    "assump_support": "Support per year (share of capital cost)",
    "currency_USD": "US dollars (USD)",
    "currency_CNY": "Chinese yuan (CNY)",
    "assump_validation_title": "How far to trust the simulated figures",
    "assump_validation": ("The simulation engine is checked against published measurements: {within} of {total} "
                          "published figures are reproduced within their tolerance, {off} are not yet, and "
                          "{unexpressed} cannot be expressed by the model."),
    "assump_model_title": "What the simulation models",
    "assump_model": ("The engine shares each link's bandwidth among the flows crossing it and follows the queues of "
                     "congested ports in time: InfiniBand credit flow control and adaptive routing; RoCEv2 PFC pauses, "
                     "ECN marking and DCQCN rate control; ECMP hashing with its collisions. Collective and training "
                     "times follow the algorithms NCCL uses. It does not model firmware defects, cabling faults or "
                     "host software."),
    "assump_notes": "Design notes",
    "assump_notes_intro": "The notes kept with the design, as written:",
    "prov_legend": ("Every product figure rests on one of three kinds of evidence: a vendor specification (the "
                    "maker's own documentation), a published measurement (a measured or quoted figure published by "
                    "an operator, a researcher or a reseller), or an estimate (derived from similar products when "
                    "nothing was published)."),
    "sources_products": "Products used in this design",
    "sources_list": "Sources",
    "col_product": "Product",
    "col_basis": "Figures and their basis",
    "col_sources": "Sources",
    "col_source": "Source",
    "prov_item": "{figure}: {basis}",
    "prov_vendor": "vendor specification",
    "prov_measured": "published measurement",
    "prov_estimate": "estimate",
    "part_number_tbc": "part number: to be confirmed with {vendor}",
    "part_number_tbc_list": "Part number to be confirmed with {vendor}: {products}.",
    "figure_ports": "ports",
    "figure_port_gbps": "port speed",
    "figure_latency_ns": "latency",
    "figure_buffer_mb": "buffer",
    "figure_buffer": "buffer",
    "figure_power_w": "power",
    "figure_price_usd": "price",
    "figure_nvlink_gbps": "GPU interconnect bandwidth",
    "figure_bf16_tflops": "compute",
    "figure_hbm_tbps": "memory bandwidth",
    "figure_all": "all figures",
    "source_entry": "{title}. {publisher}, {year}.",
    "source_online": "online documentation, consulted {year}",
    # ---- appendix: a design-space sweep (`report --sweep results.csv`) ----
    "sec_sweep": "Appendix: design-space sweep",
    "sweep_intro": ("The sweep in {file} simulated and costed {points} design points, each a complete design built "
                    "from one combination of the values below."),
    "sweep_intro.one": ("The sweep in {file} simulated and costed 1 design point, a complete design built from the "
                        "values below."),
    "sweep_failed_count": "{n} of them could not be built or run; they are listed at the end of this appendix.",
    "sweep_empty": "The results file holds no points yet.",
    "sweep_varied": "What was varied",
    "col_parameter": "Parameter",
    "col_values": "Values",
    "sweep_chart": "{metric} against {param}",
    "sweep_chart_note": ("One line per combination of the other parameters; a gap is a point that failed or lacks "
                         "the figure."),
    "sweep_chart_log": "The horizontal axis is logarithmic.",
    "sweep_chart_empty": "No point of the sweep has this figure, so it is not charted.",
    "sweep_cost_note": "Capital cost per Gb/s is each point's capital cost divided by its goodput.",
    "sweep_points": "The points",
    "sweep_more": "… and {n} more points (all of them are in the results file).",
    "sweep_failures": "Points that could not be built or run",
    "col_point": "Point",
    "col_problem": "Problem",
    "sweep_metric_step_time_s": "Step time",
    "sweep_metric_completion_time_s": "Completion time",
    "sweep_metric_gpu_utilization": "GPU utilization",
    "sweep_metric_busbw_gbps": "Bus bandwidth",
    "sweep_metric_algbw_gbps": "Algorithm bandwidth",
    "sweep_metric_goodput_gbps": "Goodput",
    "sweep_metric_throughput_fraction": "Throughput against an ideal fabric",
    "sweep_metric_latency_p50_us": "Latency p50",
    "sweep_metric_latency_p99_us": "Latency p99",
    "sweep_metric_latency_p999_us": "Latency p99.9",
    "sweep_metric_link_utilization_max": "Busiest link utilization",
    "sweep_metric_pfc_pause_fraction": "PFC pause time",
    "sweep_metric_ecn_mark_fraction": "ECN-marked bytes",
    "sweep_metric_capex": "Capital cost",
    "sweep_metric_capex_network": "Network capital cost",
    "sweep_metric_tco": "Total cost of ownership",
    "sweep_metric_cost_per_gbps": "Capital cost per Gb/s of goodput",
    "sweep_backend_hybrid": "hybrid (InfiniBand and RoCEv2 pods)",
    "sweep_param_gpus": "GPUs",
    "sweep_param_kind": "Topology",
    "sweep_param_backend": "Back-end protocol",
    "sweep_param_oversubscription": "Oversubscription",
    "sweep_param_link_gbps": "Link speed (Gb/s)",
    "sweep_param_gpus_per_site": "GPUs per site",
    "sweep_param_distance_km": "Distance between sites (km)",
    "sweep_param_dci_gbps": "Long-haul link capacity (Gb/s)",
    "sweep_param_dci_links": "Long-haul links",
    "sweep_param_gpus_per_server": "GPUs per server",
    "sweep_param_frontend": "Front-end network",
    "sweep_param_server_model": "GPU server",
    "sweep_param_switch_model": "Back-end switch",
    "sweep_param_nic_model": "Back-end NIC",
    "sweep_param_planes": "Planes",
    # ---- across sites (designer/report/sections/sites.py) ----
    "sec_sites": "Across sites",
    "sites_one": "{site} ({gpus} GPUs)",
    "sites_intro": "The design spans {n} sites: {sites}. Each site is a fabric of its own; long-haul links join them.",
    "sites_bundle": ("{count} long-haul links of {gbps} Gb/s over {km} km ({ms} ms one way in fibre, at 5 µs/km), "
                     "with {equipment} at each end and {optics} on each link."),
    "sites_bundle.one": ("1 long-haul link of {gbps} Gb/s over {km} km ({ms} ms one way in fibre, at 5 µs/km), "
                         "with {equipment} at each end and {optics} on it."),
    "sites_checks_clean": ("The long-haul links pass the checks: the equipment and optics reach the distance, and "
                           "the flow control of each protocol can cover the bytes in flight."),
    "sites_no_run": ("No training run of this proposal spreads its data parallelism or its pipeline over the "
                     "sites; simulate a train: workload with dp_across_sites=hier or flat, or with "
                     "pp_across_sites=on, to see what the distance costs."),
    "sites_row_bytes": "Bytes per training step",
    "sites_row_time": "Time of the data-parallel exchange",
    "sites_row_exposed": "Not hidden behind computation",
    "sites_row_time_pp": "Time of the pipeline's sends between stages",
    "sites_row_bubble_pp": "Pipeline waits added by the distance",
    "sites_pp_intro": ("The training run splits its pipeline between the sites: the first half of the stages in one "
                       "site, the second half in the other, so only the activations of one stage boundary and their "
                       "gradients cross ({m} micro-batches per step). Each crossing waits {ms} ms one way; the "
                       "pipeline waits for {trips} of them per step."),
    "sites_col_inside": "Inside sites",
    "sites_col_across": "Across sites",
    "sites_verdict": "{text}.",
    # ---- shared cluster: several jobs at once ----
    "sec_jobs": "Shared cluster: several jobs at once",
    "n_jobs": "{n} jobs",
    "n_jobs.one": "1 job",
    "jobs_gpus": "{n} GPUs",
    "jobs_gpus.one": "1 GPU",
    "jobs_links": "{n} links",
    "jobs_links.one": "1 link",
    "jobs_switches": "{n} switches",
    "jobs_switches.one": "1 switch",
    "jobs_ports": "{n} ports",
    "jobs_ports.one": "1 port",
    "jobs_intro": ("This design is a shared cluster: {jobs} run on it at the same time, each on GPUs of its own. The "
                   "jobs never share a GPU, but their traffic can cross the same switches and links, and a busy job "
                   "can slow its neighbours: on a shared link it takes bandwidth, and when a switch's buffers fill, "
                   "flow control (PFC pauses on RoCEv2, credits on InfiniBand) holds back every flow passing through, "
                   "whichever job filled them. To measure this, the jobs were simulated together, then each job alone "
                   "on the same GPUs. A slowdown of 1.00× means a job runs as fast beside the others as alone; 1.50× "
                   "means it takes half as long again."),
    "jobs_single": ("This design holds 1 job ({name}: {workload}). With no other job on the fabric, nothing is "
                    "shared: it runs as it would alone."),
    "jobs_intro_compare": ("Each job's figures are given for the InfiniBand and then the RoCEv2 option, each "
                           "simulated on the design its price is for."),
    "jobs_intro_drawn": "The figures are those of the design as drawn.",
    "jobs_problem": "The jobs could not be simulated: {problem}",
    "jobs_per_job": "Each job together and alone",
    "jobs_job_heading": "Job {n}: {name}",
    "jobs_job_line": "{workload} on {gpus}.",
    "jobs_job_line_all": "{workload}.",
    "jobs_class_line": " Traffic class {tc}: priority {tc} on RoCEv2, virtual lane {tc} on InfiniBand.",
    "jobs_classes": ("The jobs run in {n} traffic classes. Each class has queues of its own on every port: PFC "
                     "pauses one priority at a time (IEEE 802.1Qbb) and InfiniBand gives each virtual lane credits "
                     "of its own, so congestion in one class does not stop the others; the classes share each "
                     "link's bandwidth equally (enhanced transmission selection, IEEE 802.1Qaz; virtual-lane "
                     "arbitration on InfiniBand)."),
    "jobs_time_together": "Completion time, together",
    "jobs_time_alone": "Completion time, alone",
    "jobs_step_together": "Training step time, together",
    "jobs_step_alone": "Training step time, alone",
    "jobs_slowdown": "Slowdown (together / alone)",
    "jobs_busbw_together": "Bus bandwidth, together",
    "jobs_busbw_alone": "Bus bandwidth, alone",
    "jobs_p99_together": "Latency p99, together",
    "jobs_p99_alone": "Latency p99, alone",
    "jobs_share_title": "What the jobs share",
    "jobs_where_protocol": "With {protocol}",
    "jobs_where_drawn": "In the design as drawn",
    "jobs_where_both": "With either protocol",
    "jobs_shared": "{where}, the jobs' traffic shares {links} and {switches} ({names}).",
    "jobs_shared_links_only": "{where}, the jobs' traffic shares {links} but no switch.",
    "jobs_shared_none": "{where}, the jobs' traffic crosses no common link or switch.",
    "jobs_more": "{shown} and {n} more",
    "jobs_none": "none",
    "jobs_victims_title": "Where one job held another back",
    "jobs_job_ref": "job {job} ({name})",
    "jobs_victim_paused": ("{where}, PFC paused {ports} of job {job} ({name}) longer beside the other jobs than "
                           "alone ({together} of pause in all, against {alone} alone)."),
    "jobs_victim_stalled": ("{where}, {ports} of job {job} ({name}) waited longer for credits beside the other jobs "
                            "than alone ({together} of waiting in all, against {alone} alone)."),
    "jobs_victim_culprits": " The switches those ports lead into also carry the traffic of {others}.",
    "jobs_victim_none": ("{where}, no job's ports were paused or held for credits longer beside the other jobs than "
                         "alone."),
    "jobs_victim_note": ("A pause or a wait for credits is decided by what is queued in the switch a port leads "
                         "into. The jobs named are those whose traffic passes through that switch: the likely cause, "
                         "as the simulation does not record whose bytes filled a buffer."),
    "wl_algo_auto": "algorithm chosen by size",
    "wl_algo_ring": "ring algorithm",
    "wl_algo_tree": "tree algorithm",
    "wl_algo_hier": "hierarchical algorithm",
    "wl_algo_sharp": "in-network reduction (SHARP)",
    "wl_start": "starting at {time}",
    "wl_dp_across_sites_hier": "data parallelism reduced inside each site, then across sites",
    "wl_dp_across_sites_flat": "one data-parallel ring across both sites",
    "wl_pp_across_sites_on": "pipeline stages split between the two sites",
    "wl_pp_across_sites_off": "each pipeline inside one site",
    "wl_overlap_off": "gradient exchange not overlapped with computation",
    "wl_overlap_on": "gradient exchange overlapped with computation",
    "wl_requests": "{n} requests/s",
    "wl_replicate": "replication of {size} per GPU to the other site",
    "wl_checkpoint": "copy of a {model}-parameter model's training checkpoint to the other site",
    "wl_state_full": "weights and optimizer state",
    "wl_state_weights": "weights only",
    "wl_clients_remote": "requests from another site",
    "wl_clients_local": "requests from the same site",
    "wl_tokens": "{n} training tokens",
    "wl_repeat": "{n} runs back to back",
    "wl_target_ms": "p99 latency target {n} ms",
    "wl_max_batch": "up to {n} requests decoded together",
    "wl_collective_job": "{name} of {size}",
    "sweep_param_place": "Job placement",
    "sweep_place_packed": "packed (leaf by leaf)",
    "sweep_place_spread": "spread across leaves",
    "sweep_place_random": "random",
    "sweep_place_rail-aligned": "rail-aligned",
    # ---- messages of the build ----
    "font_missing": "Chinese font not found ({path}); Chinese text will not render. Install fonts-wqy-microhei.",
}
