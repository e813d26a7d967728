"""JSON text parsed into plain data with every way it can go wrong as one ProjectError naming the place.

Python's JSON reader accepts nesting as deep as its stack allows, whole numbers of thousands of digits,
NaN and Infinity, and `"\\ud800"` (half of a UTF-16 pair, which no UTF-8 file can store). Nesting beyond the
stack and numbers beyond Python's digit limit become one-line errors here; numbers are then checked by each
field's reader against its range (designer/model/limits.py). An unpaired surrogate would otherwise be found
only by the next save (UnicodeEncodeError): text that may hold one is walked, iteratively, and each is
refused with its place.
"""

from __future__ import annotations

import json
import math
import re
import sys
from collections.abc import Iterator
from typing import Any

from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.model.limits import MAX_DEPTH, MAX_EXACT_INT, text_limit

_SURROGATE = re.compile("[\ud800-\udfff]")
# an escaped surrogate ("\ud800"): the only way one gets into parsed JSON (UTF-8 text cannot hold one)
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F]")
MAX_REPORTED = 10


def parse_json(text: str) -> Any:
    """`text` parsed as JSON and checked by `shape_problems`; ProjectError (without a file name) for anything
    wrong, every problem with its place."""
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ProjectError(Message("error.file.bad_json", line=exc.lineno, column=exc.colno, detail=exc.msg)) from None
    except RecursionError:
        raise ProjectError(Message("error.file.too_deep")) from None
    except ValueError:     # a whole number longer than Python converts (sys.get_int_max_str_digits)
        raise ProjectError(Message("error.file.huge_number", digits=f"{sys.get_int_max_str_digits():,}")) from None
    # numbers and the lengths of names are checked field by field (designer/model/limits.py); text is walked only
    # when it may hold a surrogate (escaped, or raw in a string handed over by a caller), so that a large file
    # costs no second pass
    if ("\\u" in text and _ESCAPED_SURROGATE.search(text)) or not _encodes(text):
        problems = shape_problems(data)
        if problems:
            raise ProjectError(list(problems))
    return data


def _encodes(text: str) -> bool:
    """True when `text` holds no raw surrogate (checked at the speed of UTF-8 encoding)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def place_of(path: tuple[str | int, ...]) -> str:
    """`("links", 3, "b", "port")` -> ``links[3].b.port`` (the top level is ``(top level)``)."""
    out = ""
    for key in path:
        out += f"[{key}]" if isinstance(key, int) else (f".{key}" if out else str(key))
    return out or "(top level)"


def unpaired_surrogate(text: str) -> str | None:
    """The first unpaired surrogate in `text`, or None."""
    if text.isascii():
        return None
    found = _SURROGATE.search(text)
    return found.group() if found else None


def too_long(text: str, key: str | int | None) -> Message | None:
    """Why `text` is too long for the field `key` (a name's limit, or any other text's: limits.text_limit)."""
    most = text_limit(key)
    return None if len(text) <= most else Message("error.value.text_too_long", length=f"{len(text):,}",
                                                  limit=f"{most:,}")


def _value_problem(value: Any, key: str | int | None = None) -> Message | None:
    kind = type(value)
    if kind is int:
        if -MAX_EXACT_INT <= value <= MAX_EXACT_INT:
            return None
        return Message("error.value.int_too_large", digits=len(str(abs(value))), limit=f"{MAX_EXACT_INT:,}")
    if kind is float:
        return None if math.isfinite(value) else Message("error.value.not_finite")
    if kind is str:
        if (long := too_long(value, key)) is not None:
            return long
        bad = unpaired_surrogate(value)
        return None if bad is None else Message("error.value.surrogate", code=f"U+{ord(bad):04X}")
    return None


def shape_problems(data: Any) -> list[Message]:
    """Up to MAX_REPORTED problems of `data` (JSON as parsed), each as "place: what", in document order:
    nesting deeper than MAX_DEPTH, whole numbers beyond +-2**53, non-finite numbers, text (values or keys) with
    an unpaired surrogate, an id, name or label longer than MAX_NAME_CHARS, other text longer than MAX_TEXT_CHARS."""
    problems: list[Message] = []

    def report(path: tuple[str | int, ...], what: Message) -> None:
        problems.append(Message("error.at", place=place_of(path), text=what))

    if not isinstance(data, dict | list):
        problem = _value_problem(data)
        return [] if problem is None else [Message("error.at", place=place_of(()), text=problem)]
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack and len(problems) < MAX_REPORTED:
        container, path = stack.pop()
        if len(path) >= MAX_DEPTH:
            report(path, Message("error.value.too_deep", limit=MAX_DEPTH))
            continue
        nested = []
        for key, item in container.items() if isinstance(container, dict) else enumerate(container):
            bad_key = unpaired_surrogate(key) if isinstance(key, str) else None
            if bad_key is not None:
                report((*path, key), Message("error.value.surrogate_key", code=f"U+{ord(bad_key):04X}"))
            elif isinstance(item, dict | list):
                nested.append((item, (*path, key)))
            elif (problem := _value_problem(item, key)) is not None:
                report((*path, key), problem)
        stack.extend(reversed(nested))
    return problems[:MAX_REPORTED]


def iter_text(data: Any) -> Iterator[tuple[str, str]]:
    """(place, text) of every text in `data` (values and object keys), in document order, iteratively."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(data, ())]
    while stack:
        value, path = stack.pop()
        if isinstance(value, str):
            yield place_of(path), value
        elif isinstance(value, dict | list):
            items = list(value.items() if isinstance(value, dict) else enumerate(value))
            for key, _ in items:
                if isinstance(key, str):
                    yield place_of(path), key
            stack.extend((item, (*path, key)) for key, item in reversed(items))
