"""The fabric document: the one owner of a design's state, with a change-notification hook.

Views (the canvas, the inspector, the status bar) subscribe and receive batches of `Change`
records; they never write the document directly. Edits made inside `with doc.batch():` reach the
subscribers as one batch when the outermost block ends.
"""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, fields
from typing import Any

from designer.i18n.message import Message
from designer.model.assumptions import Assumptions
from designer.model.build_settings import BuildSettings
from designer.model.errors import ProjectError
from designer.model.jobs import Job
from designer.model.links import Endpoint, Link
from designer.model.nodes import Node, Port
from designer.model.proposal import ProposalRequirements
from designer.model.rack_layout import RackLayout
from designer.model.scenarios import Scenario
from designer.model.segments import Segment
from designer.model.sites import LongHaul, Site


@dataclass(frozen=True)
class Change:
    """One edit: what kind of object, which action, which id."""

    kind: str    # node | link | segment | document
    action: str  # add | remove | update
    id: str = ""


Listener = Callable[[list[Change]], None]


@dataclass
class FabricDocument:
    """A design: nodes, links, back-end segments, assumptions and free notes."""

    name: str = "Untitled fabric"
    nodes: dict[str, Node] = field(default_factory=dict)
    links: dict[str, Link] = field(default_factory=dict)
    segments: dict[str, Segment] = field(default_factory=dict)
    assumptions: Assumptions = field(default_factory=Assumptions)
    notes: str = ""
    results: dict[str, Any] | None = None  # last run summary (model/run_results.py); derived, not undone
    scenarios: list[Scenario] = field(default_factory=list)   # named what-if runs (designer/model/scenarios.py)
    proposal: ProposalRequirements = field(default_factory=ProposalRequirements)  # designer/model/proposal.py
    build: BuildSettings = field(default_factory=BuildSettings)   # racks, spares, labels, BOM options
    racks: RackLayout | None = None   # the last rack plan (designer/model/rack_layout.py)
    jobs: list[Job] = field(default_factory=list)   # workloads on parts of the fabric (designer/model/jobs.py)
    sites: list[Site] = field(default_factory=list)  # multi-site designs (designer/model/sites.py); empty: one site
    long_haul: list[LongHaul] = field(default_factory=list)   # long-haul bundles between the sites

    def __post_init__(self) -> None:
        self._listeners: list[Listener] = []
        self._pending: list[Change] = []
        self._batch_depth = 0
        self._ids = itertools.count(1)

    def __getstate__(self) -> dict[str, Any]:
        """A pickled document carries the design, not who listens to it (the window's scene cannot be pickled and
        means nothing in another process); the id counter goes on from where it is."""
        state = {k: v for k, v in self.__dict__.items() if k not in ("_listeners", "_pending", "_batch_depth")}
        next_id = next(self._ids)
        self._ids = itertools.count(next_id)
        state["_ids"] = next_id
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.__dict__.update(state)
        self._ids = itertools.count(state["_ids"])
        self._listeners, self._pending, self._batch_depth = [], [], 0

    # ---- notification -------------------------------------------------------------------------
    def subscribe(self, listener: Listener) -> Callable[[], None]:
        """Call `listener(changes)` after every edit batch; returns the function that unsubscribes."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener) if listener in self._listeners else None

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Group edits so that subscribers hear of them once, at the end."""
        self._batch_depth += 1
        try:
            yield
        finally:
            self._batch_depth -= 1
            if self._batch_depth == 0:
                self._flush()

    def _emit(self, change: Change) -> None:
        self._pending.append(change)
        if self._batch_depth == 0:
            self._flush()

    def _flush(self) -> None:
        if not self._pending:
            return
        changes, self._pending = self._pending, []
        for listener in list(self._listeners):
            listener(changes)

    # ---- ids ----------------------------------------------------------------------------------
    def new_id(self, prefix: str) -> str:
        """An id with `prefix` not used by any node, link or segment."""
        while True:
            candidate = f"{prefix}{next(self._ids)}"
            if candidate not in self.nodes and candidate not in self.links and candidate not in self.segments:
                return candidate

    # ---- nodes --------------------------------------------------------------------------------
    def add_node(self, node: Node) -> Node:
        if node.id in self.nodes:
            raise ProjectError(Message("error.doc.id_used", what=Message("error.what.node"), id=node.id))
        self.nodes[node.id] = node
        self._emit(Change("node", "add", node.id))
        return node

    def remove_node(self, node_id: str) -> tuple[Node, list[Link], list[str]]:
        """Remove a node, its links and its segment memberships.

        Returns what was removed (node, links, ids of segments it belonged to) so that an undo
        can put it back with `restore_node`.
        """
        node = self._node(node_id)
        with self.batch():
            gone_links = [link for link in self.links.values() if link.touches(node_id)]
            for link in gone_links:
                self.remove_link(link.id)
            member_of = []
            for seg in self.segments.values():
                if node_id in seg.nodes:
                    seg.nodes.remove(node_id)
                    member_of.append(seg.id)
                    self._emit(Change("segment", "update", seg.id))
            del self.nodes[node_id]
            self._emit(Change("node", "remove", node_id))
        return node, gone_links, member_of

    def restore_node(self, node: Node, links: list[Link], segment_ids: list[str]) -> None:
        """Undo of `remove_node`."""
        with self.batch():
            self.add_node(node)
            for seg_id in segment_ids:
                if seg_id in self.segments and node.id not in self.segments[seg_id].nodes:
                    self.segments[seg_id].nodes.append(node.id)
                    self._emit(Change("segment", "update", seg_id))
            for link in links:
                self.add_link(link)

    def update_node(self, node_id: str, **values: object) -> dict[str, object]:
        """Set fields of a node; returns the previous values (for undo)."""
        return self._update(self._node(node_id), "node", node_id, values)

    def move_nodes(self, positions: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
        """Move many nodes in one batch; returns the old positions."""
        old = {}
        with self.batch():
            for node_id, (x, y) in positions.items():
                node = self._node(node_id)
                old[node_id] = (node.x, node.y)
                node.x, node.y = float(x), float(y)
                self._emit(Change("node", "update", node_id))
        return old

    # ---- links --------------------------------------------------------------------------------
    def add_link(self, link: Link) -> Link:
        if link.id in self.links:
            raise ProjectError(Message("error.doc.id_used", what=Message("error.what.link"), id=link.id))
        for end in (link.a, link.b):
            node = self._node(end.node)
            if node.port(end.port) is None:
                raise ProjectError(Message("error.doc.no_port", node=end.node, port=end.port))
        self.links[link.id] = link
        self._emit(Change("link", "add", link.id))
        return link

    def remove_link(self, link_id: str) -> Link:
        if link_id not in self.links:
            raise ProjectError(Message("error.doc.no_link", link=link_id))
        link = self.links.pop(link_id)
        self._emit(Change("link", "remove", link_id))
        return link

    def update_link(self, link_id: str, **values: object) -> dict[str, object]:
        if link_id not in self.links:
            raise ProjectError(Message("error.doc.no_link", link=link_id))
        return self._update(self.links[link_id], "link", link_id, values)

    # ---- segments -----------------------------------------------------------------------------
    def add_segment(self, segment: Segment) -> Segment:
        if segment.id in self.segments:
            raise ProjectError(Message("error.doc.id_used", what=Message("error.what.segment"), id=segment.id))
        self.segments[segment.id] = segment
        self._emit(Change("segment", "add", segment.id))
        return segment

    def remove_segment(self, segment_id: str) -> Segment:
        if segment_id not in self.segments:
            raise ProjectError(Message("error.doc.no_segment", segment=segment_id))
        seg = self.segments.pop(segment_id)
        self._emit(Change("segment", "remove", segment_id))
        return seg

    def update_segment(self, segment_id: str, **values: object) -> dict[str, object]:
        if segment_id not in self.segments:
            raise ProjectError(Message("error.doc.no_segment", segment=segment_id))
        return self._update(self.segments[segment_id], "segment", segment_id, values)

    def update_long_haul(self, long_haul_id: str, **values: object) -> dict[str, object]:
        """Set fields of a long-haul bundle (its distance typed in the inspector); the old values."""
        bundle = next((lh for lh in self.long_haul if lh.id == long_haul_id), None)
        if bundle is None:
            raise ProjectError(Message("error.doc.no_long_haul", id=long_haul_id))
        return self._update(bundle, "long_haul", long_haul_id, values)

    def set_assumptions(self, assumptions: Assumptions) -> Assumptions:
        old, self.assumptions = self.assumptions, assumptions
        self._emit(Change("document", "update", "assumptions"))
        return old

    def set_meta(self, name: str | None = None, notes: str | None = None) -> tuple[str, str]:
        old = (self.name, self.notes)
        if name is not None:
            self.name = name
        if notes is not None:
            self.notes = notes
        self._emit(Change("document", "update", "meta"))
        return old

    def set_jobs(self, jobs: list[Job]) -> list[Job]:
        """Replace the jobs (returns the old list, for undo)."""
        old, self.jobs = self.jobs, copy.deepcopy(list(jobs))
        self._emit(Change("document", "update", "jobs"))
        return old

    def set_scenarios(self, scenarios: list[Scenario]) -> list[Scenario]:
        """Replace the named scenarios (returns the old list, for undo)."""
        old, self.scenarios = self.scenarios, copy.deepcopy(list(scenarios))
        self._emit(Change("document", "update", "scenarios"))
        return old

    def set_proposal(self, proposal: ProposalRequirements) -> ProposalRequirements:
        """Replace what the customer asked for (returns the old requirements, for undo)."""
        old, self.proposal = self.proposal, copy.deepcopy(proposal)
        self._emit(Change("document", "update", "proposal"))
        return old

    def set_build(self, build: BuildSettings) -> BuildSettings:
        """Replace the build settings (returns the old ones, for undo)."""
        old, self.build = self.build, copy.deepcopy(build)
        self._emit(Change("document", "update", "build"))
        return old

    def set_sites(self, sites: list[Site], long_haul: list[LongHaul]) -> tuple[list[Site], list[LongHaul]]:
        """Replace the sites and the long-haul bundles between them (returns the old ones, for undo)."""
        old = (self.sites, self.long_haul)
        self.sites, self.long_haul = copy.deepcopy(list(sites)), copy.deepcopy(list(long_haul))
        self._emit(Change("document", "update", "sites"))
        return old

    def set_racks(self, racks: RackLayout | None) -> RackLayout | None:
        """Keep a rack plan with the design (None forgets it); returns the old one, for undo."""
        old, self.racks = self.racks, copy.deepcopy(racks)
        self._emit(Change("document", "update", "racks"))
        return old

    def set_results(self, results: dict[str, Any] | None) -> dict[str, Any] | None:
        """Keep the last simulation's summary with the design (None forgets it)."""
        old, self.results = self.results, copy.deepcopy(results)
        self._emit(Change("document", "update", "results"))
        return old

    # ---- queries ------------------------------------------------------------------------------
    def links_of(self, node_id: str) -> list[Link]:
        return [link for link in self.links.values() if link.touches(node_id)]

    def used_ports(self, node_id: str) -> set[str]:
        used = set()
        for link in self.links.values():
            for end in (link.a, link.b):
                if end.node == node_id:
                    used.add(end.port)
        return used

    def free_ports(self, node_id: str, plane: str | None = None) -> list[Port]:
        """Unused ports of a node, optionally only those usable on `plane`."""
        used = self.used_ports(node_id)
        return [p for p in self._node(node_id).ports()
                if p.name not in used and (plane is None or p.plane in (None, plane))]

    def segment_of(self, node_id: str) -> Segment | None:
        for seg in self.segments.values():
            if node_id in seg.nodes:
                return seg
        return None

    def port(self, end: Endpoint) -> Port:
        port = self._node(end.node).port(end.port)
        if port is None:
            raise ProjectError(Message("error.doc.no_port", node=end.node, port=end.port))
        return port

    def copy(self) -> FabricDocument:
        """A deep copy without listeners."""
        dup = FabricDocument(name=self.name, nodes=copy.deepcopy(self.nodes),
                             links=copy.deepcopy(self.links), segments=copy.deepcopy(self.segments),
                             assumptions=copy.deepcopy(self.assumptions), notes=self.notes,
                             results=copy.deepcopy(self.results), scenarios=copy.deepcopy(self.scenarios),
                             proposal=copy.deepcopy(self.proposal), build=copy.deepcopy(self.build),
                             racks=copy.deepcopy(self.racks), jobs=copy.deepcopy(self.jobs),
                             sites=copy.deepcopy(self.sites), long_haul=copy.deepcopy(self.long_haul))
        return dup

    def gpu_count(self) -> int:
        return sum(n.gpus for n in self.nodes.values() if n.kind == "server")

    def gpus_by_site(self) -> dict[str | None, int]:
        """The GPUs of the nodes of each site (None: of no site), as the site boxes and the proposal count them."""
        out: dict[str | None, int] = {}
        for n in self.nodes.values():
            out[n.site] = out.get(n.site, 0) + n.gpus
        return out

    # ---- internals ----------------------------------------------------------------------------
    def _node(self, node_id: str) -> Node:
        if node_id not in self.nodes:
            raise ProjectError(Message("error.doc.no_node", node=node_id))
        return self.nodes[node_id]

    def _update(self, obj: Node | Link | Segment | LongHaul, kind: str, obj_id: str,
                values: dict[str, object]) -> dict[str, object]:
        names = {f.name for f in fields(obj)}
        unknown = set(values) - names
        if unknown:
            raise ProjectError(Message("error.doc.no_field", what=_what(kind), id=obj_id,
                                       fields=", ".join(sorted(unknown))))
        if "id" in values and values["id"] != obj_id:
            raise ProjectError(Message("error.doc.id_fixed", what=_what(kind), id=obj_id))
        old = {name: copy.deepcopy(getattr(obj, name)) for name in values}
        for name, value in values.items():
            setattr(obj, name, value)
        self._emit(Change(kind, "update", obj_id))
        return old


_WHAT = {"node": "error.what.node", "link": "error.what.link", "segment": "error.what.segment",
         "long_haul": "error.what.long_haul"}


def _what(kind: str) -> Message | str:
    """'node', 'link' or 'segment' in the language of the message."""
    return Message(_WHAT[kind]) if kind in _WHAT else kind
