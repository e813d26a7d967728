"""Sites of a multi-site design and the long-haul links between them.

A design without sites is one site, as before. With sites, each node may carry the id of the site it stands in
(`Node.site`), and `long_haul` entries describe the bundles of long-haul links between two sites: the distance,
the capacity of one link, how many links, and the equipment at each end (a DCI router or deep-buffer switch, or an
InfiniBand long-haul appliance, from the catalog's gateways) with the optics on the line side (the catalog's
long-haul optics). The cables of a bundle are the design's links whose ends stand in its two sites; a cable's own
`length_m` is its patch cord, and the bundle's `distance_km` is the span the signal crosses.

File form (the `sites` and `long_haul` top-level keys; both absent in a one-site design):

    "sites": [{"id": "a", "name": "Beijing"}, {"id": "b", "name": "Tianjin"}],
    "long_haul": [{"id": "dci", "a": "a", "b": "b", "distance_km": 100.0, "capacity_gbps": 400.0,
                   "count": 16, "equipment": "dci-jericho3", "optics": "zr-400"}]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from designer.i18n.message import Message
from designer.model.limits import SPEED_GBPS, Range
from designer.model.run_results import Problem, section_items

MAX_SITES = 64
LONG_HAUL_PLANE = "long-haul"    # how hand-over files and the proposal class a line between two sites
MAX_LONG_HAUL = 1_000
# the longest great-circle span on Earth is about half its circumference, ~20,000 km
DISTANCE_KM = Range(0.001, 20_000)
LINK_COUNT = Range(1, 4_096)
# light in silica fibre (refractive index ~1.47) travels at c/1.47 = 204,000 km/s: 4.9 us/km, rounded to 5
# (ITU-T G.652 fibre group index ~1.467; the figure network planners use; docs/references.md [fibre-propagation])
PROPAGATION_US_PER_KM = 5.0
_SITE_FIELDS = {"id", "name"}
_LINK_FIELDS = {"id", "a", "b", "distance_km", "capacity_gbps", "count", "equipment", "optics"}


@dataclass
class Site:
    """One site (data centre) of a design."""

    id: str
    name: str = ""

    @property
    def display_name(self) -> str:
        return self.name or self.id


@dataclass
class LongHaul:
    """A bundle of `count` long-haul links of `capacity_gbps` each between sites `a` and `b`, `distance_km` apart."""

    id: str
    a: str
    b: str
    distance_km: float
    capacity_gbps: float
    count: int
    equipment: str                 # catalog gateway at each end (DCI router, deep-buffer switch, IB long-haul)
    optics: str | None = None      # catalog long-haul optics on each end of each link (None: built into equipment)

    @property
    def one_way_us(self) -> float:
        return self.distance_km * PROPAGATION_US_PER_KM

    @property
    def total_gbps(self) -> float:
        return self.capacity_gbps * self.count

    def joins(self, site_a: str | None, site_b: str | None) -> bool:
        return {site_a, site_b} == {self.a, self.b}


def site_to_dict(site: Site) -> dict[str, Any]:
    return {"id": site.id, "name": site.name}


def long_haul_to_dict(lh: LongHaul) -> dict[str, Any]:
    return {"id": lh.id, "a": lh.a, "b": lh.b, "distance_km": float(lh.distance_km),
            "capacity_gbps": float(lh.capacity_gbps), "count": lh.count, "equipment": lh.equipment,
            "optics": lh.optics}


def sites_from_raw(raw: Any) -> tuple[list[Site], list[Problem]]:
    """The sites of the file's `sites` list and the problems found (each with its place)."""
    items, problems = section_items(raw, "sites", MAX_SITES, "error.sites.not_list")
    out: list[Site] = []
    for place, item in items:
        before = len(problems)
        _unknown(item, _SITE_FIELDS, place, problems)
        site_id, name = item.get("id"), item.get("name", "")
        if not isinstance(site_id, str) or not site_id.strip():
            problems.append(Problem(f"{place}.id", Message("error.sites.id")))
        elif any(s.id == site_id for s in out):
            problems.append(Problem(f"{place}.id", Message("error.file.id_twice", id=site_id)))
        if not isinstance(name, str):
            problems.append(Problem(f"{place}.name", Message("error.sites.name")))
        if len(problems) == before:
            out.append(Site(str(site_id), str(name)))
    return out, problems


def long_haul_from_raw(raw: Any, site_ids: set[str]) -> tuple[list[LongHaul], list[Problem]]:
    """The long-haul bundles of the file's `long_haul` list, checked against the design's sites."""
    items, problems = section_items(raw, "long_haul", MAX_LONG_HAUL, "error.long_haul.not_list")
    out: list[LongHaul] = []
    for place, item in items:
        before = len(problems)
        lh = _long_haul(item, place, site_ids, problems)
        if lh is not None and any(o.id == lh.id for o in out):
            problems.append(Problem(f"{place}.id", Message("error.file.id_twice", id=lh.id)))
        elif lh is not None and any(o.joins(lh.a, lh.b) for o in out):
            problems.append(Problem(place, Message("error.long_haul.pair_twice", a=lh.a, b=lh.b)))
        if lh is not None and len(problems) == before:
            out.append(lh)
    return out, problems


def _long_haul(item: dict[str, Any], place: str, site_ids: set[str], problems: list[Problem]) -> LongHaul | None:
    _unknown(item, _LINK_FIELDS, place, problems)
    texts = {key: item.get(key) for key in ("id", "a", "b", "equipment")}
    for key, value in texts.items():
        if not isinstance(value, str) or not value.strip():
            problems.append(Problem(f"{place}.{key}", Message("error.long_haul.text", field=key)))
    for key in ("a", "b"):
        value = texts[key]
        if isinstance(value, str) and value.strip() and value not in site_ids:
            problems.append(Problem(f"{place}.{key}", Message("error.long_haul.no_site", site=value)))
    if texts["a"] is not None and texts["a"] == texts["b"]:
        problems.append(Problem(place, Message("error.long_haul.same_site", site=texts["a"])))
    optics = item.get("optics")
    if optics is not None and (not isinstance(optics, str) or not optics.strip()):
        problems.append(Problem(f"{place}.optics", Message("error.long_haul.optics")))
    distance = _number(item, "distance_km", place, DISTANCE_KM, "error.long_haul.distance", problems)
    capacity = _number(item, "capacity_gbps", place, SPEED_GBPS, "error.long_haul.capacity", problems)
    count = item.get("count")
    if type(count) is not int or not LINK_COUNT.accepts(count):
        problems.append(Problem(f"{place}.count", Message("error.long_haul.count", low=f"{LINK_COUNT.minimum:,.0f}",
                                                          high=f"{LINK_COUNT.maximum:,.0f}", value=repr(count))))
        count = None
    if distance is None or capacity is None or count is None or not all(isinstance(v, str) for v in texts.values()):
        return None
    return LongHaul(str(texts["id"]), str(texts["a"]), str(texts["b"]), distance, capacity, count,
                    str(texts["equipment"]), optics)


def _number(item: dict[str, Any], key: str, place: str, allowed: Range, msg_id: str,
            problems: list[Problem]) -> float | None:
    value = item.get(key)
    if not isinstance(value, int | float) or isinstance(value, bool) or not allowed.accepts(value):
        problems.append(Problem(f"{place}.{key}", Message(msg_id, low=f"{allowed.minimum:,g}",
                                                          high=f"{allowed.maximum:,g}", value=repr(value)[:24])))
        return None
    return float(value)


def _unknown(item: dict[str, Any], known: set[str], place: str, problems: list[Problem]) -> None:
    unknown = set(item) - known
    if unknown:
        problems.append(Problem(place, Message("error.sites.unknown_fields", fields=", ".join(sorted(unknown)))))


def node_site_problems(node_sites: list[tuple[int, str | None]], site_ids: set[str]) -> list[Problem]:
    """A node that names a site the design does not declare: (node index, its site) pairs in."""
    return [Problem(f"nodes[{i}].site", Message("error.sites.no_site", site=site))
            for i, site in node_sites if site is not None and site not in site_ids]


def crosses_sites(site_a: str | None, site_b: str | None) -> bool:
    """Whether a link whose ends stand in these sites is a long-haul link (both in a site, different ones)."""
    return site_a is not None and site_b is not None and site_a != site_b


def bundle_between(long_haul: list[LongHaul], site_a: str | None, site_b: str | None) -> LongHaul | None:
    """The long-haul bundle joining two different sites, or None (same site, no site, or none declared)."""
    if site_a is None or site_b is None or site_a == site_b:
        return None
    return next((lh for lh in long_haul if lh.joins(site_a, site_b)), None)
