"""GraphML: export with node and link attributes, import back to the same document, clear errors on bad input."""

import networkx as nx
import pytest

from designer.catalog import load_catalog
from designer.catalog.instantiate import switch_node
from designer.export.graphml_io import graphml_bytes, graphml_to_document, read_graphml, write_graphml
from designer.model import Assumptions, Endpoint, Link, ProjectError
from designer.model.fileformat import document_to_dict
from designer.topology import generate
from tests.factories import two_server_doc


def tuned_doc():
    """Chinese text in every text field, tuned segment settings, odd numbers, pod/rail set on some nodes."""
    doc = two_server_doc("rocev2")
    doc.set_meta(name="演示 \"集群\" <A&B>", notes="第一行\n第二行 — 备注")
    doc.set_assumptions(Assumptions(currency="CNY", cny_per_usd=7.123, pue=1.45, tco_years=5))
    doc.update_node("srv-1", label="服务器 一", pod=2, x=12.5, y=-3.25)
    doc.update_node("leaf-1", rail=3)
    doc.update_segment("backend", name="后端 段", protocol="ib")
    seg = doc.segments["backend"]
    seg.ib.adaptive_routing = True
    seg.rocev2.kmin_kb = 123.5
    seg.rocev2.qps = 4
    doc.add_node(switch_node(load_catalog(), "7050cx3", "fe-1", "frontend", label="前端"))
    # Two parallel links between the same pair, listed b-to-a, to test order and direction.
    doc.add_link(Link("F2", Endpoint("fe-1", "p2"), Endpoint("srv-2", "fe1"), 100.0, "aoc", 7.5, "frontend"))
    doc.add_link(Link("F1", Endpoint("srv-2", "fe2"), Endpoint("fe-1", "p1"), 100.0, "optics", 30.0, "frontend"))
    return doc


@pytest.mark.parametrize("make", [
    tuned_doc,
    lambda: generate("leaf-spine", gpus=64, backend="hybrid"),
    lambda: generate("rail-optimized", gpus=64, backend="ib"),
])
def test_export_then_import_gives_the_same_document(make, tmp_path):
    doc = make()
    path = tmp_path / "design.graphml"
    write_graphml(doc, path)
    back = read_graphml(path)
    assert document_to_dict(back) == document_to_dict(doc)


def test_other_tools_see_node_and_link_attributes(tmp_path):
    doc = tuned_doc()
    path = tmp_path / "design.graphml"
    write_graphml(doc, path)
    g = nx.read_graphml(path, force_multigraph=True)
    assert set(g.nodes) == set(doc.nodes)
    assert g.number_of_edges() == len(doc.links)
    assert g.nodes["srv-1"]["label"] == "服务器 一"
    assert g.nodes["srv-1"]["kind"] == "server" and g.nodes["srv-1"]["gpus"] == 8
    assert g.nodes["leaf-1"]["role"] == "leaf" and g.nodes["leaf-1"]["protocol"] == "ib"
    edges = {d["id"]: d for _, _, d in g.edges(data=True)}
    assert edges["F1"]["cable"] == "optics" and edges["F1"]["length_m"] == 30.0
    assert edges["F1"]["a_node"] == "srv-2" and edges["F1"]["b_port"] == "p1"
    assert g.graph["name"] == doc.name


def test_foreign_graphml_is_refused_clearly(tmp_path):
    path = tmp_path / "other.graphml"
    nx.write_graphml(nx.path_graph(3), path)
    with pytest.raises(ProjectError, match="not written by Fabric Designer") as err:
        read_graphml(path)
    assert err.value.source == str(path)


@pytest.mark.parametrize("data, message", [
    (b"", "not a readable GraphML"),
    (b"<svg/>", "not a GraphML file"),
    (b"{\"format\": 1}", "not a readable GraphML"),
])
def test_not_graphml_is_one_clear_error(data, message):
    with pytest.raises(ProjectError, match=message):
        graphml_to_document(data)


def test_hand_edited_values_are_validated_like_a_project_file():
    text = graphml_bytes(two_server_doc()).decode("utf-8")
    broken_json = text.replace('"prefix":"be"', '"prefix":"be"', 1).replace('[{"prefix"', '[{prefix', 1)
    with pytest.raises(ProjectError, match="ports_json: not valid JSON"):
        graphml_to_document(broken_json)
    bad_kind = text.replace(">switch<", ">router<", 1)
    assert bad_kind != text
    with pytest.raises(ProjectError, match="kind: must be one of"):
        graphml_to_document(bad_kind)


def test_missing_file_names_the_file(tmp_path):
    with pytest.raises(ProjectError, match="cannot read") as err:
        read_graphml(tmp_path / "missing.graphml")
    assert "missing.graphml" in err.value.one_line()
