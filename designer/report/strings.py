"""The fixed text of the proposal, one table per language, so that a translation is one more table."""

from __future__ import annotations

EN: dict[str, str] = {
    # cover and frame
    "default_title": "AI Cluster Network Design Proposal",
    "prepared_for": "Prepared for",
    "prepared_by": "Prepared by",
    "date": "Date",
    "design": "Design",
    "page": "Page {n}",
    "contents": "Contents",
    "confidential": "Confidential: prepared for {customer}",
    # section titles
    "sec_summary": "Executive summary",
    "sec_topology": "Topology",
    "sec_facts": "Design facts",
    "sec_cost": "Bill of materials and cost",
    "sec_simulation": "Simulation results",
    "sec_findings": "Design-rule findings",
    "sec_assumptions": "Assumptions and sources",
    # executive summary
    "sum_design": ("The design connects {gpus} GPUs in {servers} servers through {switches} back-end switches "
                   "in {tiers} tier(s) ({tier_list}), {backend}."),
    "sum_design_frontend": "An Ethernet front-end of {fe_switches} switch(es) carries storage and management traffic.",
    "sum_design_nofrontend": "The design has no separate Ethernet front-end plane.",
    "sum_backend_one": "running {protocol} on the back-end",
    "sum_backend_hybrid": "with {n} back-end segments ({protocols})",
    "headline": "Headline figures",
    "recommendation": "Recommendation",
    "rec_choice_ib": "InfiniBand for the back-end",
    "rec_choice_rocev2": "RoCEv2 (lossless Ethernet) for the back-end",
    "rec_choice_hybrid": "The hybrid design as drawn (InfiniBand and RoCEv2 segments)",
    "rec_intro": "We recommend: {choice}.",
    "rec_reasons": "The reasons, from this design's numbers and the published trade-offs:",
    "fig_gpus": "GPUs",
    "fig_switches": "Switches (all planes)",
    "fig_links": "Links (cables)",
    "fig_bisection": "Back-end bisection bandwidth",
    "fig_oversub": "Worst back-end oversubscription",
    "fig_capex": "Capital cost",
    "fig_power": "Power draw",
    "fig_tco": "Total cost of ownership ({years} years)",
    "fig_busbw": "Bus bandwidth ({protocol})",
    "fig_p99": "p99 latency ({protocol})",
    "fig_completion": "Completion time ({protocol})",
    # topology
    "topo_intro": ("The drawing below is generated from the design itself. Rows are switch tiers; "
                   "line colour shows the plane and protocol; shaded areas are back-end segments."),
    "topo_intro_bundled": ("The design has {nodes} devices and {links} links, so the overview groups devices per tier "
                           "and pod; a line is a bundle of links labelled with its cable count and speed. "
                           "The next drawing shows one pod in detail."),
    "topo_detail": "Detail: {what}",
    "topo_pod": "pod {pod}",
    "legend_ib": "Back-end InfiniBand",
    "legend_rocev2": "Back-end RoCEv2",
    "legend_backend": "Back-end (no segment)",
    "legend_frontend": "Front-end Ethernet",
    "legend_segment": "Segment {name} ({protocol})",
    "tier_core": "Core",
    "tier_spine": "Spine",
    "tier_leaf": "Leaf",
    "tier_frontend": "Front-end",
    "tier_server": "Servers",
    "tier_gateway": "Gateways",
    "tier_storage": "Storage",
    # facts
    "facts_tiers": "Tiers and devices",
    "facts_links": "Links and cables",
    "facts_segments": "Back-end segments",
    "col_tier": "Tier",
    "col_devices": "Devices",
    "col_models": "Models",
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
    "col_nodes": "Nodes",
    "col_settings": "Key settings",
    "facts_bisection": "Back-end bisection bandwidth: {value}.",
    "facts_reach_warning": "{count} link(s) are longer than their cable type reaches.",
    # cost
    "cost_intro": "Prices are in {currency}; catalog figures are list or street prices with the provenance shown in "
                  "the last section.",
    "col_item": "Item",
    "col_kind": "Kind",
    "col_qty": "Qty",
    "col_unit": "Unit price",
    "col_total": "Total",
    "col_power": "Power each (W)",
    "cost_capex": "Capital cost",
    "cost_capex_network": "of which network (switches, NICs, cables)",
    "cost_power": "Power draw (IT load)",
    "cost_tco": "Total cost of ownership over {years} years (capital, energy at PUE {pue}, support)",
    "cost_missing": "The cost model is not available in this build.",
    # simulation
    "sim_none": ("No simulation results were supplied. Run the simulation in the application or give "
                 "--workload to the report command to include them."),
    "sim_workloads": "Workloads: {workloads}.",
    "sim_intro": "Workloads simulated on this design: {workloads}.",
    "sim_intro_default": ("No workload was specified for this proposal, so it shows the default workload {workloads}: "
                          "a 1 GiB AllReduce across all GPUs, the collective that dominates data-parallel training. "
                          "Give your own workloads in the application or with --workload for figures of your "
                          "traffic."),
    "sim_intro_saved": "The figures are those of the simulation run in the application and saved with the design "
                       "(workloads: {workloads}).",
    "sim_intro_compare": ("The same drawing was simulated twice, first with every back-end segment running "
                          "InfiniBand and then RoCEv2, with the same workloads and random seed; the engine models "
                          "per-port queues, PFC, ECN/DCQCN, credit flow control and ECMP or adaptive routing."),
    "sim_read_faster": ("{faster} completes the workloads first: {t_ib} with InfiniBand against {t_roce} with RoCEv2, "
                        "so {slower} takes {longer}."),
    "sim_read_same": ("Both protocols complete the workloads in about the same time: {t_ib} with InfiniBand, "
                      "{t_roce} with RoCEv2."),
    "sim_read_ideal": "Against an ideal non-blocking fabric, InfiniBand reaches {ib} and RoCEv2 {roce} of the speed.",
    "sim_read_signals": ("Congestion signals: RoCEv2 ports were paused by PFC {pfc} of the time and marked {ecn} of "
                         "the bytes with ECN; InfiniBand senders waited for credits {credit} of the time."),
    "sim_per_workload": "Per workload",
    "col_workload": "Workload",
    "sim_charts": "Latency and utilization",
    "sim_headline": "Headline figures",
    "col_metric": "Metric",
    "sim_completion": "Completion time",
    "sim_algbw": "Algorithm bandwidth",
    "sim_busbw": "Bus bandwidth",
    "sim_goodput": "Goodput",
    "sim_throughput": "Throughput vs ideal fabric",
    "sim_p50": "Latency p50",
    "sim_p99": "Latency p99",
    "sim_p999": "Latency p99.9",
    "sim_max": "Latency max",
    "sim_util_mean": "Link utilization (mean)",
    "sim_util_max": "Link utilization (max)",
    "sim_pfc": "PFC pause time",
    "sim_ecn": "ECN-marked bytes",
    "sim_credit": "Credit stall time",
    "sim_dropped": "Dropped bytes",
    "sim_step": "Training step time",
    "sim_gpu_util": "GPU utilization",
    "chart_latency": "One-way latency percentiles (µs)",
    "chart_util": "Back-end link utilization (%)",
    "chart_compare": "InfiniBand vs RoCEv2, relative to the better protocol (%)",
    "chart_compare_note": "100 % is the better of the two; shorter bars are worse.",
    # findings
    "findings_none": "No design rule is violated.",
    "findings_missing": "The design-rule checks are not available in this build.",
    "col_severity": "Severity",
    "col_rule": "Rule",
    "col_message": "Finding",
    "findings_more": "… and {n} more findings of the same kinds.",
    # assumptions
    "assump_intro": "Cost and power figures assume the following; change them in the design's assumptions.",
    "assump_currency": "Currency",
    "assump_rate": "Exchange rate (CNY per USD)",
    "assump_electricity": "Electricity (USD per kWh)",
    "assump_pue": "PUE",
    "assump_years": "TCO period (years)",
    "assump_support": "Yearly support (share of capital cost)",
    "assump_provenance": "Provenance classes of catalog figures",
    "assump_catalog": "Catalog models used in this design",
    "col_model": "Model",
    "col_source": "Source",
    "col_class": "Provenance of figures",
    "assump_published": "Published figures used in this proposal",
    "assump_notes": "Design notes",
    "font_missing": "Chinese font not found ({path}); Chinese text will not render. Install fonts-wqy-microhei.",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN}
LANGUAGES = tuple(STRINGS)


def tr(key: str, language: str = "en", **values: object) -> str:
    """The fixed text `key` in `language` (English where a translation lacks it), with `values` filled in."""
    table = STRINGS.get(language, EN)
    template = table.get(key, EN[key])
    return template.format(**values) if values else template
