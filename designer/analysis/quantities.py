"""Figures inside a message that are written the way the reader's language writes them (money, percentages,
durations, latencies), rendered only when the message is: `Message("x", tco=Money(1e6, "USD"))` reads "$1,000,000"
in English and "US$1,000,000" in Chinese."""

from __future__ import annotations

from collections.abc import Iterable

from designer.i18n.catalog import current_language, normalise, render
from designer.i18n.message import Message


def _language(language: str | None) -> str:
    return normalise(language) if language else current_language()


class Quantity(Message):
    """A number with its kind; `render(language)` formats it (subclasses say how)."""

    __slots__ = ()

    def __init__(self, value: float, unit: str = "") -> None:
        super().__init__("", value=float(value), unit=unit)

    @property
    def value(self) -> float:
        return float(self.params["value"])  # type: ignore[arg-type]

    def render(self, language: str | None = None) -> str:  # pragma: no cover - every subclass overrides
        raise NotImplementedError


class Money(Quantity):
    """An amount in a currency (unit "USD" or "CNY")."""

    __slots__ = ()

    def render(self, language: str | None = None) -> str:
        from designer.i18n.number_format import money

        return money(self.value, str(self.params["unit"]), _language(language))


class Percent(Quantity):
    """A fraction shown as a whole percentage ("12 %", Chinese "12%"); unit "1" keeps one decimal."""

    __slots__ = ()

    def render(self, language: str | None = None) -> str:
        from designer.i18n.number_format import percent

        return percent(self.value, 1 if self.params["unit"] == "1" else 0, _language(language))


class Duration(Quantity):
    """A time in seconds, in s, ms or µs, whichever reads best."""

    __slots__ = ()

    def render(self, language: str | None = None) -> str:
        from designer.i18n.number_format import seconds

        return seconds(self.value, _language(language))


class Micros(Quantity):
    """A latency in microseconds."""

    __slots__ = ()

    def render(self, language: str | None = None) -> str:
        from designer.i18n.number_format import micros

        return micros(self.value, _language(language))


class Joined(Message):
    """Items (messages or text) listed the way the language lists things ("a, b" / "a、b"); items that hold
    commas themselves are listed with `separator` "list.sep" ("a; b"). With `and_last`, the last item follows
    "and" ("a and b", "a; b; and c"): a list in a sentence, where "a; b" read as two clauses."""

    __slots__ = ()

    def __init__(self, items: Iterable[object], separator: str = "list.join", *, and_last: bool = False) -> None:
        super().__init__("", items=list(items), separator=separator, and_last=and_last)

    def render(self, language: str | None = None) -> str:
        lang = _language(language)
        sep = render(str(self.params["separator"]), lang)
        texts = [_text(v, lang) for v in self.params["items"]]  # type: ignore[attr-defined]
        if not self.params["and_last"] or len(texts) < 2:
            return sep.join(texts)
        last = render("list.and" if len(texts) == 2 else f"{self.params['separator']}_and", lang)
        return _spaced(sep.join(texts[:-1]), last, texts[-1])


def _spaced(left: str, word: str, right: str) -> str:
    """`word` between `left` and `right`, with a space on each side where it meets Latin letters or digits (Chinese
    sets "和" close to Chinese characters and a space apart from Latin ones: "后端和 RoCEv2")."""
    before = " " if left and word and not word[0].isascii() and left[-1].isascii() and left[-1].isalnum() else ""
    after = " " if right and word and not word[-1].isascii() and right[0].isascii() and right[0].isalnum() else ""
    return left + before + word + after + right


class Concat(Message):
    """Parts (messages or text) written one after the other: a label and its suffix."""

    __slots__ = ()

    def __init__(self, *parts: object) -> None:
        super().__init__("", parts=list(parts))

    def render(self, language: str | None = None) -> str:
        lang = _language(language)
        parts: list[object] = self.params["parts"]  # type: ignore[assignment]
        return "".join(_text(v, lang) for v in parts)


def _text(value: object, language: str) -> str:
    return value.render(language) if isinstance(value, Message) else str(value)
