"""Design: the vector drawing of the design with its legend, and a detail drawing of one pod or leaf (outlined,
and outlined in the overview too) when the design is large."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer

from designer.report.context import ProposalContext
from designer.report.layout import FitDrawing
from designer.report.page_layout import TEXT_HEIGHT
from designer.report.sections.common import body, section, subsection
from designer.report.topology_drawing import DETAIL_NODE_LIMIT, TopologyDrawer, row_of

ROW_PITCH = 100.0       # points per tier row of the drawing
MIN_SHARE = 0.40        # a drawing shrinks to fit its page down to this share of the text height, then moves on


def _height(rows: int) -> float:
    return min(TEXT_HEIGHT * 0.62, 30 + ROW_PITCH * rows)


def build(ctx: ProposalContext) -> list[Flowable]:
    drawer = TopologyDrawer(ctx.doc, ctx.styles.fonts.regular, ctx.language, ctx.catalog)
    large = len(ctx.doc.nodes) > DETAIL_NODE_LIMIT
    what, nodes, focus = drawer.detail_nodes() if large else ("", [], set())
    intro = (ctx.t("topo_intro_bundled", nodes=f"{len(ctx.doc.nodes):,}", links=f"{len(ctx.doc.links):,}")
             if large else ctx.t("topo_intro"))
    rows = len({row_of(n) for n in ctx.doc.nodes.values()})
    height = _height(rows)
    # the heading, the introduction, the drawing at its smallest and its legend start on the same page
    out = section(ctx, "sec_topology", room=TEXT_HEIGHT * MIN_SHARE + 110)
    out.append(body(ctx, intro))
    focus_label = ctx.t("topo_focus_overview", what=what) if nodes else None
    out += [FitDrawing(lambda w, h: drawer.overview(w, h, focus), ctx.width, height, TEXT_HEIGHT * MIN_SHARE,
                       drawer.legend(ctx.width, focus_label=focus_label)), Spacer(1, 6 * mm)]
    if nodes:
        height = _height(len({row_of(n) for n in nodes}))
        out += subsection(ctx, ctx.t("topo_detail", what=what), room=TEXT_HEIGHT * MIN_SHARE + 40)
        out += [FitDrawing(lambda w, h: drawer.detail(nodes, w, h, focus), ctx.width, height, TEXT_HEIGHT * MIN_SHARE,
                           drawer.legend(ctx.width, nodes, ctx.t("topo_focus_detail", what=what))), Spacer(1, 6 * mm)]
    return out
