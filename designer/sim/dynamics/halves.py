"""The bookkeeping of a step's flow passes in two halves on two threads: when a run takes them, where the flows
split, and the second half's own arrays.

step_halves.run_steps_halves composes the passes (step_halves.py); this module holds their state. A run takes
the halves from its flow-hops alone (`takes_halves`: HALVES_MIN_HOPS and more, or as THREADS_ENV says), never from
the machine's cores: the halves give the same results on one core. The flows split where their hops are halved,
so the same flows split the same way. What the second half adds to on its own (`Halves`: copies of the ports'
state, records, sums and counters, the scalars, the latency histogram and the finished flows' notes) is made once
for a simulator's ports and again for its flows when they change (`state`); `copies_bytes` is what that takes, for
the memory budget (designer/sim/budget.py).
"""

from __future__ import annotations

import os
from dataclasses import dataclass

import numpy as np

from designer.sim.dynamics import delivery_time
from designer.sim.dynamics import layout as L
from designer.sim.dynamics.columns import LINE_B, aligned_zeros

# from this many flow-hops a step's flow passes run in two halves on two threads (step_halves.py); the
# results then differ from one thread's in the order of some additions only, and are the same on every machine
HALVES_MIN_HOPS = 200_000
THREADS_ENV = "FABRIC_DESIGNER_FLUID_THREADS"     # "1": one thread whatever the size; "2": two halves whatever it
THREADS_VALUES = ("1", "2")                      # what it takes (unset or empty: by HALVES_MIN_HOPS)


def takes_halves(flow_hops: int) -> bool:
    """Whether the steps' flow passes of a run of `flow_hops` flow-hops run in two halves
    (step_halves.run_steps_halves): from HALVES_MIN_HOPS, or as THREADS_ENV says. Never from the machine's cores."""
    forced = os.environ.get(THREADS_ENV, "").strip()
    if forced in THREADS_VALUES:
        return forced == "2"
    return flow_hops >= HALVES_MIN_HOPS


@dataclass
class Halves:
    """What the second half of the flows adds to on its own (step_halves.run_steps_halves), and where the halves
    split."""
    version: int                  # FluidSimulator.version when split
    split: int                    # the first flow of the second half
    ps1: np.ndarray
    pr1: np.ndarray
    sums1: np.ndarray
    pa1: np.ndarray
    sc1: np.ndarray
    hist1: np.ndarray
    fin: np.ndarray               # [half, 1 + flow]: the flows that finished in a step


def split_flow(n_nodes: np.ndarray) -> int:
    """The first flow of the second half: where the flows' hops (`n_nodes`, per flow in order) are halved."""
    hops = np.cumsum(n_nodes)
    return int(np.searchsorted(hops, hops[-1] // 2, side="right")) if len(hops) else 0


def state(old: Halves | None, version: int, n_nodes: np.ndarray, hist: np.ndarray,
          ports: tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]) -> Halves:
    """The second half's arrays for a simulator's flows (their `version`, hops per flow `n_nodes`), latency
    histogram `hist` and `ports` (its ps, pr, sums, pa and scalars sc, copied in shape): `old` where it still fits;
    else the split, the histogram and the finished flows' notes made again, the ports' copies kept from `old` (the
    ports are the simulator's for its life)."""
    if old is not None and old.version == version and old.fin.shape[1] == len(n_nodes) + 1 and \
            old.hist1.shape == hist.shape:
        return old
    if old is not None:
        ps1, pr1, sums1, pa1, sc1 = old.ps1, old.pr1, old.sums1, old.pa1, old.sc1
    else:
        ps, pr, sums, pa, sc = ports
        ps1, pr1, sums1, pa1, sc1 = (np.zeros_like(ps), aligned_zeros(pr.shape, LINE_B),
                                     aligned_zeros(sums.shape, LINE_B), np.zeros_like(pa), np.zeros_like(sc))
    return Halves(version, split_flow(n_nodes), ps1, pr1, sums1, pa1, sc1, np.zeros_like(hist),
                  np.zeros((2, len(n_nodes) + 1), np.int64))


def copies_bytes(n_ports: int, lanes: int, n_flows: int, hist_groups: int = 1) -> int:
    """Bytes `state` allocates for a simulator of `n_ports` ports of `lanes` lanes holding `n_flows` flows with
    `hist_groups` latency groups: per port a copy of its state, records, sums and counters; the scalars; the
    histogram; the [2, flows + 1] notes of finished flows (8 B each). The records and sums start on a cache line
    (one line more allocated each)."""
    lanes = max(1, int(lanes))
    per_port = L.N_PORT_STATE + lanes * (L.N_RECORD + L.N_SUMS) + L.port_acc_columns(lanes)
    reals = n_ports * per_port + L.N_SCALARS + hist_groups * delivery_time.N_BINS
    return 8 * reals + 2 * LINE_B + 8 * 2 * (n_flows + 1)
