"""The problems dock: design-rule findings; clicking one selects and centres its nodes and links.

Each finding's message is rendered in the core's current language (designer.i18n.render_finding: English
keeps the rule's detailed message); the rule column shows the rule id, as the CLI and the proposal do.
"""

from __future__ import annotations

from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt, Signal, Slot
from PySide6.QtWidgets import QStyle, QTreeWidget, QTreeWidgetItem

from designer.i18n import render_finding

FINDING_ROLE = Qt.ItemDataRole.UserRole
# the severity column's words, translated where shown
SEVERITIES = {"error": QT_TRANSLATE_NOOP("ProblemsPanel", "Error"),
              "warning": QT_TRANSLATE_NOOP("ProblemsPanel", "Warning"),
              "info": QT_TRANSLATE_NOOP("ProblemsPanel", "Info")}


class ProblemsPanel(QTreeWidget):
    """One row per finding: severity, rule, message."""

    focus_requested = Signal(list, list)  # node ids, link ids

    def __init__(self) -> None:
        super().__init__()
        self.setHeaderLabels([self.tr("Severity"), self.tr("Rule"), self.tr("Message")])
        self.setRootIsDecorated(False)
        self.setAlternatingRowColors(True)
        self.setColumnWidth(0, 90)
        self.setColumnWidth(1, 170)
        self.itemClicked.connect(self._clicked)
        self.itemActivated.connect(self._clicked)

    def severity_text(self, severity: str) -> str:
        """The severity in the window's language (an unknown one as it is)."""
        return self.tr(str(SEVERITIES[severity])) if severity in SEVERITIES else severity

    def show_findings(self, findings: list, unavailable: bool = False) -> None:
        self.clear()
        style = self.style()
        icon_for = {"error": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxCritical),
                    "warning": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxWarning),
                    "info": style.standardIcon(QStyle.StandardPixmap.SP_MessageBoxInformation)}
        for f in findings:
            message = render_finding(f)
            row = QTreeWidgetItem([self.severity_text(f.severity), f.rule, message])
            row.setIcon(0, icon_for.get(f.severity, icon_for["info"]))
            row.setToolTip(2, f"<p>{escape(message)}</p>")   # rich text with the labels escaped
            row.setData(0, FINDING_ROLE, (list(f.nodes or []), list(f.links or [])))
            self.addTopLevelItem(row)
        if not findings:
            text = self.tr("Design-rule checks are not available") if unavailable else self.tr("No problems found")
            row = QTreeWidgetItem(["", "", text])
            row.setFlags(Qt.ItemFlag.NoItemFlags)
            self.addTopLevelItem(row)

    @Slot(QTreeWidgetItem)
    def _clicked(self, item: QTreeWidgetItem) -> None:
        data = item.data(0, FINDING_ROLE)
        if data:
            self.focus_requested.emit(*data)
