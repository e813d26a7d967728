"""Radix arithmetic for Clos fabrics: how many leaves, spines and cores a set of endpoints needs.

Pure integer arithmetic, no document. Conventions (every figure is a count of ports):

* A leaf of `k` ports with oversubscription `r` (down:up capacity) keeps
  ``down = floor(k * r / (1 + r))`` ports for endpoints and needs ``up = ceil(down / r)`` uplinks,
  so the real ratio never exceeds `r` and ``down + up <= k``. At r = 1 that is k/2 down and k/2 up;
  at k = 64, r = 3 it is 48 down and 16 up; at k = 64, r = 2 it is 42 down and 21 up (63 ports used).
* A generated leaf sizes its uplinks from the endpoints it really carries (a half-full leaf gets half
  the uplinks), rounded up, and a back-end leaf gets no more than that (`spare_uplinks=False`): its
  down:up is the asked ratio or below it by less than one uplink's step, whatever the switch's radix,
  so an InfiniBand and a RoCEv2 design of one request differ by their switches, not by their sizing.
  Where a full leaf's uplinks do not divide over the spines, clos.fitted_blueprint gives a leaf fewer
  endpoints instead (512 GPUs at 2:1 on 128 ports: 8 leaves of 64 down and 32 up under 2 spines).
* Every leaf has the same number of links to every spine (a Clos): the spine count divides the
  uplinks of a leaf. We take the smallest such divisor that fits the ports, and at least two spines
  when a leaf has two uplinks or more, so that losing a spine never cuts a leaf off.
* 2 tiers of radix-k switches at r = 1 hold k^2/2 endpoints (k leaves of k/2, k/2 spines):
  2,048 at k = 64 with 64 leaves and 32 spines (a QM9700 has 64 ports at 400G,
  docs/references.md [nvidia-switch-manuals]).
* 3 tiers: pods of k/2 leaves and k/2 aggregation switches (role "spine"), aggregation 1:1,
  (k/2)^2 cores, k pods: k^3/4 endpoints, 65,536 at k = 64 (same source).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.i18n.message import Message
from designer.model.errors import ProjectError

_EPS = 1e-9


class SizingError(ProjectError):
    """The requested fabric does not fit the switches' ports at this number of tiers."""


@dataclass(frozen=True)
class SwitchSpec:
    """A switch model as one tier of a fabric uses it.

    `ports` physical ports run at `speed_gbps` (switch-to-switch links); a port facing an endpoint
    is split into `lanes_per_port` lanes of `endpoint_gbps` (an 800G port split 2 x 400G for NICs).
    """

    model: str
    ports: int
    speed_gbps: float
    endpoint_gbps: float
    lanes_per_port: int = 1

    @property
    def radix(self) -> int:
        return self.ports


def leaf_ports(ports: int, oversubscription: float) -> tuple[int, int]:
    """(down, up) port counts of a full leaf of `ports` ports at `oversubscription` down:up."""
    if oversubscription < 1:
        raise ProjectError(Message("error.generate.oversubscription", value=f"{oversubscription:g}"))
    down = math.floor(ports * oversubscription / (1 + oversubscription) + _EPS)
    up = math.ceil(down / oversubscription - _EPS)
    return down, up


def uplinks_for(down_gbps: float, uplink_gbps: float, oversubscription: float) -> int:
    """Uplinks of `uplink_gbps` a leaf needs so that down/up capacity is at most `oversubscription`."""
    return max(1, math.ceil(down_gbps / (oversubscription * uplink_gbps) - _EPS))


def divisors(n: int) -> list[int]:
    """The divisors of n, ascending."""
    small = [d for d in range(1, math.isqrt(n) + 1) if n % d == 0]
    return sorted(set(small + [n // d for d in small]))


def two_tier_max_endpoints(ports: int, oversubscription: float = 1.0, lanes_per_port: int = 1) -> int:
    """Endpoints a 2-tier Clos of `ports`-port switches holds: `ports` leaves, each with its down ports."""
    down, _ = leaf_ports(ports, oversubscription)
    return ports * down * lanes_per_port


def three_tier_max_endpoints(ports: int, oversubscription: float = 1.0, lanes_per_port: int = 1) -> int:
    """Endpoints a 3-tier Clos holds: `ports` pods of ports/2 leaves (aggregation is 1:1)."""
    down, _ = leaf_ports(ports, oversubscription)
    return ports * (ports // 2) * down * lanes_per_port


@dataclass(frozen=True)
class ClosShape:
    """The switch counts and link multiplicities of one Clos fabric.

    `pods` is 1 for a 2-tier fabric. Per pod there are `spines_per_pod` spines (aggregation in a
    3-tier fabric); every leaf has `leaf_spine_links` links to every spine of its pod; in 3 tiers
    every aggregation switch has `spine_core_links` links to each of the `cores_per_plane` cores of
    its plane (plane = its index in the pod), so cores = spines_per_pod * cores_per_plane.
    """

    tiers: int
    leaves: int
    down_ports: int          # physical leaf ports given to endpoints
    uplinks: int             # per leaf
    pods: int
    spines_per_pod: int
    leaf_spine_links: int
    spine_down_ports: int    # per spine, used by leaves (largest pod)
    spine_up_ports: int = 0  # per aggregation switch, 3 tiers only
    cores_per_plane: int = 0
    spine_core_links: int = 0
    gateway_ports: int = 0   # physical spine ports kept for gateways (split into lanes when faster)

    @property
    def spines(self) -> int:
        return self.pods * self.spines_per_pod

    @property
    def cores(self) -> int:
        return self.spines_per_pod * self.cores_per_plane

    @property
    def leaf_spine_link_count(self) -> int:
        return self.leaves * self.uplinks

    @property
    def spine_core_link_count(self) -> int:
        return self.spines * self.spine_up_ports


def _leaf_uplinks(fills: list[int], leaf: SwitchSpec, oversubscription: float) -> tuple[int, int]:
    """(down ports, uplinks) of the fullest leaf, checked against the leaf's ports."""
    fullest = max(fills) if fills else 0
    down_ports = math.ceil(fullest / leaf.lanes_per_port)
    cap_down, _ = leaf_ports(leaf.ports, oversubscription)
    if down_ports > cap_down:
        raise SizingError(Message("error.sizing.leaf_full", ports=leaf.ports, oversubscription=f"{oversubscription:g}",
                                  most=cap_down * leaf.lanes_per_port, count=fullest))
    up = uplinks_for(fullest * leaf.endpoint_gbps, leaf.speed_gbps, oversubscription)
    return down_ports, up


def single_switch(fills: list[int], leaf: SwitchSpec) -> ClosShape:
    """One tier: leaves holding their endpoint lanes, no uplinks, no spines (a single back-end switch, or the two
    leaves of a small dual-homed front-end)."""
    down = math.ceil(max(fills, default=0) / leaf.lanes_per_port)
    if down > leaf.ports:
        raise SizingError(Message("error.sizing.leaf_full", ports=leaf.ports, oversubscription="1",
                                  most=leaf.ports * leaf.lanes_per_port, count=max(fills)))
    return ClosShape(tiers=1, leaves=len(fills), down_ports=down, uplinks=0, pods=1,
                     spines_per_pod=0, leaf_spine_links=0, spine_down_ports=0)


def _uplink_choices(need_up: int, down_ports: int, leaf: SwitchSpec, spare_uplinks: bool) -> range:
    """The uplink counts a leaf may get: exactly those its endpoints need at the ratio, or with `spare_uplinks`
    any more its free ports hold."""
    return range(need_up, (leaf.ports - down_ports if spare_uplinks else need_up) + 1)


def size_two_tier(fills: list[int], leaf: SwitchSpec, spine: SwitchSpec, oversubscription: float,
                  gateway_lanes: int = 0, gateway_lanes_per_port: int = 1, spare_uplinks: bool = True) -> ClosShape:
    """Shape of a 2-tier Clos whose leaves carry `fills[i]` endpoint lanes each.

    `gateway_lanes` spine ports (at the gateway's speed, `gateway_lanes_per_port` per physical port)
    are kept free across the spines for gateway links (hybrid designs). With `spare_uplinks`, when the
    uplink count has awkward divisors (21 = 3 x 7), a leaf may get a few more uplinks than the ratio
    needs if that saves spines; the fewest spines win, then the fewest uplinks. Without, a leaf gets
    exactly the uplinks its ratio needs (clos.fitted_blueprint then deals fewer endpoints to a leaf
    where that saves switches).
    """
    n_leaves = len(fills)
    down_ports, need_up = _leaf_uplinks(fills, leaf, oversubscription)
    best: ClosShape | None = None
    for up in _uplink_choices(need_up, down_ports, leaf, spare_uplinks):
        for s in divisors(up):
            if s < min(2, up) or (best is not None and s >= best.spines_per_pod):
                continue
            gw_ports = math.ceil(math.ceil(gateway_lanes / s) / gateway_lanes_per_port) if gateway_lanes else 0
            if n_leaves * (up // s) + gw_ports <= spine.ports:
                best = ClosShape(tiers=2, leaves=n_leaves, down_ports=down_ports, uplinks=up, pods=1,
                                 spines_per_pod=s, leaf_spine_links=up // s,
                                 spine_down_ports=n_leaves * (up // s), gateway_ports=gw_ports)
                break
    if best is None:
        raise SizingError(Message("error.sizing.spines", leaves=n_leaves, uplinks=need_up, ports=spine.ports))
    return best


def size_three_tier(pod_fills: list[list[int]], leaf: SwitchSpec, spine: SwitchSpec, core: SwitchSpec,
                    oversubscription: float, spare_uplinks: bool = True) -> ClosShape:
    """Shape of a 3-tier Clos: `pod_fills[p][i]` endpoint lanes on leaf i of pod p.

    Aggregation is non-blocking (at least as many ports up as down). As in 2 tiers, with `spare_uplinks`
    leaf uplink counts may be rounded up to a number with better divisors when that saves switches.
    """
    all_fills = [f for pod in pod_fills for f in pod]
    down_ports, need_up = _leaf_uplinks(all_fills, leaf, oversubscription)
    pods = len(pod_fills)
    per_pod = max(len(p) for p in pod_fills)
    half = spine.ports // 2
    choice: tuple[int, int] | None = None  # (aggregation switches per pod, leaf uplinks)
    for up in _uplink_choices(need_up, down_ports, leaf, spare_uplinks):
        agg = next((a for a in divisors(up) if a >= min(2, up) and per_pod * (up // a) <= half), None)
        if agg is not None and (choice is None or agg < choice[0]):
            choice = (agg, up)
    if choice is None:
        raise SizingError(Message("error.sizing.aggregation", leaves=per_pod, ports=spine.ports, most=half))
    agg, up = choice
    agg_down = per_pod * (up // agg)
    best: tuple[int, int] | None = None  # (cores per plane, aggregation uplinks)
    for agg_up in range(agg_down, spine.ports - agg_down + 1):
        cpl = next((c for c in divisors(agg_up) if pods * (agg_up // c) <= core.ports), None)
        if cpl is not None and (best is None or cpl < best[0]):
            best = (cpl, agg_up)
    if best is None:
        raise SizingError(Message("error.sizing.core", pods=pods, ports=core.ports))
    cpl, agg_up = best
    return ClosShape(tiers=3, leaves=len(all_fills), down_ports=down_ports, uplinks=up, pods=pods,
                     spines_per_pod=agg, leaf_spine_links=up // agg, spine_down_ports=agg_down,
                     spine_up_ports=agg_up, cores_per_plane=cpl, spine_core_links=agg_up // cpl)


def balanced(total: int, parts: int) -> list[int]:
    """`total` split into `parts` integers differing by at most one, larger first."""
    base, extra = divmod(total, parts)
    return [base + (1 if i < extra else 0) for i in range(parts)]
