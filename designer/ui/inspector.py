"""The inspector dock: properties of the selection, edited with validation.

A refused value shows its message under the field where it was typed and changes nothing; an
accepted one becomes one undoable command.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from html import escape

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, Qt, QTimer, Slot
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QScrollArea,
    QVBoxLayout,
    QWidget,
)

from designer.i18n import current_language
from designer.topology.presets import CUSTOM, SITE_SETTINGS, apply_preset
from designer.topology.segment_names import names_protocol, shown_name
from designer.ui.editor import Editor
from designer.ui.field_specs import (
    IB_FIELDS,
    LINK_FIELDS,
    LONG_HAUL_FIELDS,
    NODE_FIELDS,
    ROCE_FIELDS,
    SEGMENT_FIELDS,
    FieldRefused,
    FieldSpec,
    cross_field_problem,
    parse_value,
)
from designer.ui.node_item import kind_name
from designer.ui.theme import protocol_name

# switch roles as the inspector names them (translated where shown)
ROLE_NAMES = {"leaf": QT_TRANSLATE_NOOP("Inspector", "leaf"), "spine": QT_TRANSLATE_NOOP("Inspector", "spine"),
              "core": QT_TRANSLATE_NOOP("Inspector", "core"), "frontend": QT_TRANSLATE_NOOP("Inspector", "front-end")}
# port media and network planes (file values) as the inspector shows them
MEDIUM_NAMES = {"ib": "InfiniBand", "ethernet": QT_TRANSLATE_NOOP("Inspector", "Ethernet"), "vpi": "VPI"}
PLANE_NAMES = {"backend": QT_TRANSLATE_NOOP("Inspector", "back-end"),
               "frontend": QT_TRANSLATE_NOOP("Inspector", "front-end")}


def _named(names: dict[str, object], value: str) -> str:
    """A file value by its name in the window's language (an unknown value as it is)."""
    return QCoreApplication.translate("Inspector", str(names[value])) if value in names else value


def field_label(spec: FieldSpec) -> str:
    """A field's label in the window's language (the specs only mark it for translation)."""
    return QCoreApplication.translate("FieldSpec", spec.label)


class Inspector(QScrollArea):
    """Shows and edits the one selected node, link or segment (or the design when nothing is)."""

    def __init__(self, editor: Editor) -> None:
        super().__init__()
        self.editor = editor
        self.setWidgetResizable(True)
        self.editors: dict[str, QWidget] = {}
        self.errors: dict[str, QLabel] = {}
        self.target: tuple[str, str] = ("", "")
        # set by the run controller: a widget with the selected element's series from the last run, or None
        self.series_view: Callable[[], QWidget | None] | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self.refresh)
        editor.scene.selectionChanged.connect(self.schedule_refresh)
        editor.scene.document_changed.connect(self.schedule_refresh)
        self.refresh()

    @Slot()
    @Slot(object)
    def schedule_refresh(self, *_: object) -> None:
        self._timer.start()

    # ---- building -----------------------------------------------------------------------------
    @Slot()
    def refresh(self) -> None:
        """Rebuild the form for the current selection."""
        self.editors, self.errors = {}, {}
        body = QWidget()
        self.form = QFormLayout(body)
        self.form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        # in a narrow dock a field goes under its label rather than past the dock's edge (a sideways scroll hid
        # the labels of the field being edited)
        self.form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
        doc = self.editor.doc
        nodes, links, segs = self.editor.scene.selected_ids()
        if len(nodes) + len(links) + len(segs) > 1:
            self.target = ("many", "")
            self._title(self.tr(
                    "{0} nodes, {1} links, {2} segments selected").format(len(nodes), len(links), len(segs)))
            self._note(self.tr("Select a single item to edit it. Align, distribute, copy and delete work on all."))
        elif nodes:
            self._node_form(doc.nodes[nodes[0]])
        elif links:
            self._link_form(doc.links[links[0]])
        elif segs:
            self._segment_form(doc.segments[segs[0]])
        else:
            self.target = ("design", "")
            self._title(doc.name)
            self._ro(self.tr("Nodes"), str(len(doc.nodes)))
            self._ro(self.tr("Links"), str(len(doc.links)))
            self._ro(self.tr("Segments"), ", ".join(_segment_label(s.name, s.protocol)
                                                    for s in doc.segments.values()) or self.tr("none"))
            self._note(self.tr("Select a node, a cable or a segment's name tag to edit it."))
        wrapper = QWidget()
        outer = QVBoxLayout(wrapper)
        outer.addWidget(body)
        if self.series_view is not None and (nodes or links) and len(nodes) + len(links) + len(segs) == 1:
            extra = self.series_view()          # the selected element's time series from the last run
            if extra is not None:
                outer.addWidget(extra)
        outer.addStretch(1)
        self.setWidget(wrapper)

    def _title(self, text: str) -> None:
        label = QLabel(f"<b>{escape(text)}</b>")   # names come from the file: escaped
        label.setWordWrap(True)
        self.form.addRow(label)

    def _note(self, text: str) -> None:
        label = QLabel(text)
        label.setTextFormat(Qt.TextFormat.PlainText)
        label.setWordWrap(True)
        label.setEnabled(False)
        self.form.addRow(label)

    def _ro(self, name: str, value: str) -> None:
        label = QLabel(value)
        label.setTextFormat(Qt.TextFormat.PlainText)   # values come from the file: never rich text
        label.setWordWrap(True)
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.form.addRow(name, label)

    def _node_form(self, node) -> None:
        self.target = ("node", node.id)
        self._title(f"{kind_name(node.kind).capitalize()} {node.id}")
        self._field("label", NODE_FIELDS["label"], node.label or node.id,
                    lambda v: self._push("node", node.id, {"label": v}, self.tr("Rename {0}").format(node.id)))
        self._ro(self.tr("Model"), node.model)
        if node.role:
            self._ro(self.tr("Role"), _named(ROLE_NAMES, node.role))
        if node.gpus:
            self._ro(self.tr("GPUs"), f"{node.gpus} × {node.gpu_model}")
        self._field("pod", NODE_FIELDS["pod"], "" if node.pod is None else str(node.pod),
                    lambda v: self._push("node", node.id, {"pod": v}, self.tr("Pod of {0}").format(node.id)))
        used = self.editor.doc.used_ports(node.id)
        for g in node.port_groups:
            n_used = sum(1 for p in g.ports() if p.name in used)
            self._ro(self.tr("Ports {0}*").format(g.prefix),
                     self.tr("{0}/{1} used · {2:g} Gb/s · {3}").format(n_used, g.count, g.speed_gbps,
                                                                        _named(MEDIUM_NAMES, g.medium))
                     + (f" · {_named(PLANE_NAMES, g.plane)}" if g.plane else ""))
        seg = self.editor.doc.segment_of(node.id)
        self._ro(self.tr("Segment"), _segment_label(seg.name, seg.protocol) if seg else self.tr("none"))

    def _link_form(self, link) -> None:
        self.target = ("link", link.id)
        self._title(self.tr("Link {0}").format(link.id))
        self._ro(self.tr("Ends"), f"{link.a}  ↔  {link.b}")
        self._ro(self.tr("Speed"), self.tr("{0:g} Gb/s").format(link.speed_gbps))
        self._ro(self.tr("Plane"), _named(PLANE_NAMES, link.plane))
        for name, spec in LINK_FIELDS.items():
            self._field(name, spec, getattr(link, name),
                        lambda v, n=name: self._push("link", link.id, {n: v}, self.tr(
                                "{0} of {1}").format(field_label(LINK_FIELDS[n]), link.id)))
        bundle = self._bundle_of(link)
        if bundle is not None:
            self._bundle_fields(bundle)

    def _bundle_of(self, link):
        """The long-haul bundle a cable between two sites belongs to (None for a cable inside a site)."""
        doc = self.editor.doc
        ends = {doc.nodes[link.a.node].site, doc.nodes[link.b.node].site}
        if None in ends or len(ends) < 2:
            return None
        return next((lh for lh in doc.long_haul if {lh.a, lh.b} == ends), None)

    def _bundle_fields(self, bundle) -> None:
        """The bundle's figures, its distance editable (the bundle's cables share one span)."""
        self._title(self.tr("Long-haul bundle {0}").format(bundle.id))
        self._ro(self.tr("Links"), self.tr("{0} x {1:g} Gb/s").format(bundle.count, bundle.capacity_gbps))
        cat = self.editor.catalog
        equipment = cat.gateways[bundle.equipment].model if bundle.equipment in cat.gateways else bundle.equipment
        optics = (cat.long_haul_optics[bundle.optics].model if bundle.optics in cat.long_haul_optics
                  else bundle.optics)
        self._ro(self.tr("Equipment"), equipment)
        self._ro(self.tr("Optics"), optics)
        for name, spec in LONG_HAUL_FIELDS.items():
            self._field(f"long_haul.{name}", spec, getattr(bundle, name),
                        lambda v, n=name: self._push("long_haul", bundle.id, {n: v}, self.tr(
                                "{0} of {1}").format(field_label(LONG_HAUL_FIELDS[n]), bundle.id)))

    def _segment_form(self, seg) -> None:
        self.target = ("segment", seg.id)
        self._title(self.tr("Back-end segment {0}").format(seg.name or seg.id))
        self._field("name", SEGMENT_FIELDS["name"], seg.name,
                    lambda v: self._push("segment", seg.id, {"name": v}, self.tr(
                            "Rename segment {0}").format(seg.name)))
        self._field("protocol", SEGMENT_FIELDS["protocol"], seg.protocol,
                    lambda v: self.editor.set_protocol(seg.id, v))
        self._field("preset", SEGMENT_FIELDS["preset"], seg.preset, lambda v: self._set_preset(seg.id, v))
        self._ro(self.tr("Members"), self.tr("{0} nodes").format(len(seg.nodes)))
        block_name = "ib" if seg.protocol == "ib" else "rocev2"
        # a preset's values for the segment's hardware now (what a run uses), not those stored when it was chosen
        block = getattr(apply_preset(self.editor.doc, seg, seg.preset, self.editor.catalog), block_name)
        specs = IB_FIELDS if seg.protocol == "ib" else ROCE_FIELDS
        self._title(self.tr("{0} settings").format(protocol_name(seg.protocol)))
        for name, spec in specs.items():
            self._field(f"{block_name}.{name}", spec, getattr(block, name),
                        lambda v, n=name: self._set_setting(seg.id, block_name, n, v))

    # ---- one field ----------------------------------------------------------------------------
    def _field(self, key: str, spec: FieldSpec, value: object, apply) -> None:
        error = QLabel()
        error.setStyleSheet("color: #d64545;")
        error.setWordWrap(True)
        error.hide()
        label = f"{field_label(spec)} ({spec.unit})" if spec.unit else field_label(spec)
        widget = self._editor_widget(key, spec, value, apply)
        if spec.tip:
            widget.setToolTip(QCoreApplication.translate("FieldSpec", spec.tip))
        self.editors[key], self.errors[key] = widget, error
        self.form.addRow(label, widget)
        # the refusal gets a row of its own under the field, as wide as the form: in the field's column a
        # sentence was cut or squeezed into a few words per line
        error.setObjectName(f"error_{key}")
        self.form.addRow(error)

    def _editor_widget(self, key: str, spec: FieldSpec, value: object, apply) -> QWidget:
        """The field's editor: a check box, a list of choices or a line of text; an edit goes through `apply`."""
        if spec.kind is bool:
            box = QCheckBox()
            box.setChecked(bool(value))
            box.toggled.connect(lambda checked: apply(bool(checked)))
            return box
        if spec.choices:
            combo = QComboBox()
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(8)          # its longest choice does not set the form's width
            for choice in spec.choices:
                combo.addItem(spec.choice_name(choice), choice)
            combo.setCurrentIndex(combo.findData(value))
            combo.activated.connect(lambda _i, w=combo: self._accept(key, spec, str(w.currentData()), apply))
            return combo
        line = QLineEdit(_show(value))
        line.editingFinished.connect(lambda w=line: self._accept(key, spec, w.text(), apply))
        return line

    def _accept(self, key: str, spec: FieldSpec, text: str, apply) -> None:
        if spec.kind is int and not text.strip() and key == "pod":
            value: object = None
        else:
            try:
                value = parse_value(spec, text)
            except FieldRefused as exc:
                self._refuse(key, str(exc))
                return
        try:
            apply(value)
        except FieldRefused as exc:
            self._refuse(key, str(exc))

    def _refuse(self, key: str, message: str) -> None:
        self.errors[key].setText(message)
        self.errors[key].show()
        self.editors[key].setStyleSheet("border: 1px solid #d64545;")
        self.editor.message.emit(message, True)

    def _push(self, kind: str, obj_id: str, values: dict[str, object], text: str) -> None:
        tables: dict[str, Mapping[str, object]] = {"node": self.editor.doc.nodes, "link": self.editor.doc.links,
                                                   "segment": self.editor.doc.segments,
                                                   "long_haul": {lh.id: lh for lh in self.editor.doc.long_haul}}
        current = tables[kind][obj_id]
        if all(getattr(current, k) == v for k, v in values.items()):
            return  # nothing changed: no command
        self.editor.update(kind, obj_id, values, text)

    def _set_setting(self, seg_id: str, block_name: str, name: str, value: object) -> None:
        """One setting of a segment. Under a preset, the segment's settings become custom (the preset's values with
        this one changed): a preset's values are what a run uses, so an edit kept under it would be ignored. A
        setting of the site (an MTU, a failure-recovery time: SITE_SETTINGS) is kept under a preset and keeps it."""
        seg = apply_preset(self.editor.doc, self.editor.doc.segments[seg_id],
                           self.editor.doc.segments[seg_id].preset, self.editor.catalog)
        block = getattr(seg, block_name)
        if getattr(block, name) == value:
            return
        new_block = dataclasses.replace(block, **{name: value})
        problem = cross_field_problem(dataclasses.asdict(new_block))
        if problem:
            raise FieldRefused(problem)
        spec = (IB_FIELDS if block_name == "ib" else ROCE_FIELDS).get(name)
        what = field_label(spec) if spec is not None else name
        values: dict[str, object] = {block_name: new_block}
        if seg.preset != CUSTOM and name not in SITE_SETTINGS[block_name]:
            values = {"preset": CUSTOM, "ib": seg.ib, "rocev2": seg.rocev2, block_name: new_block}
            self.editor.message.emit(self.tr("Settings of {0} are now custom: {1} changed from the {2} values").format(
                seg.name, what, SEGMENT_FIELDS["preset"].choice_name(seg.preset)), False)
        self.editor.update("segment", seg_id, values, f"{seg.name}: {what} = {value}")

    def _set_preset(self, seg_id: str, preset: str) -> None:
        """A preset's values for the segment's hardware, written into its settings (one undoable step)."""
        seg = self.editor.doc.segments[seg_id]
        if seg.preset == preset:
            return
        new = apply_preset(self.editor.doc, seg, preset, self.editor.catalog)
        self.editor.update("segment", seg_id, {"preset": preset, "ib": new.ib, "rocev2": new.rocev2}, self.tr(
            "Settings of {0}: {1}").format(seg.name, SEGMENT_FIELDS["preset"].choice_name(preset)))


def _show(value: object) -> str:
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _segment_label(name: str, protocol: str) -> str:
    """A segment's name in the window's language (a generated one translated), with its protocol unless the name
    says it already ("Back-end (RoCEv2)", not "Back-end (RoCEv2) (RoCEv2)")."""
    shown = shown_name(name, current_language())
    return shown if names_protocol(shown, protocol) else f"{shown} ({protocol_name(protocol)})"
