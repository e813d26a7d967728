"""Back-end planes of each GPU: the ports its NIC was split into (multi-plane designs), one column per plane.

A GPU's NIC owns a slice of its server's back-end ports (GPU i of g the i-th of g equal slices, as compile.py maps
GPU i to NIC i); in a multi-plane design (designer/topology/multi_plane.py) the slice holds the NIC's P plane ports,
elsewhere one port. The router sends queue pair k of a connection on plane k mod P, so a connection's bytes spread
evenly over its planes, as NICs spreading queue pairs over planes do (Spectrum-X multi-plane; Alibaba HPN).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import numpy as np

from designer.model.document import FabricDocument

if TYPE_CHECKING:
    from designer.sim.compile import CompiledFabric


def plane_ports(doc: FabricDocument, fab: CompiledFabric,
                port_of_end: dict[tuple[str, str], tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """(transmit, receive) port of each GPU on each plane, (n_gpus, planes); a GPU with fewer cabled plane ports
    than the most repeats its own, and a GPU with none keeps its back-end NIC's port (-1 when it has none)."""
    per_gpu: list[list[tuple[int, int]]] = []
    names_of: dict[int, list[str]] = {}          # a server's back-end port names, listed once for all its GPUs
    for server, local in zip(fab.gpu_server.tolist(), fab.gpu_local.tolist(), strict=True):
        node = doc.nodes[fab.node_ids[server]]
        names = names_of.get(server)
        if names is None:
            names = names_of[server] = node.port_names_on("backend")
        lo, hi = local * len(names) // node.gpus, (local + 1) * len(names) // node.gpus
        per_gpu.append([port_of_end[(node.id, n)] for n in names[lo:hi] if (node.id, n) in port_of_end])
    planes = max((len(p) for p in per_gpu), default=1) or 1
    tx = np.repeat(fab.gpu_be_tx.reshape(-1, 1), planes, axis=1).astype(np.int64)
    rx = np.repeat(fab.gpu_be_rx.reshape(-1, 1), planes, axis=1).astype(np.int64)
    for k, ports in enumerate(per_gpu):
        if ports:
            for p in range(planes):
                tx[k, p], rx[k, p] = ports[p % len(ports)]
    return tx, rx


def gpu_tx_ports(fab: CompiledFabric, gpus: np.ndarray) -> np.ndarray:
    """[gpu, plane] transmit ports of the GPUs' back-end NICs, every plane's (one column without planes; -1 none)."""
    if fab.planes > 1 and fab.gpu_plane_tx is not None:
        return np.asarray(fab.gpu_plane_tx[gpus]).reshape(len(gpus), -1)
    return np.asarray(fab.gpu_be_tx[gpus]).reshape(len(gpus), 1)


def nic_line_gbps(fab: CompiledFabric, gpu: int) -> float:
    """The line rate of one GPU's back-end NIC over all its planes (0 without one)."""
    tx = gpu_tx_ports(fab, np.array([gpu]))[0]
    return float(fab.port_line_gbps[tx[tx >= 0]].sum())


def nic_Bps_per_gpu(fab: CompiledFabric, gpus: np.ndarray) -> float:
    """The payload rate of each GPU's back-end NIC over all its planes, averaged over `gpus` (0 without NICs): a NIC
    split into P plane ports of 1/P of its speed still sends at its whole speed, its queue pairs spread over them."""
    tx = gpu_tx_ports(fab, gpus)
    rate_Bps = np.where(tx >= 0, fab.port_payload_Bps[np.maximum(tx, 0)], 0.0).sum(axis=1)
    has_nic = (tx >= 0).any(axis=1)
    return float(rate_Bps[has_nic].mean()) if has_nic.any() else 0.0


def on_planes(fab: CompiledFabric, src: np.ndarray, dst: np.ndarray, tx: np.ndarray, rx: np.ndarray) -> np.ndarray:
    """Which flows (sent from the sender's own back-end NIC to the receiver's) spread over the planes."""
    if fab.planes == 1 or fab.gpu_plane_tx is None or fab.gpu_plane_rx is None:
        return np.zeros(len(src), dtype=bool)
    own: np.ndarray = (tx == fab.gpu_plane_tx[src, 0]) & (rx == fab.gpu_plane_rx[dst, 0]) & (tx >= 0) & (rx >= 0)
    return own


def queue_pairs_over_planes(qps: np.ndarray, spread: np.ndarray, planes: int) -> np.ndarray:
    """Queue pairs per flow, those of spread flows rounded up to a multiple of the planes (one set per plane)."""
    out = qps.copy()
    out[spread] = -(-out[spread] // planes) * planes
    return out


def sub_flow_ports(fab: CompiledFabric, src: np.ndarray, dst: np.ndarray, sub_flow: np.ndarray, sub_qp: np.ndarray,
                   spread: np.ndarray, tx: np.ndarray, rx: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Transmit and receive port of each sub-flow: queue pair k of a spread flow on plane k mod P, every other
    sub-flow on its flow's ports (`tx`, `rx` per flow)."""
    sub_tx, sub_rx = tx[sub_flow].copy(), rx[sub_flow].copy()
    if fab.gpu_plane_tx is None or fab.gpu_plane_rx is None or not spread.any():
        return sub_tx, sub_rx
    m = spread[sub_flow]
    plane = sub_qp[m] % fab.planes
    sub_tx[m] = fab.gpu_plane_tx[src[sub_flow[m]], plane]
    sub_rx[m] = fab.gpu_plane_rx[dst[sub_flow[m]], plane]
    return sub_tx, sub_rx


def surviving_planes(fab: CompiledFabric, src: np.ndarray, dst: np.ndarray, sub_flow: np.ndarray, sub_qp: np.ndarray,
                     spread: np.ndarray, sub_ends: tuple[np.ndarray, np.ndarray],
                     reachable: Callable[[np.ndarray, np.ndarray], np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
    """After a failure, a spread queue pair whose plane no longer joins its two NICs moves to the next plane that
    does (planes k+1, k+2, ... mod P), as multi-plane NICs shift traffic off a failed plane; one that no plane serves
    keeps its ports (and stalls). `reachable(tx, rx)`: which port pairs still have a path."""
    assert fab.gpu_plane_tx is not None and fab.gpu_plane_rx is not None
    tx, rx = sub_ends[0].copy(), sub_ends[1].copy()
    subs = np.flatnonzero(spread[sub_flow])
    bad = subs[~reachable(tx[subs], rx[subs])]
    for shift in range(1, fab.planes):
        if not len(bad):
            break
        plane = (sub_qp[bad] + shift) % fab.planes
        try_tx = fab.gpu_plane_tx[src[sub_flow[bad]], plane]
        try_rx = fab.gpu_plane_rx[dst[sub_flow[bad]], plane]
        ok = reachable(try_tx, try_rx)
        tx[bad[ok]], rx[bad[ok]] = try_tx[ok], try_rx[ok]
        bad = bad[~ok]
    return tx, rx
