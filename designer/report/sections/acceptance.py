"""Acceptance test plan: the thresholds an installed cluster should meet, derived from the simulation of what is
recommended with a stated margin: ib_write_lat one-way latency per path and nccl-tests bus bandwidth per size."""

from __future__ import annotations

from reportlab.platypus import Flowable, Preformatted

from designer.analysis.acceptance import BUSBW_MARGIN, LATENCY_BYTES, LATENCY_MARGIN, MESSAGE_SIZES
from designer.analysis.protocol_options import drawn_protocol
from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.sections.common import body, note, recommended_label, section, subsection
from designer.report.styles import data_table
from designer.topology.segment_names import shown_name


def latency_rows(ctx: ProposalContext) -> list[list[str]]:
    lang, plan = ctx.language, ctx.acceptance
    assert plan is not None
    rows = []
    for c in plan.latency:
        where = ctx.t(f"acc_path_{c.path}")
        if c.segment:
            where = ctx.t("acc_in_segment", path=where, segment=shown_name(c.segment, lang, plan.backend))
        pair = f"{ctx.doc.nodes[c.server_a].display_name} – {ctx.doc.nodes[c.server_b].display_name}"
        rows.append([where, pair, nf.micros(c.typical_us, lang), f"≤ {nf.micros(c.typical_limit_us, lang)}",
                     nf.micros(c.p99_us, lang), f"≤ {nf.micros(c.p99_limit_us, lang)}"])
    return rows


def bandwidth_rows(ctx: ProposalContext) -> list[list[str]]:
    lang, plan = ctx.language, ctx.acceptance
    assert plan is not None
    return [[nf.bytes_count(c.size_bytes, lang), nf.gbps(c.busbw_gbps, lang), f"{c.busbw_gbps / 8:,.1f}",
             f"≥ {c.limit_gbps / 8:,.1f}"] for c in plan.bandwidth]


def commands(ctx: ProposalContext) -> str:
    first, last = MESSAGE_SIZES[0][0], MESSAGE_SIZES[-1][0]
    step = MESSAGE_SIZES[1][1] // MESSAGE_SIZES[0][1]
    assert ctx.acceptance is not None
    gpus = ctx.acceptance.gpus
    # on RoCEv2, perftest connects through RDMA-CM (-R), which picks the RoCEv2 address (GID) of the port
    roce = (ctx.acceptance.backend or drawn_protocol(ctx.doc, ctx.catalog)) == "rocev2"
    lat = f"ib_write_lat -s {LATENCY_BYTES} -n 10000 -F" + (" -R" if roce else "")
    return "\n".join([
        f"# {ctx.t('acc_cmd_server')}",
        lat,
        f"# {ctx.t('acc_cmd_client')}",
        f"{lat} <{ctx.t('acc_server_a')}>",
        f"# {ctx.t('acc_cmd_nccl', gpus=f'{gpus:,}')}",
        f"mpirun -np {gpus} all_reduce_perf -b {first.replace('iB', '')} -e {last.replace('iB', '')} -f {step} -g 1",
    ])


def build(ctx: ProposalContext) -> list[Flowable]:
    s, w, plan, lang = ctx.styles, ctx.width, ctx.acceptance, ctx.language
    out = section(ctx, "sec_acceptance")
    if plan is None:
        return out + [body(ctx, ctx.t("acc_none"))]
    target = recommended_label(ctx) if ctx.recommendation.chosen else ctx.t("acc_as_drawn")
    out.append(body(ctx, ctx.t("acc_intro", target=target, busbw=nf.percent(1 - BUSBW_MARGIN, 0, lang),
                               latency=nf.percent(1 + LATENCY_MARGIN, 0, lang))))
    if plan.latency:
        out += subsection(ctx, ctx.t("acc_latency", size=LATENCY_BYTES))
        out.append(data_table(s, [ctx.t("col_path"), ctx.t("col_servers"), ctx.t("col_sim_typical"),
                                  ctx.t("col_limit_typical"), ctx.t("col_sim_p99"), ctx.t("col_limit_p99")],
                              latency_rows(ctx), [w * 0.22, w * 0.26, w * 0.12, w * 0.14, w * 0.12, w * 0.14],
                              numeric={2, 3, 4, 5}))
    if plan.bandwidth:
        out += subsection(ctx, ctx.t("acc_busbw", gpus=f"{plan.gpus:,}"))
        out.append(data_table(s, [ctx.t("col_size"), ctx.t("col_sim_busbw"), ctx.t("col_sim_busbw_gbytes"),
                                  ctx.t("col_limit_busbw")], bandwidth_rows(ctx),
                              [w * 0.2, w * 0.26, w * 0.27, w * 0.27], numeric={0, 1, 2, 3}))
        out.append(note(ctx, ctx.t("acc_busbw_note")))
    out += subsection(ctx, ctx.t("acc_commands"))
    out.append(Preformatted(commands(ctx), s.code))
    out.append(note(ctx, ctx.t("acc_margin_note")))
    return out
