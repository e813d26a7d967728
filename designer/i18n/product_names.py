"""Catalog product names in another language: the maker's names and part numbers as they are, the words that say
what the product is ("twin-port transceiver", "server rack", "metered per outlet") translated.

Names are looked up by their English text (the catalog's vendor and model as a customer reads them), so an entry
that a user catalog overrides with another product is never given the old product's translation. The tables live
in resources/i18n/products_<language>.json; English needs none.
"""

from __future__ import annotations

import json
from functools import cache

from designer.i18n.catalog import CATALOG_DIR, current_language, normalise
from designer.i18n.message import Message


@cache
def product_names(language: str) -> dict[str, str]:
    """English product name -> its name in `language` (empty for English or a language without a table)."""
    path = CATALOG_DIR / f"products_{normalise(language)}.json"
    if not path.exists():
        return {}
    return dict(json.loads(path.read_text(encoding="utf-8")))


def translated_product_name(name: str, language: str) -> str | None:
    """`name` in `language`, or None when the table does not hold it."""
    return product_names(language).get(name)


class ProductName(Message):
    """A catalog product's name (vendor and model, `ProductName("product.name", name=...)`) as a message parameter:
    it renders as the translation table gives it in the reader's language, else as it is."""

    def render(self, language: str | None = None) -> str:
        lang = normalise(language) if language else current_language()
        name = str(self.params["name"])
        return translated_product_name(name, lang) or name
