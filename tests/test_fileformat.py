"""The project file: exact round trips, every problem reported with its place, hostile input refused cleanly."""

import json
import os

import pytest

from designer.model import FORMAT, ProjectError, load, loads, save
from designer.model.fileformat import document_to_dict, dumps
from designer.model.graphml import to_networkx, write_graphml
from tests.factories import two_server_doc


def test_round_trip_is_exact(tmp_path):
    doc = two_server_doc("ib")
    doc.segments["backend"].ib.adaptive_routing = True
    doc.notes = "说明: 训练集群"
    path = tmp_path / "d.json"
    save(doc, path)
    again = load(path)
    assert document_to_dict(again) == document_to_dict(doc)
    assert dumps(again) == dumps(doc)
    assert again.nodes["leaf-1"].label == "叶交换机 1"


def test_save_is_atomic_and_leaves_no_temporary_files(tmp_path):
    path = tmp_path / "d.json"
    path.write_text("old")
    save(two_server_doc(), path)
    assert json.loads(path.read_text())["format"] == FORMAT
    # the only other file is the previous version kept as .bak: no temporary file is left behind
    assert sorted(os.listdir(tmp_path)) == ["d.json", "d.json.bak"]
    assert (tmp_path / "d.json.bak").read_text() == "old"


def test_failed_save_keeps_the_old_file(tmp_path):
    path = tmp_path / "missing-folder" / "d.json"
    with pytest.raises(ProjectError, match="cannot"):
        save(two_server_doc(), path)


def _data():
    return json.loads(dumps(two_server_doc()))


def test_missing_port_is_reported_with_its_place():
    data = _data()
    data["links"][3]["b"]["port"] = "p999"
    with pytest.raises(ProjectError) as err:
        loads(json.dumps(data))
    assert "links[3].b.port: node 'leaf-1' has no port 'p999'" in err.value.problems


def test_every_problem_is_reported():
    data = _data()
    data["links"][0]["speed_gbps"] = "fast"
    data["nodes"][1]["kind"] = "toaster"
    data["segments"][0]["protocol"] = "fibre-channel"
    data["segments"][0]["rocev2"]["kmin_kb"] = -1
    with pytest.raises(ProjectError) as err:
        loads(json.dumps(data))
    text = "\n".join(err.value.problems)
    assert "links[0].speed_gbps: must be a number, not text" in text
    assert "nodes[1].kind: must be one of" in text
    assert "segments[0].protocol" in text
    assert "segments[0].rocev2.kmin_kb: must be between 1 and 1,000,000, not -1" in text


def test_duplicate_ids_and_unknown_settings_are_refused():
    data = _data()
    data["links"][1]["id"] = data["links"][0]["id"]
    data["segments"][0]["ib"]["warp_drive"] = True
    with pytest.raises(ProjectError) as err:
        loads(json.dumps(data))
    text = "\n".join(err.value.problems)
    assert "is used twice" in text and "warp_drive: is not a known setting" in text


@pytest.mark.parametrize("text, message", [
    ("", "not valid JSON"),
    ("[1, 2]", "top level is not a JSON object"),
    ('{"nodes": []}', "not a project file"),
    ('{"format": "fabric-designer/9"}', "not supported by this version"),
    ('{"format": "fabric-designer/1", "nodes": {}}', "nodes: must be a list"),
    ('{"format": "fabric-designer/1", "nodes": [{"id": "a", "kind": "server", "model": "m", "x": NaN}]}',
     "finite"),
])
def test_malformed_files_raise_one_project_error(text, message):
    with pytest.raises(ProjectError, match=message):
        loads(text)


def test_truncated_file_names_the_file(tmp_path):
    path = tmp_path / "cut.json"
    path.write_text(dumps(two_server_doc())[:500])
    with pytest.raises(ProjectError) as err:
        load(path)
    assert str(path) in err.value.one_line() and "not valid JSON" in err.value.one_line()


def test_binary_and_missing_files(tmp_path):
    path = tmp_path / "x.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(ProjectError, match="UTF-8"):
        load(path)
    with pytest.raises(ProjectError, match="cannot read"):
        load(tmp_path / "nope.json")
    with pytest.raises(ProjectError, match="folder"):
        load(tmp_path)


def test_graphml_export(tmp_path):
    doc = two_server_doc()
    g = to_networkx(doc)
    assert g.number_of_nodes() == 3 and g.number_of_edges() == 16
    assert g.nodes["srv-1"]["protocol"] == "rocev2"
    write_graphml(doc, tmp_path / "d.graphml")
    assert "graphml" in (tmp_path / "d.graphml").read_text()


def test_saved_file_is_readable_by_others_like_any_new_file(tmp_path):
    path = tmp_path / "d.json"
    old = os.umask(0o022)
    try:
        save(two_server_doc(), path)
    finally:
        os.umask(old)
    assert path.stat().st_mode & 0o777 == 0o644


def test_files_above_the_size_limit_are_refused_with_the_limit_and_how_to_raise_it(tmp_path, monkeypatch):
    path = tmp_path / "big.json"
    save(two_server_doc(), path)
    monkeypatch.setenv("FABRIC_DESIGNER_MAX_FILE_MIB", "0.001")       # about 1 KB
    with pytest.raises(ProjectError) as err:
        load(path)
    assert "limit" in err.value.one_line() and "FABRIC_DESIGNER_MAX_FILE_MIB" in err.value.one_line()
    monkeypatch.setenv("FABRIC_DESIGNER_MAX_FILE_MIB", "10")
    assert load(path).nodes
