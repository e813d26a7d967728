"""A part the catalog gives no confirmed part number is named by its model, and the proposal says, in the
customer's language, that its part number is to be confirmed with the maker; no catalog part number is made up."""

from __future__ import annotations

import re

import pytest
from pypdf import PdfReader

from designer.report import ReportOptions, build_proposal
from designer.report.products import unconfirmed_part_number
from tests.factories import CAT, two_server_doc

GENERIC = {"", "generic", "oem"}


def test_generic_parts_carry_no_part_number_and_none_is_a_description():
    """A rack, a PDU or installation labour is bought by its description: a code such as "RACK-42U-600" would read
    as an orderable number that no maker sells; a part number never has spaces (a description in its place)."""
    for r in [*CAT.cables.values(), *CAT.transceivers.values(), *CAT.parts.values()]:
        assert " " not in r.part_number, r.id
    generic = [p for p in CAT.parts.values() if p.vendor.strip().lower() in GENERIC]
    assert {p.kind for p in generic} >= {"rack", "pdu", "patch-panel", "trunk", "installation"}
    assert all(p.part_number == "" for p in generic), [p.id for p in generic if p.part_number]


def test_the_fabric_manager_has_no_invented_part_number():
    ufm = CAT.parts_of("ufm")
    assert ufm and all(not re.search(r"APPLIANCE", p.part_number) for p in ufm)
    assert all(unconfirmed_part_number(p) == "NVIDIA" for p in ufm if not p.part_number)


@pytest.mark.parametrize("lang, named, to_confirm, basis", [
    ("en", "Fabric manager 1 · UFM Enterprise appliance", "Part number to be confirmed with NVIDIA: UFM Enterprise",
     "part number: to be confirmed with NVIDIA"),
    ("zh_CN", "子网管理设备 1 · UFM Enterprise 管理设备", "以下产品的订货号待与 NVIDIA 确认：UFM Enterprise",
     "订货号：待与 NVIDIA 确认"),
])
def test_the_rack_page_and_the_products_appendix_name_it_and_say_to_confirm(tmp_path, lang, named, to_confirm,
                                                                           basis):
    assert any(not p.part_number for p in CAT.parts_of("ufm"))      # the case this test is about
    doc = two_server_doc("ib")                     # an InfiniBand segment: the plan adds fabric managers
    out = tmp_path / f"parts-{lang}.pdf"
    build_proposal(doc, str(out), options=ReportOptions(sections=["racks", "sources"], language=lang), catalog=CAT)
    text = "".join(page.extract_text() for page in PdfReader(out).pages)
    flat = re.sub(r"\s+", " ", text)
    for words in (named, to_confirm, basis):
        assert words in flat or words.replace(" ", "") in flat.replace(" ", ""), (lang, words)
    assert "UFM3.1" not in flat
