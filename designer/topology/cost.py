"""Cost of a design: bill of materials, capex, power and total cost of ownership, in USD or CNY.

TCO = capex + years x (energy + support), with
energy per year  = installed power (kW) x 8,760 h x PUE x electricity price per kWh, and
support per year = the bill of materials' support lines (support_fraction_per_year of each supported kind's
hardware; design assumptions). Catalog prices are USD and convert to CNY at the design's cny_per_usd.
This is the one place the program prices a design: the CLI, the exports, the proposal, the window and the
recommendation read `cost_report`, never the catalog's prices directly.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from designer.catalog.loader import Catalog, load_catalog
from designer.catalog.money import convert_usd
from designer.i18n.message import Message, either
from designer.model.assumptions import CURRENCIES
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology.bill_of_materials import KIND_ORDER, NETWORK_KINDS, BomItem, priced_build
from designer.topology.physical_build import PhysicalBuild

HOURS_PER_YEAR = 8760.0


@dataclass
class CostReport:
    """A priced bill of materials with capex, power and TCO (all money in `currency`)."""

    currency: str
    items: list[BomItem] = field(default_factory=list)
    capex: float = 0.0
    capex_network: float = 0.0
    power_w: float = 0.0
    tco: float = 0.0
    tco_years: int = 3
    energy_cost_per_year: float = 0.0
    support_cost_per_year: float = 0.0
    build: PhysicalBuild | None = field(default=None, repr=False, compare=False)   # rack plan, cable schedule

    @property
    def network_share(self) -> float:
        """The network's part of capex (0..1); published builds put it at 10-25 %
        (docs/references.md [network-cost-share])."""
        return self.capex_network / self.capex if self.capex > 0 else 0.0

    def counts_by_kind(self) -> dict[str, int]:
        out: dict[str, int] = {}
        for item in self.items:
            out[item.kind] = out.get(item.kind, 0) + item.count
        return {k: out[k] for k in KIND_ORDER if k in out}

    def count(self, model: str) -> int:
        """How many of a model the design uses (0 if none)."""
        return sum(i.count for i in self.items if i.model == model)

    def to_dict(self) -> dict[str, Any]:
        """JSON form for `cost --json` (money rounded to cents; `tco_3y` is the TCO over `tco_years`)."""
        return {
            "currency": self.currency,
            "items": [item.to_dict() for item in self.items],
            "counts_by_kind": self.counts_by_kind(),
            "capex": round(self.capex, 2),
            "capex_network": round(self.capex_network, 2),
            "network_share": round(self.network_share, 6),
            "power_w": round(self.power_w, 3),
            "energy_cost_per_year": round(self.energy_cost_per_year, 2),
            "support_cost_per_year": round(self.support_cost_per_year, 2),
            "tco_years": self.tco_years,
            "tco": round(self.tco, 2),
            "tco_3y": round(self.tco, 2),
        }


def cost_report(doc: FabricDocument, catalog: Catalog | None = None, currency: str | None = None,
                build: PhysicalBuild | None = None) -> CostReport:
    """Bill of materials, capex, power and TCO of `doc`, in `currency` (default: the design's); `build`: its rack
    plan and cable schedule when the caller has them already.

    Raises ProjectError for a model, NIC or cable the catalog does not have, or an unknown currency.
    """
    cat = catalog if catalog is not None else load_catalog()
    a = doc.assumptions
    cur = currency or a.currency
    if cur not in CURRENCIES:
        raise ProjectError(Message("error.cost.currency", currency=cur, choices=either(CURRENCIES)))
    if a.tco_years < 0 or a.pue < 1.0 or a.cny_per_usd <= 0 or a.electricity_per_kwh_usd < 0 \
            or a.support_fraction_per_year < 0:
        raise ProjectError(Message("error.cost.assumptions", years=a.tco_years, pue=f"{a.pue:g}",
                                   cny=f"{a.cny_per_usd:g}", electricity=f"{a.electricity_per_kwh_usd:g}",
                                   support=f"{a.support_fraction_per_year:g}"))

    def money(usd: float) -> float:
        return convert_usd(usd, cur, a.cny_per_usd)

    bom = priced_build(doc, cat, build)
    items = [replace(item, unit_price=money(item.unit_price), total=money(item.total)) for item in bom.items]
    capex = sum(i.total for i in items if not i.per_year)
    capex_network = sum(i.total for i in items if i.kind in NETWORK_KINDS and not i.per_year)
    power_w = sum(i.power_w_each * (i.count - i.spares) for i in items if not i.per_year)   # spares sit on a shelf
    # Energy drawn from the grid: IT power (W -> kW) over a year of hours, times PUE for cooling and losses.
    energy_per_year = power_w / 1000.0 * HOURS_PER_YEAR * a.pue * money(a.electricity_per_kwh_usd)
    support_per_year = sum(i.total for i in items if i.per_year)
    tco = capex + a.tco_years * (energy_per_year + support_per_year)
    return CostReport(currency=cur, items=items, capex=capex, capex_network=capex_network, power_w=power_w,
                      tco=tco, tco_years=a.tco_years, energy_cost_per_year=energy_per_year,
                      support_cost_per_year=support_per_year, build=bom.build)


def backend_cabling_cost(doc: FabricDocument, catalog: Catalog | None = None, currency: str | None = None) -> float:
    """What the back-end's cables, transceivers and fibre cost (spares included), by the bill of materials."""
    from designer.topology.backend_only import backend_only

    report = cost_report(backend_only(doc), catalog, currency)
    return sum(i.total for i in report.items if i.kind in ("cable", "optics", "fibre") and not i.per_year)
