"""Flowables that keep pages full and tables whole enough: a vector drawing that shrinks to the room left on its
page (down to a minimum) instead of leaving the page half empty, a table that splits only where at least two
rows stay on each side (its header repeats on the next page), and headings kept with the start of their table."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.graphics.shapes import Drawing
from reportlab.platypus import CondPageBreak, Flowable, Paragraph, Table

MIN_ROWS_AT_SPLIT = 2


class FitDrawing(Flowable):
    """A drawing made for the height it gets, with its legend (`footer`) kept below it: `natural` when there is
    room, else the room left if that is at least `minimum` (the drawing is made again at that size: labels are
    sized for it, never clipped)."""

    GAP = 8.0

    def __init__(self, make: Callable[[float, float], Drawing], width: float, natural: float, minimum: float,
                 footer: Drawing | None = None):
        super().__init__()
        self.make, self.width, self.natural, self.minimum, self.footer = make, width, natural, minimum, footer
        self._below = (footer.height + self.GAP) if footer is not None else 0.0
        self.height = natural + self._below
        self._drawing: Drawing | None = None
        self._drawn_height = 0.0

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        room = avail_height - self._below
        height = self.natural if room >= self.natural else max(self.minimum, room)
        if self._drawing is None or abs(height - self._drawn_height) > 0.5:
            self._drawing = self.make(self.width, height)
            self._drawn_height = height
        self.height = height + self._below
        return self.width, self.height

    def draw(self) -> None:
        assert self._drawing is not None
        self._drawing.drawOn(self.canv, 0, self._below)
        if self.footer is not None:
            self.footer.drawOn(self.canv, 0, 0)


class BreakableTable(Table):
    """A table that splits only between rows that leave at least two body rows on each page (none when it is too
    short to split so); the caller sets `repeatRows` so that the header repeats."""

    def _splitRows(self, availHeight: float, doInRowSplit: int = 0):
        rows = len(self._cellvalues)
        head = self.repeatRows if isinstance(self.repeatRows, int) else max(self.repeatRows) + 1
        lo, hi = head + MIN_ROWS_AT_SPLIT, rows - MIN_ROWS_AT_SPLIT
        self._rowSplitRange = (lo, hi) if hi >= lo else (rows + 1, rows + 1)
        return super()._splitRows(availHeight, doInRowSplit)

    def start_height(self, width: float) -> float:
        """The height that must fit on a page for the table to start there: its header and first rows down to the
        first place it may split, or all of it when it does not split."""
        self.wrap(width, 1e9)
        head = self.repeatRows if isinstance(self.repeatRows, int) else max(self.repeatRows) + 1
        rows = len(self._rowHeights)
        first = head + MIN_ROWS_AT_SPLIT if rows - MIN_ROWS_AT_SPLIT >= head + MIN_ROWS_AT_SPLIT else rows
        return float(sum(self._rowHeights[:first]))


def keep_headings_with_tables(story: list[Flowable], width: float) -> list[Flowable]:
    """Raise the page-break room before each heading that a table follows to what must share its page: the
    heading and the table's start (a heading's fixed room is too little when the first rows are tall)."""
    for k in range(len(story) - 2):
        room, heading, table = story[k:k + 3]
        if isinstance(room, CondPageBreak) and isinstance(heading, Paragraph) and isinstance(table, BreakableTable):
            _w, height = heading.wrap(width, 1e9)
            need = heading.getSpaceBefore() + height + heading.getSpaceAfter() + table.start_height(width)
            room.height = max(room.height, need)
    return story
