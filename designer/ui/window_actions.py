"""The window's commands: its actions (kept by name), the menu bar and the main toolbar.

The base class of MainWindow, which provides the slots and docks declared below. Texts are looked up in the
window's class first (PySide tries each class of the object in turn), so they keep MainWindow's translations.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, Qt
from PySide6.QtGui import QAction, QActionGroup, QIcon, QKeySequence
from PySide6.QtWidgets import QComboBox, QDialog, QDockWidget, QLabel, QMenu, QStyle, QToolBar, QWidget

from designer.ui import help_dialogs, icons
from designer.ui.window_exports import WindowExports

if TYPE_CHECKING:                      # the window's parts import what imports this module
    from designer.ui.editor import Editor
    from designer.ui.scene import FabricScene
    from designer.ui.theme import Theme
    from designer.ui.view import FabricView

NOT_YET = QT_TRANSLATE_NOOP("MainWindow", "Available once the simulation engine is installed")
# the canvas's choices of planes: View menu actions and the toolbar's combo box, in this order
PLANES = (("layer_both", QT_TRANSLATE_NOOP("MainWindow", "Both planes"), {"backend", "frontend"}),
          ("layer_backend", QT_TRANSLATE_NOOP("MainWindow", "Back-end only"), {"backend"}),
          ("layer_frontend", QT_TRANSLATE_NOOP("MainWindow", "Front-end only"), {"frontend"}))


def owned_menu(title: str, parent: QWidget) -> QMenu:
    """A menu made here rather than by `addMenu(title)`: a menu Qt makes is looked up by its address, and where a
    deleted Qt object of another type had that address its stale Python wrapper came back (a QWidgetItem with no
    addAction, seen when many windows were made and closed in one process)."""
    return QMenu(title, parent)


def without_mnemonic(text: str) -> str:
    """A menu text without its shortcut letter: "&Save" -> "Save", "保存(&S)" -> "保存" ("&&" stays "&")."""
    return re.sub(r"\(&[^&\s]\)|&(&?)", r"\1", text)


class WindowActions(WindowExports):
    """The window's actions by name, its menus and its toolbar."""

    # what MainWindow provides
    editor: Editor
    scene: FabricScene
    view: FabricView
    theme: Theme
    history_dock: QDockWidget
    palette_dock: QDockWidget
    inspector_dock: QDockWidget
    problems_dock: QDockWidget
    overview_dock: QDockWidget

    def new_design(self) -> None:
        raise NotImplementedError

    def new_from_template(self) -> None:
        raise NotImplementedError

    def open_dialog(self) -> None:
        raise NotImplementedError

    def save(self) -> bool:
        raise NotImplementedError

    def save_as(self) -> bool:
        raise NotImplementedError

    def select_all(self) -> None:
        raise NotImplementedError

    def set_mode(self, mode: str) -> None:
        raise NotImplementedError

    def set_theme(self, name: str) -> None:
        raise NotImplementedError

    def new_segment(self, name: str | None = None, protocol: str | None = None) -> str | None:
        raise NotImplementedError

    def show_quick_start(self) -> None:
        raise NotImplementedError

    def _show_help(self, dialog: QDialog) -> None:
        raise NotImplementedError

    def show_properties(self) -> None:
        raise NotImplementedError

    def open_preferences(self) -> None:
        raise NotImplementedError

    def help_me_choose(self) -> None:
        raise NotImplementedError

    def _fill_recent(self) -> None:
        raise NotImplementedError

    def _action(self, text: str, slot, shortcut=None, tip: str = "", icon=None, checkable=False) -> QAction:
        action = QAction(text, self)
        if shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            action.setIcon(icon)
        action.setCheckable(checkable)
        plain = without_mnemonic(text)
        action.setIconText(plain)       # the toolbar's text: "保存" rather than "保存(S)"
        shortcut_text = action.shortcut().toString(QKeySequence.SequenceFormat.NativeText)
        action.setToolTip(f"{tip or plain}" + (f"  ({shortcut_text})" if shortcut_text else ""))
        action.setStatusTip(tip or plain)
        if slot is not None:
            action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _std_icon(self, pixmap: QStyle.StandardPixmap) -> QIcon:
        return self.style().standardIcon(pixmap)

    def _build_actions(self) -> None:
        """The window's commands, kept by name in `actions_by_name` (menus, toolbar and controllers find them
        there), then the menus and the toolbar that show them."""
        self.actions_by_name: dict[str, QAction] = {}
        self._add_file_actions()
        self._add_edit_actions()
        self._add_mode_actions()
        self._add_fabric_actions()
        self._add_help_actions()
        self._add_view_actions()
        self._add_plane_and_theme_actions()
        self._add_run_actions()
        align = self._add_arrange_actions()
        for key in ("new", "open", "save", "undo", "redo", "fit"):
            self.actions_by_name[key].setPriority(QAction.Priority.LowPriority)  # icon only in the toolbar
        self._build_menus(align)

    def _add_file_actions(self) -> None:
        """New, open and save the design; export the canvas and the hand-over files; quit."""
        a, sp = self.actions_by_name, QStyle.StandardPixmap
        a["new"] = self._action(self.tr("&New"), self.new_design, QKeySequence.StandardKey.New,
                                self.tr("Start an empty design"), self._std_icon(sp.SP_FileIcon))
        a["template"] = self._action(self.tr("New from &template…"), self.new_from_template, "Ctrl+Shift+N",
                                     self.tr("Generate a leaf-spine, fat-tree, rail-optimized, rail-only or "
                                             "multi-plane fabric"),
                                     icons.qicon("spine"))
        a["open"] = self._action(self.tr("&Open…"), self.open_dialog, QKeySequence.StandardKey.Open,
                                 self.tr("Open a design file"), self._std_icon(sp.SP_DialogOpenButton))
        a["save"] = self._action(self.tr("&Save"), self.save, QKeySequence.StandardKey.Save, self.tr("Save the design"),
                                 self._std_icon(sp.SP_DialogSaveButton))
        a["save_as"] = self._action(self.tr("Save &as…"), self.save_as, QKeySequence.StandardKey.SaveAs)
        a["export_png"] = self._action(self.tr("Export canvas as &PNG…"), lambda: self.export_canvas("png"))
        a["export_svg"] = self._action(self.tr("Export canvas as S&VG…"), lambda: self.export_canvas("svg"))
        a["export_image"] = self._action(self.tr("Export canvas &image…"), self.export_image)
        a["export_image"].setToolTip(self.tr("PNG at a chosen scale, or vector SVG / PDF, of the drawing or the view"))
        a["export_handover"] = self._action(self.tr("Export &hand-over files…"), self.export_handover)
        a["export_handover"].setToolTip(self.tr("Cabling plan, bill of materials (XLSX/CSV), GraphML, DOT, "
                                                "containerlab"))
        a["quit"] = self._action(self.tr("&Quit"), self.close, "Ctrl+Q")
        # Ctrl+Q everywhere (Windows names no Quit key), and the platform's own Quit key too
        a["quit"].setShortcuts([QKeySequence("Ctrl+Q")] + [k for k in QKeySequence.keyBindings(
            QKeySequence.StandardKey.Quit) if k != QKeySequence("Ctrl+Q")])

    def _add_edit_actions(self) -> None:
        """Undo and redo (the undo stack's own actions), the clipboard, delete, select all, the History dock."""
        a, sp = self.actions_by_name, QStyle.StandardPixmap
        a["undo"] = self.editor.undo_stack.createUndoAction(self, self.tr("&Undo"))
        a["undo"].setShortcut(QKeySequence.StandardKey.Undo)
        a["undo"].setIcon(self._std_icon(sp.SP_ArrowBack))
        a["redo"] = self.editor.undo_stack.createRedoAction(self, self.tr("&Redo"))
        a["redo"].setShortcut(QKeySequence.StandardKey.Redo)
        a["redo"].setIcon(self._std_icon(sp.SP_ArrowForward))
        a["copy"] = self._action(self.tr("&Copy"), self.editor.copy_selection, QKeySequence.StandardKey.Copy)
        a["paste"] = self._action(self.tr("&Paste"), self.editor.paste, QKeySequence.StandardKey.Paste)
        a["duplicate"] = self._action(self.tr("D&uplicate"), self.editor.duplicate, "Ctrl+D",
                                      self.tr("Copy the selected nodes and the cables among them"))
        a["delete"] = self._action(self.tr("&Delete"), self.editor.delete_selection, QKeySequence.StandardKey.Delete,
                                   self.tr("Delete the selection (nodes take their cables with them)"))
        a["select_all"] = self._action(self.tr("Select &all"), self.select_all, QKeySequence.StandardKey.SelectAll)
        a["history"] = self.history_dock.toggleViewAction()
        a["history"].setText(self.tr("&History"))
        a["history"].setShortcut(QKeySequence("Ctrl+H"))

    def _add_mode_actions(self) -> None:
        """What a drag on the canvas does: select and move, or cable two nodes; one of the two is on."""
        a = self.actions_by_name
        a["mode_select"] = self._action(self.tr("&Select / move"), lambda: self.set_mode("select"), "V",
                                        self.tr("Select, move and rubber-band"),
                                        self._std_icon(QStyle.StandardPixmap.SP_ArrowUp), checkable=True)
        a["mode_link"] = self._action(self.tr("&Link"), lambda: self.set_mode("link"), "L",
                                      self.tr("Drag from one node to another to cable them"), icons.qicon("leaf"),
                                      checkable=True)
        self._one_of(a["mode_select"], a["mode_link"])
        a["mode_select"].setChecked(True)

    def _one_of(self, *actions: QAction) -> None:
        """Checking one of `actions` unchecks the others."""
        group = QActionGroup(self)
        for action in actions:
            group.addAction(action)

    def _add_fabric_actions(self) -> None:
        """Make a back-end segment of the selection; cable the selected servers to the selected switches."""
        a = self.actions_by_name
        a["segment"] = self._action(self.tr("New back-end &segment…"), self.new_segment, "Ctrl+G",
                                    self.tr("Make the selected nodes an InfiniBand or RoCEv2 segment"))
        a["connect_rail"] = self._action(
            self.tr("&Connect selection, rail-aligned"), lambda: self.editor.connect_selection("rail"), "Ctrl+K",
            self.tr("Cable the selected servers to the selected switches: NIC k of every server to switch k, as "
                    "many cables as free ports allow (one undo step)"))
        a["connect_round_robin"] = self._action(
            self.tr("Connect selection, &round-robin"), lambda: self.editor.connect_selection("round-robin"),
            "Ctrl+Shift+K", self.tr("Cable the selected servers to the selected switches, spread in turn, as many "
                                    "cables as free ports allow (one undo step)"))

    def _add_help_actions(self) -> None:
        a = self.actions_by_name
        a["quick_start"] = self._action(self.tr("&Quick start"), self.show_quick_start, "F1",
                                        self.tr("Draw, check, simulate and hand over in five steps"))
        a["shortcuts"] = self._action(self.tr("&Keyboard shortcuts"), lambda: self._show_help(
            help_dialogs.shortcuts(self)), "Ctrl+/", self.tr("Every key of the window and the canvas gestures"))
        a["about"] = self._action(self.tr("&About Fabric Designer"), lambda: help_dialogs.about(self))

    def _add_view_actions(self) -> None:
        """Show the selection in the Inspector; zoom to fit, in and out."""
        a = self.actions_by_name
        a["properties"] = self._action(self.tr("P&roperties"), self.show_properties, "Alt+Return",
                                       self.tr("Show the selection in the Inspector"))
        a["fit"] = self._action(self.tr("Zoom to &fit"), self.view.zoom_to_fit, "F", self.tr("Show the whole design"),
                                self._std_icon(QStyle.StandardPixmap.SP_TitleBarMaxButton))
        a["zoom_in"] = self._action(self.tr("Zoom &in"), lambda: self.view.zoom_by(1.25),
                                    QKeySequence.StandardKey.ZoomIn)
        a["zoom_out"] = self._action(self.tr("Zoom &out"), lambda: self.view.zoom_by(0.8),
                                     QKeySequence.StandardKey.ZoomOut)

    def _add_plane_and_theme_actions(self) -> None:
        """Which planes' cables the canvas shows, and the light or dark theme: one choice of each is on."""
        a = self.actions_by_name
        for key, source, planes in PLANES:
            text = self.tr(str(source))
            a[key] = self._action(text, lambda _c=False, p=planes: self.scene.set_planes(p), checkable=True,
                                  tip=self.tr("Show cables of: {0}").format(text.lower()))
        self._one_of(*(a[key] for key, _text, _planes in PLANES))
        a["layer_both"].setChecked(True)
        for name, text in (("light", self.tr("Light theme")), ("dark", self.tr("Dark theme"))):
            a[f"theme_{name}"] = self._action(text, lambda _c=False, n=name: self.set_theme(n), checkable=True)
        self._one_of(a["theme_light"], a["theme_dark"])
        a[f"theme_{self.theme.name}"].setChecked(True)

    def _add_run_actions(self) -> None:
        """Run and Compare (the run controller enables and connects them) and the PDF proposal, which needs no
        Run panel: its dialog runs the engine itself when asked to."""
        a = self.actions_by_name
        for key, text, shortcut in (("run", QT_TRANSLATE_NOOP("MainWindow", "&Run simulation"), "F5"),
                                    ("compare", QT_TRANSLATE_NOOP("MainWindow", "&Compare IB vs RoCEv2"), "F6"),
                                    ("export_pdf", QT_TRANSLATE_NOOP("MainWindow", "Export &PDF proposal…"), "Ctrl+P")):
            icon = self._std_icon(QStyle.StandardPixmap.SP_MediaPlay) if key == "run" else None
            a[key] = self._action(self.tr(str(text)), None, shortcut, self.tr(str(NOT_YET)), icon)
            a[key].setEnabled(False)
        a["export_pdf"].triggered.connect(self.export_proposal)
        a["export_pdf"].setEnabled(True)
        a["export_pdf"].setToolTip(self.tr("Write the PDF proposal of this design (cover, summary, drawing, cost, "
                                           "results)"))
        a["export_pdf"].setStatusTip(a["export_pdf"].toolTip())

    def _add_arrange_actions(self) -> dict[str, QAction]:
        """Distribute the selection (kept by name) and align it: the six alignments, returned by edge."""
        a = self.actions_by_name
        align = {}
        for how, text in (("left", QT_TRANSLATE_NOOP("MainWindow", "Align left")),
                          ("hcenter", QT_TRANSLATE_NOOP("MainWindow", "Align centres horizontally")),
                          ("right", QT_TRANSLATE_NOOP("MainWindow", "Align right")),
                          ("top", QT_TRANSLATE_NOOP("MainWindow", "Align top")),
                          ("vcenter", QT_TRANSLATE_NOOP("MainWindow", "Align middles vertically")),
                          ("bottom", QT_TRANSLATE_NOOP("MainWindow", "Align bottom"))):
            align[how] = self._action(self.tr(str(text)), lambda _c=False, h=how: self.editor.align(h))
        a["dist_x"] = self._action(self.tr("Distribute horizontally"), lambda: self.editor.distribute("x"),
                                   "Ctrl+Shift+H")
        a["dist_y"] = self._action(self.tr("Distribute vertically"), lambda: self.editor.distribute("y"),
                                   "Ctrl+Shift+J")
        return align

    # ---- menus and toolbar --------------------------------------------------------------------
    def _build_menus(self, align: dict[str, QAction]) -> None:
        """The menu bar from File to Help, then the main toolbar."""
        self._build_file_menu()
        self._build_edit_menu()
        self._build_arrange_menu(align)
        self._add_menu(self.tr("&Fabric"), ("segment", "connect_rail", "connect_round_robin"))
        self._build_view_menu()
        self.simulate_menu = self._add_menu(self.tr("&Simulate"), ("run", "compare"))
        self._build_help_menu()
        self._build_toolbar()

    def _add_to(self, bar: QMenu | QToolBar, keys: Iterable[str | None]) -> None:
        """Add the actions named by `keys` to a menu or toolbar, in order; None is a separator."""
        for key in keys:
            if key is None:
                bar.addSeparator()
            else:
                bar.addAction(self.actions_by_name[key])

    def _add_menu(self, title: str, keys: Iterable[str | None]) -> QMenu:
        """A menu of the menu bar holding the actions named by `keys` (None: a separator)."""
        menu = owned_menu(title, self)
        self.menuBar().addMenu(menu)
        self._add_to(menu, keys)
        return menu

    def _build_file_menu(self) -> None:
        menu = self._add_menu(self.tr("&File"), ("new", "template", "open"))
        self.recent_menu = owned_menu(self.tr("Open &recent"), menu)
        menu.addMenu(self.recent_menu)
        self._fill_recent()
        self._add_to(menu, (None, "save", "save_as", None, "export_png", "export_svg", "export_image",
                            "export_handover", "export_pdf", None, "quit"))

    def _build_edit_menu(self) -> None:
        menu = self._add_menu(self.tr("&Edit"), ("undo", "redo", None, "copy", "paste", "duplicate", "delete",
                                                 "select_all", None, "history", None))
        self.preferences_action = menu.addAction(self.tr("&Preferences…"), self.open_preferences)

    def _build_arrange_menu(self, align: dict[str, QAction]) -> None:
        menu = owned_menu(self.tr("&Arrange"), self)
        self.menuBar().addMenu(menu)
        menu.addActions(list(align.values()))
        self._add_to(menu, (None, "dist_x", "dist_y"))

    def _build_view_menu(self) -> None:
        """Canvas mode, zoom, planes and theme, then the docks' show/hide switches."""
        menu = self._add_menu(self.tr("&View"), (
            "mode_select", "mode_link", None, "fit", "zoom_in", "zoom_out", None,
            "layer_both", "layer_backend", "layer_frontend", None, "theme_light", "theme_dark", None))
        for dock in (self.palette_dock, self.inspector_dock, self.problems_dock, self.overview_dock):
            menu.addAction(dock.toggleViewAction())
        self.view_menu = menu

    def _build_help_menu(self) -> None:
        menu = self._add_menu(self.tr("&Help"), ("quick_start", "shortcuts", None))
        self.advisor_action = menu.addAction(self.tr("Help me &choose…"), self.help_me_choose)
        self.advisor_action.setStatusTip(self.tr("Compare IB, RoCEv2, rail-optimized, rail-only, multi-plane and "
                                                 "hybrid designs for your scale, workload and budget, and open the "
                                                 "one you choose"))
        self._add_to(menu, (None, "about"))

    def _build_toolbar(self) -> None:
        """The most used commands as buttons, then the choice of planes to show."""
        bar = self.addToolBar(self.tr("Main toolbar"))
        bar.setObjectName("main_toolbar")
        bar.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self._add_to(bar, ("new", "open", "save", None, "undo", "redo", None, "mode_select", "mode_link", "fit",
                           None, "template", "segment", None, "run", "compare", "export_pdf", None))
        bar.addWidget(QLabel(self.tr(" Show: ")))
        self.layer_combo = self._plane_combo()
        bar.addWidget(self.layer_combo)

    def _plane_combo(self) -> QComboBox:
        """The toolbar's choice of planes: it triggers the View menu's plane actions, so both agree."""
        combo = QComboBox()
        combo.addItems([self.tr(str(text)) for _key, text, _planes in PLANES])
        combo.setToolTip(self.tr("Which cables to show"))
        combo.currentIndexChanged.connect(lambda i: self.actions_by_name[PLANES[i][0]].trigger())
        return combo
