"""Reading a written PDF back as a reader would: the text of every page, of the pages after the cover and the
contents, with white space folded, and whether any page holds a raster image."""

from __future__ import annotations

import re
from pathlib import Path

from pypdf import PdfReader


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(str(path)).pages]


def pdf_text(path: Path) -> str:
    return "\n".join(page_texts(path))


def body_text(path: Path) -> str:
    """Text of the pages after the cover and the contents page."""
    return "\n".join(page_texts(path)[2:])


def flat(text: str) -> str:
    return re.sub(r"\s+", " ", text)


def has_raster_image(path: Path) -> bool:
    for page in PdfReader(str(path)).pages:
        xobjects = (page.get("/Resources") or {}).get("/XObject") or {}
        for ref in xobjects.values():
            if ref.get_object().get("/Subtype") == "/Image":
                return True
    return False
