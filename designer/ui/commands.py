"""Every edit of the designer window as a QUndoCommand on the FabricDocument.

Commands call only the document's public edit methods, so the document's batched change
notification tells the canvas what to redraw. Undo puts back the exact previous document,
including the order of nodes, links, segments and segment members (the saved file is the same).
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QCoreApplication
from PySide6.QtGui import QUndoCommand

from designer.model.document import FabricDocument
from designer.model.jobs import Job
from designer.model.links import Link
from designer.model.nodes import Node
from designer.model.segments import Segment

T = TypeVar("T")


def _orders(doc: FabricDocument) -> tuple[list[str], list[str], list[str], dict[str, list[str]]]:
    return (list(doc.nodes), list(doc.links), list(doc.segments),
            {sid: list(s.nodes) for sid, s in doc.segments.items()})


def _reorder(table: dict[str, T], order: list[str]) -> None:
    """Put the keys of `order` first, in that order; keys it does not name follow as they were."""
    items = [(k, table[k]) for k in order if k in table] + [(k, v) for k, v in table.items() if k not in order]
    table.clear()
    table.update(items)


def _restore_orders(doc: FabricDocument, orders: tuple) -> None:
    """Put dict and member orders back as they were (undo must give back the same file)."""
    nodes, links, segments, members = orders
    _reorder(doc.nodes, nodes)
    _reorder(doc.links, links)
    _reorder(doc.segments, segments)
    for sid, member_list in members.items():
        if sid in doc.segments:
            doc.segments[sid].nodes[:] = member_list


class AddItemsCommand(QUndoCommand):
    """Place nodes (and links among them): a palette drop, a paste, a duplicate."""

    def __init__(self, doc: FabricDocument, nodes: list[Node], links: list[Link], text: str) -> None:
        super().__init__(text)
        self.doc, self.nodes, self.links = doc, nodes, links

    def redo(self) -> None:
        with self.doc.batch():
            for node in self.nodes:
                self.doc.add_node(copy.deepcopy(node))
            for link in self.links:
                self.doc.add_link(copy.deepcopy(link))

    def undo(self) -> None:
        with self.doc.batch():
            for link in reversed(self.links):
                self.doc.remove_link(link.id)
            for node in reversed(self.nodes):
                self.doc.remove_node(node.id)


def _without_servers(doc: FabricDocument, gone: set[str]) -> list[Job] | None:
    """Take deleted servers out of the jobs that name them (a job left with none goes): a saved job naming a server
    that is not there would make the file unreadable. Returns the jobs as they were when any changed, else None."""
    if not any(gone & set(job.servers) for job in doc.jobs):
        return None
    kept = []
    for job in doc.jobs:
        servers = [s for s in job.servers if s not in gone]
        if servers or not job.servers:
            kept.append(dataclasses.replace(job, servers=servers))
    return doc.set_jobs(kept)


class RemoveItemsCommand(QUndoCommand):
    """Delete nodes (with their cables), links and segments."""

    def __init__(self, doc: FabricDocument, node_ids: list[str], link_ids: list[str],
                 segment_ids: list[str]) -> None:
        n = len(node_ids) + len(link_ids) + len(segment_ids)
        super().__init__((QCoreApplication.translate("commands", "Delete {0} item") if n == 1
                          else QCoreApplication.translate("commands", "Delete {0} items")).format(n))
        self.doc = doc
        self.node_ids, self.link_ids, self.segment_ids = node_ids, link_ids, segment_ids
        self._removed_nodes: list[tuple] = []
        self._removed_links: list[Link] = []
        self._removed_segments: list[Segment] = []
        self._orders: tuple = ()
        self._jobs: list[Job] | None = None

    def redo(self) -> None:
        self._orders = _orders(self.doc)
        with self.doc.batch():
            self._jobs = _without_servers(self.doc, set(self.node_ids))
            self._removed_segments = [self.doc.remove_segment(s) for s in self.segment_ids
                                      if s in self.doc.segments]
            self._removed_links = [self.doc.remove_link(link) for link in self.link_ids
                                   if link in self.doc.links]
            self._removed_nodes = [self.doc.remove_node(n) for n in self.node_ids]

    def undo(self) -> None:
        with self.doc.batch():
            for node, links, segment_ids in reversed(self._removed_nodes):
                self.doc.restore_node(node, links, segment_ids)
            for link in self._removed_links:
                self.doc.add_link(link)
            for seg in self._removed_segments:
                self.doc.add_segment(seg)
            _restore_orders(self.doc, self._orders)
            if self._jobs is not None:
                self.doc.set_jobs(self._jobs)


class MoveNodesCommand(QUndoCommand):
    """One move of one or many nodes (a whole mouse drag, an arrow key, an align)."""

    def __init__(self, doc: FabricDocument, new: dict[str, tuple[float, float]],
                 old: dict[str, tuple[float, float]], text: str = "") -> None:
        super().__init__(text or (QCoreApplication.translate("commands", "Move {0} node") if len(new) == 1
                                  else QCoreApplication.translate("commands", "Move {0} nodes")).format(len(new)))
        self.doc, self.new, self.old = doc, new, old

    def redo(self) -> None:
        self.doc.move_nodes(self.new)

    def undo(self) -> None:
        self.doc.move_nodes(self.old)


class UpdateCommand(QUndoCommand):
    """Set fields of a node, link, segment or long-haul bundle (a property typed in the inspector, a protocol
    switch)."""

    def __init__(self, doc: FabricDocument, kind: str, obj_id: str, values: dict[str, object], text: str) -> None:
        super().__init__(text)
        self.doc, self.kind, self.obj_id, self.values = doc, kind, obj_id, values
        self._old: dict[str, object] = {}

    def _update(self, values: dict[str, object]) -> dict[str, object]:
        methods: dict[str, Callable[..., dict[str, object]]] = {
            "node": self.doc.update_node, "link": self.doc.update_link, "segment": self.doc.update_segment,
            "long_haul": self.doc.update_long_haul}
        method = methods[self.kind]
        return method(self.obj_id, **copy.deepcopy(values))

    def redo(self) -> None:
        self._old = self._update(self.values)

    def undo(self) -> None:
        self._update(self._old)


class AddSegmentCommand(QUndoCommand):
    """A new back-end segment from selected nodes; they leave any segment they were in."""

    def __init__(self, doc: FabricDocument, segment: Segment) -> None:
        super().__init__(QCoreApplication.translate("commands", "New {0} segment '{1}'").format(
            "IB" if segment.protocol == "ib" else "RoCEv2", segment.name))
        self.doc, self.segment = doc, segment
        self._orders: tuple = ()

    def redo(self) -> None:
        self._orders = _orders(self.doc)
        members = set(self.segment.nodes)
        with self.doc.batch():
            for seg in list(self.doc.segments.values()):
                if members & set(seg.nodes):
                    self.doc.update_segment(seg.id, nodes=[n for n in seg.nodes if n not in members])
            self.doc.add_segment(copy.deepcopy(self.segment))

    def undo(self) -> None:
        with self.doc.batch():
            self.doc.remove_segment(self.segment.id)
            for sid, member_list in self._orders[3].items():
                if self.doc.segments[sid].nodes != member_list:
                    self.doc.update_segment(sid, nodes=list(member_list))
            _restore_orders(self.doc, self._orders)


def replace_contents(doc: FabricDocument, new: FabricDocument) -> None:
    """Make `doc` hold exactly what `new` holds, through the document's edit methods (one batch)."""
    with doc.batch():
        for link_id in list(doc.links):
            doc.remove_link(link_id)
        for seg_id in list(doc.segments):
            doc.remove_segment(seg_id)
        for node_id in list(doc.nodes):
            doc.remove_node(node_id)
        doc.set_sites(new.sites, new.long_haul)     # before the nodes that stand in them
        for node in new.nodes.values():
            doc.add_node(copy.deepcopy(node))
        for link in new.links.values():
            doc.add_link(copy.deepcopy(link))
        for seg in new.segments.values():
            doc.add_segment(copy.deepcopy(seg))
        doc.set_assumptions(copy.deepcopy(new.assumptions))
        doc.set_meta(name=new.name, notes=new.notes)
        doc.set_proposal(copy.deepcopy(new.proposal))
        # scenarios and results name this drawing's elements: they go and come with it
        doc.set_scenarios(new.scenarios)
        doc.set_results(new.results)
        doc.set_build(new.build)    # and so do its racks (a generated design comes placed)
        doc.set_racks(new.racks)
        doc.set_jobs(new.jobs)      # jobs name its servers too


class ReplaceDocumentCommand(QUndoCommand):
    """A generated design replacing the drawing: one command, undone in one step."""

    def __init__(self, doc: FabricDocument, new: FabricDocument, text: str) -> None:
        super().__init__(text)
        self.doc, self.new = doc, new.copy()
        self.old = doc.copy()

    def redo(self) -> None:
        replace_contents(self.doc, self.new)

    def undo(self) -> None:
        replace_contents(self.doc, self.old)


class _SetListCommand(QUndoCommand):
    """Replace one of the design's lists (`field`, set through the document's `set_<field>`)."""

    field = ""

    def __init__(self, doc: FabricDocument, items: list, text: str) -> None:
        super().__init__(text)
        self.doc = doc
        self.new = copy.deepcopy(list(items))
        self.old = copy.deepcopy(list(getattr(doc, self.field)))

    def redo(self) -> None:
        getattr(self.doc, f"set_{self.field}")(self.new)

    def undo(self) -> None:
        getattr(self.doc, f"set_{self.field}")(self.old)


class SetScenariosCommand(_SetListCommand):
    """Replace the design's named what-if scenarios (add, rename, delete, a failure scheduled on the canvas)."""

    field = "scenarios"


class SetJobsCommand(_SetListCommand):
    """Replace the design's jobs (add, edit, delete, a new job from the selected servers)."""

    field = "jobs"
