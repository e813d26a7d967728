"""What-if failures: spine loss share, per-protocol recovery, stalls on dead paths, cut-off servers,
bad specs, scenarios in the file, and the resilience summary."""

import json
import subprocess
import sys

import pytest

from designer.analysis.resilience import resilience_summary
from designer.model.fileformat import dumps, load, loads, save
from designer.model.scenarios import Scenario
from designer.model.segments import RoCESettings
from designer.sim import SimOptions, WorkloadError, run
from designer.sim.failures import parse_failure
from designer.sim.scenario_run import comparison_row, run_scenario
from designer.topology.generate import generate

PERM = ["permutation:64MiB"]

LOCAL_REPAIR_S = RoCESettings().local_repair_ms * 1e-3     # the default: 1 ms


def _design(backend: str, **seg_values):
    """A generated fat tree whose segment runs the recommended values with `seg_values` set over them."""
    doc = generate("fat-tree", gpus=128, backend=backend, frontend=False, two_tiers=True)
    seg = next(iter(doc.segments.values()))
    if seg_values:
        seg.preset = "custom"
    for key, value in seg_values.items():
        block = seg.ib if hasattr(seg.ib, key) else seg.rocev2
        setattr(block, key, value)
    return doc


def test_spine_failure_costs_one_spines_share_and_delivers_every_byte():
    # IB with adaptive routing spreads over both spines; near-instant self-healing isolates the capacity loss
    doc = _design("ib", adaptive_routing=True, self_healing_us=1.0)
    perm = ["permutation:16MiB"]                  # bandwidth-bound already: a quarter of PERM's cost
    intact = run(doc, perm, SimOptions(ideal_pass=False))
    failed = run(doc, perm, SimOptions(ideal_pass=False, failures=["switch:spine-01@1us"]))
    without = doc.copy()
    without.remove_node("spine-01")
    reduced = run(without, perm, SimOptions(ideal_pass=False))
    assert failed.data["completed"] is True
    assert failed.data["delivered_bytes"] == pytest.approx(failed.data["planned_bytes"], rel=1e-9)
    # the fabric after the failure behaves like the fabric with one spine fewer
    assert failed.completion_time_s == pytest.approx(reduced.completion_time_s, rel=0.03)
    # two spines: losing one halves the cross-leaf capacity; 3/4 of the permutation crosses leaves
    loss = 1 - intact.completion_time_s / failed.completion_time_s
    assert 0.2 < loss < 0.55
    ev = failed.data["failures"][0]
    assert ev["element"] == "spine-01" and ev["flows_stalled"] > 0 and ev["recovered"]


def _uplink(doc) -> str:
    """The only cable between leaf-01 and spine-01: the others of the generated bundle taken out, so that spine-01
    has no other way down to leaf-01 when it fails (over a bundle the spine would use the bundle's other cables)."""
    bundle = [lk.id for lk in doc.links.values() if {lk.a.node, lk.b.node} == {"leaf-01", "spine-01"}]
    for link_id in bundle[1:]:
        doc.remove_link(link_id)
    return bundle[0]


@pytest.mark.parametrize("backend,settings,element,delay_s", [
    ("ib", {"self_healing": False, "sm_reroute_ms": 3.0}, "spine", 3e-3),
    ("ib", {"self_healing": True, "self_healing_us": 200.0}, "spine", 200e-6),
    # a cable between tiers: spine-01 loses its only way down to leaf-01, so the other leaves must learn it
    ("rocev2", {"reconvergence_ms": 2.0, "load_balancing": "spray"}, "uplink", 2e-3),
    # a spine: every leaf sends into it over an uplink and has others, so the leaves route around it alone
    ("rocev2", {"reconvergence_ms": 200.0, "load_balancing": "spray"}, "spine", LOCAL_REPAIR_S),
])
def test_each_protocol_recovers_within_its_configured_delay(backend, settings, element, delay_s):
    doc = _design(backend, **settings)
    spec = "switch:spine-01@200us" if element == "spine" else f"link:{_uplink(doc)}@200us"
    res = run(doc, PERM, SimOptions(ideal_pass=False, rate_model="maxmin", failures=[spec]))
    ev = res.data["failures"][0]
    assert ev["recovered"] and ev["flows_stalled"] > 0
    assert ev["recovery_delay_s"] == pytest.approx(delay_s)
    took = ev["recovery_time_s"] - ev["time_s"]
    assert delay_s * 0.99 <= took <= delay_s * 1.01 + 1e-6
    assert res.data["completed"] and res.data["delivered_bytes"] == pytest.approx(res.data["planned_bytes"])


def test_flow_hashed_onto_failed_path_stalls_until_reconvergence():
    # RoCEv2 ECMP, one queue pair per flow: only flows hashed through the dead cable stop; the rest keep moving
    doc = _design("rocev2", reconvergence_ms=5.0, qps=1)
    cable = _uplink(doc)
    res = run(doc, PERM, SimOptions(ideal_pass=False, rate_model="maxmin", failures=[f"link:{cable}@100us"]))
    without = doc.copy()
    without.remove_link(cable)                         # the fabric the reroute leaves, from the start
    rerouted = run(without, PERM, SimOptions(ideal_pass=False, rate_model="maxmin"))
    ev = res.data["failures"][0]
    assert 0 < ev["flows_stalled"] < 128
    assert ev["recovery_time_s"] - ev["time_s"] == pytest.approx(5e-3, rel=0.01)
    assert ev["throughput_during_gbps"] > 0            # the flows on the other spine still deliver
    assert 0 < ev["throughput_dip"] < 1
    # the stalled flows finish only after the reconvergence: the run ends after it, later than on the fabric without
    # the cable
    assert res.completion_time_s > ev["recovery_time_s"]
    assert res.completion_time_s > rerouted.completion_time_s
    assert res.data["delivered_bytes"] == pytest.approx(res.data["planned_bytes"])


def test_a_step_that_starts_before_the_reroute_stalls_on_the_failure_and_is_counted():
    """A leaf-spine cable fails before the permutation starts (nothing is in flight then): the permutation's flows
    hashed through it stall from their start until the tables route around it, and the failure reports them and
    recovers then (it was reported as stalling nothing and recovered at once, while the run waited for the
    reroute)."""
    doc = _design("rocev2", reconvergence_ms=5.0, qps=1)
    res = run(doc, ["permutation:64MiB:start=200us"], SimOptions(ideal_pass=False, rate_model="maxmin",
                                                                  failures=[f"link:{_uplink(doc)}@100us"]))
    ev = res.data["failures"][0]
    assert 0 < ev["flows_stalled"] < 128 and ev["bytes_stalled"] > 0
    assert ev["recovered"] and ev["recovery_time_s"] - ev["time_s"] == pytest.approx(5e-3, rel=0.01)
    assert res.completion_time_s > ev["recovery_time_s"]
    assert res.data["delivered_bytes"] == pytest.approx(res.data["planned_bytes"])


def test_failing_a_servers_only_link_is_reported_not_hung():
    doc = _design("ib")
    link = next(lk.id for lk in doc.links.values() if lk.a.node == "srv-001" or lk.b.node == "srv-001")
    res = run(doc, PERM, SimOptions(ideal_pass=False, failures=[f"link:{link}@100us"]))
    assert res.data["completed"] is False
    und = res.data["undelivered"]
    assert "srv-001" in und["servers"] and und["bytes"] > 0 and und["flows"] >= 1
    assert und["bytes"] == res.data["planned_bytes"] - res.data["delivered_bytes"]
    assert "could not complete" in und["message"]
    assert res.data["failures"][0]["recovered"] is False


def test_link_comes_back_up_and_degraded_link_slows():
    doc = _design("ib")
    link = next(lk.id for lk in doc.links.values() if lk.a.node == "srv-001" or lk.b.node == "srv-001")
    back = run(doc, PERM, SimOptions(ideal_pass=False, rate_model="maxmin", failures=[f"link:{link}@100us:up=3ms"]))
    assert back.data["completed"] and back.completion_time_s > 3e-3
    intact = run(doc, PERM, SimOptions(ideal_pass=False, rate_model="maxmin"))
    slow = run(doc, PERM, SimOptions(ideal_pass=False, rate_model="maxmin", failures=[f"link:{link}@0s:gbps=100"]))
    assert slow.data["failures"][0]["action"] == "degraded"
    # srv-001's GPU on that link sends 64 MiB through 100 Gb/s (payload a little less): at least 5.4 ms
    assert slow.completion_time_s >= 64 * 2**20 * 8 / 100e9
    assert slow.completion_time_s > intact.completion_time_s


@pytest.mark.parametrize("spec", ["link:L1", "cable:L1@1ms", "link:L1@soon", "link:L1@1ms:up=0.5ms",
                                  "switch:spine-01@1ms:gbps=100", "link:L1@1ms:color=red", "link:L1@1ms:gbps=0"])
def test_malformed_specs_are_refused(spec):
    with pytest.raises(WorkloadError):
        parse_failure(spec)


def test_unknown_elements_are_refused():
    doc = _design("ib")
    for spec, words in (("link:NOPE@1ms", "no link 'NOPE'"), ("switch:srv-001@1ms", "is a server"),
                        ("link:L1@1ms:gbps=800", "not below")):
        with pytest.raises(WorkloadError, match=words):
            run(doc, PERM, SimOptions(failures=[spec]))


def test_cli_bad_spec_exits_2_with_one_line(tmp_path):
    path = tmp_path / "d.json"
    save(_design("ib"), path)
    for bad in ("link:NOPE@1ms", "switch:spine-01"):
        p = subprocess.run([sys.executable, "-m", "designer", "simulate", str(path), "--fail", bad],
                           capture_output=True, text=True)
        assert p.returncode == 2
        lines = p.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("fabric-designer: error:")


def test_cli_simulate_fail_json(tmp_path):
    path = tmp_path / "d.json"
    save(_design("ib"), path)
    p = subprocess.run([sys.executable, "-m", "designer", "simulate", str(path), "--workload", "permutation:16MiB",
                        "--fail", "switch:spine-02@50us", "--json"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    data = json.loads(p.stdout)
    assert data["failures"][0]["element"] == "spine-02" and data["completed"] is True


def test_scenarios_round_trip_and_run():
    doc = _design("rocev2", reconvergence_ms=1.0)
    doc.set_scenarios([Scenario("spine dies", ["permutation:16MiB"], ["switch:spine-01@50us"], seed=3,
                                notes="mid-run"),
                       Scenario("intact", ["permutation:16MiB"])])
    text = dumps(doc)
    again = loads(text)
    assert again.scenarios == doc.scenarios and dumps(again) == text
    rows = [comparison_row(s.name, run_scenario(again, s, SimOptions(ideal_pass=False))) for s in again.scenarios]
    assert rows[0]["bytes_stalled"] > 0 and rows[0]["recovery_s"] == pytest.approx(1e-3, rel=0.02)
    assert rows[1]["bytes_stalled"] == 0 and rows[0]["completion_time_s"] > rows[1]["completion_time_s"]


def test_bad_scenarios_are_refused_with_their_place():
    from designer.model.errors import ProjectError
    data = json.loads(dumps(_design("ib")))
    data["scenarios"] = [{"name": "a", "workloads": []}, {"name": "a", "workloads": ["x"], "seed": -1}]
    with pytest.raises(ProjectError) as err:
        loads(json.dumps(data))
    text = " | ".join(err.value.problems)
    assert "scenarios[0].workloads" in text and "scenarios[1].name" in text and "scenarios[1].seed" in text


def test_resilience_summary_classes():
    doc = _design("ib", adaptive_routing=True)
    calls: list[tuple[int, int]] = []
    rows = {r.failure_class: r for r in resilience_summary(doc, ["permutation:16MiB"], samples=2,
                                                           progress=lambda done, total: calls.append((done, total)))}
    assert set(rows) == {"leaf", "spine", "server-link"}
    tried = sum(len(r.elements_tried) for r in rows.values())
    assert calls == [(k, 1 + tried) for k in range(2 + tried)]        # a run without failures, then each tried
    assert not rows["server-link"].completed and rows["server-link"].throughput_loss == 1.0
    assert rows["spine"].completed and 0.2 < rows["spine"].throughput_loss < 0.6
    assert rows["spine"].recovery_delay_s == pytest.approx(1e-3)


def test_interactive_failure_through_the_control_queue():
    import queue

    from designer.sim import stream
    doc = _design("ib", self_healing_us=100.0)
    control: queue.Queue = queue.Queue()
    opts = SimOptions(ideal_pass=False, rate_model="maxmin", snapshot_interval_s=50e-6, control=control)
    final = None
    for snap in stream(doc, PERM, opts):
        if snap.result is None and snap.time_s >= 200e-6 and control.empty() and not snap.extra.get("failure_events"):
            control.put("switch:spine-01@now")
        final = snap
    ev = final.result.data["failures"][0]
    assert ev["element"] == "spine-01" and ev["time_s"] >= 200e-6
    # "now" is the engine's next interval boundary; whatever was stalled then recovers by the delay
    assert ev["recovered"] and ev["recovery_time_s"] - ev["time_s"] <= 100e-6 * 1.02
    control.put("link:NOPE@now")      # a bad interactive spec is noted, never a crash
    res = list(stream(doc, ["permutation:1MiB"], opts))[-1].result
    assert any("NOPE" in n for n in res.data["notes"])


def test_steps_routed_around_a_failure_drain_in_one_piece_with_the_same_figures(monkeypatch):
    """A spine that fails at the start, with routes that avoid it at once: every repeated ring step then drains in
    one piece (its max-min profile) instead of one event per finishing flow, with the same figures as the event by
    event drain (what the engine did while any element was down)."""
    from designer.analysis.resilience.summary import _instant_recovery
    from designer.sim import engine
    doc = _instant_recovery(generate("leaf-spine", gpus=32, backend="rocev2", frontend=False, two_tiers=True,
                                     nic_model="cx7"))
    spine = min(nid for nid, n in doc.nodes.items() if n.kind == "switch" and n.role == "spine")
    opts = SimOptions(seed=2, rate_model="maxmin", failures=[f"switch:{spine}@0s"])
    profiles = []
    original = engine.Engine._solo_steps
    monkeypatch.setattr(engine.Engine, "_solo_steps", lambda self, i, t: profiles.append(i) or original(self, i, t))
    whole = run(doc, ["allreduce:16MiB:algo=ring"], opts).data
    assert profiles                                             # the steps drained in one piece
    monkeypatch.setattr(engine.Engine, "_crosses_dead", lambda self, i: True)
    by_event = run(doc, ["allreduce:16MiB:algo=ring"], opts).data
    assert whole["completion_time_s"] == pytest.approx(by_event["completion_time_s"], rel=1e-9)
    assert whole["busbw_gbps"] == pytest.approx(by_event["busbw_gbps"], rel=1e-9)
    assert whole["link_utilization"]["max"] == pytest.approx(by_event["link_utilization"]["max"], rel=1e-9)


def test_a_run_ends_with_its_workload_not_at_a_failure_event_still_to_come():
    """A switch back up before its reroute was due: the workload ends, and the run with it. The engine used to step
    empty time up to the reroute (the window's plots then spanned 0-200 ms for a 1.25 ms run)."""
    from designer.model import fileformat
    from designer.sim.api import stream
    from designer.ui.app import PROJECTS

    doc = fileformat.load(str(PROJECTS / "small-rocev2-pod.json"))
    next(iter(doc.segments.values())).rocev2.local_repair_ms = 50.0      # the reroute would come at 50.1 ms
    times, result = [], None
    for item in stream(doc, ["allreduce:64MiB"], SimOptions(snapshot_count=100,
                                                             failures=["switch:spine-01@0.1ms:up=0.3ms"])):
        times.append(item.time_s)
        result = item.result if item.result is not None else result
    assert result is not None
    end = result.data["completion_time_s"]
    assert result.data["failures"][0]["recovery_time_s"] == pytest.approx(0.3e-3)   # back up, not rerouted
    assert end < 5e-3 and max(times) <= end * (1 + 1e-9)


def test_a_run_that_never_completed_shows_where_it_stopped_not_a_completion(capsys):
    """A server's only cable failing: the run stops when the reroute finds no path. It printed "completion time
    200 ms" and "throughput fraction 1" beside its NOT COMPLETED line."""
    from designer.cli import main
    from designer.model import fileformat
    from designer.ui.app import PROJECTS
    from designer.ui.run_controller import figures_text

    path = str(PROJECTS / "small-rocev2-pod.json")
    doc = fileformat.load(path)
    cable = next(lk.id for lk in doc.links.values() if lk.plane == "backend" and lk.a.node.startswith("srv-"))
    res = run(doc, ["allreduce:16MiB"], SimOptions(failures=[f"link:{cable}@1us"]))
    assert res.data["completed"] is False and res.throughput_fraction is None
    assert main(["simulate", path, "--workload", "allreduce:16MiB", "--fail", f"link:{cable}@1us"]) == 0
    out = capsys.readouterr().out
    assert "not completed (stopped at" in out and "NOT COMPLETED" in out
    assert not any(line.split()[-1] == "1" for line in out.splitlines() if "throughput fraction" in line)
    assert "not completed" in figures_text(res.data)


def test_a_failure_scheduled_after_the_workloads_end_is_said_not_applied(capsys):
    """`--fail switch:spine-01@1s` on a 0.18 ms run was dropped without a word."""
    from designer.cli import main
    from designer.ui.app import PROJECTS

    path = str(PROJECTS / "small-rocev2-pod.json")
    specs = ["switch:spine-01@1s", "link:L1@2s"]
    res = run(load(path), ["allreduce:16MiB"], SimOptions(failures=specs, ideal_pass=False))
    assert [f["spec"] for f in res.data["failures_after_end"]] == specs and res.data["failures"] == []
    main(["simulate", path, "--workload", "allreduce:16MiB", "--fail", specs[0]])
    assert "switch:spine-01@1s at 1000 ms: the workloads had ended" in capsys.readouterr().out
