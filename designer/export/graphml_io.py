"""GraphML for other tools (networkx, Gephi, yEd) with every node and link attribute, and its import back.

The export carries the readable attributes of designer.model.graphml.to_networkx (kind, model, role, label,
GPUs, position, segment, protocol; per link: ports, speed, cable, length, plane) plus what a round trip needs:
per node the port groups (JSON text, as GraphML values are scalars) and the server / generator fields; per
link both ends in their own order and the link's place in the document; per graph the format marker, name,
notes, assumptions, segments and, when the design has them, build settings and rack plan (JSON text). Import
rebuilds the project-file dictionary from these and
validates it like a project file, so that a hand-edited GraphML gets the same clear messages.
"""

from __future__ import annotations

import io
import json
import os
from pathlib import Path
from typing import Any
from xml.etree import ElementTree
from xml.etree.ElementTree import ParseError

import networkx as nx

from designer.export.output_file import write_bytes_atomically
from designer.export.text_fields import NOT_IN_XML, refuse_unwritable_text
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.file_read import read_bytes_limited
from designer.model.fileformat import FORMAT, MAX_FILE_ENV, document_from_dict, document_to_dict, max_file_bytes
from designer.model.graphml import to_networkx
from designer.model.json_guard import parse_json

GRAPHML_FORMAT = "fabric-designer.graphml/1"
GRAPHML_NS = "http://graphml.graphdrawing.org/xmlns"
_SERVER_FIELDS = {"gpu_model": str, "nvlink_gbps": float, "nic_model": str}
_OPTIONAL_INT_FIELDS = ("pod", "rail")
_OPTIONAL_SECTIONS = ("build", "racks")    # project-file sections kept as JSON text on the graph


def to_graph(doc: FabricDocument) -> nx.MultiGraph:
    """A networkx MultiGraph of `doc` holding everything the project file holds (see the module docstring)."""
    data = document_to_dict(doc)
    g = to_networkx(doc)
    g.graph.update(fd_format=GRAPHML_FORMAT, name=doc.name, notes=doc.notes,
                   assumptions_json=_json(data["assumptions"]), segments_json=_json(data["segments"]))
    for key in _OPTIONAL_SECTIONS:          # build settings and rack plan, when the design has them
        if key in data:
            g.graph[f"{key}_json"] = _json(data[key])
    for nd in data["nodes"]:
        attrs = g.nodes[nd["id"]]
        # networkx picks one GraphML type per attribute name: give every value its declared type.
        attrs.update(x=float(nd["x"]), y=float(nd["y"]), gpus=int(nd.get("gpus", 0)), ports_json=_json(nd["ports"]))
        for name, kind in _SERVER_FIELDS.items():
            if nd.get(name) is not None:
                attrs[name] = kind(nd[name])
        for name in _OPTIONAL_INT_FIELDS:
            if nd.get(name) is not None:
                attrs[name] = int(nd[name])
    for order, ld in enumerate(data["links"]):
        edge = g.edges[ld["a"]["node"], ld["b"]["node"], ld["id"]]
        edge.update(order=order, a_node=ld["a"]["node"], b_node=ld["b"]["node"],
                    speed_gbps=float(ld["speed_gbps"]), length_m=float(ld["length_m"]))
    return g


def graphml_bytes(doc: FabricDocument) -> bytes:
    """The GraphML document (UTF-8 XML). A carriage return in a text is written as the reference &#13; (XML
    readers turn a raw one into a line feed); text XML cannot hold at all is refused by `write_graphml`."""
    out = io.BytesIO()
    # written whole: networkx's line-by-line generator splits text at \r, \x85 and \u2028 like line ends
    nx.write_graphml(to_graph(doc), out, encoding="utf-8")
    return out.getvalue().replace(b"\r", b"&#13;")      # 0x0D is never part of a longer UTF-8 character


def write_graphml(doc: FabricDocument, path: str | os.PathLike[str]) -> None:
    """Write `doc` as GraphML to `path`, atomically; ExportError naming the field of a character XML cannot hold."""
    refuse_unwritable_text(doc, path, NOT_IN_XML, "graphml")
    write_bytes_atomically(path, graphml_bytes(doc))


def read_graphml(path: str | os.PathLike[str]) -> FabricDocument:
    """Import GraphML written by this program; any problem raises ProjectError naming the file."""
    p = Path(path)
    if p.is_dir():
        raise ProjectError(Message("error.graphml.is_folder"), str(p))
    raw = read_bytes_limited(p, max_file_bytes(), env=MAX_FILE_ENV)
    try:
        return graphml_to_document(raw)
    except ProjectError as exc:
        raise ProjectError(exc.messages, str(p)) from None


def graphml_to_document(raw: bytes | str) -> FabricDocument:
    """Rebuild a document from GraphML text written by `graphml_bytes`."""
    data_bytes = raw.encode("utf-8") if isinstance(raw, str) else raw
    _check_root(data_bytes)
    try:
        # Bytes, so that the XML parser honours the file's own encoding declaration.
        g = nx.parse_graphml(data_bytes, force_multigraph=True)
    except (ParseError, nx.NetworkXError, ValueError, TypeError, KeyError, IndexError) as exc:
        first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
        raise ProjectError(Message("error.graphml.unreadable", detail=first)) from None
    if g.graph.get("fd_format") != GRAPHML_FORMAT:
        raise ProjectError(Message("error.graphml.foreign", format=GRAPHML_FORMAT))
    problems: list[str | Message] = []
    data: dict[str, Any] = {
        "format": FORMAT, "name": str(g.graph.get("name", "")), "notes": str(g.graph.get("notes", "")),
        "assumptions": _parse_json(g.graph.get("assumptions_json", "{}"), "graph.assumptions_json", problems),
        "segments": _parse_json(g.graph.get("segments_json", "[]"), "graph.segments_json", problems),
        "nodes": [_node_dict(node_id, attrs, problems) for node_id, attrs in g.nodes(data=True)],
        "links": _link_dicts(g, problems),
    }
    for key in _OPTIONAL_SECTIONS:
        if f"{key}_json" in g.graph:
            data[key] = _parse_json(g.graph[f"{key}_json"], f"graph.{key}_json", problems)
    if problems:
        raise ProjectError(problems)
    return document_from_dict(data)


def _check_root(data: bytes) -> None:
    """A clear message for XML that is not GraphML (networkx's own errors for it are cryptic). A document type
    declaration is refused: the program writes none, and its entities expand one name into megabytes."""
    if b"<!doctype" in data[:65536].lower() or b"<!entity" in data.lower():
        raise ProjectError(Message("error.graphml.dtd"))
    try:
        root = ElementTree.fromstring(data)
    except ParseError as exc:
        raise ProjectError(Message("error.graphml.unreadable", detail=f"XML {exc}")) from None
    if root.tag != f"{{{GRAPHML_NS}}}graphml" or root.find(f"{{{GRAPHML_NS}}}graph") is None:
        raise ProjectError(Message("error.graphml.not_graphml", ns=GRAPHML_NS, tag=root.tag))
    declared: set[tuple[str, str]] = set()
    for key in root.iter(f"{{{GRAPHML_NS}}}key"):
        name, domain = key.get("attr.name", ""), key.get("for", "all")
        # one name, two keys (say a long and a string): values of two types under one attribute
        if (domain, name) in declared or ("all", name) in declared or (domain == "all" and any(
                n == name for _, n in declared)):
            raise ProjectError(Message("error.graphml.key_twice", name=name, domain=domain))
        declared.add((domain, name))
    graphs = root.findall(f"{{{GRAPHML_NS}}}graph")
    if len(graphs) > 1:                     # the program writes one; a second would be left out without a word
        raise ProjectError(Message("error.graphml.graphs", n=len(graphs)))
    seen: set[str] = set()
    for node in graphs[0].iter(f"{{{GRAPHML_NS}}}node"):     # networkx merges a node given twice
        node_id = node.get("id", "")
        if node_id in seen:
            raise ProjectError(Message("error.graphml.node_twice", node=node_id))
        seen.add(node_id)


def _node_dict(node_id: str, attrs: dict[str, Any], problems: list[str | Message]) -> dict[str, Any]:
    where = Message("error.graphml.node_attr", node=node_id, attr="ports_json")
    nd: dict[str, Any] = {"id": node_id, "kind": attrs.get("kind"), "model": attrs.get("model"),
                          "label": attrs.get("label", ""), "x": attrs.get("x", 0.0), "y": attrs.get("y", 0.0),
                          "ports": _parse_json(attrs.get("ports_json", "[]"), where, problems)}
    if attrs.get("role"):
        nd["role"] = attrs["role"]
    if attrs.get("kind") == "server":
        nd["gpus"] = attrs.get("gpus", 0)
        for name in _SERVER_FIELDS:
            nd[name] = attrs.get(name)
        if nd["nvlink_gbps"] is None:
            nd["nvlink_gbps"] = 0.0
    for name in _OPTIONAL_INT_FIELDS:
        if attrs.get(name) is not None:
            nd[name] = attrs[name]
    return nd


def _link_dicts(g: nx.MultiGraph, problems: list[str | Message]) -> list[dict[str, Any]]:
    ordered = []
    for u, v, key, attrs in g.edges(keys=True, data=True):
        if "a_node" not in attrs or "b_node" not in attrs or "order" not in attrs:
            problems.append(Message("error.at", place=Message("error.graphml.edge", u=u, v=v),
                                    text=Message("error.graphml.edge_ends")))
            continue
        if type(attrs["order"]) is not int:
            problems.append(Message("error.at", place=Message("error.graphml.edge", u=u, v=v),
                                    text=Message("error.graphml.edge_ends")))
            continue
        ordered.append((attrs["order"], {
            "id": attrs.get("id", key), "a": {"node": attrs["a_node"], "port": attrs.get("a_port")},
            "b": {"node": attrs["b_node"], "port": attrs.get("b_port")}, "speed_gbps": attrs.get("speed_gbps"),
            "cable": attrs.get("cable"), "length_m": attrs.get("length_m"), "plane": attrs.get("plane")}))
    ordered.sort(key=lambda item: item[0])
    return [ld for _, ld in ordered]


def _parse_json(text: Any, where: str | Message, problems: list[str | Message]) -> Any:
    if not isinstance(text, str):
        problems.append(Message("error.at", place=where, text=Message("error.graphml.json_text")))
        return None
    try:
        return parse_json(text)
    except ProjectError as exc:       # not JSON, nested beyond the stack, a number past every limit...
        problems.append(Message("error.at", place=where, text=exc.messages[0]))
        return None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))
