"""User text made safe to echo: one line for a terminal or a status bar, whatever a file put in it.

A node id, a label or a file name comes from a file or from typing, and is echoed back in error lines, findings
and window messages. A line break in it would split the one-line error in two, an escape sequence would steer
the terminal (colours, cursor moves, a changed window title), a bidirectional override would show the text in
another order than it is stored. `one_line` shows each such character as an escape (``\\n``, ``\\x1b``,
``\\u202e``) and leaves every other character (Chinese among them) as it is.
"""

from __future__ import annotations

import unicodedata

# Unicode categories shown escaped: controls, line / paragraph separators, unpaired surrogates
_ESCAPED_CATEGORIES = frozenset({"Cc", "Zl", "Zp", "Cs"})
# format characters that reorder or hide text (bidirectional embeddings, overrides, isolates, marks)
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def needs_escape(char: str) -> bool:
    """True for a character that `one_line` shows as an escape."""
    return char in _BIDI or unicodedata.category(char) in _ESCAPED_CATEGORIES


def escape_char(char: str) -> str:
    """The escape that stands for `char`: \\n, \\r, \\t, \\xHH, \\uHHHH or \\UHHHHHHHH."""
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    if code < 0x100:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


def one_line(text: object) -> str:
    """`text` as one line that cannot steer a terminal: control characters, line separators, unpaired
    surrogates and bidirectional controls shown as escapes; everything else unchanged."""
    s = str(text)
    if s.isprintable() and not any(c in _BIDI for c in s):   # the common case, quickly
        return s
    return "".join(escape_char(c) if needs_escape(c) else c for c in s)
