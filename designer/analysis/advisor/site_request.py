"""What the user asks of the advisor across sites: two sites, their distance and the long-haul link budget, checked
once with one clear line for each request that cannot be built (`advise --sites 2 --distance-km D [--dci-gbps G
--dci-links L]`, the option names of `generate two-site`)."""

from __future__ import annotations

import math
from dataclasses import dataclass

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.sites import DISTANCE_KM, LINK_COUNT
from designer.sim.workload_spec import WorkloadError
from designer.topology.two_site import DEFAULT_EQUIPMENT, TwoSiteOptions

SITE_COUNTS = (1, 2)          # one site (today's candidates) or two, as the two-site generator builds them
DEFAULT_DCI_GBPS = TwoSiteOptions.dci_gbps        # the defaults of `generate two-site`
DEFAULT_DCI_LINKS = TwoSiteOptions.dci_links
GPUS_PER_SERVER = 8           # the generator's 8-GPU servers: each site holds whole servers


@dataclass(frozen=True)
class SiteRequest:
    """Two sites `distance_km` apart joined by `dci_links` long-haul links of `dci_gbps` each (the link budget)."""

    distance_km: float
    dci_gbps: float = DEFAULT_DCI_GBPS
    dci_links: int = DEFAULT_DCI_LINKS

    @property
    def total_gbps(self) -> float:
        return self.dci_gbps * self.dci_links

    def links_for(self, backend: str, catalog: Catalog) -> tuple[float, int]:
        """The links a candidate of `backend` gets: the budget as asked, or for InfiniBand, whose long-haul
        appliance has slower line ports, the same capacity in links of the appliance's speed."""
        appliance = catalog.gateways.get(DEFAULT_EQUIPMENT["ib"]) if backend == "ib" else None
        if appliance is None or self.dci_gbps <= appliance.long_haul_gbps:
            return self.dci_gbps, self.dci_links
        return appliance.long_haul_gbps, math.ceil(self.total_gbps / appliance.long_haul_gbps)

    def to_dict(self) -> dict:
        return {"sites": 2, "distance_km": self.distance_km, "dci_gbps": self.dci_gbps, "dci_links": self.dci_links}


def site_request(gpus: int, sites: int | None, distance_km: float | None = None, dci_gbps: float | None = None,
                 dci_links: int | None = None) -> SiteRequest | None:
    """The request across sites from the command line's or the wizard's options; None for one site. Raises
    WorkloadError (one line) for options that do not go together or cannot be built."""
    given = [flag for flag, value in (("--distance-km", distance_km), ("--dci-gbps", dci_gbps),
                                      ("--dci-links", dci_links)) if value is not None]
    if sites is None or sites == 1:
        if given:
            raise WorkloadError(Message("error.advisor.sites_options", options=", ".join(given)))
        return None
    if sites not in SITE_COUNTS:
        raise WorkloadError(Message("error.advisor.sites", sites=repr(sites)))
    if distance_km is None:
        raise WorkloadError(Message("error.advisor.sites_distance"))
    if isinstance(gpus, int) and gpus % (2 * GPUS_PER_SERVER):
        raise WorkloadError(Message("error.advisor.sites_gpus", gpus=f"{gpus:,}", per_server=GPUS_PER_SERVER,
                                    step=2 * GPUS_PER_SERVER))
    if not DISTANCE_KM.accepts(distance_km):
        raise WorkloadError(Message("error.advisor.sites_distance_range", low=f"{DISTANCE_KM.minimum:,g}",
                                    high=f"{DISTANCE_KM.maximum:,g}", value=f"{distance_km:g}"))
    gbps = DEFAULT_DCI_GBPS if dci_gbps is None else dci_gbps
    links = DEFAULT_DCI_LINKS if dci_links is None else dci_links
    if not (math.isfinite(gbps) and gbps > 0):
        raise WorkloadError(Message("error.advisor.sites_gbps", value=f"{gbps:g}"))
    if not LINK_COUNT.accepts(links):
        raise WorkloadError(Message("error.advisor.sites_links", high=f"{LINK_COUNT.maximum:,.0f}", value=str(links)))
    return SiteRequest(float(distance_km), float(gbps), int(links))
