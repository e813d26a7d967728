"""Shared cluster: the jobs kept with the design, each together with the others and alone (time, slowdown, bus
bandwidth, tail latency), what their traffic shares, and where one job's pauses or credit waits held another back.
Shown only when the design keeps jobs; with the comparison, for InfiniBand and RoCEv2 side by side."""

from __future__ import annotations

from typing import Any

from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from designer.i18n import number_format as nf
from designer.report.context import ProposalContext
from designer.report.job_runs import DRAWN, JobRuns
from designer.report.sections.common import body, count, note, protocol_name, section, subsection, then
from designer.report.strings.en import EN
from designer.report.styles import data_table
from designer.report.workload_text import describe_workload

JOB_HEADING_ROOM = 16 * mm     # a job's heading with the space around it and its line
LISTED = 6          # switch names written before "and N more"
COMPARED = ("ib", "rocev2")
BOTH = "both"        # a sentence that holds for both protocols compared


def _where(ctx: ProposalContext, run: str) -> str:
    if run in (DRAWN, BOTH):
        return ctx.t(f"jobs_where_{run}")
    return ctx.t("jobs_where_protocol", protocol=protocol_name(run))


def _job_workload(ctx: ProposalContext, jobs: JobRuns, k: int) -> str:
    return describe_workload(jobs.workloads[k], ctx.language, whole=False)


def _pair(row: dict[str, Any], key: str) -> tuple[Any, Any]:
    value = row.get(key) or {}
    return value.get("together"), value.get("alone")


def _is_step(rows: list[dict[str, Any]]) -> bool:
    """Whether the slowdown compares training step times (as the engine does: when both runs report one)."""
    return all(all(_pair(r, "step_time_s")) for r in rows)


def _slowdown(value: float | None) -> str:
    return "–" if value is None else f"{value:.2f}×"


def job_table_rows(ctx: ProposalContext, rows: list[dict[str, Any]]) -> list[list[str]]:
    """One job's figures, one column per run: time together and alone, slowdown, busbw and p99 together and alone."""
    lang = ctx.language
    time_key, prefix = ("step_time_s", "jobs_step") if _is_step(rows) else ("completion_time_s", "jobs_time")
    times = [_pair(r, time_key) for r in rows]
    busbw = [_pair(r, "busbw_gbps") for r in rows]
    p99 = [_pair(r, "p99_latency_us") for r in rows]
    out = [[ctx.t(f"{prefix}_together")] + [nf.seconds(t, lang) for t, _ in times],
           [ctx.t(f"{prefix}_alone")] + [nf.seconds(a, lang) for _, a in times],
           [ctx.t("jobs_slowdown")] + [_slowdown(r.get("slowdown")) for r in rows]]
    if any(v is not None for pair in busbw for v in pair):
        out += [[ctx.t("jobs_busbw_together")] + [nf.gbps(t, lang) for t, _ in busbw],
                [ctx.t("jobs_busbw_alone")] + [nf.gbps(a, lang) for _, a in busbw]]
    out += [[ctx.t("jobs_p99_together")] + [nf.micros(t, lang) for t, _ in p99],
            [ctx.t("jobs_p99_alone")] + [nf.micros(a, lang) for _, a in p99]]
    return out


def per_job(ctx: ProposalContext, jobs: JobRuns) -> list[Flowable]:
    """For each job: its name, its workload in words and GPUs, then its table."""
    runs = list(jobs.reports)
    head = [ctx.t("col_metric")] + ([protocol_name(r) for r in runs] if runs != [DRAWN] else [ctx.t("col_value")])
    col = (ctx.width * 0.45) / len(runs)
    out = subsection(ctx, ctx.t("jobs_per_job"))
    for k, name in enumerate(jobs.names):
        rows = [jobs.reports[r]["rows"][k] for r in runs]
        gpus = rows[0].get("gpus")
        line = (ctx.t("jobs_job_line", workload=_job_workload(ctx, jobs, k), gpus=count(ctx, "jobs_gpus", gpus))
                if gpus else ctx.t("jobs_job_line_all", workload=_job_workload(ctx, jobs, k)))
        if len(_classes(jobs)) > 1:
            line += ctx.t("jobs_class_line", tc=rows[0].get("tc", 0))
        table = data_table(ctx.styles, head, job_table_rows(ctx, rows), [ctx.width * 0.55] + [col] * len(runs),
                           numeric=set(range(1, len(runs) + 1)))
        paragraph = body(ctx, line)
        # a job's block (heading, line, its short table) stays on one page
        room = table.wrap(ctx.width, 1e9)[1] + paragraph.wrap(ctx.width, 1e9)[1] + JOB_HEADING_ROOM
        out += subsection(ctx, ctx.t("jobs_job_heading", n=k + 1, name=name), room=room)
        out += [paragraph, table]
    return out


def _classes(jobs: JobRuns) -> set[int]:
    """The traffic classes the jobs run in (designer/sim/traffic_classes.py)."""
    return {int(row.get("tc", 0)) for report in jobs.reports.values() for row in report["rows"]}


def _names(ctx: ProposalContext, ids: list[str]) -> str:
    """Devices by the names the design gives them, the first few, then how many more."""
    names = [ctx.doc.nodes[i].display_name if i in ctx.doc.nodes else i for i in ids]
    shown = ctx.t("list_sep").join(names[:LISTED])
    return ctx.t("jobs_more", shown=shown, n=len(names) - LISTED) if len(names) > LISTED else shown


def shared_text(ctx: ProposalContext, run: str, report: dict[str, Any]) -> str:
    """What the jobs' traffic shares in one run: links and switches, the switches by name."""
    links, switches = len(report["shared_links"]), report["shared_switches"]
    where = _where(ctx, run)
    if switches:
        return ctx.t("jobs_shared", where=where, links=count(ctx, "jobs_links", links),
                     switches=count(ctx, "jobs_switches", len(switches)), names=_names(ctx, switches))
    if links:
        return ctx.t("jobs_shared_links_only", where=where, links=count(ctx, "jobs_links", links))
    return ctx.t("jobs_shared_none", where=where)


def victim_texts(ctx: ProposalContext, run: str, jobs: JobRuns) -> list[str]:
    """One sentence per job whose ports another job's traffic paused or held for credits; one when none was."""
    where, lang, out = _where(ctx, run), ctx.language, []
    for row in jobs.reports[run]["rows"]:
        k = int(row["job"]) - 1
        for kind in ("paused", "stalled"):
            victim, held = row[f"victim_{kind}"], row[f"{kind}_s"]
            if not victim["ports"]:
                continue
            text = ctx.t(f"jobs_victim_{kind}", where=where, ports=count(ctx, "jobs_ports", victim["ports"]),
                         job=k + 1, name=jobs.names[k], together=nf.seconds(held["together"], lang),
                         alone=nf.seconds(held["alone"], lang) if held["alone"] > 0 else ctx.t("jobs_none"))
            others = [ctx.t("jobs_job_ref", job=j, name=jobs.names[j - 1]) for j in victim["jobs"]]
            if others:
                text += ctx.t("jobs_victim_culprits", others=ctx.t("list_sep").join(others))
            out.append(text)
    return out or [ctx.t("jobs_victim_none", where=where)]


def build(ctx: ProposalContext) -> list[Flowable]:
    jobs = ctx.jobs
    if jobs is None:
        return []
    out = section(ctx, "sec_jobs")
    if len(jobs.names) == 1:
        return out + [body(ctx, ctx.t("jobs_single", name=jobs.names[0], workload=_job_workload(ctx, jobs, 0)))]
    out.append(body(ctx, ctx.t("jobs_intro", jobs=count(ctx, "n_jobs", len(jobs.names)))))
    if jobs.problem:
        return out + [body(ctx, ctx.t("jobs_problem", problem=jobs.problem))]
    compared = [r for r in COMPARED if r in jobs.reports]
    if compared:
        preset_key = f"sim_compare_{ctx.options.preset}"
        settings = then(ctx, ctx.t(preset_key)) if preset_key in EN else ""
        out.append(body(ctx, ctx.t("jobs_intro_compare") + settings))
    else:
        out.append(body(ctx, ctx.t("jobs_intro_drawn")))
    if len(_classes(jobs)) > 1:
        out.append(body(ctx, ctx.t("jobs_classes", n=len(_classes(jobs)))))
    out += per_job(ctx, jobs)
    out += subsection(ctx, ctx.t("jobs_share_title"))
    shared = {run: shared_text(ctx, run, report) for run, report in jobs.reports.items()}
    if compared and len({shared_text(ctx, BOTH, r) for r in jobs.reports.values()}) == 1:
        shared = {BOTH: shared_text(ctx, BOTH, jobs.reports[compared[0]])}      # one sentence when they agree
    out += [body(ctx, text) for text in shared.values()]
    out += subsection(ctx, ctx.t("jobs_victims_title"))
    texts = {run: victim_texts(ctx, run, jobs) for run in jobs.reports}
    if compared and all(t == [ctx.t("jobs_victim_none", where=_where(ctx, r))] for r, t in texts.items()):
        texts = {BOTH: [ctx.t("jobs_victim_none", where=_where(ctx, BOTH))]}
    out += [body(ctx, text) for run_texts in texts.values() for text in run_texts]
    if any(row[f"victim_{kind}"]["jobs"] for report in jobs.reports.values() for row in report["rows"]
           for kind in ("paused", "stalled")):
        out.append(note(ctx, ctx.t("jobs_victim_note")))
    return out

