"""English text of the command line's help (--help of the program and of every command), by message id.

Option names, metavars (FILE, SPEC, N ...), workload specs and units are part of the text and stay verbatim in
every language. The `help.argparse.*` ids are argparse's own fixed words (the usage prefix, the group titles and
the -h option's help), identical to argparse's English so that English help is unchanged.
"""

from __future__ import annotations

HELP: dict[str, str] = {
    # argparse's own words (designer.cli.program._Parser and _HelpFormatter use them instead of argparse's gettext)
    "help.argparse.usage": "usage: ",
    "help.argparse.positionals": "positional arguments",
    "help.argparse.options": "options",
    "help.argparse.help": "show this help message and exit",
    # the program, the window, and options shared by several commands
    "help.description": "Draw, simulate and cost AI-cluster networks (InfiniBand vs RoCEv2).",
    "help.gui.description": "Open the designer window (FILE optional). Commands: {commands} (see '{prog} COMMAND "
                            "--help').",
    "help.common.workload": "workload, e.g. allreduce:1GiB, permutation:256MiB:qps=8, train:70b:dp=128 (repeatable); "
                            "a job on part of the fabric adds gpus=N:place=packed|spread|random|rail-aligned or "
                            "servers=srv-001..srv-016",
    "help.common.file": "the project file (.json)",
    "help.common.seed": "seed of the run's random choices (ECMP hashes, job placement, traffic); the same seed gives "
                        "the same result (default: 1)",
    # generate
    "help.generate": "generate a design from a topology template",
    "help.generate.name": "design name",
    "help.generate.gpus_per_server": "GPUs per server (default: the --server-model's, 72 for an NVL72 rack; else 8)",
    "help.generate.server_model": "catalog id of the GPU servers (default: by --gpus-per-server)",
    "help.generate.switch_model": "catalog id of the back-end switches (default: by protocol and speed)",
    "help.generate.nic_model": "catalog id of the servers' back-end NICs (default: the server model's own, else cx7; "
                               "bf3, the BlueField-3 SuperNIC, lets RoCEv2 spray on switches with adaptive routing)",
    "help.generate.link_gbps": "speed of the back-end links in Gb/s (default: 400, or the NICs' speed when faster)",
    # check, cost
    "help.check": "design-rule checks; exit 0 clean, 1 errors found",
    "help.cost": "bill of materials, capex, power and TCO",
    # simulate, compare
    "help.simulate": "run the simulation engine on a design",
    "help.simulate.backend": "override every back-end segment's protocol",
    "help.simulate.preset": "run every back-end segment with this settings preset (recommended for AI, or plain "
                            "defaults) instead of its own",
    "help.generate.preset": "settings of the back-end segments: recommended for AI (default) or plain defaults",
    "help.simulate.jobs": "run the jobs saved in the design (before any --workload)",
    "help.simulate.no_alone": "with several workloads, do not run each job alone to measure its slowdown",
    "help.simulate.fail": "fail an element during the run, e.g. link:L12@2ms or switch:spine-01@5ms (repeatable)",
    "help.compare": "the design's InfiniBand and RoCEv2 options, each on its own hardware, side by side",
    # report
    "help.report": "write the PDF proposal",
    "help.report.title": "title on the cover (default: from the design)",
    "help.report.customer": "customer named on the cover",
    "help.report.author": "author named on the cover",
    "help.report.logo": "logo image for the cover",
    "help.report.currency": "currency of the cost tables (default: the design's)",
    "help.report.lang": "language of the proposal: en or zh_CN (default: the --lang of the command line)",
    "help.report.sweep": "append an appendix charting this sweep's results (from 'fabric-designer sweep')",
    "help.report.sweep_metric": "the appendix chart's figure, e.g. step_time_s, busbw_gbps, capex, cost_per_gbps",
    "help.report.scale": "the customer's scale in their words, e.g. '512 GPUs now, 2,048 in 2027'",
    "help.report.budget": "capital cost the customer can spend, in the proposal's currency",
    "help.report.priorities": "criteria in order, from performance, cost, latency, operations (default: "
                              "performance,cost,latency)",
    "help.report.preset": "settings each protocol is compared at (default: recommended)",
    "help.report.no_compare": "leave out the comparison of the InfiniBand and RoCEv2 options",
    "help.report.no_resilience": "leave out the resilience section (it runs a dozen simulations)",
    "help.report.notes": "include the design's own notes in an appendix",
    "help.report.keep": "keep the customer, scale, budget, priorities and workloads in FILE for the next proposal",
    "help.report.json": "also print the recommendation and what decided it as JSON",
    # export, import, validate
    "help.export": "hand-over files: cabling plan, bill of materials, GraphML, DOT, containerlab",
    "help.export.currency": "currency of the bill of materials",
    "help.import": "make a project file from GraphML written by this program",
    "help.validate": "run the calibration scenarios against published measurements",
    # advise
    "help.advise": "generate, simulate and cost candidate designs; recommend one",
    "help.advise.existing_ethernet": "the operator already runs Ethernet at scale",
    "help.advise.latency_sensitive": "tail latency matters more than cost",
    "help.advise.priorities": "criteria in order, from performance, cost, latency, operations",
    "help.advise.output": "write the candidate designs and a comparison PDF here",
    # sweep
    "help.sweep": "a parameter sweep over generator options and segment settings",
    "help.sweep.file": "a design to vary (or --generate KIND)",
    "help.sweep.generate": "vary a generated design instead of a file",
    "help.sweep.vary": "e.g. gpus=256,1024 or backend=ib,rocev2 or oversubscription=1,2 or "
                       "server_model=hgx-b200,hgx-b300 or planes=2,4 or place=packed,spread (repeatable)",
    "help.sweep.workers": "local processes (default: one per core)",
    "help.sweep.dask": "run the points on an existing Dask cluster",
    # resilience
    "help.resilience": "worst-case throughput loss for each single-failure class",
    "help.claims": "re-run a published IB vs RoCEv2 comparison and set its figures beside ours",
    "help.claims.file": "a claims file (JSON, format fabric-designer.claims/1; see docs/claims.md)",
    "help.generate.kind": "the topology template",
    "help.generate.gpus": "GPUs in the cluster (a multiple of the GPUs per server)",
    "help.generate.backend": "protocol of the back-end fabric: ib, rocev2 (default) or hybrid (pods alternating "
                             "between the two, joined by gateways)",
    "help.generate.oversubscription": "leaf downlink to uplink bandwidth ratio, e.g. 2 for 2:1 (default: 1, "
                                      "non-blocking)",
    "help.generate.frontend": "add an Ethernet front-end network for storage and management (default)",
    "help.generate.no_frontend": "the back-end fabric only",
    "help.generate.output": "the project file to write",
    "help.check.json": "print the findings as JSON",
    "help.cost.json": "print the bill of materials and the totals as JSON",
    "help.cost.currency": "currency of the bill (default: the design's)",
    "help.simulate.json": "print the whole result as JSON instead of the table",
    "help.simulate.timeline": "write the run's time series (throughput, link utilisation, latency percentiles) to "
                              "this CSV file",
    "help.compare.json": "print both results as JSON",
    "help.report.output": "the PDF file to write",
    "help.export.cabling": "write the cabling plan (CSV, or Excel for .xlsx)",
    "help.export.bom": "write the bill of materials (CSV, or Excel for .xlsx)",
    "help.export.graphml": "write the topology as GraphML (read back by 'import')",
    "help.export.dot": "write the topology as a Graphviz DOT file",
    "help.export.containerlab": "write a containerlab topology of the switches and servers",
    "help.import.graphml": "a GraphML file written by 'export --graphml'",
    "help.import.output": "the project file to write",
    "help.validate.json": "print each scenario's figures and bands as JSON",
    "help.advise.gpus": "GPUs the cluster must hold",
    "help.advise.budget": "capital cost the customer can spend, in --currency",
    "help.advise.currency": "currency of the budget and the costs (default: USD)",
    "help.advise.json": "print the candidates and the recommendation as JSON",
    "help.advise.workers": "local processes simulating the candidates (default: one per core; 1: one after "
                           "another in this process)",
    "help.sweep.output": "where the results go (CSV, or Parquet for .parquet)",
    "help.resilience.json": "print the table as JSON",
    "help.claims.json": "print the comparison as JSON",
}
