"""The page frame of the proposal: A4 cover page, then pages with header, footer, page number and contents."""

from __future__ import annotations

from collections.abc import Callable
from typing import BinaryIO

from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import BaseDocTemplate, Flowable, Frame, PageTemplate, Paragraph

from designer.report.styles import ACCENT, MUTED, RULE, Styles, user_text

PAGE_WIDTH, PAGE_HEIGHT = A4
MARGIN_X = 20 * mm
MARGIN_TOP = 24 * mm
MARGIN_BOTTOM = 20 * mm
TEXT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X
TEXT_HEIGHT = PAGE_HEIGHT - MARGIN_TOP - MARGIN_BOTTOM
HEADER_FONT_SIZE = 7.5


class ProposalTemplate(BaseDocTemplate):
    """A document whose level-1/2 headings feed the table of contents and the PDF outline."""

    def __init__(self, filename: str | BinaryIO, styles: Styles, header_left: str, header_right: str,
                 footer_left: str, page_label: Callable[[int], str], **kw):
        super().__init__(filename, pagesize=A4, leftMargin=MARGIN_X, rightMargin=MARGIN_X, topMargin=MARGIN_TOP,
                         bottomMargin=MARGIN_BOTTOM, **kw)
        self.styles = styles
        # clipped once here, not on every page: a design name may be thousands of characters long
        font = styles.fonts.regular
        self.header_left = clip_to_width(header_left, font, HEADER_FONT_SIZE, TEXT_WIDTH * 0.6)
        self.header_right = clip_to_width(header_right, font, HEADER_FONT_SIZE, TEXT_WIDTH * 0.38)
        self.footer_left = clip_to_width(footer_left, font, HEADER_FONT_SIZE, TEXT_WIDTH * 0.7)
        self.page_label = page_label
        frame = Frame(MARGIN_X, MARGIN_BOTTOM, TEXT_WIDTH, TEXT_HEIGHT, id="body", leftPadding=0, rightPadding=0,
                      topPadding=0, bottomPadding=0)
        cover_frame = Frame(MARGIN_X, MARGIN_BOTTOM, TEXT_WIDTH, PAGE_HEIGHT - 2 * MARGIN_BOTTOM, id="cover",
                            leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)
        self.addPageTemplates([PageTemplate("cover", [cover_frame], onPage=self._cover_page),
                               PageTemplate("body", [frame], onPage=self._body_page)])
        self._heading_count = 0

    def afterFlowable(self, flowable: Flowable) -> None:
        """Register every h1/h2 with the table of contents and as a PDF bookmark; note where it landed."""
        self._note_placement(flowable)
        if not isinstance(flowable, Paragraph):
            return
        level = {"h1": 0, "h2": 1}.get(flowable.style.name)
        if level is None:
            return
        text = flowable.getPlainText()
        self._heading_count += 1
        key = f"h{self._heading_count}"
        self.canv.bookmarkPage(key)
        self.canv.addOutlineEntry(text, key, level=level, closed=level > 0)   # outline titles are plain text
        if level == 0:      # the contents page lists the sections; the PDF outline has every heading
            # the table of contents parses its entries as markup again: hand it the heading escaped once more
            self.notify("TOCEntry", (level, user_text(text), self.page, key))

    def beforeDocument(self) -> None:
        self._heading_count = 0
        self.placements: list[tuple[int, str, float]] = []   # (page, kind, share of the page filled after it)

    def _note_placement(self, flowable: Flowable) -> None:
        """Each flowable's page and how far down the page it ends (the layout tests read this)."""
        frame = getattr(self, "frame", None)
        if frame is None:
            return
        top = frame._y1 + frame._height
        filled = (top - frame._y) / frame._height if frame._height else 0.0
        kind = flowable.style.name if isinstance(flowable, Paragraph) else type(flowable).__name__
        self.placements.append((self.page, kind, filled))

    def _cover_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        canvas.saveState()
        canvas.setFillColor(ACCENT)
        canvas.rect(0, PAGE_HEIGHT - 14 * mm, PAGE_WIDTH, 14 * mm, stroke=0, fill=1)
        canvas.rect(0, 0, PAGE_WIDTH, 6 * mm, stroke=0, fill=1)
        canvas.restoreState()

    def _body_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        font = self.styles.fonts.regular
        canvas.saveState()
        canvas.setStrokeColor(RULE)
        canvas.setLineWidth(0.5)
        y_head = PAGE_HEIGHT - MARGIN_TOP + 8 * mm
        canvas.line(MARGIN_X, y_head - 2.5 * mm, PAGE_WIDTH - MARGIN_X, y_head - 2.5 * mm)
        canvas.setFont(font, HEADER_FONT_SIZE)
        canvas.setFillColor(MUTED)
        canvas.drawString(MARGIN_X, y_head, self.header_left)
        canvas.drawRightString(PAGE_WIDTH - MARGIN_X, y_head, self.header_right)
        y_foot = MARGIN_BOTTOM - 10 * mm
        canvas.line(MARGIN_X, y_foot + 4 * mm, PAGE_WIDTH - MARGIN_X, y_foot + 4 * mm)
        canvas.drawString(MARGIN_X, y_foot, self.footer_left)
        canvas.drawRightString(PAGE_WIDTH - MARGIN_X, y_foot, self.page_label(doc.page))
        canvas.restoreState()


def clip_to_width(text: str, font: str, size: float, width: float) -> str:
    """`text` shortened with "…" to fit `width` points: the longest fitting prefix, found by bisection
    (about log2(len) measurements, so that a name of 10,000 characters costs 15 of them, not 10,000)."""
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    fits, too_long = 0, len(text)          # text[:fits] + "…" fits; text[:too_long] + "…" does not
    while too_long - fits > 1:
        middle = (fits + too_long) // 2
        if pdfmetrics.stringWidth(text[:middle] + "…", font, size) <= width:
            fits = middle
        else:
            too_long = middle
    return text[:fits] + "…"
