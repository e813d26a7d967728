"""Line breaking of Chinese text by the rules of Chinese typesetting (no line ends with an opening bracket or
quote, none starts with a closing one or a comma, stop or colon).

reportlab wraps a CJK paragraph "like a knife" between any two characters. It keeps a list of characters that
cannot end a line but never reads it, so "管理设备（" could end one line and "子网管理器" start the next; its list of
characters that cannot start a line is Japanese and lacks the full-width comma, colon and semicolon, and it only
ever hangs one such character into the margin. This module replaces its two splitters (the one for text in a
single style and the one for styled fragments) with one rule: a line breaks at the last position that fits where
a break is allowed, and a break is never allowed after an opener or before a closer. A Latin word stays whole
(broken after a space or next to a Chinese character) unless it alone is wider than the line.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from reportlab.lib import textsplit
from reportlab.platypus import paragraph as reportlab_paragraph
from reportlab.rl_config import _FUZZ

# Characters that may not start a line: reportlab's (Japanese) list plus the Chinese marks it lacks.
CANNOT_START_LINE = textsplit.ALL_CANNOT_START + "".join(
    c for c in "，；：！？）】》〉」』”’％、。" if c not in textsplit.ALL_CANNOT_START)
# Characters that may not end a line: reportlab's list (opening brackets and quotes, currency signs).
CANNOT_END_LINE = textsplit.ALL_CANNOT_END + "".join(
    c for c in "（【《〈「『“‘" if c not in textsplit.ALL_CANNOT_END)
_WIDE = 0x2E80            # from here on a character is CJK (ideographs, kana, full-width punctuation)


def _is_wide(ch: str) -> bool:
    return bool(ch) and ord(ch[0]) >= _WIDE


def may_break(before: str, after: str, *, inside_words: bool = False) -> bool:
    """Whether a line may end with `before` and the next start with `after`; `inside_words` also allows a cut
    inside a Latin word (for a word wider than the line)."""
    if not before or not after:
        return True
    if before in CANNOT_END_LINE or after in CANNOT_START_LINE:
        return False
    if before.isspace() or inside_words:
        return True
    if after.isspace():
        return False
    return _is_wide(before) or _is_wide(after)


def _visible(chars: Sequence[str], i: int, step: int) -> str:
    """The nearest character at or beyond `i` in direction `step` that is not an empty marker (a style change)."""
    while 0 <= i < len(chars):
        if chars[i]:
            return chars[i]
        i += step
    return ""


def _break_at(chars: Sequence[str], start: int, overflow: int) -> int:
    """Where the line that starts at `start` ends when the character at `overflow` no longer fits: the last allowed
    break; else the last cut inside a Latin word that the rules allow; else a cut just before `overflow`."""
    for inside_words in (False, True):
        for p in range(overflow, start, -1):
            if may_break(_visible(chars, p - 1, -1), _visible(chars, p, 1), inside_words=inside_words):
                return p
    return overflow


def line_ends(chars: Sequence[str], widths: Sequence[float], max_widths: Sequence[float],
              forced: Callable[[int], bool] = lambda i: False) -> list[int]:
    """The end index (exclusive) of each line of `chars` set in lines of `max_widths` (the last repeats);
    `forced(i)` ends a line after character i (a <br/>)."""
    ends: list[int] = []
    start, n = 0, len(chars)
    while start < n:
        max_w = _width_of_line(max_widths, len(ends))
        used, i, end = 0.0, start, n
        while i < n:
            used += widths[i]
            if used > max_w + _FUZZ and i > start:
                end = _break_at(chars, start, i)
                break
            i += 1
            if forced(i - 1):
                end = i
                break
        ends.append(end)
        start = end
    return ends


def _line_widths(max_widths: float | Sequence[float]) -> list[float]:
    """reportlab passes one width or one per line (the last repeats)."""
    if isinstance(max_widths, (int, float)):
        return [float(max_widths)]
    return [float(w) for w in max_widths]


def _width_of_line(widths_of: Sequence[float], k: int) -> float:
    return widths_of[min(k, len(widths_of) - 1)]


def split_text(word: str, widths: Sequence[float], max_widths: float | Sequence[float]) -> list[list]:
    """Drop-in for reportlab's `dumbSplit`: [extra space, line text] per line of one-style text."""
    widths_of = _line_widths(max_widths)
    lines: list[list] = []
    start = 0
    for end in line_ends(word, widths, widths_of):
        s, e = start, end
        while s < e and word[s].isspace():
            s += 1
        while e > s and word[e - 1].isspace():
            e -= 1
        max_w = _width_of_line(widths_of, len(lines))
        if sum(widths[start:end]) > 0 or end < len(word):
            lines.append([max_w - sum(widths[s:e]), word[s:e]])
        start = end
    return lines


def split_fragments(frags: list, max_widths: float | Sequence[float], calc_bounds: bool,
                    encoding: str = "utf8") -> reportlab_paragraph.ParaLines:
    """Drop-in for reportlab's `cjkFragSplit`: the lines of a paragraph of styled fragments."""
    widths_of = _line_widths(max_widths)
    glyphs = []
    for f in frags:
        text = f.text.decode(encoding) if isinstance(f.text, bytes) else f.text
        glyphs += [reportlab_paragraph.cjkU(t, f, encoding) for t in text] if text else \
            [reportlab_paragraph.cjkU(text, f, encoding)]
    widths: list[float] = []
    for g in glyphs:
        w = g.width
        if hasattr(w, "normalizedValue"):     # an image sized in percent of the line
            w._normalizer = widths_of[0]
            w = w.normalizedValue(widths_of[0])
        widths.append(w)
    lines: list = []
    start = 0
    ends = line_ends(glyphs, widths, widths_of, lambda i: hasattr(glyphs[i].frag, "lineBreak"))
    for end in ends:
        used = sum(widths[start:end])
        if used > 0 or end < len(glyphs):
            max_w = _width_of_line(widths_of, len(lines))
            line_break = hasattr(glyphs[end - 1].frag, "lineBreak")
            lines.append(reportlab_paragraph.makeCJKParaLine(glyphs[start:end], max_w, used, max_w - used,
                                                            line_break, calc_bounds))
        start = end
    return reportlab_paragraph.ParaLines(kind=1, lines=lines)


def install() -> None:
    """Make reportlab's CJK wrapping (style wordWrap="CJK") use these rules; idempotent."""
    textsplit.dumbSplit = split_text
    reportlab_paragraph.cjkFragSplit = split_fragments
    for module in (textsplit, reportlab_paragraph):
        module.ALL_CANNOT_START = CANNOT_START_LINE
