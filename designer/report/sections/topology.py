"""Topology: the vector drawing of the design with its legend, and a detail page of one pod when it is large."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Spacer

from designer.report.context import ProposalContext
from designer.report.page_layout import TEXT_HEIGHT
from designer.report.styles import user_text
from designer.report.topology_drawing import DETAIL_NODE_LIMIT, TopologyDrawer, row_of

ROW_PITCH = 100.0  # points per tier row of the drawing


def build(ctx: ProposalContext) -> list[Flowable]:
    s = ctx.styles
    drawer = TopologyDrawer(ctx.doc, s.fonts.regular, ctx.language)
    large = len(ctx.doc.nodes) > DETAIL_NODE_LIMIT
    intro = (ctx.t("topo_intro_bundled", nodes=f"{len(ctx.doc.nodes):,}", links=f"{len(ctx.doc.links):,}")
             if large else ctx.t("topo_intro"))
    legend = drawer.legend(ctx.width)
    rows = len({row_of(n) for n in ctx.doc.nodes.values()})
    height = min(TEXT_HEIGHT * 0.62, 30 + ROW_PITCH * rows)
    out: list[Flowable] = [KeepTogether([Paragraph(user_text(ctx.t("sec_topology")), s.h1),
                                         Paragraph(user_text(intro), s.body), drawer.overview(ctx.width, height),
                                         Spacer(1, 3 * mm), legend, Spacer(1, 6 * mm)])]
    if large:
        what, nodes = drawer.detail_nodes()
        if nodes:
            rows = len({row_of(n) for n in nodes})
            height = min(TEXT_HEIGHT * 0.62, 30 + ROW_PITCH * rows)
            out += [KeepTogether([Paragraph(user_text(ctx.t("topo_detail", what=what)), s.h2),
                                  drawer.detail(nodes, ctx.width, height), Spacer(1, 3 * mm),
                                  drawer.legend(ctx.width, nodes), Spacer(1, 6 * mm)])]
    return out
