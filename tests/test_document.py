"""The document model: edits, change notifications, undo helpers."""

import pytest

from designer.model import Change, Endpoint, Link, ProjectError
from tests.factories import two_server_doc


def test_batch_delivers_one_notification_with_all_changes():
    doc = two_server_doc()
    heard: list[list[Change]] = []
    doc.subscribe(heard.append)
    with doc.batch():
        doc.update_node("srv-1", label="A")
        doc.update_node("srv-2", label="B")
    assert len(heard) == 1
    assert [c.id for c in heard[0]] == ["srv-1", "srv-2"]


def test_unsubscribe_stops_notifications():
    doc = two_server_doc()
    heard = []
    off = doc.subscribe(heard.append)
    off()
    doc.update_node("srv-1", label="A")
    assert heard == []


def test_remove_node_takes_links_and_membership_and_restore_puts_them_back():
    doc = two_server_doc()
    before_links = set(doc.links)
    node, links, segs = doc.remove_node("srv-1")
    assert "srv-1" not in doc.nodes
    assert not any(link.touches("srv-1") for link in doc.links.values())
    assert "srv-1" not in doc.segments["backend"].nodes
    assert len(links) == 8 and segs == ["backend"]
    doc.restore_node(node, links, segs)
    assert set(doc.links) == before_links
    assert "srv-1" in doc.segments["backend"].nodes


def test_update_returns_old_values_and_rejects_unknown_fields():
    doc = two_server_doc()
    old = doc.update_link("L1", length_m=5.0)
    assert old == {"length_m": 2.0}
    with pytest.raises(ProjectError, match="no field"):
        doc.update_link("L1", colour="red")
    with pytest.raises(ProjectError, match="cannot be changed"):
        doc.update_node("srv-1", id="other")


def test_add_link_refuses_missing_port():
    doc = two_server_doc()
    with pytest.raises(ProjectError, match="has no port 'p999'"):
        doc.add_link(Link("X", Endpoint("srv-1", "fe1"), Endpoint("leaf-1", "p999"), 100.0))


def test_free_ports_by_plane():
    doc = two_server_doc()
    assert [p.name for p in doc.free_ports("srv-1", "frontend")] == ["fe1", "fe2"]
    assert doc.free_ports("srv-1", "backend") == []
    assert len(doc.free_ports("leaf-1")) == 128 - 16


def test_new_id_is_unique():
    doc = two_server_doc()
    ids = {doc.new_id("L") for _ in range(50)}
    assert len(ids) == 50 and not ids & set(doc.links)


def test_move_nodes_is_one_batch_and_returns_old_positions():
    doc = two_server_doc()
    heard = []
    doc.subscribe(heard.append)
    old = doc.move_nodes({"srv-1": (5, 6), "srv-2": (7, 8)})
    assert old == {"srv-1": (100.0, 200.0), "srv-2": (200.0, 200.0)}
    assert len(heard) == 1 and doc.nodes["srv-2"].x == 7.0


def test_a_pickled_document_is_the_design_without_its_listeners():
    """The summary process receives an edited design pickled: the same design, nobody listening, ids going on."""
    import pickle

    from designer.model.fileformat import document_to_dict

    doc = two_server_doc()
    heard = []
    doc.subscribe(heard.append)
    first = doc.new_id("x")
    copy = pickle.loads(pickle.dumps(doc))
    assert document_to_dict(copy) == document_to_dict(doc)
    assert copy.new_id("x") == doc.new_id("x") != first        # both counters go on from the same place
    copy.set_meta(notes="edited in the copy")
    doc.set_meta(notes="edited in the original")
    assert len(heard) == 1 and copy.notes == "edited in the copy"   # the original's listener heard its own edit only
