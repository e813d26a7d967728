"""Failed elements over the canvas: cables down (red, dashed, crossed), degraded (orange, dashed),
switches down (a red cross over the node), and failures still to come in the scenario's schedule
(thin red dots with their time), each with a short label, so it is plain what failed and when.

The layer only views state handed to it (a snapshot's extra["failed_links"] / ["failure_events"], or
a scenario's schedule); it never edits the document.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from PySide6.QtCore import QCoreApplication, QLineF, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QPainter, QPen
from PySide6.QtWidgets import QGraphicsObject, QStyleOptionGraphicsItem, QWidget

from designer.sim.failures import FailureSpec, parse_failure
from designer.sim.workload_spec import WorkloadError
from designer.ui.labels import cable_name, node_name

DOWN_COLOUR = "#d62728"
DEGRADED_COLOUR = "#ff7f0e"
CROSS_PX = 9.0          # half-size of the cross drawn on a cut cable (scene units at zoom 1)


def _ms(t_s: float | None) -> str:
    return QCoreApplication.translate("FailureLayer", "now") if t_s is None else f"{t_s * 1e3:.3g} ms"


@dataclass
class FailureState:
    """What the canvas marks: elements down or degraded now, and failures scheduled for later."""

    down_links: dict[str, str] = field(default_factory=dict)       # link id -> label
    degraded_links: dict[str, str] = field(default_factory=dict)
    down_switches: dict[str, str] = field(default_factory=dict)    # node id -> label
    scheduled_links: dict[str, str] = field(default_factory=dict)
    scheduled_switches: dict[str, str] = field(default_factory=dict)

    def empty(self) -> bool:
        return not (self.down_links or self.degraded_links or self.down_switches or self.scheduled_links
                    or self.scheduled_switches)


def _parsed(text: str) -> FailureSpec | None:
    try:
        return parse_failure(text)
    except WorkloadError:
        return None    # a spec the user has not fixed yet: the scenario panel reports it


def state_from_schedule(specs: list[str]) -> FailureState:
    """A scenario's failures before a run: everything is still to come."""
    state = FailureState()
    for text in specs:
        spec = _parsed(text)
        if spec is None:
            continue
        if spec.degraded_gbps is not None:
            what = QCoreApplication.translate("FailureLayer", "slows to {gbps:g} Gb/s at {t}").format(
                gbps=spec.degraded_gbps, t=_ms(spec.time_s))
        else:
            what = QCoreApplication.translate("FailureLayer", "fails at {t}").format(t=_ms(spec.time_s))
        if spec.up_s is not None:
            what += QCoreApplication.translate("FailureLayer", ", back at {t}").format(t=_ms(spec.up_s))
        target = state.scheduled_links if spec.kind == "link" else state.scheduled_switches
        target[spec.element] = what
    return state


def state_from_snapshot(extra: dict, time_s: float) -> FailureState:
    """Elements failed at a snapshot: links down from the engine, switches and degradations from the
    failures so far (an element whose up= time has passed is back)."""
    state = FailureState()
    for t, text in extra.get("failure_events", []):
        spec = _parsed(text)
        if spec is None or (spec.up_s is not None and time_s >= spec.up_s):
            continue
        if spec.degraded_gbps is not None:
            state.degraded_links[spec.element] = QCoreApplication.translate(
                "FailureLayer", "{gbps:g} Gb/s since {t}").format(gbps=spec.degraded_gbps, t=_ms(t))
        elif spec.kind == "switch":
            state.down_switches[spec.element] = QCoreApplication.translate("FailureLayer", "DOWN since {t}").format(
                t=_ms(t))
        else:
            state.down_links[spec.element] = QCoreApplication.translate("FailureLayer", "DOWN since {t}").format(
                t=_ms(t))
    for lid in extra.get("failed_links", []):
        # cables of a failed switch are down too; they are drawn cut but not labelled one by one
        state.down_links.setdefault(lid, "")
    return state


class FailureLayer(QGraphicsObject):
    """Draws a FailureState over the scene's cables and nodes; `set_state` to update."""

    def __init__(self, scene) -> None:
        super().__init__()
        self.fabric_scene = scene
        self.setZValue(30)                      # above the heat-map and the nodes: a failure must show
        self.setAcceptedMouseButtons(Qt.MouseButton.NoButton)
        self.state = FailureState()
        self._rect = QRectF()

    def set_state(self, state: FailureState) -> None:
        self.state = state
        self.prepareGeometryChange()
        rect = QRectF()
        for lid in (*state.down_links, *state.degraded_links, *state.scheduled_links):
            line = self.fabric_scene.link_line(lid)
            if line is not None:
                rect = rect.united(QRectF(line.p1(), line.p2()).normalized())
        for nid in (*state.down_switches, *state.scheduled_switches):
            item = self.fabric_scene.node_items.get(nid)
            if item is not None:
                rect = rect.united(item.sceneBoundingRect())
        self._rect = rect.adjusted(-40, -40, 260, 40)   # room for the labels
        self.setVisible(not state.empty())
        self.update()

    def boundingRect(self) -> QRectF:
        return self._rect

    def _line(self, lid: str) -> QLineF | None:
        return self.fabric_scene.link_line(lid) if self.fabric_scene.link_drawn(lid) else None

    def paint(self, painter: QPainter, option: QStyleOptionGraphicsItem, widget: QWidget | None = None) -> None:
        s = self.state
        font = QFont(painter.font())
        font.setBold(True)
        font.setPointSizeF(9.0)
        painter.setFont(font)
        for links, colour, width, style in ((s.scheduled_links, DOWN_COLOUR, 2.0, Qt.PenStyle.DotLine),
                                            (s.degraded_links, DEGRADED_COLOUR, 4.0, Qt.PenStyle.DashLine),
                                            (s.down_links, DOWN_COLOUR, 4.0, Qt.PenStyle.DashLine)):
            pen = QPen(QColor(colour), width, style)
            pen.setCosmetic(True)
            for lid, label in links.items():
                line = self._line(lid)
                if line is None:
                    continue
                painter.setPen(pen)
                painter.drawLine(line)
                mid = line.center()
                if links is s.down_links:
                    self._cross(painter, QRectF(mid - QPointF(CROSS_PX, CROSS_PX), mid + QPointF(CROSS_PX, CROSS_PX)),
                                colour, 3.0)
                if label:
                    name = cable_name(self.fabric_scene.doc, lid)
                    self._label(painter, mid + QPointF(CROSS_PX + 3, -4), f"{name}: {label}", colour)
        for nodes, colour, dashed in ((s.scheduled_switches, DOWN_COLOUR, True),
                                      (s.down_switches, DOWN_COLOUR, False)):
            for nid, label in nodes.items():
                item = self.fabric_scene.node_items.get(nid)
                if item is None:
                    continue
                r = item.sceneBoundingRect()
                if dashed:
                    pen = QPen(QColor(colour), 2.0, Qt.PenStyle.DotLine)
                    pen.setCosmetic(True)
                    painter.setPen(pen)
                    painter.setBrush(Qt.BrushStyle.NoBrush)
                    painter.drawRect(r.adjusted(-3, -3, 3, 3))
                else:
                    self._cross(painter, r.adjusted(-2, -2, 2, 2), colour, 5.0)
                name = node_name(self.fabric_scene.doc, nid)
                self._label(painter, QPointF(r.right() + 4, r.top() + 10), f"{name}: {label}", colour)

    @staticmethod
    def _cross(painter: QPainter, r: QRectF, colour: str, width: float) -> None:
        pen = QPen(QColor(colour), width)
        pen.setCosmetic(True)
        pen.setCapStyle(Qt.PenCapStyle.RoundCap)
        painter.setPen(pen)
        painter.drawLine(r.topLeft(), r.bottomRight())
        painter.drawLine(r.topRight(), r.bottomLeft())

    @staticmethod
    def _label(painter: QPainter, at: QPointF, text: str, colour: str) -> None:
        metrics = painter.fontMetrics()
        box = QRectF(at.x() - 2, at.y() - metrics.ascent() - 1, metrics.horizontalAdvance(text) + 4,
                     metrics.height() + 2)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(255, 255, 255, 225))
        painter.drawRoundedRect(box, 3, 3)
        painter.setPen(QColor(colour))
        painter.drawText(at, text)
