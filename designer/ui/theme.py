"""Colours of the canvas: derived from the application QPalette, plus a fixed protocol palette.

Items ask the Theme for every colour so that the light and the dark theme both read well; only the
three protocol colours are fixed (they carry meaning and appear in the legend).
"""

from __future__ import annotations

from dataclasses import dataclass

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QApplication, QStyleFactory

# The protocol palette: chosen to stay distinct for the common colour-vision deficiencies
# (green / orange differ in lightness as well as hue) and on both backgrounds.
PROTOCOL_COLOURS = {
    "ib": QColor("#2e9d5b"),        # InfiniBand
    "rocev2": QColor("#e07b24"),    # RoCEv2
    "frontend": QColor("#7f8ea3"),  # Ethernet front-end (drawn dashed)
    "unassigned": QColor("#a0a0a0"),
}
PROTOCOL_NAMES = {"ib": "InfiniBand", "rocev2": "RoCEv2", "frontend": QT_TRANSLATE_NOOP("Theme", "Ethernet front-end"),
                  "unassigned": QT_TRANSLATE_NOOP("Theme", "back-end, no segment")}

THEMES = ("light", "dark")


@dataclass
class Theme:
    """Canvas colours for one palette."""

    name: str
    background: QColor
    grid: QColor
    node_fill: QColor
    node_border: QColor
    text: QColor
    selection: QColor
    hull_alpha: int = 38

    @classmethod
    def from_palette(cls, palette: QPalette, name: str) -> Theme:
        base = palette.color(QPalette.ColorRole.Base)
        text = palette.color(QPalette.ColorRole.Text)
        grid = QColor(text)
        grid.setAlpha(22)
        border = QColor(text)
        border.setAlpha(110)
        return cls(name=name, background=base, grid=grid,
                   node_fill=palette.color(QPalette.ColorRole.AlternateBase), node_border=border,
                   text=text, selection=palette.color(QPalette.ColorRole.Highlight))

    def protocol(self, key: str) -> QColor:
        return QColor(PROTOCOL_COLOURS.get(key, PROTOCOL_COLOURS["unassigned"]))


def dark_palette() -> QPalette:
    """A neutral dark palette for the Fusion style."""
    p = QPalette()
    window, base, alt = QColor("#2b2d31"), QColor("#1e1f22"), QColor("#33363b")
    text = QColor("#e3e5e8")
    for group in (QPalette.ColorGroup.Active, QPalette.ColorGroup.Inactive):
        p.setColor(group, QPalette.ColorRole.Window, window)
        p.setColor(group, QPalette.ColorRole.WindowText, text)
        p.setColor(group, QPalette.ColorRole.Base, base)
        p.setColor(group, QPalette.ColorRole.AlternateBase, alt)
        p.setColor(group, QPalette.ColorRole.Text, text)
        p.setColor(group, QPalette.ColorRole.Button, window)
        p.setColor(group, QPalette.ColorRole.ButtonText, text)
        p.setColor(group, QPalette.ColorRole.ToolTipBase, alt)
        p.setColor(group, QPalette.ColorRole.ToolTipText, text)
        p.setColor(group, QPalette.ColorRole.Highlight, QColor("#3d8bfd"))
        p.setColor(group, QPalette.ColorRole.HighlightedText, QColor("#ffffff"))
        p.setColor(group, QPalette.ColorRole.PlaceholderText, QColor("#8a8f98"))
        p.setColor(group, QPalette.ColorRole.Link, QColor("#6ea8fe"))
    # disabled widgets keep the dark surfaces (Qt's defaults would draw a disabled button light grey)
    for role in (QPalette.ColorRole.Window, QPalette.ColorRole.Base, QPalette.ColorRole.AlternateBase,
                 QPalette.ColorRole.Button, QPalette.ColorRole.ToolTipBase):
        p.setColor(QPalette.ColorGroup.Disabled, role, p.color(QPalette.ColorGroup.Active, role))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.Text, QColor("#6c7078"))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.WindowText, QColor("#6c7078"))
    p.setColor(QPalette.ColorGroup.Disabled, QPalette.ColorRole.ButtonText, QColor("#6c7078"))
    return p


def light_palette() -> QPalette:
    """Fusion's light palette with a slightly tinted alternate base for node bodies."""
    style = QStyleFactory.create("Fusion")
    p = style.standardPalette()
    p.setColor(QPalette.ColorRole.AlternateBase, QColor("#f3f5f8"))
    return p


def apply_theme(name: str) -> Theme:
    """Switch the application to the light or dark theme and return the canvas Theme."""
    if name not in THEMES:
        raise ValueError(f"unknown theme '{name}' (known: {', '.join(THEMES)})")
    QApplication.setStyle("Fusion")
    palette = dark_palette() if name == "dark" else light_palette()
    QApplication.setPalette(palette)
    return Theme.from_palette(palette, name)


def protocol_name(key: str) -> str:
    """The protocol's name in the interface language."""
    return QCoreApplication.translate("Theme", str(PROTOCOL_NAMES[key]))


# The jobs' colours, in the order of the design's job list (repeating after eight): apart from the protocol colours
# of the cables, the green of the server tiles and the blues of the selection and the plots' total goodput, and
# readable on both themes.
JOB_COLOURS = ("#d6336c", "#0f9d9a", "#8e44ad", "#c99a00", "#3b6fd8", "#8c564b", "#5c7cfa", "#495057")


def job_colour(index: int) -> QColor:
    """The colour of the job at `index` of the design's list."""
    return QColor(JOB_COLOURS[index % len(JOB_COLOURS)])
