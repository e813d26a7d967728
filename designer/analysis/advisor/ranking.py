"""Rank candidate designs by the user's priorities: speed, cost, tail latency, budget and existing Ethernet.

Each candidate's score is a weighted sum of how far it is from the best candidate on each axis (0 = the best):
  time   : time_s / best time − 1          (completion or training-step time)
  cost   : TCO / lowest TCO − 1
  tail   : p99 latency / lowest p99 − 1
plus a small operations penalty for InfiniBand when the operator already runs Ethernet at scale (a second
fabric, a Subnet Manager and a second skill set: the "ethernet_ops" argument of analysis.recommendation; the
penalty is a judgement, not a published figure). Lower is better. Candidates over the budget (capex) rank after
every candidate within it.
"""

from __future__ import annotations

from dataclasses import dataclass

# weights of (time, cost, tail) by priority; latency-sensitive users trade cost for a lower tail
DEFAULT_WEIGHTS = (1.0, 1.0, 0.1)
LATENCY_SENSITIVE_WEIGHTS = (1.0, 0.5, 1.0)
# score added per back-end segment protocol when the operator already runs Ethernet (IB adds a second fabric)
ETHERNET_OPS_PENALTY = {"ib": 0.10, "hybrid": 0.05, "rocev2": 0.0}


@dataclass(frozen=True)
class Preferences:
    """What the user told the advisor (budget in `currency`, compared with each candidate's capex)."""

    budget: float | None = None
    currency: str = "USD"
    existing_ethernet: bool = False
    latency_sensitive: bool = False

    def weights(self) -> tuple[float, float, float]:
        return LATENCY_SENSITIVE_WEIGHTS if self.latency_sensitive else DEFAULT_WEIGHTS


@dataclass(frozen=True)
class Scored:
    """One ranked candidate: its id, the axis terms, the total score and whether it fits the budget."""

    id: str
    protocol: str
    time_term: float
    cost_term: float
    tail_term: float
    ops_term: float
    score: float
    within_budget: bool | None      # None: no budget given


def _relative(value: float, best: float) -> float:
    return value / best - 1.0 if best > 0 else 0.0


def score_candidates(figures: dict[str, dict], protocols: dict[str, str], prefs: Preferences) -> list[Scored]:
    """Score and rank candidates; `figures[id]` holds time_s, tco, capex and p99_latency_us (advisor figures).

    The order is deterministic: within-budget first, then by score, then by the order of `figures`.
    """
    if not figures:
        return []
    w_time, w_cost, w_tail = prefs.weights()
    best_time = min(f["time_s"] for f in figures.values())
    best_tco = min(f["tco"] for f in figures.values())
    best_tail = min(f["p99_latency_us"] for f in figures.values())
    scored = []
    for cid, f in figures.items():
        t = _relative(f["time_s"], best_time)
        c = _relative(f["tco"], best_tco)
        lat = _relative(f["p99_latency_us"], best_tail)
        ops = ETHERNET_OPS_PENALTY.get(protocols[cid], 0.0) if prefs.existing_ethernet else 0.0
        within = None if prefs.budget is None else f["capex"] <= prefs.budget
        scored.append(Scored(cid, protocols[cid], t, c, lat, ops, w_time * t + w_cost * c + w_tail * lat + ops,
                             within))
    order = {cid: k for k, cid in enumerate(figures)}
    return sorted(scored, key=lambda s: (s.within_budget is False, round(s.score, 12), order[s.id]))
