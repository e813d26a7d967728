"""A design-rule finding in the chosen language: the rule's message id plus the devices and links involved."""

from __future__ import annotations

from designer.i18n.catalog import current_language, normalise, render

_SHOWN = 6  # names listed before "and N more"


def _names(ids: tuple[str, ...] | list[str], language: str) -> str:
    items = list(ids)
    if len(items) <= _SHOWN:
        return render("list.join", language).join(items)
    return render("list.more", language, shown=render("list.join", language).join(items[:_SHOWN]),
                  n=len(items) - _SHOWN)


def render_finding(finding: object, language: str | None = None) -> str:
    """The finding's message in `language` (default: the current one).

    English keeps the rule's own detailed message. Other languages render the rule's message id
    (`finding.<rule>`) with the nodes, links and figure the finding carries.
    """
    lang = normalise(language) if language else current_language()
    if lang == "en":
        return finding.message
    text = render(f"finding.{finding.rule}", lang)
    parts = []
    if finding.nodes:
        parts.append(render("finding.nodes", lang, names=_names(finding.nodes, lang)))
    if finding.links:
        parts.append(render("finding.links", lang, names=_names(finding.links, lang)))
    if finding.value is not None:
        parts.append(render("finding.value", lang, value=f"{finding.value:g}"))
    return text + (render("finding.details", lang, details=render("list.sep", lang).join(parts)) if parts else "")
