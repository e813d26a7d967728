"""A node's name stays readable where cables pass under it: the name is drawn on a patch of the canvas's colour
(in the small RoCEv2 pod the storage nodes' front-end cables ran through "stor-01")."""

from PySide6.QtGui import QColor, QImage, QPainter
from PySide6.QtWidgets import QStyleOptionGraphicsItem

from designer.ui.app import PROJECTS
from designer.ui.node_item import BODY
from tests.ui_input import show_window


def test_cables_under_a_nodes_name_do_not_cross_its_letters(qtbot):
    """The node painted over an image all of the cables' colour (as if cables ran everywhere under it): in the
    middle of its name almost no pixel keeps that colour (the text and its backing cover them)."""
    window = show_window(qtbot, path=PROJECTS / "small-rocev2-pod.json")
    item = window.view.scene().node_items["stor-01"]
    cable = QColor(window.view.scene().theme.protocol("ethernet"))
    image = QImage(200, 160, QImage.Format.Format_ARGB32)
    image.fill(cable)
    painter = QPainter(image)
    painter.translate(100, 60)
    item.paint(painter, QStyleOptionGraphicsItem(), None)
    painter.end()
    top = int(60 + BODY.bottom() + 4)
    middle = [image.pixelColor(x, y) for x in range(85, 115) for y in range(top, top + 8)]
    assert sum(c == cable for c in middle) <= 0.02 * len(middle)     # half of them without the backing
    assert image.pixelColor(5, 5) == cable                  # away from the node the "cables" still show


def test_ports_in_use_wider_than_the_body_shrink_then_close_up_then_cut(qtbot):
    """A site-edge box's "lan 4/12 · wan 4/12" ran past both sides of its body: it shrinks to fit, closes up where
    shrinking is not enough, and only what cannot fit even closed up at the smallest size is cut short."""
    from PySide6.QtGui import QFont, QFontMetricsF

    from designer.ui.node_item import USAGE_MIN_PT, fitted_usage

    font = QFont()
    font.setPointSizeF(8.0)
    smallest = QFont(font)
    smallest.setPointSizeF(USAGE_MIN_PT)
    usage = "lan 4/12 · wan 4/12"

    def width(f, text):
        return QFontMetricsF(f).horizontalAdvance(text)

    assert fitted_usage(usage, font, width(font, usage) + 1) == (usage, font)          # fits: as it is
    room = 0.9 * width(font, usage)                                                     # shrinking is enough
    text, fitted = fitted_usage(usage, font, room)
    assert text == usage and USAGE_MIN_PT <= fitted.pointSizeF() < 8.0 and width(fitted, text) <= room
    room = width(smallest, "lan 4/12·wan 4/12") + 1                                      # closing up the dots too
    text, fitted = fitted_usage(usage, font, room)
    assert text == "lan 4/12·wan 4/12" and width(fitted, text) <= room
    room = width(smallest, "lan4/12·wan4/12") + 1                                        # and the spaces
    assert fitted_usage(usage, font, room)[0] == "lan4/12·wan4/12"
    text, fitted = fitted_usage(usage, font, room / 2)                                   # even that too wide: cut
    assert text.endswith("…") and fitted.pointSizeF() == USAGE_MIN_PT
