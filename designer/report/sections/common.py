"""What every section uses: headings that never stand alone at a page foot, appendix titles, bullets, the names of
protocols and options, workloads written in words, counts with their plural."""

from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import CondPageBreak, Flowable, Paragraph

from designer.analysis.settings_presets import CUSTOM, PRESETS, run_preset
from designer.report.context import ProposalContext
from designer.report.options import APPENDICES
from designer.report.page_layout import TEXT_HEIGHT
from designer.report.styles import user_text
from designer.report.workload_text import describe_workload

PROTOCOL_NAMES = {"ib": "InfiniBand", "rocev2": "RoCEv2"}
# room a heading needs below it on its page: a section's first paragraph, or a table's header and first rows
SECTION_ROOM = TEXT_HEIGHT * 0.25
SUBSECTION_ROOM = 34 * mm


def section(ctx: ProposalContext, key: str, *, room: float = SECTION_ROOM, **values: object) -> list[Flowable]:
    """A level-1 heading (in the contents) that starts on the next page when less than `room` is left."""
    return [CondPageBreak(room), Paragraph(user_text(ctx.t(key, **values)), ctx.styles.h1)]


def subsection(ctx: ProposalContext, text: str, *, room: float = SUBSECTION_ROOM) -> list[Flowable]:
    """A level-2 heading kept with at least `room` of what follows it."""
    return [CondPageBreak(room), Paragraph(user_text(text), ctx.styles.h2)]


def appendix(ctx: ProposalContext, name: str, key: str) -> list[Flowable]:
    """"Appendix A: …": appendices are lettered in the order the proposal holds them."""
    present = [s for s in ctx.options.ordered_sections() if s in APPENDICES]
    letter = "ABCDEFGH"[present.index(name)] if name in present else "A"
    return section(ctx, "appendix_title", letter=letter, title=ctx.t(key))


def body(ctx: ProposalContext, text: str) -> Paragraph:
    return Paragraph(user_text(text), ctx.styles.body)


def note(ctx: ProposalContext, text: str) -> Paragraph:
    return Paragraph(user_text(text), ctx.styles.small)


def bullets(ctx: ProposalContext, texts: list[str]) -> list[Flowable]:
    return [Paragraph(user_text(t), ctx.styles.bullet, bulletText="•") for t in texts]


def numbered(ctx: ProposalContext, texts: list[str]) -> list[Flowable]:
    return [Paragraph(user_text(t), ctx.styles.bullet, bulletText=f"{i}.") for i, t in enumerate(texts, start=1)]


def then(ctx: ProposalContext, sentence: str) -> str:
    """`sentence` to follow another: after a space in English, straight after the full stop in Chinese."""
    return sentence if ctx.language.startswith("zh") else " " + sentence


def sentences(ctx: ProposalContext, texts: list[str]) -> str:
    """Whole sentences one after the other, spaced as the proposal's language spaces them (`then`)."""
    return "".join(texts[:1] + [then(ctx, t) for t in texts[1:]])


def protocol_name(key: str) -> str:
    """"InfiniBand" / "RoCEv2" (the same in every language)."""
    return PROTOCOL_NAMES.get(key, key)


def count(ctx: ProposalContext, key: str, n: int, **values: object) -> str:
    """A counted phrase with its plural: key "n_switches" gives "1 switch" or "14 switches"."""
    return ctx.t(f"{key}.one" if n == 1 and ctx.has(f"{key}.one") else key, n=f"{n:,}", **values)


def workloads_text(ctx: ProposalContext, specs: list[str] | None = None) -> str:
    """The workloads in words, joined the way the language lists things."""
    items = [describe_workload(s, ctx.language) for s in (ctx.workloads if specs is None else specs)]
    return ctx.t("list_sep").join(items) or "–"


def recommended_label(ctx: ProposalContext) -> str:
    """The recommendation's one name, the same on every page and in the JSON."""
    return ctx.recommendation.label(ctx.language)


def compared_settings(ctx: ProposalContext, prefix: str) -> str:
    """The settings each protocol of the comparison ran at, as its run reports them: one sentence `{prefix}_<preset>`
    when both agree ("_stored" when the engine reports none), else each protocol's own."""
    pair = ctx.runs.compared
    presets = {p: run_preset(pair[p]) for p in PROTOCOL_NAMES if p in pair}
    names = set(presets.values())
    if names <= {None, CUSTOM}:
        return ctx.t(f"{prefix}_stored")
    if len(names) == 1 and names <= set(PRESETS):
        return ctx.t(f"{prefix}_{names.pop()}")
    items = [ctx.t("settings_of", protocol=protocol_name(p), settings=ctx.t(f"settings_{name or CUSTOM}"))
             for p, name in presets.items()]
    return ctx.t("settings_each", list=ctx.t("settings_sep").join(items))
