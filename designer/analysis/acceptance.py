"""The acceptance test plan of a design: thresholds an installed cluster should meet, derived from the simulation.

Two standard tests: `ib_write_lat` (perftest, 8-byte RDMA writes; it runs over InfiniBand and RoCE alike) between
the first GPUs of two servers on the same leaf and on different leaves (and pods), per back-end segment; and
`all_reduce_perf` (nccl-tests) over every GPU at several message sizes. The engine simulates each test on the design;
the threshold is the simulated figure with a margin: bus bandwidth at least 90 % of it, one-way latency at most
125 % of it. The margins are judgements (room for firmware, cabling and host differences the model does not
have), stated with the plan; nccl-tests' bus bandwidth definitions: docs/references.md, "Collectives".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from designer.analysis.settings_presets import sim_options
from designer.model.document import FabricDocument
from designer.sim import run

BUSBW_MARGIN = 0.10
LATENCY_MARGIN = 0.25
MESSAGE_SIZES = (("1MiB", 1 << 20), ("16MiB", 16 << 20), ("256MiB", 256 << 20), ("1GiB", 1 << 30))
LATENCY_BYTES = 8


@dataclass(frozen=True)
class LatencyCheck:
    """ib_write_lat between two servers: where they sit, and the simulated and threshold one-way latency."""

    segment: str              # the segment's name ("" for a design without segments)
    path: str                 # "same-leaf" | "cross-leaf" | "cross-pod"
    server_a: str
    server_b: str
    typical_us: float
    p99_us: float

    @property
    def typical_limit_us(self) -> float:
        return self.typical_us * (1.0 + LATENCY_MARGIN)

    @property
    def p99_limit_us(self) -> float:
        return self.p99_us * (1.0 + LATENCY_MARGIN)


@dataclass(frozen=True)
class BandwidthCheck:
    """all_reduce_perf at one message size over every GPU: simulated and threshold bus bandwidth."""

    size: str
    size_bytes: int
    busbw_gbps: float

    @property
    def limit_gbps(self) -> float:
        return self.busbw_gbps * (1.0 - BUSBW_MARGIN)


@dataclass
class AcceptancePlan:
    gpus: int
    latency: list[LatencyCheck]
    bandwidth: list[BandwidthCheck]
    backend: str | None          # the protocol the plan was simulated with (None: as drawn)
    preset: str | None


def _port_order(name: str) -> tuple:
    """"be2" before "be10"."""
    return tuple(int(p) if p.isdigit() else p for p in re.split(r"(\d+)", name))


def _first_leaf(doc: FabricDocument) -> dict[str, str]:
    """Server id -> the leaf its first back-end port is cabled to (where its first GPU's traffic enters)."""
    first: dict[str, tuple[tuple, str]] = {}
    for link in doc.links.values():
        if link.plane != "backend":
            continue
        for end, other in ((link.a, link.b), (link.b, link.a)):
            node, peer = doc.nodes.get(end.node), doc.nodes.get(other.node)
            if node is None or peer is None or node.kind != "server" or peer.kind != "switch":
                continue
            key = _port_order(end.port)
            if end.node not in first or key < first[end.node][0]:
                first[end.node] = (key, other.node)
    return {server: leaf for server, (_port, leaf) in first.items()}


def server_pairs(doc: FabricDocument) -> list[tuple[str, str, str, str]]:
    """(segment name, path, server a, server b) for each segment: two servers on one leaf, on two leaves, and in
    two pods when the design has pods."""
    leaf_of = _first_leaf(doc)
    groups = [(s.name or s.id, [n for n in s.nodes if n in leaf_of]) for s in doc.segments.values()]
    grouped = {n for _, members in groups for n in members}
    rest = [n for n in leaf_of if n not in grouped]
    if rest or not groups:
        groups.append(("", rest))
    out = []
    for name, servers in groups:
        if len(servers) < 2:
            continue
        a = servers[0]
        pod = doc.nodes[leaf_of[a]].pod
        same = next((b for b in servers[1:] if leaf_of[b] == leaf_of[a]), None)
        cross = next((b for b in servers[1:] if leaf_of[b] != leaf_of[a] and doc.nodes[leaf_of[b]].pod == pod), None)
        far = next((b for b in servers[1:] if doc.nodes[leaf_of[b]].pod != pod), None)
        for path, b in (("same-leaf", same), ("cross-leaf", cross), ("cross-pod", far)):
            if b is not None:
                out.append((name, path, a, b))
    return out


def acceptance_plan(doc: FabricDocument, *, backend: str | None = None, preset: str | None = None,
                    seed: int = 1) -> AcceptancePlan:
    """Simulate the acceptance tests on `doc` (with `backend`/`preset` as the recommended option runs)."""
    def opts():
        o = sim_options(seed=seed, preset=preset)
        o.backend = backend
        return o

    latency = []
    for segment, path, a, b in server_pairs(doc):
        r = run(doc, [f"pingpong:{LATENCY_BYTES}B:a={a}:b={b}"], opts()).to_dict()
        lat = r.get("latency_us") or {}
        latency.append(LatencyCheck(segment, path, a, b, float(lat.get("p50") or 0.0), float(lat.get("p99") or 0.0)))
    bandwidth = []
    for text, size in MESSAGE_SIZES:
        r = run(doc, [f"allreduce:{text}"], opts()).to_dict()
        if r.get("busbw_gbps") is not None:
            bandwidth.append(BandwidthCheck(text, size, float(r["busbw_gbps"])))
    return AcceptancePlan(doc.gpu_count(), latency, bandwidth, backend, preset)
