"""A message id with its parameters that renders in the current language only when it is printed.

Core errors are raised before the CLI or the window has chosen the language (and may be shown in another
language later), so they keep a `Message` and turn it into text in `__str__`, never when they are made.
A parameter that is itself a `Message` renders in the same language; any other value is shown as it is
(file names, ids, JSON places such as ``links[3].b.port`` stay verbatim).
"""

from __future__ import annotations

import errno
from collections.abc import Sequence

from designer.i18n.catalog import current_language, normalise, render


class Message:
    """`msg_id` of the core catalog plus its parameters; `str()` renders it in the current language."""

    __slots__ = ("msg_id", "params")

    def __init__(self, msg_id: str, /, **params: object) -> None:
        self.msg_id = msg_id
        self.params = params

    def render(self, language: str | None = None) -> str:
        """The text in `language` (default: the current one)."""
        lang = normalise(language) if language else current_language()
        values = {k: v.render(lang) if isinstance(v, Message) else v for k, v in self.params.items()}
        template = render(self.msg_id, lang)  # without parameters: the template itself (any parameter name works)
        return template.format(**values) if values else template

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        params = "".join(f", {k}={v!r}" for k, v in self.params.items())
        return f"{type(self).__name__}({self.msg_id!r}{params})"

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and (self.msg_id, self.params) == (other.msg_id, other.params)

    __hash__ = None  # type: ignore[assignment]  # parameters may be unhashable

    def __reduce__(self) -> tuple[object, ...]:
        # errors cross process boundaries (sweep workers): rebuild from the id and the parameters
        return _rebuild, (type(self), self.msg_id, self.params)


def _rebuild(cls: type[Message], msg_id: str, params: dict[str, object]) -> Message:
    # not through __init__: a subclass may take other arguments (a finding, a value and its unit, parts)
    msg = cls.__new__(cls)
    msg.msg_id, msg.params = msg_id, params
    return msg


def text_of(value: object, language: str | None = None) -> str:
    """A `Message` rendered in `language` (default: the current one); anything else as `str()`."""
    return value.render(language) if isinstance(value, Message) else str(value)


class OsReason(Message):
    """The reason of an OSError: in English exactly the system's own text, in other languages the catalog's."""

    def render(self, language: str | None = None) -> str:
        lang = normalise(language) if language else current_language()
        return str(self.params["text"]) if lang == "en" else super().render(lang)


# errno -> message id of the usual reasons a file cannot be read or written
_OS_REASONS = {
    errno.ENOENT: "error.os.no_such_file", errno.EACCES: "error.os.permission_denied",
    errno.EPERM: "error.os.not_permitted", errno.EISDIR: "error.os.is_a_directory",
    errno.ENOTDIR: "error.os.not_a_directory", errno.ENOSPC: "error.os.no_space", errno.EROFS: "error.os.read_only",
    errno.ENAMETOOLONG: "error.os.name_too_long", errno.EEXIST: "error.os.exists",
}


def os_reason(exc: OSError) -> str | Message:
    """Why an OS call failed, as `exc.strerror or exc` was shown so far; translatable for the usual errno values."""
    text = exc.strerror or str(exc)
    msg_id = _OS_REASONS.get(exc.errno) if exc.strerror and exc.errno is not None else None
    return OsReason(msg_id, text=text) if msg_id else text


def either(items: Sequence[str | Message]) -> str | Message:
    """'a', 'a or b', 'a or b or c' with 'or' in the language of the message (items are shown verbatim)."""
    *rest, last = list(items) or [""]
    out: str | Message = last
    for item in reversed(rest):
        out = Message("error.or", first=item, second=out)
    return out
