"""replicate:SIZE copies every GPU's shard from one site to the other over the long-haul links.

Closed form: the bytes all cross the bundle, so the copy lasts at least bytes / (links x capacity), or, where the
distance makes the flows' windows bind (designer/sim/long_haul.py: a flow keeps at most its window in flight), a
shard / (window / RTT), plus one one-way delay (5 us/km) for the last byte; the protocols' framing (a few per cent),
the window's ramp and the flows' own start add at most 15 % and one more round trip's half."""

from __future__ import annotations

import pytest

from designer.sim import SimOptions, run
from designer.sim.long_haul import connection_window_bytes
from designer.sim.workload_spec import WorkloadError
from designer.topology import generate
from designer.topology.two_site import TwoSiteOptions, generate_two_site

SHARD = 256 * 2**20


@pytest.mark.parametrize("km", [10, 1000])
def test_a_checkpoint_copy_takes_the_bundle_time_plus_the_distance(km):
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=km, dci_links=2))
    d = run(doc, [f"replicate:{SHARD}B"], SimOptions(ideal_pass=False)).data
    lh = doc.long_haul[0]
    total = 16 * SHARD
    one_way_s = lh.one_way_us * 1e-6
    bundle_s = max(total / (lh.count * lh.capacity_gbps * 1e9 / 8),
                   SHARD / (connection_window_bytes(400.0) / (2 * one_way_s)))
    assert d["network_bytes"] == total == d["workloads"][0]["replicated_bytes"]     # every byte crosses
    assert bundle_s + one_way_s <= d["completion_time_s"] <= 1.15 * bundle_s + 2 * one_way_s


def test_replicate_needs_two_sites():
    with pytest.raises(WorkloadError, match="two sites"):
        run(generate("leaf-spine", gpus=16, backend="rocev2", frontend=False), ["replicate:1MiB"])


def test_requests_from_another_site_pay_the_distance_both_ways():
    """An edge site's users reach a model served in the other site: each request and its response cross the
    long-haul bundle, so the latency grows by two one-way delays (5 us/km) and little else (a few switch hops)."""
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=1000, dci_links=2, frontend=True))
    spec = "inference:7b:qps=5:servers=b-srv-001..b-srv-002:clients={}"
    local, remote = (run(doc, [spec.format(c)], SimOptions(ideal_pass=False)).data["workloads"][0]
                     for c in ("local", "remote"))
    extra_s = (remote["request_latency_ms"]["p50"] - local["request_latency_ms"]["p50"]) / 1e3
    two_way_s = 2 * doc.long_haul[0].one_way_us * 1e-6
    assert two_way_s <= extra_s <= two_way_s + 0.5e-3
    with pytest.raises(WorkloadError, match="two or more sites"):
        run(generate("leaf-spine", gpus=16, backend="rocev2"), ["inference:7b:qps=5:gpus=8:clients=remote"])


def test_checkpoint_copies_the_model_state_shared_over_the_first_sites_gpus():
    """checkpoint:MODEL copies 14 bytes a parameter (bf16 weights, and Adam's fp32 master weights and two moments),
    2 with state=weights, shared out over the 16 GPUs of the first site; it is a replicate: of that shard."""
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=100, dci_links=2))
    opts = SimOptions(rate_model="maxmin", ideal_pass=False)
    full = run(doc, ["checkpoint:params=2e9"], opts).data["workloads"][0]
    weights = run(doc, ["checkpoint:params=2e9:state=weights"], opts).data["workloads"][0]
    same = run(doc, [f"replicate:{int(14 * 2e9 / 16)}B"], opts).data["workloads"][0]
    assert full["replicated_bytes"] == pytest.approx(14 * 2e9)
    assert weights["replicated_bytes"] == pytest.approx(2 * 2e9)
    assert full["completion_time_s"] == pytest.approx(same["completion_time_s"])
    assert weights["completion_time_s"] < full["completion_time_s"] / 5
    with pytest.raises(WorkloadError, match="checkpoint: the workload's GPUs must span two sites"):
        run(generate("leaf-spine", gpus=16, backend="rocev2", frontend=False), ["checkpoint:7b"])
    with pytest.raises(WorkloadError, match="state=half"):
        run(doc, ["checkpoint:7b:state=half"])


def test_the_run_panel_offers_a_checkpoint_copy_by_model(qtbot):
    from designer.sim import parse_workloads
    from designer.ui.run_panel import RunPanel

    panel = RunPanel()
    qtbot.addWidget(panel)
    panel.kind.setCurrentIndex(panel.kind.findData("checkpoint"))
    assert panel.kind.currentText() == "Checkpoint copy to the other site"
    assert panel.workload_spec() == "checkpoint:70b" and parse_workloads([panel.workload_spec()])
    assert "Model" in panel.visible_options() and "Size" not in panel.visible_options()
