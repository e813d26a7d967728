"""Racks and floor: the rack elevation as a vector drawing, then every rack's U, power and PDUs.

Drawn from the same elevation model as the window's Racks dock (designer/topology/racks/elevation.py), so
the page and the window show one plan; the text is the core's (message ids racks.report.*), in the
proposal's language. A design of several sites shows each site's floor, drawing and table, under the site's name.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from reportlab.graphics.shapes import Drawing, Line, Rect, String
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from designer.catalog.models import PartModel
from designer.i18n import number_format as nf
from designer.i18n import render
from designer.i18n.findings import Count
from designer.report.context import ProposalContext
from designer.report.products import part_model_name, short_name, unconfirmed_part_number
from designer.report.rack_callouts import Callout, callouts
from designer.report.sections.common import section, sentences, then
from designer.report.styles import FRONTEND_COLOUR, INK, MUTED, PROTOCOL_COLOURS, RULE, data_table, user_text
from designer.topology.racks.elevation import Box, Elevation, Floor, RackColumn, elevation

RACK_W = 40.0
RACK_GAP = 6.0
U_PT = 3.2
HEAD_PT = 16.0
LINE_GAP = 10.0
MAX_DRAWN_RACKS = 24      # every switch, storage and management rack, then GPU-server racks up to this many
LEADER_W = 7.0           # leader line from a device to its label
MAX_LABEL_W = 120.0      # the label column's widest; a longer label is cut with an ellipsis
FAMILY_FILL = {"ib": PROTOCOL_COLOURS["ib"], "rocev2": PROTOCOL_COLOURS["rocev2"], "frontend": FRONTEND_COLOUR,
               "neutral": colors.HexColor("#E9EDF1")}


def build(ctx: ProposalContext) -> list[Flowable]:
    s, lang, w = ctx.styles, ctx.language, ctx.width
    if ctx.cost.build is None:
        return []
    plan, schedule = ctx.cost.build.plan, ctx.cost.build.schedule
    model = elevation(ctx.doc, ctx.catalog, plan)
    b = ctx.doc.build
    lengths = [hw.ordered_m for hw in schedule.links.values() if hw.ordered_m]
    room, heading = section(ctx, "sec_racks")
    msg_id, counts = _racks_and_rows(model, lang)
    intro = render(msg_id, lang, **counts, placement=render(f"racks.placement.{b.placement}", lang),
                   u=b.rack_units, kw=f"{b.rack_power_kw:g}", power=nf.watts(model.total_power_w, lang),
                   slack=f"{b.slack_m:g}", runs=f"{len(lengths):,}", shortest=f"{min(lengths, default=0):g}",
                   longest=f"{max(lengths, default=0):g}")
    domains = [r for r in model.racks if r.role == "domain"]
    if domains:                        # NVL72 racks: their own height and power, outside the build's budgets
        intro += then(ctx, render("racks.report.domains", lang, count=Count(len(domains)), u=domains[0].units,
                                  power=nf.watts(domains[0].power_w, lang)))
    lead: list[Flowable] = [heading, Paragraph(user_text(intro), s.body)]
    if not plan.saved:
        lead.append(Paragraph(user_text(render("racks.report.fresh", lang)), s.small))
    floors = model.site_floors()
    drawings = [[*_site_heading(ctx, model, floor), *_drawings(model, w, s.fonts.regular, lang,
                                                               _device_names(ctx, model), floor.rows)]
                for floor in floors]
    first = [f for floor in drawings for f in floor]
    kept = 2 if model.floors else 1         # a site's name stays with its first row of racks
    # the heading and its introduction start on the page of the first row of racks, never alone at a page's foot
    out: list[Flowable] = [room, KeepTogether(lead + first[:kept]), *first[kept:]]
    shown = len(drawn_racks(model))
    caption = render("racks.report.legend", lang)
    if shown < len(model.racks):
        caption += " " + render("racks.report.first_racks", lang, shown=shown, total=len(model.racks))
    out.append(Paragraph(user_text(caption), s.small))
    unconfirmed = unconfirmed_note(ctx, model)
    if unconfirmed:
        out.append(Paragraph(user_text(unconfirmed), s.small))
    for floor in floors:
        out.append(Spacer(1, 3 * mm))
        table = _table(ctx, model.racks_on(floor))
        out.append(KeepTogether([*_site_heading(ctx, model, floor), table]) if model.floors else table)
    return out


def _racks_and_rows(model: Elevation, lang: str) -> tuple[str, dict[str, object]]:
    """The introduction's message and its counts: racks and rows of the one floor, or racks in all and each
    floor's racks and rows under its heading where there are several (rows are counted on each floor)."""
    if not model.floors:
        return "racks.report.intro", {"racks": Count(len(model.racks)), "rows": Count(len(model.rows))}
    return "racks.report.intro_sites", {"racks": Count(len(model.racks)), "floors": model.floors_text(lang)}


def _site_heading(ctx: ProposalContext, model: Elevation, floor: Floor) -> list[Flowable]:
    """The site's name ("No site" for devices of no site) above its floor's racks; nothing for a design of one
    floor."""
    text = model.heading(floor, ctx.language)
    return [Paragraph(f"<b>{user_text(text)}</b>", ctx.styles.body)] if text else []


def _drawings(model: Elevation, width: float, font: str, lang: str,
              name_of: Callable[[Box], str] = lambda box: box.label, rows: range | None = None) -> list[Drawing]:
    """Racks as they stand, one drawing per line (so that the lines flow over pages), every device named in a
    column beside its rack: every floor row starts a line, a row longer than the page wraps. `rows`: the indices
    of the rows drawn (one site's floor), every row when None."""
    top = units_of(model) * U_PT + LINE_GAP                 # a rack's top edge within its line's drawing
    chosen = drawn_racks(model)
    named = {id(r): _callouts(r, top, name_of) for r in chosen}
    label_w = min(MAX_LABEL_W, max((stringWidth(c.text, font, c.size_pt) for cs in named.values() for c in cs),
                                   default=0.0))
    pitch = RACK_W + LEADER_W + label_w + RACK_GAP
    per_line = max(1, int((width + RACK_GAP) // pitch))
    lines: list[list[RackColumn]] = []
    for k in rows if rows is not None else range(len(model.rows)):
        kept = [r for r in model.rows[k] if id(r) in named]
        lines += [kept[start:start + per_line] for start in range(0, len(kept), per_line)]
    out = []
    for line in lines:
        d = Drawing(width, HEAD_PT + top)
        for place, rack in enumerate(line):
            _rack(d, rack, place * pitch, top, font, lang)
            _labels(d, named[id(rack)], place * pitch, font, label_w)
        out.append(d)
    return out


def units_of(model: Elevation) -> int:
    return max((r.units for r in model.racks), default=42)


def drawn_racks(model: Elevation) -> list[RackColumn]:
    """The racks the drawing shows: every rack that holds switches, storage or management (where a field
    engineer needs the elevation), then GPU-server racks and rack-scale domains, which repeat one pattern, up to
    MAX_DRAWN_RACKS."""
    repeating = ("compute", "domain")
    others = [r for r in model.racks if r.role not in repeating][:MAX_DRAWN_RACKS]
    servers = [r for r in model.racks if r.role in repeating][:MAX_DRAWN_RACKS - len(others)]
    return others + servers


def _rack(d: Drawing, rack: RackColumn, x: float, top: float, font: str, lang: str) -> None:
    height = rack.units * U_PT
    d.add(String(x, top + 8, rack.name, fontName=font, fontSize=6.5, fillColor=INK))
    d.add(String(x + RACK_W, top + 8, nf.watts(rack.power_w, lang), fontName=font, fontSize=5, fillColor=MUTED,
                 textAnchor="end"))
    load = min(1.0, rack.power_w / rack.budget_w) if rack.budget_w else 0.0
    d.add(Rect(x, top + 3, RACK_W, 2.5, strokeColor=RULE, strokeWidth=0.3, fillColor=colors.white))
    d.add(Rect(x, top + 3, RACK_W * load, 2.5, strokeColor=None, fillColor=MUTED))
    d.add(Rect(x, top - height, RACK_W, height, strokeColor=INK, strokeWidth=0.5, fillColor=colors.white))
    for box in rack.boxes:
        y, h = _box_y(box, top, rack.units)
        d.add(Rect(x + 1.5, y + 0.3, RACK_W - 3, h - 0.6, strokeColor=INK, strokeWidth=0.25,
                   fillColor=FAMILY_FILL.get(box.family, FAMILY_FILL["neutral"])))


def _box_y(box: Box, top: float, units: int) -> tuple[float, float]:
    """(bottom, height) of `box` in a rack whose top edge is at `top`: U1 at the bottom (y grows upwards)."""
    return top - units * U_PT + (box.u - 1) * U_PT, box.height_u * U_PT


def _callouts(rack: RackColumn, top: float, name_of: Callable[[Box], str]) -> list[Callout]:
    def span(box: Box) -> tuple[float, float]:
        y, h = _box_y(box, top, rack.units)
        return y, y + h
    return callouts(rack.boxes, name_of, span, top - rack.units * U_PT, top)


def _labels(d: Drawing, named: list[Callout], x: float, font: str, label_w: float) -> None:
    """Each device's name beside the rack, level with it where there is room, with a leader line to it."""
    edge, text_x = x + RACK_W - 1.5, x + RACK_W + LEADER_W
    for c in named:
        d.add(Line(edge, c.device_y, text_x - 1.0, c.text_y + c.size_pt * 0.35, strokeColor=MUTED,
                   strokeWidth=0.25))
        text = c.text
        while len(text) > 1 and stringWidth(text, font, c.size_pt) > label_w:
            text = text[:-2] + "…"
        d.add(String(text_x, c.text_y, text, fontName=font, fontSize=c.size_pt, fillColor=INK))


def _device_names(ctx: ProposalContext, model: Elevation) -> Callable[[Box], str]:
    """A device's callout: its printed label and its short product name ("B01-U25 srv-004 · HGX H100"); a part
    the plan adds by its part number, or by its model's name when the catalog gives no part number."""
    products = {b.model: short_name(ctx.catalog, b.kind, b.model) for r in model.racks for b in r.boxes
                if b.item in ctx.doc.nodes}

    def name_of(box: Box) -> str:
        if box.item in ctx.doc.nodes:
            label, product = box.label, products.get(box.model, box.model)
        else:
            part = _part_of(ctx, box)
            label = _part_name(ctx, box)
            product = (part.part_number or part_model_name(ctx.catalog, part.id, ctx.language)) if part else box.model
        return label if not product or product in label else f"{label} · {product}"
    return name_of


def _part_of(ctx: ProposalContext, box: Box) -> PartModel | None:
    """The catalog part a box of the plan shows (it carries the part's number, or its model without one)."""
    return next((p for p in ctx.catalog.parts.values()
                 if p.kind == box.kind and box.model == (p.part_number or p.model)), None)


def unconfirmed_note(ctx: ProposalContext, model: Elevation) -> str:
    """"Part number to be confirmed with NVIDIA: UFM Enterprise appliance." for the drawn parts without one."""
    by_vendor: dict[str, set[str]] = {}
    for box in (b for r in drawn_racks(model) for b in r.boxes if b.item not in ctx.doc.nodes):
        part = _part_of(ctx, box)
        vendor = unconfirmed_part_number(part) if part else ""
        if part and vendor:
            by_vendor.setdefault(vendor, set()).add(part_model_name(ctx.catalog, part.id, ctx.language))
    return sentences(ctx, [ctx.t("part_number_tbc_list", vendor=v, products=ctx.t("list_sep").join(sorted(names)))
                           for v, names in sorted(by_vendor.items())])


def _part_name(ctx: ProposalContext, box: Box) -> str:
    """A part the rack plan adds (a management switch, a fabric manager) by what it is, in the proposal's
    language, numbered when the plan numbers it ("ufm-2" -> "Fabric manager 2")."""
    key = f"rack_part_{box.kind}"
    if not ctx.has(key):
        return box.label
    number = re.fullmatch(r".*-(\d+)", box.item)
    return ctx.t(key) + (f" {number.group(1)}" if number else "")


MAX_TABLE_RACKS = 60     # beyond this many racks the table sums them up by what they hold


def _table(ctx: ProposalContext, racks: list[RackColumn]) -> Flowable:
    if len(racks) > MAX_TABLE_RACKS:
        return _summary_table(ctx, racks)
    lang, w = ctx.language, ctx.width
    rows = []
    for r in racks:
        devices = sum(1 for b in r.boxes if b.kind not in ("oob-switch",))
        rows.append([r.name, render(f"racks.role.{r.role}", lang), f"{devices:,}", f"{r.used_u} / {r.units}",
                     f"{r.power_w / 1000:,.1f} / {r.budget_w / 1000:,.0f}", f"{r.pdus}"])
    header = [render(f"racks.col.{k}", lang) for k in ("rack", "holds", "devices", "units", "kw", "pdus")]
    return data_table(ctx.styles, header, rows, [w * 0.12, w * 0.22, w * 0.14, w * 0.16, w * 0.22, w * 0.14],
                      numeric={2, 3, 4, 5})


def _summary_table(ctx: ProposalContext, racks: list[RackColumn]) -> Flowable:
    """Racks by what they hold: how many, devices, and the mean and highest power against the budget."""
    lang, w = ctx.language, ctx.width
    by_role: dict[str, list[RackColumn]] = {}
    for r in racks:
        by_role.setdefault(r.role, []).append(r)
    rows = []
    for role, held in by_role.items():
        power = [r.power_w / 1000 for r in held]
        rows.append([render(f"racks.role.{role}", lang), f"{len(held):,}",
                     f"{sum(len(r.boxes) for r in held):,}", f"{sum(power) / len(power):,.1f}",
                     f"{max(power):,.1f} / {held[0].budget_w / 1000:,.0f}"])
    header = [render(f"racks.col.{k}", lang) for k in ("holds", "racks", "devices", "mean_kw", "max_kw")]
    return data_table(ctx.styles, header, rows, [w * 0.3, w * 0.14, w * 0.16, w * 0.18, w * 0.22],
                      numeric={1, 2, 3, 4})
