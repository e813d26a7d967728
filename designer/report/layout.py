"""Flowables that keep pages full and tables whole enough: a vector drawing that shrinks to the room left on its
page (down to a minimum) instead of leaving the page half empty, and a table that splits only where at least two
rows stay on each side (its header repeats on the next page)."""

from __future__ import annotations

from collections.abc import Callable

from reportlab.graphics.shapes import Drawing
from reportlab.platypus import Flowable, Table

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
