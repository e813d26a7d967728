"""Each protocol option is simulated on the design its price is for: the hybrid example's InfiniBand option runs on
its one fabric without the IB <-> Ethernet gateways (not on the drawing with its protocol overridden), and the CLI's
compare states the figures the proposal does."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from designer.analysis.protocol_options import option_designs, variants
from designer.analysis.settings_presets import sim_options
from designer.catalog.loader import load_catalog
from designer.cli.program import main as cli_main
from designer.model.fileformat import load
from designer.report import ReportOptions
from designer.report.proposal import build_context
from designer.sim import run

HYBRID = str(Path(__file__).resolve().parent.parent / "projects" / "hybrid-ib-rocev2.json")
WORKLOAD = "allreduce:16MiB"


@pytest.fixture(scope="module")
def ctx():
    options = ReportOptions(workloads=[WORKLOAD], sections={"recommendation", "simulation"})
    return build_context(load(HYBRID), options, None, load_catalog())


def gateways(doc) -> list[str]:
    return [n.id for n in doc.nodes.values() if n.kind == "gateway"]


def test_the_hybrid_proposals_infiniband_option_runs_on_its_fabric_without_gateways(ctx):
    design = ctx.variants["ib"].doc
    assert gateways(ctx.doc) and not gateways(design)
    opts = sim_options(seed=1, preset="recommended", backend="ib")
    direct = run(design, [WORKLOAD], opts).to_dict()
    overridden = run(ctx.doc, [WORKLOAD], opts).to_dict()     # the drawing as IB: its gateways still in the path
    compared = ctx.runs.compared["ib"]
    for key in ("completion_time_s", "busbw_gbps", "latency_us"):
        assert compared[key] == direct[key]
    # one fabric: no gateway's store-and-forward latency on the paths between the pods
    assert compared["latency_us"]["p99"] < overridden["latency_us"]["p99"]
    offered = {o.id: o for o in ctx.recommendation.options}
    assert offered["ib"].time_s == pytest.approx(compared["completion_time_s"])
    assert offered["ib"].capex == pytest.approx(ctx.variants["ib"].cost.capex)


def test_the_cli_compare_states_the_proposals_figures(ctx, capsys):
    assert cli_main(["compare", HYBRID, "--workload", WORKLOAD, "--preset", "recommended", "--json"]) == 0
    both = json.loads(capsys.readouterr().out)
    for proto in ("ib", "rocev2"):
        for key in ("completion_time_s", "busbw_gbps", "latency_us"):
            assert both[proto][key] == ctx.runs.compared[proto][key]


def test_an_infiniband_option_beyond_the_appliances_reach_runs_on_the_drawing_as_before():
    """Not buildable (no real design to describe): as a design the cost model cannot price, it runs on the drawing
    with its protocol overridden; the RoCEv2 option, the drawing's own protocol, runs on the drawing."""
    doc = load(str(Path(HYBRID).with_name("two-site-100km.json")))
    catalog = load_catalog()
    priced = variants(doc, catalog)
    assert priced["ib"].beyond_reach_km > 0
    designs = option_designs(doc, catalog, priced)
    assert set(designs) == {"rocev2"} and designs["rocev2"] is doc
