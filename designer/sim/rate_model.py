"""The replaceable stage that advances flows in time.

The engine owns phases, dependencies and bookkeeping; a `RateModel` only answers: given the
flows in flight (routing matrix, bytes left) and the port arrays, how far can time advance and
how many bytes does each flow deliver? `MaxMinRateModel` is the steady-state fluid answer
(max-min fair rates, exact up to the next completion). A queue-dynamics model (PFC, ECN/DCQCN,
IB credits) implements the same interface with small time steps and reports the counters
that the max-min model leaves at zero.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

import numpy as np
import scipy.sparse as sp

from designer.sim.compile import CompiledFabric
from designer.sim.dynamics.jit import njit
from designer.sim.long_haul import window_rate_caps_Bps
from designer.sim.maxmin import max_min_rates, same_rates_without


@dataclass
class ActiveFlows:
    """Sub-flows in flight: their routes (ports x subs, `matrix`), bytes left, and their owning phases."""

    routes: sp.csr_matrix | Callable[[], sp.csr_matrix]   # the routes, or what gathers them when first asked
    remaining_bytes: np.ndarray
    phase: np.ndarray                # plan phase index of each sub-flow (for per-phase settings)
    segment: np.ndarray              # segment of each sub-flow's sender (-1 none)
    sub_index: np.ndarray | None = None  # index of each sub-flow within its phase (stable across advances)
    workload: np.ndarray | None = None   # workload index of each sub-flow (per-workload options)
    flow_share: np.ndarray | None = None  # share of its flow's bytes each sub-flow carries (None: 1 each)
    rate_cap_Bps: np.ndarray | None = None  # the most each sub-flow may take (a pipeline's pace; None: no limit)
    # the same object from advance to advance while each sub-flow (phase, sub_index) keeps its route and flow share
    # (None: not known; the model compares the routes)
    routes_version: object | None = None

    @cached_property
    def matrix(self) -> sp.csr_matrix:
        """The routes (gathered once, where they were given as a function: an advance that keeps the last solve's
        rates needs none)."""
        return self.routes() if callable(self.routes) else self.routes


@dataclass
class Advance:
    """What happened during one advance of `dt_s` seconds."""

    dt_s: float
    delivered_bytes: np.ndarray       # per active sub-flow
    rates_Bps: np.ndarray             # mean rate of each sub-flow over the advance
    # counters that only a queue model fills (port-seconds, bytes)
    pause_port_s: float = 0.0
    credit_stall_port_s: float = 0.0
    ecn_marked_bytes: float = 0.0
    dropped_bytes: float = 0.0
    extra_latency_ns: np.ndarray | None = None   # queueing met by the delivered bytes, per sub-flow
    port_paused_s: np.ndarray | None = None      # per port: time paused by PFC in this advance
    port_stall_s: np.ndarray | None = None       # per port: time waiting for IB credits
    port_dropped_B: np.ndarray | None = None     # per port: bytes dropped
    sub_marked_B: np.ndarray | None = None       # per sub-flow: CE-marked bytes delivered
    sub_dropped_B: np.ndarray | None = None      # per sub-flow: bytes lost (and sent again)
    port_stats: dict[str, object] = field(default_factory=dict)


@dataclass
class SoloProfile:
    """How one flow pattern drains when it runs alone, per byte of `bytes_per_flow`.

    Max-min rates do not depend on the bytes, so a pattern's drain is the same shape at every size:
    completion times scale linearly. The engine reuses one profile for every repeat of a step.
    """

    drain_s_per_byte: float                      # time until the last sub-flow drains
    sub_finish_s_per_byte: np.ndarray            # per sub-flow
    levels: list[tuple[float, float]]            # (duration per byte, aggregate rate in B/s per byte-unit)



def delivered_over(rates_Bps: np.ndarray, remaining_B: np.ndarray, span_s: float) -> np.ndarray:
    """What sub-flows at constant rates deliver over `span_s`: all their bytes where they finish by then."""
    with np.errstate(divide="ignore"):
        finish = np.where(rates_Bps > 0, remaining_B / rates_Bps, np.inf)
    delivered: np.ndarray = np.minimum(rates_Bps * span_s, remaining_B)
    done = finish <= span_s * (1 + 1e-12)
    delivered[done] = remaining_B[done]
    return delivered


class RateModel(ABC):
    """Advances flows in flight; see module docstring."""

    name = "abstract"

    def __init__(self, fab: CompiledFabric):
        self.fab = fab

    @abstractmethod
    def advance(self, flows: ActiveFlows, horizon_s: float) -> Advance:
        """Advance at most `horizon_s` (to the next completion for the fluid model)."""

    def solo_profile(self, matrix: sp.csr_matrix, sub_bytes: np.ndarray,
                     bytes_per_flow: float | None = None, repeats: int = 1,
                     flow_share: np.ndarray | None = None,
                     rate_cap_Bps: np.ndarray | None = None) -> SoloProfile | None:
        """The pattern's drain when alone, or None if the model must always be stepped.

        `bytes_per_flow` is the step's size; a profile with `linear=False` holds only for that size."""
        return None

    def set_capacity(self, capacity_Bps: np.ndarray) -> None:
        """New port capacities after a failure, repair or reroute (routes may change with them)."""
        raise NotImplementedError(f"the {self.name} rate model does not simulate failures")


class MaxMinRateModel(RateModel):
    """Steady-state fluid sharing: max-min fair rates over port payload capacities."""

    name = "max-min fluid"

    def __init__(self, fab: CompiledFabric, capacity_Bps: np.ndarray | None = None):
        super().__init__(fab)
        self.capacity = fab.port_payload_Bps if capacity_Bps is None else capacity_Bps
        self.solves = 0
        self._last: _Solved | None = None          # the last advance's solve

    def set_capacity(self, capacity_Bps: np.ndarray) -> None:
        self.capacity = capacity_Bps
        self._last = None

    def rates(self, matrix: sp.csr_matrix, flow_share: np.ndarray | None = None,
              rate_cap_Bps: np.ndarray | None = None) -> np.ndarray:
        """Max-min fair rates, each sub-flow at most its `rate_cap_Bps` (a pipeline's pace) and, where the design
        has long-haul links, its share of its flow's window over the RTT (the bandwidth-delay product:
        designer/sim/long_haul.py)."""
        self.solves += 1
        caps = rate_cap_Bps
        if self.fab.flow_window_bytes > 0:
            window = window_rate_caps_Bps(matrix, self.fab.port_latency_ns, self.fab.flow_window_bytes, flow_share)
            caps = window if caps is None else np.minimum(caps, window)
        return max_min_rates(matrix, self.capacity, caps)

    def advance(self, flows: ActiveFlows, horizon_s: float) -> Advance:
        keys = None if flows.sub_index is None else _flow_keys(flows)
        rates = None if keys is None else self._kept_rates(flows, keys)
        # kept rates come from a solve with whole shares, of which these routes are a part
        whole_shares = rates is not None
        if rates is None:
            rates = self.rates(flows.matrix, flows.flow_share, flows.rate_cap_Bps)
            whole_shares = bool(np.all(flows.matrix.data == 1.0))
        self._last = None if keys is None else _Solved(keys, flows, self.capacity.copy(), whole_shares, rates)
        with np.errstate(divide="ignore"):
            finish = np.where(rates > 0, flows.remaining_bytes / rates, np.inf)
        dt = min(float(finish.min()) if len(finish) else np.inf, horizon_s)
        return Advance(dt_s=dt, delivered_bytes=delivered_over(rates, flows.remaining_bytes, dt), rates_Bps=rates)

    def _kept_rates(self, flows: ActiveFlows, keys: np.ndarray) -> np.ndarray | None:
        """The rates of the last advance's solve for these flows (their `_flow_keys`), where they are exactly what a
        solve would find: the same sub-flows but those that finished (in the same order, with the same routes,
        limits and port capacities), and `same_rates_without` holds for the finished. None otherwise. The routes
        are the same without a comparison where both advances carry the same `routes_version`."""
        last = self._last
        if last is None or not last.whole_shares:
            return None
        pos = np.empty(len(keys), np.int64)
        if len(keys) == 0 or not _positions_in(last.keys, keys, pos):
            return None
        leaving = np.ones(len(last.keys), bool)
        leaving[pos] = False
        if not same_rates_without(last.rates, leaving, True):
            return None
        if not (np.array_equal(self.capacity, last.capacity_Bps)
                and (_same_version(flows, last.flows) or _same_columns(flows.matrix, last.flows.matrix[:, pos]))
                and _same_part(flows.flow_share, last.flows.flow_share, pos)
                and _same_part(flows.rate_cap_Bps, last.flows.rate_cap_Bps, pos)):
            return None
        kept: np.ndarray = last.rates[pos]
        return kept

    def solo_profile(self, matrix: sp.csr_matrix, sub_bytes: np.ndarray,
                     bytes_per_flow: float | None = None, repeats: int = 1,
                     flow_share: np.ndarray | None = None, rate_cap_Bps: np.ndarray | None = None) -> SoloProfile:
        remaining = sub_bytes.astype(float).copy()
        finish = np.zeros(len(remaining))
        alive = np.flatnonzero(remaining > 0)
        whole_shares = bool(np.all(matrix.data == 1.0))
        t = 0.0
        levels = []
        rates: np.ndarray | None = None          # the alive sub-flows' rates, when known without a solve
        while len(alive):
            if rates is None:
                sub_m = matrix[:, alive] if len(alive) < matrix.shape[1] else matrix  # the first: as it is
                rates = self.rates(sub_m, None if flow_share is None else flow_share[alive],
                                   None if rate_cap_Bps is None else rate_cap_Bps[alive])
            dt_each = remaining[alive] / np.maximum(rates, 1e-300)
            dt = float(dt_each.min())
            levels.append((dt, float(rates.sum())))
            remaining[alive] -= rates * dt
            t += dt
            done = dt_each <= dt * (1 + 1e-9)
            finish[alive[done]] = t
            remaining[alive[done]] = 0.0
            alive = alive[~done]
            # the finished were the fastest (often: equal bytes): the others keep their rates, exactly (their demands
            # do not change: a window cap is its sub-flow's column's own, summed in port order)
            rates = rates[~done] if same_rates_without(rates, done, whole_shares) else None
        return SoloProfile(drain_s_per_byte=t, sub_finish_s_per_byte=finish, levels=levels)


@dataclass
class _Solved:
    """A max-min solve of an advance: its sub-flows (by `_flow_keys`), their inputs and rates."""

    keys: np.ndarray
    flows: ActiveFlows
    capacity_Bps: np.ndarray
    whole_shares: bool
    rates: np.ndarray


def _flow_keys(flows: ActiveFlows) -> np.ndarray:
    """One number per sub-flow, the same across advances: its phase and its index within the phase."""
    assert flows.sub_index is not None
    return np.asarray(flows.phase, np.int64) * (1 << 32) + np.asarray(flows.sub_index, np.int64)


@njit
def _positions_in(old: np.ndarray, new: np.ndarray, pos: np.ndarray) -> bool:
    """Whether the keys `new` are some of the keys `old` in the same order (each key is unique: a sub-flow's phase
    and index), with their positions in `old` written to `pos`. One pass over both: a search of each key took a
    tenth of a max-min run with failures, whose thousand advances each keep all but a few sub-flows."""
    j = 0
    for k in range(len(new)):
        while j < len(old) and old[j] != new[k]:
            j += 1
        if j == len(old):
            return False
        pos[k] = j
        j += 1
    return True


def _same_version(new: ActiveFlows, old: ActiveFlows) -> bool:
    """Whether both sets of flows say their routes are those of one version (each sub-flow's the same in both)."""
    return new.routes_version is not None and new.routes_version is old.routes_version


def _same_columns(a: sp.csr_matrix, b: sp.csr_matrix) -> bool:
    """The same matrix, entry for entry in the same storage order."""
    return bool(a.shape == b.shape and np.array_equal(a.indptr, b.indptr) and np.array_equal(a.indices, b.indices)
                and np.array_equal(a.data, b.data))


def _same_part(new: np.ndarray | None, old: np.ndarray | None, pos: np.ndarray) -> bool:
    """Whether `new` is `old` at `pos` (both absent counts as the same)."""
    if new is None or old is None:
        return new is None and old is None
    return bool(np.array_equal(new, old[pos]))
