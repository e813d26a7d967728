"""Which GPUs each job of a run gets: placement rules and explicit server sets.

A workload that names `gpus=N`, `place=RULE` or `servers=SET` is a placed job; the others span every GPU of the
design, as before. Placed jobs are given disjoint GPUs in the order of the workload list: a rule chooses among the
GPUs no earlier placed job holds, and an explicit set that overlaps an earlier job's GPUs is refused.

A server's leaf is the switch its first back-end NIC is cabled to; its rail group is the set of switches all its
back-end NICs reach (in a rail-optimized fabric the rail leaves of its scalable unit, elsewhere its one leaf).
Servers of one leaf are taken in document order, leaves in the order their first server appears.

- packed: servers leaf by leaf, each filled before the next (the last one may be partly used);
- spread: round-robin across leaves, one server of each leaf in turn;
- random: servers in a random order (seeded by `seed=`, default the run's seed), each filled before the next;
- rail-aligned: whole servers only (`gpus=` a multiple of the GPUs per server), from the one rail group with the
  fewest free servers that holds the job (best fit), else rail groups in order: every rail of the job stays on
  as few rail switches as possible;
- servers=srv-001..srv-016 (or a comma list of ids and ranges): exactly those servers' GPUs, or the first
  `gpus=N` of them.
The ranks of a job are ascending (server-major), the order its collectives use.
"""

from __future__ import annotations

import dataclasses

import numpy as np

from designer.i18n.message import Message
from designer.sim.compile import CompiledFabric
from designer.sim.workload_spec import Workload, WorkloadError, numbered_id, server_ranges


def place_jobs(workloads: list[Workload], fab: CompiledFabric, seed: int) -> list[Workload]:
    """The workloads, each placed job carrying its GPU ranks (`placed_gpus`); the originals are left as they were."""
    if not any(w.is_placed for w in workloads):
        return list(workloads)               # every workload spans every GPU: no layout to build
    if fab.n_gpus == 0:
        raise WorkloadError(Message("error.sim.no_gpus"))
    taken = np.zeros(fab.n_gpus, dtype=bool)
    layout = _Layout(fab)
    out = []
    for k, w in enumerate(workloads):
        if not w.is_placed:
            out.append(w)
            continue
        try:
            ranks = _place_one(w, layout, taken, seed, k)
        except WorkloadError as exc:
            raise WorkloadError(Message("error.workload.in_spec", spec=w.spec or w.kind, text=exc.message)) from None
        taken[ranks] = True
        out.append(dataclasses.replace(w, placed_gpus=ranks))
    return out


class _Layout:
    """The design's servers as placement sees them: GPUs, leaf and rail group of each."""

    def __init__(self, fab: CompiledFabric):
        self.fab = fab
        self.servers = [int(s) for s in dict.fromkeys(fab.gpu_server.tolist())]     # document order
        self.gpus = {s: np.flatnonzero(fab.gpu_server == s) for s in self.servers}
        switches = {s: self._switches(s) for s in self.servers}
        self.leaf = {s: switches[s][0] for s in self.servers}
        self.rail_group = {s: tuple(sorted(set(switches[s]))) for s in self.servers}

    def _switches(self, server: int) -> list[int]:
        """The switches the server's back-end NICs are cabled to (itself when none is)."""
        tx = self.fab.gpu_be_tx[self.gpus[server]]
        return [int(self.fab.port_dst[p]) for p in tx[tx >= 0]] or [-1 - server]

    def by_leaf(self) -> list[list[int]]:
        """Servers grouped by leaf, leaves in the order their first server appears."""
        groups: dict[int, list[int]] = {}
        for s in self.servers:
            groups.setdefault(self.leaf[s], []).append(s)
        return list(groups.values())


def _place_one(w: Workload, layout: _Layout, taken: np.ndarray, seed: int, index: int) -> np.ndarray:
    if w.opt("servers") is not None:
        return _explicit(w, layout, taken)
    want = w.count("gpus")
    assert want is not None, "the parser requires gpus= with place="
    free = int((~taken).sum())
    if want > len(taken):
        raise WorkloadError(Message("error.sim.too_few_gpus", gpus=want, total=len(taken)))
    if want > free:
        raise WorkloadError(Message("error.sim.place_too_few", gpus=want, free=free, total=len(taken)))
    rule = str(w.opt("place", "packed"))
    if rule == "rail-aligned":
        return _rail_aligned(want, layout, taken)
    order = _server_order(rule, layout, w, seed, index)
    return _fill(order, want, layout, taken)


def _server_order(rule: str, layout: _Layout, w: Workload, seed: int, index: int) -> list[int]:
    groups = layout.by_leaf()
    if rule == "packed":
        return [s for g in groups for s in g]
    if rule == "spread":
        depth = max(len(g) for g in groups)
        return [g[i] for i in range(depth) for g in groups if i < len(g)]
    rng = np.random.default_rng([int(w.opt("seed", seed)), index])
    return [layout.servers[i] for i in rng.permutation(len(layout.servers))]


def _fill(order: list[int], want: int, layout: _Layout, taken: np.ndarray) -> np.ndarray:
    """The first `want` free GPUs of the servers in `order`, each server's in local order; ascending."""
    chosen: list[np.ndarray] = []
    left = want
    for s in order:
        free = layout.gpus[s][~taken[layout.gpus[s]]][:left]
        chosen.append(free)
        left -= len(free)
        if left == 0:
            break
    return np.sort(np.concatenate(chosen)).astype(np.int64)


def _rail_aligned(want: int, layout: _Layout, taken: np.ndarray) -> np.ndarray:
    per_server = layout.fab.gpus_per_server()
    if want % per_server:
        raise WorkloadError(Message("error.sim.place_whole_servers", gpus=want, per_server=per_server))
    need = want // per_server
    groups: dict[tuple[int, ...], list[int]] = {}
    for s in layout.servers:
        if len(layout.gpus[s]) == per_server and not taken[layout.gpus[s]].any():
            groups.setdefault(layout.rail_group[s], []).append(s)
    if sum(len(g) for g in groups.values()) < need:
        raise WorkloadError(Message("error.sim.place_whole_free", servers=need))
    fitting = [g for g in groups.values() if len(g) >= need]
    order = min(fitting, key=len) if fitting else [s for g in groups.values() for s in g]
    return _fill(order, want, layout, taken)


def _explicit(w: Workload, layout: _Layout, taken: np.ndarray) -> np.ndarray:
    fab = layout.fab
    ids = {fab.node_ids[s]: s for s in layout.servers}
    chosen: list[int] = []
    for first, last in server_ranges(str(w.opt("servers"))):
        for end in (first, last):
            if end not in ids:
                key = "error.sim.servers_not_gpu" if end in fab.node_ids else "error.sim.servers_unknown"
                raise WorkloadError(Message(key, node=end))
        chosen += [s for s in layout.servers if _within(fab.node_ids[s], first, last)]
    ranks = np.sort(np.concatenate([layout.gpus[s] for s in dict.fromkeys(chosen)])).astype(np.int64)
    want = w.count("gpus")
    if want is not None:
        if want > len(ranks):
            raise WorkloadError(Message("error.sim.servers_too_few", gpus=want, have=len(ranks)))
        ranks = ranks[:want]
    if taken[ranks].any():
        raise WorkloadError(Message("error.sim.servers_taken", gpus=int(taken[ranks].sum())))
    return ranks


def _within(node_id: str, first: str, last: str) -> bool:
    """Whether `node_id` lies in the range first..last (same prefix, number between the ends' numbers)."""
    if first == last:
        return node_id == first
    a, b, own = numbered_id(first), numbered_id(last), numbered_id(node_id)
    assert a is not None and b is not None, "the parser checked both ends"
    return own is not None and own[0] == a[0] and a[1] <= own[1] <= b[1]
