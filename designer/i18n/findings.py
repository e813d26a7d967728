"""A design-rule finding in the chosen language.

A rule builds its finding from a message id (`finding.<rule>[.<variant>].detail`) and parameters; the
English `Finding.message` is that template rendered in English, so every language renders the same
details. Parameter values are plain strings and numbers (formatted by the template's own format spec,
the same in every language) or one of the wrappers below:

- `Names`: a list of names, joined per language (`list.join`, `list.more`);
- `Term`: a word from a closed set (a tier, a plane, a cable type), looked up as `finding.term.<group>.<key>`;
- `Phrase`: a sub-message with its own id and parameters.

An integer parameter may pick an English word form with a `{n:one|other}` format spec ("{n} {n:link|links}");
other languages, without plural forms, simply write `{n}`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from designer.i18n.catalog import current_language, normalise, render
from designer.i18n.messages_en import EN

_SHOWN = 6  # names listed before "and N more" in the generic (id-less) rendering
Params = tuple[tuple[str, object], ...]


@dataclass(frozen=True)
class Names:
    """Names joined per language; `limit` of them shown before "and N more" (None: all of them).

    `sep` is the message id of the separator: `list.join` (", ") or `finding.list.and` (" and ").
    """

    items: Sequence[str]   # kept as a tuple
    limit: int | None = 5
    sep: str = "list.join"

    def __post_init__(self) -> None:
        object.__setattr__(self, "items", tuple(self.items))


@dataclass(frozen=True)
class Term:
    """A word of a closed set (`group`: tier, plane, kind, cable...); an unknown `key` is shown as it is."""

    group: str
    key: str

    @property
    def msg_id(self) -> str:
        return f"finding.term.{self.group}.{self.key}"


@dataclass(frozen=True)
class Phrase:
    """A part of a message with its own id and parameters (rendered in the message's language)."""

    msg_id: str
    params: Params = ()


class Count(int):
    """An integer parameter; the format spec `one|other` picks an English word form by the count (any message)."""

    def __format__(self, spec: str) -> str:
        if "|" in spec:
            one, other = spec.split("|", 1)
            return one if self == 1 else other
        return format(int(self), spec)


def _names(ids: Sequence[str], language: str, limit: int | None = _SHOWN,
           sep: str = "list.join") -> str:
    items = list(ids)
    joiner = render(sep, language)
    if limit is None or len(items) <= limit:
        return joiner.join(items)
    return render("list.more", language, shown=joiner.join(items[:limit]), n=len(items) - limit)


def _value(value: object, language: str) -> object:
    if isinstance(value, Names):
        return _names(value.items, language, value.limit, value.sep)
    if isinstance(value, (tuple, list)):
        return _names([str(v) for v in value], language, 5)
    if isinstance(value, Term):
        return render(value.msg_id, language) if value.msg_id in EN else value.key
    if isinstance(value, Phrase):
        return render_message(value.msg_id, value.params, language)
    if isinstance(value, int) and not isinstance(value, bool):
        return Count(value)
    return value


def render_message(msg_id: str, params: Params, language: str | None = None) -> str:
    """The message `msg_id` in `language` (default: the current one) with `params` (see the module doc)."""
    lang = normalise(language) if language else current_language()
    return render(msg_id, lang, **{key: _value(value, lang) for key, value in params})


def _json(value: object) -> Any:
    if isinstance(value, Names):
        return list(value.items)
    if isinstance(value, Term):
        return value.key
    if isinstance(value, Phrase):
        return {"msg_id": value.msg_id, "params": json_params(value.params)}
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


def json_params(params: Params) -> dict[str, Any]:
    """Parameters as plain JSON values: names as lists, terms as their key, phrases as {msg_id, params}."""
    return {key: _json(value) for key, value in params}


class FindingText(Protocol):
    """What `render_finding` reads of a design-rule finding (`designer.topology.rules.finding.Finding`)."""

    @property
    def rule(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def nodes(self) -> tuple[str, ...]: ...
    @property
    def links(self) -> tuple[str, ...]: ...
    @property
    def value(self) -> float | None: ...
    @property
    def msg_id(self) -> str | None: ...
    @property
    def params(self) -> Params: ...


def render_finding(finding: FindingText, language: str | None = None) -> str:
    """The finding's message in `language` (default: the current one).

    A finding with a message id renders it with its parameters: the full detail in every language.
    Otherwise English keeps the finding's own message and other languages render the rule's generic
    message (`finding.<rule>`) with the nodes, links and figure the finding carries.
    """
    lang = normalise(language) if language else current_language()
    if finding.msg_id:
        return render_message(finding.msg_id, finding.params, lang)
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
