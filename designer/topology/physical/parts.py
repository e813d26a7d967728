"""Choosing catalog parts: a copper or active cable for two cage forms, a transceiver for a cage, a fibre.

Reach classes of a link's `cable` field: "dac" = passive copper; "aoc" = active cables, active copper (ACC)
where the gear takes no active optical cable (twin-port OSFP: NVIDIA's cabling guide for NDR says AOC is not
practical there) and AOC elsewhere; "optics" = a transceiver in each cage and fibre between them.
Lengths are ordered from the part's list of lengths (the first at or above the need); fibre by the metre.
"""

from __future__ import annotations

import math

from designer.catalog.loader import Catalog
from designer.catalog.models import CableModel, TransceiverModel

CLASS_TYPES = {"dac": ("dac",), "aoc": ("acc", "aoc")}


def cable_part(catalog: Catalog, cable_class: str, head_form: str, leg_form: str, legs: int,  # noqa: PLR0913
               speed_gbps: float, length_m: float, *, head_gbps: float = 0.0,
               port_gbps: float = 0.0) -> tuple[CableModel | None, bool]:
    """The cheapest cable of the class joining these forms with `legs` legs at `speed_gbps` per leg, whose head
    carries the cage's rate `head_gbps` (an NDR twin-port cable does not fit a 1.6T XDR cage). `port_gbps` above
    `speed_gbps`: the head cage's ports are that fast and the links run slower (an InfiniBand port trained down to
    the far port's speed); only a head made to run its cage's ports below their speed fits them, with legs that run
    `speed_gbps` (MCP7Y60: a Quantum-2 cage to two EDR QSFP28 ports), and such a head fits no other link.

    Returns (part, reaches): a part that fits the gear but not the length comes back with reaches=False
    (the longest one), None when nothing fits the gear at all.
    """
    types = CLASS_TYPES.get(cable_class, ())
    trained = port_gbps > speed_gbps + 1e-6
    fits = [c for c in catalog.cables.values()
            if c.type in types and c.legs == legs and c.down_rate == trained
            and _speed_fits(c.leg_rates_gbps() if trained else (c.speed_gbps,), speed_gbps, legs)
            and c.head_rate_gbps + 1e-6 >= head_gbps
            and {c.head_form, c.leg_form} == {head_form, leg_form} and (legs == 1 or c.head_form == head_form)]
    if not fits:
        return None, False
    reaching = [c for c in fits if c.max_reach_m + 1e-9 >= length_m]
    if reaching:
        return min(reaching, key=lambda c: (c.price_usd, c.max_reach_m, c.id)), True
    return max(fits, key=lambda c: (c.max_reach_m, -c.price_usd)), False


def _speed_fits(part_gbps: tuple[float, ...], link_gbps: float, legs: int) -> bool:
    """A splitter's legs run exactly the link speed (one of the rates they are made for); a straight cable carries
    the link at or below its rate."""
    if legs > 1:
        return any(abs(rate - link_gbps) < 1e-6 for rate in part_gbps)
    return part_gbps[0] + 1e-6 >= link_gbps


def transceiver(catalog: Catalog, form: str, engine_gbps: float, fibre: str,
                length_m: float) -> tuple[TransceiverModel | None, bool]:
    """The cheapest module for a cage form whose engines run `engine_gbps`, preferring `fibre`.

    Twin-port cages (osfp8) take two-engine modules, single cages one-engine modules. Returns (module,
    reaches) like `cable_part`; a module of the other fibre type is taken when none of `fibre` fits.
    """
    engines = 2 if form == "osfp8" else 1
    fits = [t for t in catalog.transceivers.values()
            if t.form == form and t.engines == engines and t.engine_gbps + 1e-6 >= engine_gbps]
    exact = [t for t in fits if abs(t.engine_gbps - engine_gbps) < 1e-6] or fits
    for pool in ([t for t in exact if t.fibre == fibre], exact):
        reaching = [t for t in pool if t.max_reach_m + 1e-9 >= length_m]
        if reaching:
            return min(reaching, key=lambda t: (t.price_usd, t.id)), True
    if not exact:
        return None, False
    return max(exact, key=lambda t: (t.max_reach_m, -t.price_usd)), False


def fibre_part(catalog: Catalog, fibre: str, connector: str) -> CableModel | None:
    """The fibre cable for a module's fibre type and connector (cheapest per metre)."""
    fits = [c for c in catalog.cables.values() if c.type == "fibre" and c.fibre == fibre and c.connector == connector]
    return min(fits, key=lambda c: (c.price_per_m_usd, c.price_usd, c.id)) if fits else None


def ordered_length_m(part: CableModel | None, length_m: float) -> float:
    """The length to order: the part's first listed length at or above the need, else whole metres."""
    if part is not None and part.lengths_m:
        longer = [x for x in part.lengths_m if x + 1e-9 >= length_m]
        return float(min(longer)) if longer else float(max(part.lengths_m))
    return float(max(1, math.ceil(length_m - 1e-9)))


def cable_price_usd(part: CableModel, ordered_m: float) -> float:
    """One cable's price: the part's price, plus its price per metre for fibre."""
    return part.price_usd + part.price_per_m_usd * ordered_m
