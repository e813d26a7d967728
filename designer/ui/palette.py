"""The palette dock: catalog models grouped by what they are, with icons, a search box and drag-to-place."""

from __future__ import annotations

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QMimeData, Qt, Signal, Slot
from PySide6.QtGui import QDrag
from PySide6.QtWidgets import QLineEdit, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from designer.catalog.loader import Catalog
from designer.ui import icons
from designer.ui.labels import switch_entry
from designer.ui.view import MODEL_MIME

SPEC_ROLE = Qt.ItemDataRole.UserRole


def palette_entries(cat: Catalog) -> list[tuple[str, str, str, str, str]]:
    """(group, icon, title, spec, tooltip) for every placeable model and port speed; the groups are marked
    for translation (translated where shown), the tooltips are in the window's language."""
    out = []
    for server in cat.servers.values():
        out.append((str(QT_TRANSLATE_NOOP("Palette", "GPU servers")), "server", f"{server.model}", server.id,
                    QCoreApplication.translate("Palette", "{0} {1}: {2}× {3}, {4}× {5:g}G back-end, {6}× {7:g}G "
                                               "front-end").format(server.vendor, server.model, server.gpus,
                                                                   server.gpu_model, server.backend_nics,
                                                                   server.backend_nic_gbps, server.frontend_nics,
                                                                   server.frontend_nic_gbps)))
    roles = {"leaf": QT_TRANSLATE_NOOP("Palette", "leaf"), "spine": QT_TRANSLATE_NOOP("Palette", "spine"),
             "core": QT_TRANSLATE_NOOP("Palette", "core"), "frontend": QT_TRANSLATE_NOOP("Palette", "front-end")}
    for role, group in (("leaf", QT_TRANSLATE_NOOP("Palette", "Leaf switches")),
                        ("spine", QT_TRANSLATE_NOOP("Palette", "Spine switches")),
                        ("core", QT_TRANSLATE_NOOP("Palette", "Core switches")),
                        ("frontend", QT_TRANSLATE_NOOP("Palette", "Front-end switches"))):
        for m in cat.switches.values():
            if role not in m.roles:
                continue
            for b in m.breakouts:
                speed = m.port_gbps / b
                proto = "InfiniBand" if m.protocol == "ib" else QCoreApplication.translate("Palette", "Ethernet")
                tip = QCoreApplication.translate("Palette", "{0} {1} ({2}) as {3}: {4} ports at {5:g} Gb/s").format(
                    m.vendor, m.model, proto, QCoreApplication.translate("Palette", str(roles[role])), m.ports * b,
                    speed)
                if b > 1:
                    tip += QCoreApplication.translate("Palette", ", split from {0}×{1:g}G").format(m.ports, m.port_gbps)
                out.append((str(group), role, switch_entry(m.model, m.ports * b, speed), f"{m.id}|{role}|{speed:g}",
                            tip))
    for gateway in cat.gateways.values():
        out.append((str(QT_TRANSLATE_NOOP("Palette", "Gateways")), "gateway", gateway.model, gateway.id,
                    QCoreApplication.translate("Palette", "{0} {1}: {2} IB + {3} Ethernet ports at {4:g}G").format(
                        gateway.vendor, gateway.model, gateway.ib_ports, gateway.eth_ports, gateway.port_gbps)))
    for box in cat.storage.values():
        out.append((str(QT_TRANSLATE_NOOP("Palette", "Storage")), "storage", box.model, box.id,
                    QCoreApplication.translate("Palette", "{0}: {1}× {2:g}G front-end").format(
                        box.model, box.frontend_nics, box.frontend_nic_gbps)))
    return out


class PaletteTree(QTreeWidget):
    """A tree whose leaves drag their model spec onto the canvas."""

    @staticmethod
    def mime_for(item: QTreeWidgetItem) -> QMimeData | None:
        """What a drag of this palette entry carries (None for group headings)."""
        spec = item.data(0, SPEC_ROLE) if item else None
        if not spec:
            return None
        mime = QMimeData()
        mime.setData(MODEL_MIME, spec.encode("utf-8"))
        return mime

    def startDrag(self, actions) -> None:
        item = self.currentItem()
        mime = self.mime_for(item)
        if mime is None:
            return
        drag = QDrag(self)
        drag.setMimeData(mime)
        drag.setPixmap(item.icon(0).pixmap(40, 40))
        drag.exec(Qt.DropAction.CopyAction)


class Palette(QWidget):
    """Search box over the catalog tree; double-click places a model at the centre of the view."""

    place_requested = Signal(str)

    def __init__(self, catalog: Catalog) -> None:
        super().__init__()
        self.search = QLineEdit()
        self.search.setPlaceholderText(self.tr("Search models…"))
        self.search.setClearButtonEnabled(True)
        self.tree = PaletteTree()
        self.tree.setHeaderHidden(True)
        self.tree.setDragEnabled(True)
        self.tree.setIconSize(self.tree.iconSize() * 1.6)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addWidget(self.search)
        layout.addWidget(self.tree)
        groups: dict[str, QTreeWidgetItem] = {}
        for group, icon, title, spec, tip in palette_entries(catalog):
            if group not in groups:
                groups[group] = QTreeWidgetItem(self.tree, [self.tr(group)])
                groups[group].setFlags(Qt.ItemFlag.ItemIsEnabled)
                groups[group].setExpanded(True)
            leaf = QTreeWidgetItem(groups[group], [title])
            leaf.setIcon(0, icons.qicon(icon))
            leaf.setData(0, SPEC_ROLE, spec)
            leaf.setToolTip(0, tip + "\n" + self.tr("Drag onto the canvas, or double-click to place at the centre."))
        self.search.textChanged.connect(self.filter)
        self.tree.itemDoubleClicked.connect(self._double_clicked)

    def _groups(self) -> list[QTreeWidgetItem]:
        items = (self.tree.topLevelItem(i) for i in range(self.tree.topLevelItemCount()))
        return [item for item in items if item is not None]

    @staticmethod
    def _entries(group: QTreeWidgetItem) -> list[QTreeWidgetItem]:
        items = (group.child(j) for j in range(group.childCount()))
        return [item for item in items if item is not None]

    @Slot(str)
    def filter(self, text: str) -> None:
        needle = text.strip().lower()
        for group in self._groups():
            shown = 0
            for leaf in self._entries(group):
                hit = not needle or needle in leaf.text(0).lower() or needle in leaf.toolTip(0).lower()
                leaf.setHidden(not hit)
                shown += hit
            group.setHidden(shown == 0)

    def specs(self) -> list[str]:
        return [leaf.data(0, SPEC_ROLE) for group in self._groups() for leaf in self._entries(group)]

    @Slot(QTreeWidgetItem)
    def _double_clicked(self, item: QTreeWidgetItem) -> None:
        spec = item.data(0, SPEC_ROLE)
        if spec:
            self.place_requested.emit(spec)
