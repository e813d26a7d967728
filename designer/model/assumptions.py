"""Project-wide assumptions used by cost and the report."""

from __future__ import annotations

from dataclasses import dataclass

CURRENCIES = ("USD", "CNY")


@dataclass
class Assumptions:
    currency: str = "USD"
    cny_per_usd: float = 7.2               # planning rate (docs/references.md [cny-per-usd])
    electricity_per_kwh_usd: float = 0.10  # [E] typical US industrial rate
    pue: float = 1.3                       # [E] typical modern AI data hall
    tco_years: int = 3
    support_fraction_per_year: float = 0.10  # [E] yearly support/maintenance as a share of capex
    target_oversubscription: float = 1.0   # the design's target; checks warn above it
