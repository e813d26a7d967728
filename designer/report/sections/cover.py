"""Cover page (title, customer, date, author, optional logo) and the table of contents."""

from __future__ import annotations

from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Image, NextPageTemplate, PageBreak, Paragraph, Spacer, Table, TableStyle
from reportlab.platypus.tableofcontents import TableOfContents

from designer.report.context import ProposalContext
from designer.report.styles import ACCENT, user_text

LOGO_MAX_W, LOGO_MAX_H = 60 * mm, 28 * mm


class ReportLogoError(ValueError):
    """The logo file cannot be read as an image."""


def logo_flowable(path: str) -> Image:
    """The logo scaled to fit its box, keeping its aspect ratio."""
    import os

    from reportlab.lib.utils import ImageReader

    if not os.path.isfile(path):
        raise ReportLogoError(f"the logo image '{path}' does not exist")
    try:
        reader = ImageReader(path)
        w, h = reader.getSize()
    except Exception:  # noqa: BLE001 - reportlab raises several types for unreadable images
        raise ReportLogoError(f"the logo '{path}' is not a readable image (use PNG or JPEG)") from None
    scale = min(LOGO_MAX_W / w, LOGO_MAX_H / h)
    return Image(path, width=w * scale, height=h * scale, hAlign="LEFT")


def build(ctx: ProposalContext) -> list[Flowable]:
    s, o = ctx.styles, ctx.options
    out: list[Flowable] = [Spacer(1, 22 * mm)]
    if o.logo_path:
        out += [logo_flowable(o.logo_path), Spacer(1, 14 * mm)]
    else:
        out.append(Spacer(1, 20 * mm))
    title = o.title or ctx.t("default_title")
    out.append(Paragraph(user_text(title), s.title))
    subtitle = ctx.t("cover_design", name=ctx.doc.name) if ctx.describes_a_design else ctx.subject
    out.append(Paragraph(user_text(subtitle), s.subtitle))
    rule = Table([[""]], colWidths=[ctx.width], rowHeights=[2])
    rule.setStyle(TableStyle([("LINEABOVE", (0, 0), (-1, 0), 1.5, ACCENT)]))
    out += [rule, Spacer(1, 10 * mm)]
    for label, value in ((ctx.t("prepared_for"), ctx.requirements.customer), (ctx.t("prepared_by"), o.author),
                         (ctx.t("date"), o.resolved_date())):
        if value:
            out.append(Paragraph(user_text(label), s.cover_label))
            out.append(Paragraph(user_text(value), s.cover_value))
    out += [NextPageTemplate("body"), PageBreak()]
    toc = TableOfContents(levelStyles=s.toc, dotsMinLevel=0)
    # a copy of h1 under another name: the contents page must not list itself
    contents_style = ParagraphStyle("contents_title", parent=s.h1, spaceAfter=14)
    out += [Paragraph(user_text(ctx.t("contents")), contents_style), toc, PageBreak()]
    return out
