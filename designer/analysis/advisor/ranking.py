"""What the user told the advisor (budget, currency, priorities) and the candidates as options of the one
recommendation rule (designer/analysis/recommendation.py): within the budget, by the priorities in order, a gap
inside a priority's tie band handing the choice to the next priority."""

from __future__ import annotations

from dataclasses import dataclass

from designer.analysis.advisor.site_request import SiteRequest
from designer.analysis.recommendation import Option, priority_order


@dataclass(frozen=True)
class Preferences:
    """What the user told the advisor (budget in `currency`, compared with each candidate's capital cost; the sites
    the candidates span)."""

    budget: float | None = None
    currency: str = "USD"
    existing_ethernet: bool = False
    latency_sensitive: bool = False
    priorities: tuple[str, ...] | None = None     # criteria in order; None: the default for the flags above
    site: SiteRequest | None = None               # two sites: their distance and link budget (None: one site)

    def order(self) -> tuple[str, ...]:
        """The criteria in the order they are applied."""
        return priority_order(self.priorities, latency_sensitive=self.latency_sensitive,
                              existing_ethernet=self.existing_ethernet)


@dataclass(frozen=True)
class Ranked:
    """One candidate's place: its id, its back-end and whether it fits the budget (None: no budget given)."""

    id: str
    protocol: str
    within_budget: bool | None


def candidate_option(candidate) -> Option:
    """A candidate as an option of the recommendation, with its own simulated and costed figures."""
    f = candidate.figures
    return Option(id=candidate.id, label=candidate.label_message(), protocol=candidate.protocol, capex=f["capex"],
                  tco=f["tco"], currency=f["currency"], time_s=f["time_s"], p99_us=f["p99_latency_us"],
                  figures={"busbw_gbps": candidate.result.get("busbw_gbps"), "backend": None,
                           "gpu_utilization": f.get("gpu_utilization")})
