"""Graphviz DOT and containerlab YAML: every node and edge present, Ethernet parts only, Chinese text kept."""

import json
import re

import pytest

from designer.catalog import load_catalog
from designer.catalog.instantiate import switch_node
from designer.export.containerlab import to_containerlab
from designer.export.dot import to_dot
from designer.export.output_file import ExportError
from designer.model import Endpoint, Link
from designer.topology import generate
from tests.factories import two_server_doc

QUOTED = r'"((?:[^"\\]|\\.)*)"'


def _unquote(body: str) -> str:
    return json.loads(f'"{body}"')  # DOT's \" and \\ escapes read the same as JSON's


# ---- DOT --------------------------------------------------------------------------------------------
def _dot_statements(text):
    nodes, edges = {}, []
    for line in text.splitlines():
        m = re.match(rf"\s+{QUOTED} -- {QUOTED} \[id={QUOTED}", line)
        if m:
            edges.append(tuple(_unquote(g) for g in m.groups()))
            continue
        m = re.match(rf"\s+{QUOTED} \[label={QUOTED}", line)
        if m:
            nodes[_unquote(m.group(1))] = _unquote(m.group(2))
    return nodes, edges


def test_dot_has_every_node_and_edge():
    doc = generate("leaf-spine", gpus=64, backend="hybrid")
    text = to_dot(doc)
    nodes, edges = _dot_statements(text)
    assert set(nodes) == set(doc.nodes)
    assert sorted(e[2] for e in edges) == sorted(doc.links)
    assert all((lk.a.node, lk.b.node) == (e[0], e[1]) for e in edges for lk in [doc.links[e[2]]])
    assert text.count("{") == text.count("}")
    assert text.startswith("graph ") and text.rstrip().endswith("}")


def test_dot_escapes_quotes_and_keeps_chinese():
    doc = two_server_doc()
    doc.set_meta(name='集群 "测试"')
    doc.update_node("srv-1", label='服务器 "一" \\ 左')
    text = to_dot(doc)
    nodes, _ = _dot_statements(text)
    assert nodes["srv-1"].startswith('服务器 "一" \\ 左\n')
    assert nodes["leaf-1"].startswith("叶交换机 1")
    assert text.startswith('graph "集群 \\"测试\\"" {')


# ---- containerlab -------------------------------------------------------------------------------------
def parse_yaml_subset(text):
    """A tiny reader for the block YAML containerlab files use here (mappings, '- ' lists, JSON-style scalars)."""
    lines = [(len(raw) - len(raw.lstrip(" ")), raw.strip()) for raw in text.splitlines()
             if raw.strip() and not raw.lstrip().startswith("#")]
    assert all("\t" not in raw for raw in text.splitlines())

    def scalar(s):
        return json.loads(s)

    def key_of(s):
        return json.loads(s) if s.startswith('"') else s

    def block(i, indent):
        if lines[i][1].startswith("- "):
            items = []
            while i < len(lines) and lines[i][0] == indent and lines[i][1].startswith("- "):
                lines[i] = (indent + 2, lines[i][1][2:])
                item, i = mapping(i, indent + 2)
                items.append(item)
            return items, i
        return mapping(i, indent)

    def mapping(i, indent):
        out = {}
        while i < len(lines) and lines[i][0] == indent and not lines[i][1].startswith("- "):
            content = lines[i][1]
            if content.endswith(":"):
                key = key_of(content[:-1])
                assert lines[i + 1][0] > indent, f"empty block at {content}"
                value, i = block(i + 1, lines[i + 1][0])
            else:
                m = re.match(r'("(?:[^"\\]|\\.)*"|[A-Za-z0-9_-]+): (.*)$', content)
                assert m, f"not a key: value line: {content}"
                key, value, i = key_of(m.group(1)), scalar(m.group(2)), i + 1
            assert key not in out, f"duplicate key {key}"
            out[key] = value
        return out, i

    result, end = block(0, 0)
    assert end == len(lines), f"unparsed line: {lines[end]}"
    return result


def _ethernet_design():
    """Hybrid pods (one IB, one RoCEv2) with gateways and a front-end; a Chinese label and a Chinese node id."""
    doc = generate("leaf-spine", gpus=64, backend="hybrid")
    doc.add_node(switch_node(load_catalog(), "7050cx3", "前端-9", "frontend", label="前端交换机"))
    fe_leaf = next(n.id for n in doc.nodes.values() if n.role == "frontend")
    free = doc.free_ports(fe_leaf)[0].name
    doc.add_link(Link("Lcn", Endpoint("前端-9", "p1"), Endpoint(fe_leaf, free), 100.0, "aoc", 5.0, "frontend"))
    return doc


def test_containerlab_parses_and_names_every_ethernet_node_and_link():
    doc = _ethernet_design()
    topo = parse_yaml_subset(to_containerlab(doc))
    nodes = topo["topology"]["nodes"]
    design_id = {name: spec["labels"]["fd-id"] for name, spec in nodes.items()}
    ib_nodes = {nid for s in doc.segments.values() if s.protocol == "ib" for nid in s.nodes
                if doc.nodes[nid].kind == "switch"}
    roce_nodes = {nid for s in doc.segments.values() if s.protocol == "rocev2" for nid in s.nodes}
    frontend = {n.id for n in doc.nodes.values() if n.role == "frontend"}
    assert roce_nodes | frontend <= set(design_id.values())
    assert not ib_nodes & set(design_id.values())
    # Every link that runs Ethernet, by an independent rule: front-end plane, or no end on an IB port or IB switch.
    def ethernet(lk):
        ends = (lk.a, lk.b)
        return lk.plane == "frontend" or not any(
            doc.port(e).medium == "ib" or e.node in ib_nodes for e in ends)
    expected = {frozenset({(lk.a.node, lk.a.port), (lk.b.node, lk.b.port)})
                for lk in doc.links.values() if ethernet(lk)}
    port_of = {}
    for name, spec in nodes.items():
        for pair in spec["labels"]["fd-ports"].split():
            iface, port = pair.split("=")
            port_of[(name, iface)] = (design_id[name], port)
    got = set()
    for link in topo["topology"]["links"]:
        ends = [tuple(e.split(":")) for e in link["endpoints"]]
        assert all(name in nodes for name, _ in ends)
        got.add(frozenset(port_of[e] for e in ends))
    assert got == expected and len(topo["topology"]["links"]) == len(expected)
    for spec in nodes.values():
        assert spec["kind"] in topo["topology"]["kinds"]
    cn = next(name for name, spec in nodes.items() if spec["labels"]["fd-id"] == "前端-9")
    assert re.fullmatch(r"[A-Za-z0-9][A-Za-z0-9_.-]*", cn) and nodes[cn]["labels"]["fd-label"] == "前端交换机"
    assert re.fullmatch(r"[a-z0-9-]+", topo["name"])


def test_containerlab_refuses_a_design_without_ethernet():
    doc = two_server_doc("ib")
    with pytest.raises(ExportError, match="no Ethernet part"):
        to_containerlab(doc)
