"""Register the CJK-capable TrueType font so that Chinese names and labels render (and extract) in the PDF.

reportlab's built-in Type-1 fonts have no CJK glyphs and draw Chinese as black boxes; the WenQuanYi Micro Hei
collection (Debian fonts-wqy-microhei) is embedded as a TrueType subset, with a ToUnicode map so that text
extraction gives the characters back.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

CJK_FONT_CANDIDATES = (
    "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
    "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc",
)
FONT_ENV = "FABRIC_DESIGNER_REPORT_FONT"  # a .ttf/.ttc path that overrides the candidates
REGISTERED_NAME = "FabricSans"


@dataclass(frozen=True)
class FontChoice:
    """The font names the styles use, and a message when Chinese cannot render."""

    regular: str
    bold: str
    cjk: bool
    message: str = ""


_CACHE: dict[str, FontChoice] = {}


def register_fonts() -> FontChoice:
    """Register the first CJK font found; fall back to Helvetica with a clear message when none is."""
    override = os.environ.get(FONT_ENV, "")
    if override in _CACHE:
        return _CACHE[override]
    candidates = (override,) if override else CJK_FONT_CANDIDATES
    choice = None
    for path in candidates:
        if path and os.path.isfile(path):
            try:
                pdfmetrics.registerFont(TTFont(REGISTERED_NAME, path, subfontIndex=0))
            except Exception:  # noqa: BLE001 - a damaged or unsupported font file: try the next one
                continue
            # The collection has no bold face: headings use size and colour instead of a fake bold.
            choice = FontChoice(REGISTERED_NAME, REGISTERED_NAME, True)
            break
    if choice is None:
        missing = candidates[0] or CJK_FONT_CANDIDATES[0]
        choice = FontChoice("Helvetica", "Helvetica-Bold", False,
                            f"Chinese font not found ({missing}); Chinese text will not render. "
                            "Install fonts-wqy-microhei.")
    _CACHE[override] = choice
    return choice
