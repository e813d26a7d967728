"""Typography and colours of the proposal: one place for every paragraph and table style."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, fields
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER, TA_LEFT, TA_RIGHT
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph, Table, TableStyle

from designer.report.cjk_lines import install as install_cjk_line_rules
from designer.report.fonts import FontChoice
from designer.report.layout import BreakableTable

INK = colors.HexColor("#1F2933")
MUTED = colors.HexColor("#616E7C")
ACCENT = colors.HexColor("#0B4F8A")
RULE = colors.HexColor("#CBD2D9")
ZEBRA = colors.HexColor("#F3F5F7")
HEADER_FILL = colors.HexColor("#E4ECF4")
HIGHLIGHT_FILL = colors.HexColor("#E3F1E6")

# Plane / protocol colours used by the drawing, its legend and the charts.
IB_COLOUR = colors.HexColor("#2E8540")
ROCE_COLOUR = colors.HexColor("#1F6FB2")
BACKEND_COLOUR = colors.HexColor("#7B8794")
FRONTEND_COLOUR = colors.HexColor("#D9822B")
PROTOCOL_COLOURS = {"ib": IB_COLOUR, "rocev2": ROCE_COLOUR}


# A number and its unit stay on one line ("takes 9 % longer" broke after the 9): the space between them becomes a
# no-break space, which the paragraph's line breaking honours.
_NUMBER_UNIT = re.compile(r"(?<=\d) (?=(?:%|(?:ms|µs|ns|s|Gb/s|Tb/s|GB/s|B|KB|MB|GB|TB|KiB|MiB|GiB|TiB|W|kW|MW|m|km|"
                          r"U|GPU|GPUs|h)(?![\w/])))")


def user_text(value: object) -> str:
    """Text made safe for a Paragraph: `<b>&` shows literally instead of becoming markup; a number keeps its
    unit on its line."""
    return _NUMBER_UNIT.sub("\u00a0", escape(str(value)))


@dataclass
class Styles:
    """The paragraph styles of one proposal, all in the registered font (Chinese renders everywhere)."""

    fonts: FontChoice
    body: ParagraphStyle
    small: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    title: ParagraphStyle
    subtitle: ParagraphStyle
    cover_label: ParagraphStyle
    cover_value: ParagraphStyle
    cell: ParagraphStyle
    cell_right: ParagraphStyle
    cell_head: ParagraphStyle
    bullet: ParagraphStyle
    callout: ParagraphStyle
    code: ParagraphStyle
    toc: list[ParagraphStyle]


def make_styles(fonts: FontChoice, language: str = "en") -> Styles:
    """Build every style with `fontName` set explicitly: a style left on a default font shows Chinese as boxes."""
    f, fb = fonts.regular, fonts.bold
    # allowWidows=0: a paragraph's last line never stands alone at the top of the next page (its line before moves
    # with it); the small notes and bullets inherit it
    body = ParagraphStyle("body", fontName=f, fontSize=9.5, leading=13.5, textColor=INK, spaceAfter=6, allowWidows=0)
    styles = Styles(
        fonts=fonts,
        body=body,
        small=ParagraphStyle("small", parent=body, fontSize=7.5, leading=10, textColor=MUTED, spaceAfter=3),
        h1=ParagraphStyle("h1", fontName=fb, fontSize=17, leading=22, textColor=ACCENT, spaceBefore=4,
                          spaceAfter=10),
        h2=ParagraphStyle("h2", fontName=fb, fontSize=11.5, leading=15, textColor=INK, spaceBefore=10,
                          spaceAfter=5),
        title=ParagraphStyle("title", fontName=fb, fontSize=26, leading=33, textColor=ACCENT, alignment=TA_LEFT,
                             spaceAfter=10),
        subtitle=ParagraphStyle("subtitle", fontName=f, fontSize=13, leading=18, textColor=MUTED, spaceAfter=28),
        cover_label=ParagraphStyle("cover_label", fontName=f, fontSize=8.5, leading=11, textColor=MUTED),
        cover_value=ParagraphStyle("cover_value", fontName=fb, fontSize=12, leading=16, textColor=INK,
                                   spaceAfter=10),
        cell=ParagraphStyle("cell", fontName=f, fontSize=8, leading=10.5, textColor=INK),
        cell_right=ParagraphStyle("cell_right", fontName=f, fontSize=8, leading=10.5, textColor=INK,
                                  alignment=TA_RIGHT),
        cell_head=ParagraphStyle("cell_head", fontName=fb, fontSize=8, leading=10.5, textColor=ACCENT),
        bullet=ParagraphStyle("bullet", parent=body, leftIndent=14, bulletIndent=3, spaceAfter=4),
        callout=ParagraphStyle("callout", parent=body, fontSize=11, leading=15, textColor=ACCENT, spaceAfter=8),
        code=ParagraphStyle("code", fontName=f, fontSize=7.5, leading=10.5, textColor=INK, backColor=ZEBRA,
                            borderPadding=5, leftIndent=5, rightIndent=5, spaceBefore=4, spaceAfter=10),
        toc=[ParagraphStyle("toc1", fontName=f, fontSize=11, leading=20, textColor=INK, leftIndent=0),
             ParagraphStyle("toc2", fontName=f, fontSize=9.5, leading=15, textColor=MUTED, leftIndent=16)],
    )
    if language.startswith("zh"):
        # Chinese has no spaces to break at: wrap between any two CJK characters (Latin words stay whole)
        for style in [*(getattr(styles, f.name) for f in fields(Styles)), *styles.toc]:
            if isinstance(style, ParagraphStyle):
                style.wordWrap = "CJK"
    return styles


# Chinese lines break by the rules of Chinese typesetting (no line ends with "（", none starts with "，"):
# reportlab's own CJK wrapping ignores them (designer/report/cjk_lines.py).
install_cjk_line_rules()


CELL_PADDING = 13.0          # a cell's left and right padding with a little air
# the parts a line may not break inside: a Latin word, or up to two CJK characters (Chinese wraps anywhere)
_UNBREAKABLE = re.compile(r"[\u3000-\u9fff\uff00-\uffef]{1,2}|[^\s\u3000-\u9fff\uff00-\uffef]+")


def widest_word(text: object, font: str, size: float) -> float:
    """The width of the longest part of `text` that a line cannot break inside."""
    return max((stringWidth(part, font, size) for part in _UNBREAKABLE.findall(str(text))), default=0.0)


def fit_widths(widths: list[float], header: list[str], rows: Sequence[Sequence[object]], styles: Styles,
               numeric: set[int] | None = None) -> list[float]:
    """`widths` widened where a column is narrower than its longest word (a header never breaks inside a word, a
    figure never breaks at all), the others narrowed in proportion to what they can spare; the total stays the same."""
    numeric = numeric or set()
    need = []
    for c in range(len(widths)):
        head = widest_word(header[c], styles.fonts.bold, styles.cell_head.fontSize)
        if c in numeric:
            body = max((stringWidth(str(r[c]), styles.fonts.regular, styles.cell.fontSize) for r in rows
                        if c < len(r)), default=0.0)
        else:
            body = max((widest_word(r[c], styles.fonts.regular, styles.cell.fontSize) for r in rows if c < len(r)),
                       default=0.0)
        need.append(max(head, body) + CELL_PADDING)
    total = sum(widths)
    if sum(need) >= total:
        return [n * total / sum(need) for n in need]
    out = list(widths)
    for _ in range(len(widths)):
        short = [c for c in range(len(out)) if out[c] < need[c] - 0.01]
        if not short:
            break
        extra = sum(need[c] - out[c] for c in short)
        for c in short:
            out[c] = need[c]
        spare = {c: out[c] - need[c] for c in range(len(out)) if c not in short and out[c] > need[c]}
        room = sum(spare.values())
        for c, v in spare.items():
            out[c] -= extra * v / room if room > 0 else 0.0
    return out


def data_table(styles: Styles, header: list[str], rows: Sequence[Sequence[object]], col_widths: list[float],
               *, numeric: set[int] | None = None, total_row: bool = False,
               highlight_rows: set[int] | None = None) -> Table:
    """A zebra-striped table; cells are Paragraphs (they wrap instead of overflowing) of escaped text. It splits
    across pages only where two rows stay on each side, and repeats its header; `highlight_rows` (indices into
    `rows`) are shaded and set in bold."""
    numeric = numeric or set()
    highlight = highlight_rows or set()

    def cell(value: object, col: int, head: bool = False, strong: bool = False) -> Paragraph:
        style = styles.cell_head if head else (styles.cell_right if col in numeric else styles.cell)
        if head and col in numeric:
            style = ParagraphStyle("head_right", parent=styles.cell_head, alignment=TA_RIGHT)
        if strong:
            style = ParagraphStyle(f"{style.name}_strong", parent=style, fontName=styles.fonts.bold)
        return Paragraph(user_text(value), style)

    data = [[cell(h, i, True) for i, h in enumerate(header)]]
    data += [[cell(v, i, strong=r in highlight) for i, v in enumerate(row)] for r, row in enumerate(rows)]
    widths = fit_widths(list(col_widths), [str(h) for h in header], rows, styles, numeric)
    table = BreakableTable(data, colWidths=widths, repeatRows=1, hAlign="LEFT")
    commands: list[tuple] = [
        ("BACKGROUND", (0, 0), (-1, 0), HEADER_FILL),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT),
        ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("TOPPADDING", (0, 0), (-1, -1), 3),
        ("BOTTOMPADDING", (0, 0), (-1, -1), 3),
        ("LINEBELOW", (0, -1), (-1, -1), 0.5, RULE),
    ]
    for r in range(2, len(data), 2):
        commands.append(("BACKGROUND", (0, r), (-1, r), ZEBRA))
    for r in highlight:
        commands.append(("BACKGROUND", (0, r + 1), (-1, r + 1), HIGHLIGHT_FILL))
    if total_row and len(data) > 1:
        commands += [("LINEABOVE", (0, -1), (-1, -1), 0.8, INK), ("BACKGROUND", (0, -1), (-1, -1), HEADER_FILL)]
    table.setStyle(TableStyle(commands))
    table.spaceAfter = 8
    return table


def key_value_table(styles: Styles, rows: list[tuple[str, str]], widths: tuple[float, float], *,
                    align_right: bool = True) -> Table:
    """Two columns, label and value, used for headline figures and assumptions (values right-aligned, or left for
    text)."""
    value_style = styles.cell_right if align_right else styles.cell
    data = [[Paragraph(user_text(k), styles.cell), Paragraph(user_text(v), value_style)] for k, v in rows]
    table = BreakableTable(data, colWidths=list(widths), hAlign="LEFT", repeatRows=0)
    commands: list[tuple] = [("LINEBELOW", (0, 0), (-1, -1), 0.4, RULE), ("VALIGN", (0, 0), (-1, -1), "TOP"),
                             ("TOPPADDING", (0, 0), (-1, -1), 3), ("BOTTOMPADDING", (0, 0), (-1, -1), 3)]
    table.setStyle(TableStyle(commands))
    table.spaceAfter = 8
    return table


CENTER = TA_CENTER
