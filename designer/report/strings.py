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
    # resilience (what-if failures)
    "sec_resilience": "Resilience",
    "res_intro": ("For each class of single failure (a leaf switch, a spine switch, a core switch, a server's "
                  "back-end link) a few elements were failed, one at a time, from the start of the workload "
                  "{workloads}; the table gives the worst throughput loss found in each class."),
    "res_loss_note": ("The loss is the steady one, after traffic has been rerouted: the capacity the fabric loses. "
                      "On top of it, traffic crossing the failed element waits for the protocol to reroute: "
                      "InfiniBand's Subnet Manager sweep (or local self-healing, when enabled), or routing "
                      "reconvergence and ECMP rehashing on RoCEv2 and Ethernet; that delay is the last column."),
    "res_cut_note": ("A failure marked 'cuts off servers' removes a server's only path: its transfers cannot "
                     "complete until the element is repaired (a second back-end link per server avoids this)."),
    "col_failure_class": "Failure class",
    "col_worst_element": "Worst element",
    "col_tried": "Elements tried",
    "col_throughput_loss": "Throughput loss",
    "col_reroute_delay": "Reroute delay",
    "res_class_leaf": "Leaf switch",
    "res_class_spine": "Spine switch",
    "res_class_core": "Core switch",
    "res_class_server-link": "Server link",
    "res_cut_off": "cuts off servers",
    "res_none": "The design has no switches or server links to fail.",
    "res_failed": "The resilience table could not be computed: {reason}",
    "res_scenarios": "What-if scenarios saved with the design",
    "res_scenarios_intro": ("These named scenarios (workload, failure schedule and seed) are saved in the design file; "
                            "run them in the application to see the failure and the recovery over time."),
    "col_scenario": "Scenario",
    "col_failures": "Failures",
    "col_seed": "Seed",
    "res_no_failures": "none",
    # findings
    "findings_none": "No design rule is violated.",
    "findings_missing": "The design-rule checks are not available in this build.",
    "col_severity": "Severity",
    "col_rule": "Rule",
    "col_message": "Finding",
    "findings_more": "… and {n} more findings of the same kinds.",
    # assumptions
    "assump_intro": "Cost and power figures assume the following; change them in the design's assumptions.",
    "assump_validation_title": "How far to trust the simulated figures",
    "assump_validation": ("The simulation engine is checked against published measurements: {within} of {total} "
                          "published figures are reproduced within their tolerance, {off} are not yet (the model "
                          "gap is stated for each) and {unexpressed} cannot be expressed by the product. The "
                          "table, with sources, comes from 'fabric-designer validate'."),
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

# Simplified Chinese: terminology as in resources/i18n/glossary_zh_CN.md (收敛比, 无损网络, 叶/脊 ...)
ZH_CN: dict[str, str] = {
    "default_title": "AI 集群网络设计方案",
    "prepared_for": "呈送",
    "prepared_by": "编制",
    "date": "日期",
    "design": "设计",
    "page": "第 {n} 页",
    "contents": "目录",
    "confidential": "机密：为{customer}编制",
    "sec_summary": "执行摘要",
    "sec_topology": "拓扑",
    "sec_facts": "设计要点",
    "sec_cost": "物料清单与成本",
    "sec_simulation": "仿真结果",
    "sec_findings": "设计规则检查结果",
    "sec_assumptions": "假设与来源",
    "sum_design": ("本设计通过 {tiers} 层（{tier_list}）共 {swit"
                   "ches} 台后端交换机连接 {servers} 台服务器中"
                   "的 {gpus} 块 GPU，{backend}。"),
    "sum_design_frontend": "由 {fe_switches} 台交换机组成的以太网前端网络承载存储和管理流量。",
    "sum_design_nofrontend": "本设计没有独立的以太网前端网络。",
    "sum_backend_one": "后端网络运行 {protocol}",
    "sum_backend_hybrid": "后端网络分为 {n} 个分区（{protocols}）",
    "headline": "关键指标",
    "recommendation": "推荐方案",
    "rec_choice_ib": "后端网络采用 InfiniBand",
    "rec_choice_rocev2": "后端网络采用 RoCEv2（无损以太网）",
    "rec_choice_hybrid": "按图中的混合设计（InfiniBand 与 RoCEv2 分区）",
    "rec_intro": "我们推荐：{choice}。",
    "rec_reasons": "理由来自本设计的数据和公开发表的权衡分析：",
    "fig_gpus": "GPU 数量",
    "fig_switches": "交换机（所有网络平面）",
    "fig_links": "链路（线缆）",
    "fig_bisection": "后端网络对分带宽",
    "fig_oversub": "后端网络最大收敛比",
    "fig_capex": "资本支出",
    "fig_power": "功耗",
    "fig_tco": "总拥有成本（{years} 年）",
    "fig_busbw": "总线带宽（{protocol}）",
    "fig_p99": "p99 延迟（{protocol}）",
    "fig_completion": "完成时间（{protocol}）",
    "topo_intro": "下图由设计本身生成。每一行是一层交换机；线条颜色表示网络平面和协议；阴影区域为后端分区。",
    "topo_intro_bundled": ("本设计有 {nodes} 台设备和 {links} 条链路，因"
                           "此全局图按层和 Pod 对设备分组；每条线代表一"
                           "组链路，并标注线缆数量和速率。下一张图展示一"
                           "个 Pod 的细节。"),
    "topo_detail": "细节：{what}",
    "topo_pod": "Pod {pod}",
    "legend_ib": "后端 InfiniBand",
    "legend_rocev2": "后端 RoCEv2",
    "legend_backend": "后端（未分区）",
    "legend_frontend": "前端以太网",
    "legend_segment": "分区 {name}（{protocol}）",
    "tier_core": "核心",
    "tier_spine": "脊",
    "tier_leaf": "叶",
    "tier_frontend": "前端",
    "tier_server": "服务器",
    "tier_gateway": "网关",
    "tier_storage": "存储",
    "facts_tiers": "层级与设备",
    "facts_links": "链路与线缆",
    "facts_segments": "后端分区",
    "col_tier": "层级",
    "col_devices": "设备数",
    "col_models": "型号",
    "col_ports": "已用端口",
    "col_oversub": "收敛比",
    "col_plane": "网络平面",
    "col_cable": "线缆",
    "col_speed": "速率",
    "col_count": "数量",
    "col_length": "长度 (m)",
    "col_reach": "最大距离 (m)",
    "col_segment": "分区",
    "col_protocol": "协议",
    "col_nodes": "节点",
    "col_settings": "关键设置",
    "facts_bisection": "后端网络对分带宽：{value}。",
    "facts_reach_warning": "有 {count} 条链路超出其线缆类型的传输距离。",
    "cost_intro": "价格单位为 {currency}；目录数据为标价或市场价，来源见最后一节。",
    "col_item": "项目",
    "col_kind": "类别",
    "col_qty": "数量",
    "col_unit": "单价",
    "col_total": "合计",
    "col_power": "单台功耗 (W)",
    "cost_capex": "资本支出",
    "cost_capex_network": "其中网络部分（交换机、网卡、线缆）",
    "cost_power": "功耗（IT 负载）",
    "cost_tco": "{years} 年总拥有成本（资本支出、PUE {pue} 下的电费、维保）",
    "cost_missing": "此版本未包含成本模型。",
    "sim_none": "未提供仿真结果。请在应用中运行仿真，或在 report 命令中给出 --workload 以包含仿真结果。",
    "sim_workloads": "负载：{workloads}。",
    "sim_intro": "在本设计上仿真的负载：{workloads}。",
    "sim_intro_default": ("本方案书未指定负载，因此展示默认负载 {worklo"
                          "ads}：在所有 GPU 间进行 1 GiB 的 AllReduce，"
                          "这是数据并行训练中占主导的集合通信。可在应用"
                          "中或用 --workload 给出您自己的负载，以获得您"
                          "业务流量的数据。"),
    "sim_intro_saved": "以下数据来自在应用中运行并随设计保存的仿真（负载：{workloads}）。",
    "sim_intro_compare": ("同一张拓扑图仿真了两次：先让所有后端分区运行"
                          " InfiniBand，再运行 RoCEv2，负载和随机种子相"
                          "同；仿真引擎对每端口队列、PFC、ECN/DCQCN、信"
                          "用流控以及 ECMP 或自适应路由建模。"),
    "sim_read_faster": ("{faster} 先完成负载：InfiniBand 用时 {t_ib}"
                        "，RoCEv2 用时 {t_roce}，因此 {slower} 多用 {"
                        "longer}。"),
    "sim_read_same": "两种协议完成负载的时间大致相同：InfiniBand {t_ib}，RoCEv2 {t_roce}。",
    "sim_read_ideal": "与理想的无阻塞网络相比，InfiniBand 达到其速度的 {ib}，RoCEv2 达到 {roce}。",
    "sim_read_signals": ("拥塞信号：RoCEv2 端口被 PFC 暂停的时间占 {pf"
                         "c}，ECN 标记的字节占 {ecn}；InfiniBand 发送"
                         "端等待信用的时间占 {credit}。"),
    "sim_per_workload": "各负载结果",
    "col_workload": "负载",
    "sim_charts": "延迟与利用率",
    "sim_headline": "关键指标",
    "col_metric": "指标",
    "sim_completion": "完成时间",
    "sim_algbw": "算法带宽",
    "sim_busbw": "总线带宽",
    "sim_goodput": "有效吞吐",
    "sim_throughput": "相对理想网络的吞吐",
    "sim_p50": "延迟 p50",
    "sim_p99": "延迟 p99",
    "sim_p999": "延迟 p99.9",
    "sim_max": "最大延迟",
    "sim_util_mean": "链路利用率（平均）",
    "sim_util_max": "链路利用率（最大）",
    "sim_pfc": "PFC 暂停时间",
    "sim_ecn": "ECN 标记字节",
    "sim_credit": "信用等待时间",
    "sim_dropped": "丢弃字节",
    "sim_step": "训练步时间",
    "sim_gpu_util": "GPU 利用率",
    "chart_latency": "单向延迟分位数 (µs)",
    "chart_util": "后端链路利用率 (%)",
    "chart_compare": "InfiniBand 与 RoCEv2 对比，相对较优协议 (%)",
    "chart_compare_note": "100 % 为两者中较优者；条越短越差。",
    "findings_none": "未违反任何设计规则。",
    "findings_missing": "此版本未包含设计规则检查。",
    "col_severity": "严重程度",
    "col_rule": "规则",
    "col_message": "检查结果",
    "findings_more": "… 另有 {n} 条同类检查结果。",
    "assump_intro": "成本和功耗数据基于以下假设；可在设计的假设中修改。",
    "assump_validation_title": "仿真数据的可信度",
    "assump_validation": ("仿真引擎已与公开实测数据对照：{total} 项公开数据中有 {within} 项在容差范围内复现，"
                          "{off} 项尚未达到（每项均注明模型差距），{unexpressed} 项本产品无法表达。"
                          "带来源的对照表由“fabric-designer validate”生成。"),
    "assump_currency": "币种",
    "assump_rate": "汇率（人民币/美元）",
    "assump_electricity": "电价（美元/千瓦时）",
    "assump_pue": "PUE",
    "assump_years": "TCO 周期（年）",
    "assump_support": "年维保费用（占资本支出比例）",
    "assump_provenance": "目录数据的来源类别",
    "assump_catalog": "本设计使用的目录型号",
    "col_model": "型号",
    "col_source": "来源",
    "col_class": "数据来源",
    "assump_published": "本方案书引用的公开数据",
    "assump_notes": "设计说明",
    "font_missing": "未找到中文字体（{path}）；中文将无法显示。请安装 fonts-wqy-microhei。",
    "sec_resilience": "可靠性",
    "res_intro": ("针对每一类单点故障（一台叶交换机、一台脊交换"
                  "机、一台核心交换机、一条服务器后端链路），从"
                  "负载 {workloads} 开始时逐一让若干元件故障；"
                  "表中给出每类故障中最严重的吞吐量损失。"),
    "res_loss_note": ("损失指流量重路由之后的稳态损失，即网络失去的"
                      "容量。此外，经过故障元件的流量还要等待协议重"
                      "路由：InfiniBand 为子网管理器扫描（启用时为"
                      "本地自愈），RoCEv2 和以太网为路由收敛与 ECMP"
                      " 重新哈希；该时延见最后一列。"),
    "res_cut_note": ("标为“切断服务器”的故障会移除服务器的唯一路径"
                     "：在元件修复前其传输无法完成（每台服务器配置"
                     "第二条后端链路可避免）。"),
    "col_failure_class": "故障类别",
    "col_worst_element": "最严重元件",
    "col_tried": "已测试元件数",
    "col_throughput_loss": "吞吐量损失",
    "col_reroute_delay": "重路由时延",
    "res_class_leaf": "叶交换机",
    "res_class_spine": "脊交换机",
    "res_class_core": "核心交换机",
    "res_class_server-link": "服务器链路",
    "res_cut_off": "切断服务器",
    "res_none": "本设计没有可故障的交换机或服务器链路。",
    "res_failed": "无法计算可靠性表：{reason}",
    "res_scenarios": "随设计保存的假设分析场景",
    "res_scenarios_intro": ("这些命名场景（负载、故障计划和随机种子）保存"
                            "在设计文件中；在应用中运行即可查看故障及随时"
                            "间的恢复过程。"),
    "col_scenario": "场景",
    "col_failures": "故障",
    "col_seed": "随机种子",
    "res_no_failures": "无",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "zh_CN": ZH_CN}
LANGUAGES = tuple(STRINGS)


def tr(key: str, language: str = "en", **values: object) -> str:
    """The fixed text `key` in `language` (English where a translation lacks it), with `values` filled in."""
    table = STRINGS.get(language, EN)
    template = table.get(key, EN[key])
    return template.format(**values) if values else template
