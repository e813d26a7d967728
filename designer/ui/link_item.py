"""A cable on the canvas: a C++-painted line (fast at fabric scale) coloured by protocol.

Cables are chosen by the scene (not Qt's item selection) so that no Python paint override is needed:
a Python paint() on thousands of lines costs about a third of each frame, measured on the 1,024-GPU
example.
"""

from __future__ import annotations

from PySide6.QtCore import QLineF, Qt
from PySide6.QtGui import QColor, QPen
from PySide6.QtWidgets import QGraphicsLineItem


def link_pen(colour: QColor, dashed: bool, chosen: bool, highlight: QColor) -> QPen:
    pen = QPen(highlight if chosen else colour, 3.0 if chosen else 1.4)
    pen.setCosmetic(True)  # same width at every zoom and on high-DPI screens
    if dashed:
        pen.setStyle(Qt.PenStyle.DashLine)
    return pen


class LinkItem(QGraphicsLineItem):
    """One document Link between the centres of its two nodes."""

    def __init__(self, link_id: str, colour: QColor, dashed: bool, highlight: QColor) -> None:
        super().__init__()
        self.link_id = link_id
        self.colour, self.dashed, self.highlight = colour, dashed, highlight
        self.chosen = False
        self.setZValue(1)
        self.setPen(link_pen(colour, dashed, False, highlight))

    def restyle(self, colour: QColor, dashed: bool, highlight: QColor) -> None:
        if (colour, dashed, highlight) != (self.colour, self.dashed, self.highlight):
            self.colour, self.dashed, self.highlight = colour, dashed, highlight
            self.setPen(link_pen(colour, dashed, self.chosen, highlight))

    def set_chosen(self, chosen: bool) -> None:
        if chosen != self.chosen:
            self.chosen = chosen
            self.setZValue(5 if chosen else 1)
            self.setPen(link_pen(self.colour, self.dashed, chosen, self.highlight))

    def set_ends(self, line: QLineF) -> None:
        if line != self.line():
            self.setLine(line)
