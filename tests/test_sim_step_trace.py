"""A congested step simulated in one piece is replayed window by window in the snapshot stream, so the live
plots show the queues build, DCQCN cut and recover, and PFC pause — while the run's totals stay those of the
step as a whole."""

from __future__ import annotations

from pathlib import Path

import numpy as np

from designer.model.fileformat import load
from designer.sim import SimOptions, run, stream

SMALL = Path(__file__).resolve().parents[1] / "projects" / "small-rocev2-pod.json"
CADENCE_S = 0.25e-3


def _snaps(spec: str) -> list:
    return list(stream(load(SMALL), [spec], SimOptions(seed=1, snapshot_interval_s=CADENCE_S)))


def test_incast_with_dcqcn_streams_the_cut_and_the_recovery():
    snaps = _snaps("incast:8:64MiB")
    live = snaps[:-1]
    assert len(live) >= 20
    throughput = np.array([s.throughput_gbps for s in live])
    queue = np.array([(s.extra or {}).get("queue_max_B", 0.0) for s in live])
    # DCQCN cuts the senders after the first queue build-up, then recovers towards line rate
    first_low = int(np.argmax(throughput < 0.5 * throughput.max()))
    assert first_low > 0 and throughput[first_low:].max() > 0.9 * throughput.max()
    assert queue.max() > 4 * np.median(queue[first_low:])      # the first queue is far above the settled ones
    # the stream's totals are the run's
    final = snaps[-1].result.data
    assert final["completion_time_s"] == run(load(SMALL), ["incast:8:64MiB"], SimOptions(seed=1)).data[
        "completion_time_s"]


def test_pfc_only_incast_shows_pauses_while_it_runs():
    snaps = _snaps("incast:8:64MiB:dcqcn=off")
    live = snaps[:-1]
    # the windows' pause shares are shares of the same port-time as the run's own figure
    run_share = snaps[-1].result.data["pfc_pause_fraction"]
    mean_share = float(np.mean([(s.extra or {}).get("pfc_pause_fraction", 0.0) for s in live]))
    assert 0.6 * run_share < mean_share < 1.5 * run_share
    pauses = [(s.extra or {}).get("pfc_pause_fraction", 0.0) for s in live]
    paused_links = [bool(np.any((s.extra or {}).get("link_paused", []))) for s in live]
    assert sum(p > 0 for p in pauses) >= len(live) // 2 and any(paused_links)
    # without DCQCN nothing slows the senders: the queue stays deep until the incast drains
    assert np.median([(s.extra or {}).get("queue_max_B", 0.0) for s in live]) > 1e6


def test_a_long_congested_step_reports_its_progress_while_it_runs():
    shares: list[float] = []
    opts = SimOptions(seed=1, on_busy=shares.append)
    run(load(SMALL), ["incast:8:64MiB:dcqcn=off"], opts)
    assert len(shares) >= 3
    assert shares == sorted(shares) and 0 < shares[0] and shares[-1] <= 1.0
    quiet: list[float] = []
    run(load(SMALL), ["allreduce:64MiB"], SimOptions(seed=1, rate_model="maxmin", on_busy=quiet.append))
    assert quiet == []                 # nothing congested runs through the queues: nothing to report


def test_cancel_stops_a_congested_step_part_way():
    import threading

    cancel = threading.Event()
    shares: list[float] = []

    def busy(share: float) -> None:
        shares.append(share)
        cancel.set()                   # the user pressed Stop while the queues were being simulated

    snaps = list(stream(load(SMALL), ["incast:8:64MiB:dcqcn=off"],
                        SimOptions(seed=1, snapshot_interval_s=CADENCE_S, on_busy=busy), cancel))
    assert len(shares) == 1 and shares[0] < 0.5       # stopped at the next check, not at the step's end
    assert all(s.result is None for s in snaps)


def test_a_snapshot_count_sizes_the_cadence_without_a_first_pass():
    for spec in ("incast:8:64MiB", "allreduce:256MiB"):
        snaps = list(stream(load(SMALL), [spec], SimOptions(seed=1, snapshot_count=50)))
        live, final = snaps[:-1], snaps[-1]
        times = [s.time_s for s in live]
        assert 25 <= len(live) <= 400, (spec, len(live))
        assert times == sorted(times) and times[-1] <= final.time_s
        assert final.result.data["completion_time_s"] == run(load(SMALL), [spec], SimOptions(seed=1)).data[
            "completion_time_s"]


def test_the_running_latency_of_a_replayed_step_grows_with_its_queue():
    live = _snaps("incast:8:64MiB:dcqcn=off")[:-1]
    p99 = [s.latency_us["p99"] for s in live]
    assert p99[-1] > 1.5 * p99[0]          # PFC alone: the queue, and the tail with it, builds up as the step runs
    peaks = [max(p99[:i + 1]) for i in range(len(p99))]
    assert all(p >= 0.97 * peak for p, peak in zip(p99, peaks, strict=True))   # never falls back (PFC's
    # pause and resume let a full queue's tail wobble by about 1 % once it has built up)
