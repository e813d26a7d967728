"""The per-job table `simulate` prints when several workloads share the fabric: together, alone, slowdown, what the
jobs share and where one job's pauses held another's flows."""

from __future__ import annotations

from typing import Any

from designer.i18n import render
from designer.i18n.findings import Count
from designer.i18n.text_width import ljust

SPEC_WIDTH = 34
LISTED = 6          # names shown before "and N more"


def job_lines(jobs: dict[str, Any]) -> list[str]:
    """The table's lines (without indentation): a title naming the extra runs, one row per job, then the shared
    links and switches and each job's victim ports."""
    out = [render("cli.jobs.title", runs=jobs["alone_runs"])]
    heads = [render(f"cli.jobs.col_{c}") for c in ("job", "workload", "gpus", "time", "slowdown", "busbw", "p99")]
    spec_width = max([SPEC_WIDTH, *(len(row["spec"]) + 1 for row in jobs["rows"])])
    widths = [4, spec_width, 6, 24, 9, 24, 0]
    out.append(_row(heads, widths))
    for row in jobs["rows"]:
        out.append(_row([str(row["job"]), row["spec"], str(row["gpus"]), _pair(_time(row), 1e3, "ms"),
                         _num(row["slowdown"], "x"), _pair(row["busbw_gbps"], 1.0, "Gb/s"),
                         _pair(row["p99_latency_us"], 1.0, "us")], widths))
    out += _class_lines(jobs["rows"])
    out.append(_shared_line(jobs))
    for row in jobs["rows"]:
        out += _victim_lines(row)
    return out


def _shared_line(jobs: dict[str, Any]) -> str:
    """What two or more jobs share: links and switches, the switches named (nothing said of what is not)."""
    links, switches = len(jobs["shared_links"]), len(jobs["shared_switches"])
    if not links and not switches:
        return render("cli.jobs.shared_nothing")
    if not switches:
        return render("cli.jobs.shared_links", links=Count(links))
    return render("cli.jobs.shared", links=Count(links), switches=Count(switches),
                  names=_names(jobs["shared_switches"]))


def _row(cells: list[str], widths: list[int]) -> str:
    return " ".join(ljust(c, w) if w else c for c, w in zip(cells, widths, strict=True)).rstrip()


def _time(row: dict[str, Any]) -> dict[str, Any]:
    """The figure the slowdown compares: step time of a training job, else completion time."""
    step: dict[str, Any] = row["step_time_s"]
    return step if step["together"] and step["alone"] else dict(row["completion_time_s"])


def _num(value: float | None, unit: str) -> str:
    return "-" if value is None else f"{value:.2f}{unit}" if unit == "x" else f"{value:.4g} {unit}"


def _pair(pair: dict[str, float | None], scale: float, unit: str) -> str:
    """'together / alone unit'."""
    t, a = (None if pair[k] is None else float(pair[k] or 0.0) * scale for k in ("together", "alone"))
    if t is None and a is None:
        return "-"
    return f"{'-' if t is None else f'{t:.4g}'} / {'-' if a is None else f'{a:.4g}'} {unit}"


def _names(names: list[str], total: int | None = None) -> str:
    """The first names, and how many more of `total` (default: of the names) there are."""
    shown = render("list.join").join(names[:LISTED])
    more = (len(names) if total is None else total) - min(len(names), LISTED)
    return render("list.more", shown=shown, n=more) if more > 0 else shown


def _class_lines(rows: list[dict[str, Any]]) -> list[str]:
    """Which traffic class each job runs in, when the jobs use more than one."""
    classes = [int(row.get("tc", 0)) for row in rows]
    if len(set(classes)) < 2:
        return []
    listed = render("list.join").join(render("cli.jobs.class_of", job=row["job"], tc=tc)
                                      for row, tc in zip(rows, classes, strict=True))
    return [render("cli.jobs.classes", classes=listed)]


def _victim_lines(row: dict[str, Any]) -> list[str]:
    out = []
    for kind in ("paused", "stalled"):
        v = row[f"victim_{kind}"]
        if not v["ports"]:
            continue
        held = row[f"{kind}_s"]
        out.append(render(f"cli.jobs.victim_{kind}", job=row["job"], together=f"{held['together'] * 1e3:.4g}",
                          alone=f"{held['alone'] * 1e3:.4g}", ports=v["ports"],
                          jobs=render("list.join").join(str(j) for j in v["jobs"]) or "-",
                          names=_names([p.replace(">", " → ") for p in v["worst"]], v["ports"])))
    return out
