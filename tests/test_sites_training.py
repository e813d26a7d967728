"""Training across two sites: hierarchical vs flat data parallelism, with and without overlap, at 10, 100 and
1,000 km, checked against a closed form.

Derivation. Two sites of 16 GPUs (two 8-GPU servers each), tp=8 inside a server, pp=1, so dp=4 replicas, m=2 in
each site, and G=8 data-parallel groups (one per TP rank). Each group reduces grad = 2 * params / tp bytes. The
sites are joined by ONE long-haul link of payload capacity P (400 Gb/s after framing); a flow across it gets at most
its share of P and at most window / RTT (bandwidth-delay product: a flow keeps `window` bytes in flight, NCCL's 4
channels of 4 MiB to a peer at 400 Gb/s, whatever its queue pairs; RTT = 2 * 5 us/km * d). With one-way latency
L(d) = 5 us/km * d + (fixed switch and NIC latency) and NCCL's per-step overhead o:

    hier (reduce-scatter in site, exchange, all-gather in site): only the exchange crosses; 2 * G * m / 2 = G * m
      flows each way share the link, each carries the shard grad / m once:
        T_x(d) = (grad / m) / min(P / (G m), window / RTT(d)) + L(d) + o
    flat (one ring of dp replicas, site by site): each of its 2 (dp - 1) steps waits for its two cross-site edges,
      G flows each way on the link, each step grad / dp:
        T_flat(d) = 2 (dp - 1) * [ (grad / dp) / min(P / G, window / RTT(d)) + L(d) + o ]
Here the link share binds at 10 and 100 km and the window at 1,000 km (16 MiB / 10 ms = 1.7 GB/s a flow); the
fixed latency (~10 us one way) is left out of the RTT, which costs 0.2 % at 1,000 km.

The inside-site parts and the fixed latency do not change with distance, so the step-time difference between two
distances is the difference of the long-haul terms above (overlap off: the AllReduce follows the backward pass, the
step is compute + communication). Overlap on hides min(T_dp, W) behind the last backward pass (W its duration):
    step(overlap off) - step(overlap on) = min(T_dp, W).
"""

from __future__ import annotations

import pytest

from designer.sim.api import SimOptions, run
from designer.sim.compile import compile_fabric
from designer.sim.long_haul import connection_window_bytes
from designer.topology.two_site import TwoSiteOptions, generate_two_site

PARAMS, TP, DP, M, G, QPS = 1e9, 8, 4, 2, 8, 2
WINDOW = connection_window_bytes(400.0)
GRAD = 2 * PARAMS / TP
US_PER_KM = 5e-6
DISTANCES = (10, 100, 1000)


def _spec(mode: str, overlap: str) -> str:
    return f"train:params=1e9:tp=8:pp=1:batch=65536:qps=2:dp_across_sites={mode}:overlap={overlap}"


@pytest.fixture(scope="module")
def runs() -> dict[tuple[int, str, str], dict]:
    out = {}
    for km in DISTANCES:
        doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=km, dci_links=1))
        for mode in ("hier", "flat"):
            for overlap in (("off", "on") if km == 100 else ("off",)):
                result = run(doc, [_spec(mode, overlap)], SimOptions(rate_model="maxmin", ideal_pass=False))
                out[(km, mode, overlap)] = result.data["workloads"][0]
    fab = compile_fabric(doc)
    out["P"] = float(fab.port_payload_Bps[2 * fab.link_ids.index("lh1")])
    return out


def _rate(share: float, km: float) -> float:
    """A flow's rate: its share of the link, or its window over the RTT when that is less."""
    return min(share, WINDOW / (2 * US_PER_KM * km))


def _hier_s(km: float, P: float) -> float:
    return (GRAD / M) / _rate(P / (G * M), km) + US_PER_KM * km


def _flat_s(km: float, P: float) -> float:
    return 2 * (DP - 1) * ((GRAD / DP) / _rate(P / G, km) + US_PER_KM * km)


@pytest.mark.parametrize("far", [100, 1000])
def test_step_time_grows_with_distance_as_the_closed_form_says(runs: dict, far: int) -> None:
    P = runs["P"]
    for mode, closed in (("hier", _hier_s), ("flat", _flat_s)):
        grown = runs[(far, mode, "off")]["step_time_s"] - runs[(10, mode, "off")]["step_time_s"]
        assert grown == pytest.approx(closed(far, P) - closed(10, P), rel=0.02), mode


def test_hierarchical_beats_flat_and_separates_inside_from_cross_site(runs: dict) -> None:
    for km in DISTANCES:
        hier, flat = runs[(km, "hier", "off")], runs[(km, "flat", "off")]
        assert hier["step_time_s"] < flat["step_time_s"]
        # bytes per step: hier sends each shard across once each way; flat's ring crosses twice per group per step
        assert hier["cross_site_bytes"] == pytest.approx(2 * G * M * GRAD / M)
        assert flat["cross_site_bytes"] == pytest.approx(2 * G * 2 * (DP - 1) * GRAD / DP)
        assert hier["inside_site_bytes"] == pytest.approx(2 * 2 * G * M * (M - 1) * GRAD / M)
        assert hier["cross_site_s"] > 0 and hier["dp_inside_site_s"] > 0
    # at 1,000 km the window, not the link, limits a flow: 2 x 4 MiB / 10 ms = 0.84 GB/s, below its link share
    assert runs[(1000, "hier", "off")]["cross_site_s"] == pytest.approx(_hier_s(1000, runs["P"]), rel=0.02)


def test_overlap_hides_the_smaller_of_the_communication_and_the_backward_window(runs: dict) -> None:
    for mode in ("hier", "flat"):
        off, on = runs[(100, mode, "off")], runs[(100, mode, "on")]
        comm = off["cross_site_s"] + off["dp_inside_site_s"]
        hidden = min(comm, on["overlap_window_s"])
        assert off["step_time_s"] - on["step_time_s"] == pytest.approx(hidden, rel=0.02)
        assert on["cross_site_exposed_s"] <= on["cross_site_s"]
