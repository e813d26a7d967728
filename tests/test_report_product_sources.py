"""Every product the proposal's sources appendix lists is traced to a source the catalog knows."""

from __future__ import annotations

from designer.catalog.loader import load_catalog
from designer.report.sources import BIBLIOGRAPHY, PRODUCT_SOURCES, product_source_keys


def _all_entries():
    cat = load_catalog()
    for table in (cat.switches, cat.servers, cat.nics, cat.gateways, cat.cables, cat.transceivers, cat.parts):
        yield from table.items()


def test_the_source_table_names_only_products_and_sources_that_exist():
    ids = {model for model, _entry in _all_entries()}
    assert set(PRODUCT_SOURCES) <= ids, sorted(set(PRODUCT_SOURCES) - ids)
    assert all(key in BIBLIOGRAPHY for keys in PRODUCT_SOURCES.values() for key in keys)


def test_cables_and_modules_taken_from_linkx_pages_cite_them():
    cat = load_catalog()
    linkx = [(m, e) for m, e in {**cat.cables, **cat.transceivers}.items() if e.source.startswith("NVIDIA LinkX")]
    assert len(linkx) >= 10
    assert all(product_source_keys(m, e.source) for m, e in linkx)
