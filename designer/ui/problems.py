"""The problems dock: design-rule findings; clicking one selects and centres its nodes and links."""

from __future__ import annotations

from html import escape

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QStyle, QTreeWidget, QTreeWidgetItem

FINDING_ROLE = Qt.ItemDataRole.UserRole


class ProblemsPanel(QTreeWidget):
    """One row per finding: severity, rule, message."""

    focus_requested = Signal(list, list)  # node ids, link ids

    def __init__(self) -> None:
        super().__init__()
        self.setHeaderLabels(["Severity", "Rule", "Message"])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setColumnWidth(0, 90)
        self.setColumnWidth(1, 170)
        self.itemClicked.connect(self._clicked)
        self.itemActivated.connect(self._clicked)

    def show_findings(self, findings: list, unavailable: bool = False) -> None:
        self.clear()
        style = self.style()
        icon_for = {"error": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
                    "warning": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
                    "info": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation)}
        for f in findings:
            row = QTreeWidgetItem([f.severity, f.rule, f.message])
            row.setIcon(0, icon_for.get(f.severity, icon_for["info"]))
            row.setToolTip(2, f"<p>{escape(f.message)}</p>")   # rich text with the labels escaped
            row.setData(0, FINDING_ROLE, (list(f.nodes or []), list(f.links or [])))
            self.addTopLevelItem(row)
        if not findings:
            text = "Design-rule checks are not available" if unavailable else "No problems found"
            row = QTreeWidgetItem(["", "", text])
            row.setFlags(Qt.ItemFlag.NoItemFlags)
            self.addTopLevelItem(row)

    def _clicked(self, item: QTreeWidgetItem) -> None:
        data = item.data(0, FINDING_ROLE)
        if data:
            self.focus_requested.emit(*data)
