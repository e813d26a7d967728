"""The public API and the CLI commands: stream/cancel, compare, inference, hybrid, exit codes."""

import argparse
import csv
import json
import threading

import numpy as np
import pytest

from designer.catalog import load_catalog
from designer.cli.simulate import cmd_compare, cmd_simulate
from designer.model.fileformat import save
from designer.sim import SimOptions, WorkloadError, compare, run, stream
from designer.topology import generate

REQUIRED = ["schema", "completion_time_s", "algbw_gbps", "busbw_gbps", "goodput_gbps", "throughput_fraction",
            "latency_us", "link_utilization", "pfc_pause_fraction", "ecn_mark_fraction", "credit_stall_fraction",
            "dropped_bytes", "step_time_s", "gpu_utilization", "segments", "sim_wall_time_s"]


@pytest.fixture(scope="module")
def small():
    return generate("fat-tree", gpus=64, backend="ib")


@pytest.fixture(scope="module")
def design_file(small, tmp_path_factory):
    path = tmp_path_factory.mktemp("sim") / "ft64.json"
    save(small, path)
    return path


def args(file, **kw):
    base = dict(file=str(file), workload=None, backend=None, seed=1, json=True, timeline=None)
    base.update(kw)
    return argparse.Namespace(**base)


def test_result_has_every_contract_key(small):
    d = run(small, ["allreduce:64MiB"]).to_dict()
    for key in REQUIRED:
        assert key in d
    assert d["schema"] == "fabric-designer.result/1"
    assert set(d["latency_us"]) == {"p50", "p99", "p999", "max"}
    assert set(d["link_utilization"]) == {"mean", "max"}
    seg = d["segments"]["backend"]
    assert seg["protocol"] == "ib" and seg["goodput_gbps"] > 0 and seg["latency_us"]["p50"] > 0
    assert d["dropped_bytes"] == 0 and d["step_time_s"] is None
    json.dumps(d)


def test_stream_snapshots_advance_and_end_with_the_result(small):
    base = run(small, ["permutation:64MiB"])
    interval = base.completion_time_s / 10
    snaps = list(stream(small, ["permutation:64MiB"], SimOptions(snapshot_interval_s=interval)))
    assert 9 <= len(snaps) <= 13
    times = [s.time_s for s in snaps]
    assert times == sorted(times)
    progress = [s.progress for s in snaps]
    assert progress == sorted(progress) and progress[-1] == 1.0 and progress[0] < 0.5
    assert snaps[-1].result is not None and all(s.result is None for s in snaps[:-1])
    mid = snaps[len(snaps) // 2]
    assert len(mid.link_ids) == len(mid.link_utilization) and mid.link_utilization.max() > 0.5
    assert mid.throughput_gbps > 0
    assert snaps[-1].result.completion_time_s == pytest.approx(base.completion_time_s)


def test_stream_stops_when_cancelled(small):
    cancel = threading.Event()
    seen = []
    for snap in stream(small, ["allreduce:1GiB", "permutation:64MiB"], SimOptions(snapshot_interval_s=1e-5),
                       cancel=cancel):
        seen.append(snap)
        if len(seen) == 3:
            cancel.set()
    assert len(seen) == 3 and all(s.result is None for s in seen)


def test_compare_runs_both_protocols(small):
    both = compare(small, ["pingpong:8B"])
    assert set(both) == {"ib", "rocev2"}
    assert both["ib"].data["latency_us"]["p50"] < both["rocev2"].data["latency_us"]["p50"]
    assert both["ib"].data["segments"]["backend"]["protocol"] == "ib"
    assert both["rocev2"].data["segments"]["backend"]["protocol"] == "rocev2"


def test_bad_options_raise_workload_error(small):
    with pytest.raises(WorkloadError):
        run(small, ["allreduce:1MiB"], SimOptions(backend="ethernet"))
    with pytest.raises(WorkloadError):
        run(small, ["allreduce:1MiB:gpus=100000"])
    with pytest.raises(WorkloadError):
        run(small, ["incast:1000:1MiB"])
    with pytest.raises(WorkloadError):
        run(small, ["pingpong:8B:a=nowhere"])


def test_inference_latency_grows_with_load(small):
    light = run(small, ["inference:7b:qps=2:max_batch=1"]).data["workloads"][0]
    heavy = run(small, ["inference:7b:qps=400:max_batch=1"]).data["workloads"][0]
    assert light["request_latency_ms"]["p50"] >= light["service_ms"]
    assert heavy["request_latency_ms"]["p99"] > 2 * light["request_latency_ms"]["p99"]
    assert light["token_comm_us"] > 0
    # decoding requests together (the default batch) serves the same load without a queue
    batched = run(small, ["inference:7b:qps=400"]).data["workloads"][0]
    assert batched["request_latency_ms"]["p99"] < 1.01 * batched["service_ms"] < heavy["request_latency_ms"]["p99"]


def test_inference_on_a_design_without_a_front_end_says_what_is_missing():
    """Requests travel the front-end: a back-end-only design gave "no network path ... (a NIC is not cabled on the
    frontend plane)"; it names the workload, a server without a front-end link and what to add."""
    with pytest.raises(WorkloadError) as err:
        run(generate("fat-tree", gpus=64, backend="ib", frontend=False), ["inference:7b:qps=2"])
    text = str(err.value)
    assert text.startswith("inference:") and "front-end" in text and "servers without one: 8 of 8" in text


def test_hybrid_traffic_between_pods_crosses_the_gateway():
    doc = generate("fat-tree", gpus=128, backend="hybrid", frontend=True)
    res = run(doc, ["permutation:16MiB:ar=on:spray=on"])
    d = res.to_dict()
    assert len(d["segments"]) == 2
    protocols = {s["protocol"] for s in d["segments"].values()}
    assert protocols == {"ib", "rocev2"}
    # a ping between the pods crosses a gateway and pays its latency on top of the fabric hops
    servers = [n for n in doc.nodes.values() if n.kind == "server"]
    pods = sorted({n.pod for n in servers})
    a = next(n.id for n in servers if n.pod == pods[0])
    b_same = [n.id for n in servers if n.pod == pods[0]][-1]
    b_other = [n.id for n in servers if n.pod == pods[1]][-1]
    within = run(doc, [f"pingpong:8B:a={a}:b={b_same}"]).data["latency_us"]["p50"]
    across = run(doc, [f"pingpong:8B:a={a}:b={b_other}"]).data["latency_us"]["p50"]
    gateway_us = max(load_catalog().gateways[n.model].latency_ns for n in doc.nodes.values()
                     if n.kind == "gateway") / 1e3
    assert across > within + gateway_us


def test_cli_simulate_json_timeline_and_errors(design_file, tmp_path, capsys):
    timeline = tmp_path / "tl.csv"
    assert cmd_simulate(args(design_file, workload=["permutation:16MiB"], timeline=str(timeline))) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["schema"] == "fabric-designer.result/1" and out["seed"] == 1
    rows = list(csv.reader(timeline.open()))
    assert rows[0][:3] == ["time_s", "throughput_gbps", "in_flight"] and len(rows) > 100
    assert cmd_simulate(args(design_file, workload=["allreduce:1XB"])) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("fabric-designer: error:")
    assert cmd_simulate(args(design_file, backend="ethernet")) == 2
    assert cmd_simulate(args(design_file, seed=-3)) == 2
    capsys.readouterr()
    assert cmd_simulate(args(design_file, json=False)) == 0      # default workload, readable table
    assert "busbw" in capsys.readouterr().out


def test_cli_compare_json(design_file, capsys):
    assert cmd_compare(args(design_file, workload=["pingpong:8B"])) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) == {"ib", "rocev2"}
    assert out["ib"]["latency_us"]["p50"] < out["rocev2"]["latency_us"]["p50"]


def test_a_short_congested_run_streams_as_many_points_as_the_plots_ask_for():
    """The small pod's 8:1 DCQCN incast (11 ms simulated, a tenth of a second of work) used to come in two windows
    of 2,000 steps, so every snapshot inside one showed that window's mean: each live plot drew flat lines over
    DCQCN's cuts and recoveries. A window is now reported in parts, about 200 over the run's expected span, with the
    same results."""
    from designer.model import fileformat
    from designer.ui.app import PROJECTS

    pod = fileformat.load(str(PROJECTS / "small-rocev2-pod.json"))
    spec = ["incast:8:64MiB:dcqcn=on"]
    snaps = list(stream(pod, spec, SimOptions(snapshot_count=200)))
    times = [s.time_s for s in snaps[:-1]]
    assert len(times) >= 100 and times == sorted(times)
    # every snapshot shows its own stretch of the run (ticks inside one long window all showed that window's mean)
    assert len({round(s.throughput_gbps, 6) for s in snaps[:-1]}) >= 50
    assert len({round(float(np.max(s.link_utilization)), 6) for s in snaps[:-1]}) >= 50
    assert snaps[-1].result.completion_time_s == run(pod, spec).completion_time_s


def test_a_run_of_short_phases_is_not_reported_step_by_step(monkeypatch):
    """The report parts are sized from the first phase's horizon; a ring of short DCQCN steps sized them at one
    step each, and the validation's DCQCN sweep spent 45 s of bookkeeping on 118,000 one-step windows (12 s now).
    A window that ends neither a phase nor its horizon covers at least WINDOW_MIN steps."""
    from designer.analysis.validation.scenarios import _dcqcn_design
    from designer.sim import fluid_queues

    seen: list[tuple[int, bool]] = []
    window = fluid_queues.FluidQueues.window

    def counted(self, horizon_s):
        s0 = self.sim.steps
        win = window(self, horizon_s)
        seen.append((self.sim.steps - s0 if self.sim is not None else 0, bool(win.finished)))
        return win

    monkeypatch.setattr(fluid_queues.FluidQueues, "window", counted)
    run(_dcqcn_design({}), ["allreduce:512MiB:algo=ring"], SimOptions(ideal_pass=False))
    steps = sum(n for n, _ in seen)
    assert steps > fluid_queues.WINDOW_MIN                       # the queues ran
    middle = [n for n, ended in seen[:-1] if not ended]          # neither the last nor a phase's end
    assert all(n >= fluid_queues.WINDOW_MIN for n in middle), seen
