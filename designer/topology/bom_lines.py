"""Lines of a bill of materials and the one price of each catalog item."""

from __future__ import annotations

from dataclasses import dataclass, field

from designer.catalog.loader import Catalog
from designer.i18n.message import Message


@dataclass
class BomItem:
    """One line: a model, how many to order (spares included), at what price (in the report's currency).

    `label`, when set, is the customer-language description (services, racks, support); `description` is its
    English text or the product's catalog name. `per_year` lines are recurring costs (support), not capex.
    """

    model: str
    kind: str
    count: int
    unit_price: float
    total: float
    description: str
    power_w_each: float
    spares: int = 0
    part_number: str = ""
    per_year: bool = False
    label: Message | None = field(default=None, compare=False)

    def describe(self, language: str | None = None) -> str:
        """The line's description in `language` (product names stay as the catalog writes them)."""
        return self.label.render(language) if self.label is not None else self.description

    def to_dict(self) -> dict[str, object]:
        return {"model": self.model, "kind": self.kind, "count": self.count, "unit_price": self.unit_price,
                "total": self.total, "description": self.description, "power_w_each": self.power_w_each,
                "spares": self.spares, "part_number": self.part_number, "per_year": self.per_year}


def unit_price_usd(record: object) -> float:
    """The price of one catalog item in USD: its `price_usd` (every line of the BOM prices through here)."""
    return float(getattr(record, "price_usd", 0.0) or 0.0)


class Lines:
    """Accumulates lines by (kind, model id); a part bought at several prices (fibre by length) averages."""

    def __init__(self, catalog: Catalog) -> None:
        self.catalog = catalog
        self._items: dict[tuple[str, str], BomItem] = {}

    def add(self, kind: str, record: object, count: int = 1, *, price_usd: float | None = None,
            label: Message | None = None, power_w: float | None = None, model_id: str | None = None) -> None:
        if count <= 0:
            return
        key = (kind, model_id or record.id)  # type: ignore[attr-defined]
        unit = unit_price_usd(record) if price_usd is None else float(price_usd)
        item = self._items.get(key)
        if item is None:
            item = BomItem(key[1], kind, 0, 0.0, 0.0, getattr(record, "model", key[1]),
                           float(getattr(record, "power_w", 0.0) if power_w is None else power_w),
                           part_number=getattr(record, "part_number", ""), label=label)
            self._items[key] = item
        item.count += count
        item.total += unit * count
        item.unit_price = item.total / item.count

    def add_amount(self, kind: str, model_id: str, total_usd: float, label: Message, *, count: int = 1,
                   per_year: bool = False) -> None:
        """A line priced as a sum (installation as a percentage, support per year)."""
        if total_usd <= 0 or count <= 0:
            return
        self._items[(kind, model_id)] = BomItem(model_id, kind, count, total_usd / count, total_usd,
                                                label.render("en"), 0.0, per_year=per_year, label=label)

    def add_spares(self, item: BomItem, spares: int) -> None:
        if spares <= 0:
            return
        item.spares += spares
        item.count += spares
        item.total += item.unit_price * spares

    def items(self) -> list[BomItem]:
        return list(self._items.values())

    def total_of(self, kinds: frozenset[str] | set[str]) -> float:
        return sum(i.total for i in self._items.values() if i.kind in kinds and not i.per_year)
