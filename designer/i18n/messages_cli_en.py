"""English text of the command line's ordinary output (simulate, compare, cost, resilience, validate, export,
import), and of the errors of the advisor's and resilience's inputs and of a project file's results and scenarios
sections, by message id.

Numbers and units reach these templates already formatted (as in English: 1,234 and µs/us, Gb/s, MiB, ms);
design names, ids, file names and workload specs are parameters shown verbatim.
"""

from __future__ import annotations

CLI: dict[str, str] = {
    # simulate / compare: the figures, one per line ("{label:<40} {value}")
    "cli.sim.title": "{design}: {workloads}",
    "cli.compare.options": "Each option runs on its own switches and NICs, the design the proposal prices for it.",
    "cli.compare.switches": "back-end leaves / spines / cores",
    "cli.compare.leaf": "fullest leaf: servers / ports down / up",
    "cli.sim.completion_time": "completion time",
    "cli.sim.algbw_busbw": "algbw / busbw",
    "cli.sim.goodput": "goodput",
    "cli.sim.throughput_fraction": "throughput fraction",
    "cli.sim.latency": "latency p50/p99/p99.9/max",
    "cli.sim.link_utilization": "link utilization mean/max",
    "cli.sim.step_time": "step time / GPU utilization",
    "cli.sim.congestion": "PFC pause / ECN marked / credit stall",
    "cli.sim.dropped": "dropped / retransmitted bytes",
    "cli.sim.scaleup_bytes": "NVLink domains / scale-out fabric",
    "cli.sim.scaleup_share": "{percent} % inside domains",
    "cli.sim.preset": "settings preset",
    "cli.sim.preset_recommended": "recommended for AI",
    "cli.sim.preset_plain": "plain defaults",
    "cli.sim.preset_custom": "custom settings",
    "cli.sim.preset_mixed": "mixed (segments differ)",
    "cli.sim.algorithm": "collective algorithm",
    "cli.sim.algo_ring": "ring",
    "cli.sim.algo_tree": "tree (NCCL double binary tree)",
    "cli.sim.algo_hier": "hierarchical (NVLink inside servers, ring between)",
    "cli.sim.algo_sharp": "SHARP in-network reduction",
    "cli.sim.algo_nvls": "NVLink SHARP (NVLS) in the domain",
    "cli.sim.algo_pairwise": "pairwise exchange",
    "cli.sim.wall_time": "simulation wall time",
    "cli.sim.train_days": "time to train",
    "cli.sim.train_days_value": "{days} days ({steps} steps of {step})",
    "cli.sim.jitter": "step jitter (CV step / collective, p99/p50)",
    "cli.sim.jitter_value": "{step} % / {comm} %, {ratio} over {steps} steps",
    "cli.sim.request_latency": "request latency p50/p99/max",
    "cli.sim.max_qps": "most requests/s meeting the target",
    "cli.sim.max_qps_value": "{qps} requests/s (p99 <= {target} ms)",
    "cli.sim.segment": "segment {segment} ({protocol}): goodput {goodput}, p99 {p99} us",
    # simulate with several workloads: the per-job table
    "cli.jobs.title": "jobs: each together, and alone on the same GPUs ({runs} extra engine runs, one per job; "
                      "--no-alone skips them)",
    "cli.jobs.col_job": "job",
    "cli.jobs.col_workload": "workload",
    "cli.jobs.col_gpus": "GPUs",
    "cli.jobs.col_time": "time together / alone",
    "cli.jobs.col_slowdown": "slowdown",
    "cli.jobs.col_busbw": "busbw together / alone",
    "cli.jobs.col_p99": "p99 together / alone",
    "cli.jobs.shared": "shared by two or more jobs: {links} {links:link|links}, "
                       "{switches} {switches:switch|switches} ({names})",
    "cli.jobs.shared_links": "shared by two or more jobs: {links} {links:link|links}, no switch",
    "cli.jobs.shared_nothing": "no link or switch is shared by two or more jobs",
    "cli.jobs.classes": "traffic classes (tc): {classes}; a PFC pause or a wait for credits holds only its own class "
                        "(priority on RoCEv2, virtual lane on InfiniBand), and the classes share each link equally",
    "cli.jobs.class_of": "job {job} in {tc}",
    "cli.jobs.victim_paused": "job {job}: PFC pause on its ports {together} ms of port time together, "
                              "{alone} ms alone; {ports} ports paused longer with the others (other jobs "
                              "through the switches they enter: {jobs}), e.g. {names}",
    "cli.jobs.victim_stalled": "job {job}: credit stall on its ports {together} ms of port time together, "
                              "{alone} ms alone; {ports} ports stalled longer with the others (other jobs "
                              "through the switches they enter: {jobs}), e.g. {names}",
    # simulate --fail: one line per failure, and one for transfers that never completed
    "cli.sim.failure": "failure {spec} at {time} ms: {flows} flows stalled ({mib} MiB), {outcome}{dip}",
    "cli.sim.recovered_at": "recovered at {time} ms",
    "cli.sim.nothing_stalled": "nothing stalled",
    "cli.sim.never_recovered": "never recovered",
    "cli.sim.dip": ", throughput dip {dip}",
    "cli.sim.not_completed": "NOT COMPLETED: {text}",
    "cli.sim.undelivered": "{flows} transfer(s) lost every path (servers {servers}) and could not complete; {mib} MiB "
                           "undelivered when the run stopped at {time} ms",
    # cost: the kind column (the headers and the summary are cost.col_* and cost.summary)
    "cost.kind.switch": "switch",
    "cost.kind.gateway": "gateway",
    "cost.kind.nic": "network card",
    "cost.kind.cable": "cable",
    "cost.kind.optics": "optics",
    "cost.kind.server": "server",
    "cost.kind.storage": "storage",
    # resilience
    "cli.res.title": "{design}: single failures, {workloads}",
    "cli.res.progress": "{done}/{total} runs",
    "cli.res.col_class": "class",
    "cli.res.col_worst": "worst element",
    "cli.res.col_loss": "throughput loss",
    "cli.res.col_completed": "completed",
    "cli.res.col_delay": "reroute delay",
    "cli.res.yes": "yes",
    "cli.res.no": "NO",
    "cli.res.class.leaf": "leaf",
    "cli.res.class.spine": "spine",
    "cli.res.class.core": "core",
    "cli.res.class.server-link": "server-link",
    # validate (the markdown table of docs/validation.md stays English)
    "validate.col.scenario": "scenario",
    "validate.col.basis": "basis",
    "validate.basis.independent": "independent",
    "validate.basis.calibrated": "calibrated",
    "validate.col.published": "published",
    "validate.col.ours": "ours",
    "validate.col.unit": "unit",
    "validate.col.error": "error",
    "validate.col.tolerance": "tolerance",
    "validate.col.status": "status",
    "validate.col.source": "source",
    "validate.within": "within",
    "validate.off": "OFF",
    "validate.not_expressed": "not expressed",
    "validate.na": "n/a",
    "validate.band": "band",
    "validate.band_tolerance": "band {tolerance}",
    "validate.unit.ratio": "ratio",
    "validate.unit.fraction": "fraction",
    "validate.summary": "{within} of {total} independent scenarios within tolerance ({expressed} expressed); "
                        "{calibrated} calibrated ones (a parameter was set from their figure) not counted",
    # export / import: one line per file written
    "export.wrote.cabling": "wrote {file}: cabling plan, {cables} cables",
    "export.wrote.bom": "wrote {file}: bill of materials, {items} items, capex {capex} {currency}",
    "export.wrote.graphml": "wrote {file}: GraphML, {nodes} nodes, {links} links",
    "export.wrote.dot": "wrote {file}: Graphviz DOT, {nodes} nodes, {links} links",
    "export.wrote.containerlab": "wrote {file}: containerlab topology, {links} Ethernet links",
    "import.wrote": "wrote {file}: {nodes} nodes, {links} links, {segments} segments",
    "error.export.nothing": "export: nothing to write; give one or more of --cabling, --bom, --graphml, --dot, "
                            "--containerlab",
    "error.export.same_file": "export: two outputs were given the same file; give each output its own file",
    "error.export.cannot_write": "export: cannot write: {reason}",
    # generated designs (document text: the language of the window or of --lang when they are made)
    "generate.segment.backend": "Back-end ({protocol})",
    "generate.site": "Site {letter}",
    "generate.segment.pod": "Pod {n} ({protocol})",
    "generate.backend.hybrid": "hybrid IB + RoCEv2",
    "generate.name": "{kind} {gpus} GPUs ({backend})",
    "generate.frontend.yes": "with an Ethernet front-end (3:1)",
    "generate.frontend.no": "without a front-end",
    "generate.notes": "Generated {kind}: {gpus} GPUs on {servers} x {server_model}, {link}G links, target "
                      "{target}:1, switches {models}, {frontend}.",
    "error.export.wrong_type": "{path}: the {what} is written as {choices}, not '{suffix}'",
    "error.export.bad_character": "{path}: {place} holds {code}, a character the {what} cannot hold; change that "
                                  "text and export again",
    "error.export.bad_text": "{path}: a text holds {code} (near '{near}'), which no UTF-8 file can hold; change that "
                             "text and export again",
    "error.export.no_ethernet": "the design has no Ethernet part (front-end or RoCEv2) to emulate with containerlab",
    "export.what.cabling": "cabling plan",
    "export.what.bom": "bill of materials",
    "export.what.graphml": "GraphML",
    "export.what.dot": "Graphviz DOT file",
    "export.what.containerlab": "containerlab topology",
    "error.report.no_output": "report: give the output PDF with -o OUT.pdf",
    "error.report.cannot_write": "{file}: cannot write the proposal: {reason}",
    "report.warning": "report: warning: {text}",
    "report.error": "report: {text}",
    # the advisor's and resilience's inputs
    "error.advisor.gpus": "--gpus must be a positive multiple of 8 (8-GPU servers), not {gpus}",
    "error.advisor.currency": "unknown currency '{currency}' (choose {choices})",
    "error.advisor.budget": "--budget must be a positive amount, not {budget}",
    "error.advisor.seed": "seed must be a whole number >= 0, not {seed}",
    "error.advisor.workers": "--workers must be a whole number of at least 1, not {workers}",
    "error.advisor.worker_lost": "a process simulating the candidates ended before it finished (stopped from outside, "
                                 "or out of memory)",
    "error.resilience.samples": "samples per failure class must be at least 1",
    # the "results" section of a project file (the last run's figures); shown after "results.<place>: "
    "error.results.unknown_figure": "is not a known result figure",
    "error.results.number_or_null": "must be a finite number or null",
    "error.results.count": "must be a whole number >= 0",
    "error.results.text": "must be text",
    "error.results.non_empty_list": "must be a non-empty list",
    # the "scenarios" section of a project file (what-if runs saved with the design)
    "error.scenarios.not_list": "must be a list of scenarios",
    "error.scenarios.unknown_fields": "unknown field(s) {fields}",
    "error.scenarios.name": "must be a non-empty text",
    "error.scenarios.texts": "must be a list of non-empty texts",
    "error.scenarios.no_workload": "needs at least one workload",
    "error.scenarios.seed": "must be a whole number from 0 to 4,294,967,295",
    "error.scenarios.notes": "must be text",
}
