"""Hostile and huge inputs: every numeric field of a project file, a user catalog, a GraphML import, a sweep's results
and a workload spec is held to its physical range (non-finite values and whole numbers past float refused with the
field's place, before any arithmetic), declared sizes are refused before anything is expanded, and files that are
not files (a pipe, /dev/zero), nest too deeply or hold half a UTF-16 pair get one line, exit 2."""

from __future__ import annotations

import importlib
import json
import os
import re
import threading
from pathlib import Path

import pytest

from designer.analysis.sweep import results
from designer.analysis.sweep.grid import SweepError
from designer.analysis.sweep.results import header, read_results
from designer.catalog import load_catalog
from designer.catalog.loader import Catalog
from designer.cli import main
from designer.cli.output import naming
from designer.export.graphml_io import graphml_bytes, graphml_to_document
from designer.i18n.message import Message
from designer.model import PortGroup, fileformat, limits
from designer.model.errors import ProjectError
from designer.model.fileformat import shared_port_name
from designer.model.nodes import Node
from designer.sim import SimOptions
from designer.sim.budget import DEFAULT_BUDGET_MIB, PORT_BYTES
from designer.sim.workload_spec import WorkloadError, parse_workload
from designer.topology import generate
from tests.factories import two_server_doc

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = json.loads((ROOT / "projects" / "small-rocev2-pod.json").read_text(encoding="utf-8"))


def _refusal(data: dict | str) -> str:
    """The one line of the refusal, then every problem on a line of its own."""
    text = data if isinstance(data, str) else json.dumps(data)
    with pytest.raises(ProjectError) as err:
        fileformat.loads(text)
    line = err.value.one_line()
    assert "\n" not in line
    return "\n".join([line, *err.value.problems])


def _example() -> dict:
    return json.loads(json.dumps(EXAMPLE))


def _first(data: dict, kind: str) -> int:
    return next(i for i, n in enumerate(data["nodes"]) if n["kind"] == kind)


HUGE = 10**400


@pytest.mark.parametrize("where, value, says", [
    (("links", 0, "speed_gbps"), 0, "links[0].speed_gbps: must be between 1 and 10,000, not 0"),
    (("links", 0, "speed_gbps"), HUGE, "links[0].speed_gbps: is a whole number of 401 digits"),
    (("links", 0, "length_m"), 1e308, "links[0].length_m: must be between 0 and 100,000"),
    (("nodes", "server", "nvlink_gbps"), 1e-300, "nvlink_gbps: must be 0 (not set) or between 100 and 100,000"),
    (("nodes", "server", "nvlink_gbps"), 1, "nvlink_gbps: must be 0 (not set) or between 100 and 100,000, not 1"),
    (("nodes", "server", "gpus"), 10**30, "gpus: is a whole number of 31 digits"),
    (("nodes", "server", "gpus"), 100_000, "gpus: must be between 0 and 256"),
    (("nodes", "server", "x"), 1e300, "x: must be between -1,000,000,000 and 1,000,000,000"),
    (("nodes", "switch", "pod"), -1, "pod: must be between 0 and 131,072"),
    (("assumptions", "tco_years"), int("9" * 400), "assumptions.tco_years: is a whole number of 400 digits"),
    (("assumptions", "support_fraction_per_year"), 1e308, "assumptions.support_fraction_per_year: must be between"),
    (("assumptions", "pue"), 0.5, "assumptions.pue: must be between 1 and 5"),
    (("segments", 0, "rocev2", "qps"), 10**6, "segments[0].rocev2.qps: must be between 1 and 128"),
    (("segments", 0, "rocev2", "dcqcn_g"), 0.0, "segments[0].rocev2.dcqcn_g: must be between 1e-06 and 1"),
])
def test_every_numeric_field_is_held_to_its_range_with_its_place(where, value, says):
    data = _example()
    obj = data
    keys = list(where)
    if keys[0] == "nodes":
        obj = data["nodes"][_first(data, keys[1])]
        keys = keys[2:]
        says = f"nodes[{_first(data, where[1])}].{says}"
    for key in keys[:-1]:
        obj = obj[key]
    obj[keys[-1]] = value
    assert says in _refusal(data)


def test_non_finite_numbers_are_refused_with_their_place():
    for literal in ("NaN", "Infinity", "-Infinity", "1e999"):
        text = re.sub(r'"length_m": [0-9.]+', f'"length_m": {literal}', json.dumps(_example()), count=1)
        assert "links[0].length_m: must be a finite number" in _refusal(text)


def test_a_number_longer_than_python_reads_is_one_line():
    text = json.dumps(_example()).replace('"tco_years": 3', '"tco_years": ' + "9" * 5000)
    assert "a number has more than 4,300 digits" in _refusal(text)


def test_results_and_scenarios_hold_no_number_past_float():
    data = _example()
    data["scenarios"] = [{"name": "s", "workloads": ["pingpong:8B"], "seed": 2**64}]
    assert "scenarios[0].seed" in _refusal(data)
    data = json.loads(fileformat.dumps(two_server_doc()))
    data["results"] = {"completion_time_s": HUGE}
    assert "results.completion_time_s: must be between -1e+15 and 1e+15, not 100000000000…(401 characters)" in \
        _refusal(data)


def test_the_limits_fit_the_engine_budget_and_every_catalog_model():
    assert limits.MAX_LINKS * 2 * PORT_BYTES <= DEFAULT_BUDGET_MIB * 2**20
    cat = load_catalog()
    assert all(m.ports * max(m.breakouts) <= limits.MAX_PORTS_PER_NODE for m in cat.switches.values())
    assert all(m.backend_nics + m.frontend_nics <= limits.MAX_PORTS_PER_NODE for m in cat.servers.values())
    assert all(m.gpus <= limits.MAX_GPUS_PER_NODE for m in cat.servers.values())


def test_the_inspector_never_accepts_what_the_loader_refuses():
    from designer.ui.field_specs import IB_FIELDS, LINK_FIELDS, NODE_FIELDS, ROCE_FIELDS
    tables = [(NODE_FIELDS, limits.NODE), (LINK_FIELDS, limits.LINK), (IB_FIELDS, limits.IB_SETTINGS),
              (ROCE_FIELDS, limits.ROCE_SETTINGS)]
    for specs, ranges in tables:
        for name, spec in specs.items():
            if spec.kind in (int, float) and not spec.choices:
                assert ranges[name].minimum <= spec.minimum and spec.maximum <= ranges[name].maximum, name


class _CountingGroup(PortGroup):
    expanded = 0

    def ports(self):
        type(self).expanded += self.count
        return super().ports()


def test_declared_sizes_are_refused_before_any_port_is_listed(monkeypatch):
    """The shapes that made `check` spend 35 s and 1 GB: refused on their declared numbers, no port listed.
    (The design-wide limits are lowered here so that the test files stay small.)"""
    monkeypatch.setattr(fileformat, "PortGroup", _CountingGroup)
    monkeypatch.setattr(limits, "MAX_NODES", 100)
    monkeypatch.setattr(limits, "MAX_PORTS", 10_000)
    data = _example()
    server = data["nodes"][_first(data, "server")]
    server["ports"] = [{"prefix": f"g{j}-", "count": 4096, "speed_gbps": 400.0, "medium": "ethernet"}
                       for j in range(1000)]
    assert "ports: holds 1,000 entries, more than the 264 allowed" in _refusal(data)
    server["ports"] = [{"prefix": f"g{j}-", "count": 500, "speed_gbps": 400.0, "medium": "ethernet"}
                       for j in range(3)]
    assert "ports: declares 1,500 ports, more than any device has (at most 512)" in _refusal(data)
    data["nodes"] = [dict(data["nodes"][0], id=f"n{i}") for i in range(101)]
    assert "nodes: holds 101 entries, more than the 100 allowed" in _refusal(data)
    switch = dict(EXAMPLE["nodes"][_first(EXAMPLE, "switch")])
    switch["ports"] = [{"prefix": "p", "count": 512, "speed_gbps": 400.0, "medium": "ethernet"}]
    data = {"format": fileformat.FORMAT, "nodes": [dict(switch, id=f"s{i}") for i in range(20)]}
    assert "nodes: declare 10,240 ports in all, more than the 10,000 a design may have" in _refusal(data)
    assert _CountingGroup.expanded == 0


def test_port_names_used_twice_are_found_without_listing_ports():
    g = PortGroup
    assert shared_port_name(g("p", 20, 400, "ib"), g("p1", 5, 400, "ib")) == "p11"
    assert shared_port_name(g("p1", 5, 400, "ib"), g("p", 9, 400, "ib")) is None       # p11 > p9
    assert shared_port_name(g("p", 4096, 400, "ib"), g("p0", 5, 400, "ib")) is None    # no port is p01
    assert shared_port_name(g("be", 8, 400, "ib"), g("fe", 2, 100, "ib")) is None
    assert shared_port_name(g("x", 3, 400, "ib"), g("x", 1, 100, "ib")) == "x1"
    node = Node("n", "switch", "m", port_groups=[g("p", 12, 400, "ib")])
    assert node.port("p12") is not None and node.port("p13") is None and node.port("p\u0661") is None


def test_a_deep_old_format_file_and_a_deep_port_list_are_one_line():
    nested: list = []
    for _ in range(600):
        nested = [nested]
    old = {"format": "fabric-designer/0", "nodes": [{"id": "a", "type": "server", "ports": nested}]}
    assert "nodes[0].ports" in _refusal(old)
    deep = "[" * 100_000 + "]" * 100_000
    assert "JSON nested too deeply" in _refusal('{"format": "fabric-designer/1", "nodes": ' + deep + "}")


def test_graphml_with_deep_ports_or_a_key_declared_twice_is_one_line():
    good = graphml_bytes(two_server_doc()).decode("utf-8")
    key = good.split('attr.name="ports_json"')[0].rsplit('<key id="', 1)[1].split('"')[0]
    start = good.index(f'<data key="{key}">') + len(f'<data key="{key}">')
    deep = good[:start] + "[" * 100_000 + "]" * 100_000 + good[good.index("</data>", start):]
    with pytest.raises(ProjectError, match="ports_json: JSON nested too deeply"):
        graphml_to_document(deep)
    order_key = good.split('attr.name="order"')[0].rsplit('<key id="', 1)[1].split('"')[0]
    twice = good.replace(f'<key id="{order_key}"',
                         f'<key id="dX" for="edge" attr.name="order" attr.type="string" />\n  <key id="{order_key}"', 1)
    twice = twice.replace(f'<data key="{order_key}">1</data>', '<data key="dX">1</data>', 1)
    with pytest.raises(ProjectError, match="'order' .for edge. is declared by two keys"):
        graphml_to_document(twice)


@pytest.mark.parametrize("special", ["/dev/zero", "fifo"])
def test_a_device_or_a_pipe_is_refused_at_once(tmp_path, capsys, special):
    path = special
    if special == "fifo":
        path = str(tmp_path / "design.json")
        os.mkfifo(path)
    result: list[int] = []
    worker = threading.Thread(target=lambda: result.append(main(["check", path])), daemon=True)
    worker.start()
    worker.join(60)
    assert result == [2]                                   # not waiting for a writer, not reading forever
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "not a regular file" in err


def test_a_lone_surrogate_is_refused_with_its_place():
    text = json.dumps(_example()).replace('"label": ""', '"label": "half \\ud800 pair"', 1)
    line = _refusal(text)
    assert "nodes[0].label: holds U+D800" in line


def test_user_catalog_numbers_are_held_to_their_ranges(tmp_path):
    for field, value, says in [("ports", 10**6, "ports must be between 1 and 512"),
                               ("price_usd", HUGE, "price_usd must be between 0 and 10,000,000,000"),
                               ("latency_ns", float("nan"), "latency_ns must be a number"),
                               ("breakouts", [1, 10**9], "breakouts must be between 1 and 16"),
                               ("power_w", "lots", "power_w must be a number"),
                               ("nvlink_gbps", 1, "nvlink_gbps must be 0 (not set) or between 100 and 100,000")]:
        path = tmp_path / "user.json"
        section, model = ("servers", "hgx-h100") if field == "nvlink_gbps" else ("switches", "qm9700")
        path.write_text(json.dumps({section: [{"id": model, field: value}]}), encoding="utf-8")
        with pytest.raises(ProjectError) as err:
            Catalog().merge_file(path)
        assert says in err.value.one_line() and "user.json" in err.value.one_line(), field
    path.write_text(json.dumps({"switches": [{"id": "big", "ports": 400, "breakouts": [1, 4]}]}), encoding="utf-8")
    with pytest.raises(ProjectError, match="more ports than a device may have"):
        Catalog().merge_file(path)


def test_user_catalog_from_the_environment_is_refused_in_one_line(tmp_path, capsys, monkeypatch):
    path = tmp_path / "user.json"
    path.write_text('{"switches": [{"id": "qm9700", "port_gbps": 1e999}]}', encoding="utf-8")
    design = tmp_path / "d.json"
    fileformat.save(two_server_doc(), design)
    monkeypatch.setenv("FABRIC_DESIGNER_CATALOG", str(path))
    assert main(["cost", str(design)]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "user.json" in err and "port_gbps" in err


def _results_file(tmp_path: Path, cell: str) -> Path:
    cols = header(["gpus"])
    row = dict.fromkeys(cols, "")
    row.update(point="0", gpus="16", currency="USD", completion_time_s=cell)
    path = tmp_path / "r.csv"
    path.write_text(",".join(cols) + "\n" + ",".join(row[c] for c in cols) + "\n", encoding="utf-8")
    return path


@pytest.mark.parametrize("cell", ["inf", "nan", "1e400", "9" * 400])
def test_sweep_results_hold_only_finite_figures(tmp_path, cell):
    with pytest.raises(SweepError, match="completion_time_s is not a finite figure"):
        read_results(_results_file(tmp_path, cell))


def test_a_parquet_declaring_millions_of_points_is_refused_before_it_is_unpacked(tmp_path, monkeypatch):
    pa = pytest.importorskip("pyarrow")
    pq = pytest.importorskip("pyarrow.parquet")
    cols = header(["gpus"])
    rows = results.MAX_ROWS + 1
    columns = [pa.array(range(rows)) if c == "point" else pa.nulls(rows, pa.string()) for c in cols]
    path = tmp_path / "bomb.parquet"
    pq.write_table(pa.table(columns, names=cols), path, compression="zstd")
    assert path.stat().st_size < 2_000_000                    # a small file that unpacks into 2.6 million cells
    monkeypatch.setattr(pq.ParquetFile, "read", lambda *a, **k: pytest.fail("the rows were unpacked"))
    with pytest.raises(SweepError, match="holds more than 50,000 points"):
        read_results(path)


def test_a_results_csv_with_too_many_rows_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(results, "MAX_ROWS", 3)
    path = _results_file(tmp_path, "0.5")
    line = path.read_text(encoding="utf-8").splitlines()[1]
    path.write_text(path.read_text(encoding="utf-8") + "".join(line.replace("0,", f"{i},", 1) + "\n"
                                                                for i in range(1, 4)), encoding="utf-8")
    with pytest.raises(SweepError, match="holds more than 3 points"):
        read_results(path)
    path.write_text("\n".join(path.read_text(encoding="utf-8").splitlines()[:4]) + "\n", encoding="utf-8")
    assert len(read_results(path).rows) == 3


def test_a_sweep_error_met_while_working_on_a_design_keeps_naming_the_results_file():
    # the report reads its --sweep file inside naming(design): the error is about the results file, not the design
    refused = SweepError(Message("error.sweep.results_missing", path="gone.csv"))
    with pytest.raises(SweepError) as err, naming("design.json"):
        raise refused
    assert err.value is refused and "design.json" not in str(err.value)
    with pytest.raises(WorkloadError, match="^design.json: "), naming("design.json"):
        raise WorkloadError("no network path")


@pytest.mark.parametrize("spec, says", [("train:7b:tokens=1e308", "tokens=1e308: too large"),
                                        ("incast:1e300:1MiB", "N=1e300: too large"),
                                        ("inference:7b:qps=1e300", "qps=1e300: too large")])
def test_workload_numbers_past_any_run_are_refused(spec, says):
    with pytest.raises(WorkloadError, match=says):
        parse_workload(spec)


def test_generate_refuses_a_billion_gpus_before_making_any_name(monkeypatch):
    made = []
    module = importlib.import_module("designer.topology.generate")
    monkeypatch.setattr(module, "server_node", lambda *a, **k: made.append(a) or None)
    with pytest.raises(ProjectError, match="1,000,000,000 GPUs is more than a design may hold"):
        generate("leaf-spine", gpus=1_000_000_000)
    assert made == []


def test_whatever_generate_makes_opens_again():
    with pytest.raises(ProjectError, match="oversubscription must be from 1"):
        generate("leaf-spine", gpus=64, oversubscription=2000)
    for kind, backend in (("leaf-spine", "rocev2"), ("fat-tree", "ib"), ("rail-optimized", "hybrid")):
        doc = generate(kind, gpus=64, backend=backend, oversubscription=1000)
        assert fileformat.dumps(fileformat.loads(fileformat.dumps(doc))) == fileformat.dumps(doc)


@pytest.mark.parametrize("entry, says", [
    ('{"switches": [{"id": "sn5600", "ports": 64.5}]}', "ports must be a whole number"),
    ('{"servers": [{"id": "hgx-h100", "gpu_model": 5}]}', "gpu_model must be text"),
    ('{"switches": [{"id": "sn5600", "vendor": ["x"]}]}', "vendor must be text"),
    ('{"switches": [{"id": "sn5600", "provenance": "x"}]}', "provenance must be text"),
])
def test_a_user_catalog_field_of_the_wrong_kind_is_refused_before_it_reaches_a_design(tmp_path, entry, says):
    """64.5 ports reached the generator (an internal error); a number for a GPU model reached a written project
    file, which the program then refused."""
    path = tmp_path / "user.json"
    path.write_text(entry, encoding="utf-8")
    with pytest.raises(ProjectError, match=says):
        load_catalog([path])


def test_a_gpu_without_compute_or_unknown_to_the_catalog_is_said_not_divided_by(tmp_path, monkeypatch):
    """A catalog GPU of 0 TFLOPS made a training run divide by zero; a server's GPU model the catalog lacks ran
    silently with H100 figures."""
    from designer.sim import WorkloadError, run
    from designer.topology import generate

    doc = generate("leaf-spine", gpus=16, backend="ib", frontend=False)
    path = tmp_path / "user.json"
    gpu_model = next(n.gpu_model for n in doc.nodes.values() if n.gpu_model)
    path.write_text(json.dumps({"gpus": [{"id": gpu_model, "bf16_tflops": 0}]}), encoding="utf-8")
    with pytest.raises(WorkloadError, match="bf16_tflops"):
        run(doc, ["train:7b"], SimOptions(catalog=load_catalog([path]), ideal_pass=False))
    next(n for n in doc.nodes.values() if n.gpu_model).gpu_model = "foo"
    with pytest.raises(WorkloadError, match="GPU model 'foo' that is not in the catalog"):
        run(doc, ["allreduce:1MiB"])


@pytest.mark.parametrize("gbps", ["0", "-400", "0.5", "nan"])
def test_a_two_site_link_speed_the_project_file_cannot_hold_is_refused_not_written(tmp_path, capsys, gbps):
    """--dci-gbps 0 wrote a design (exit 0) that every command then refused."""
    out = tmp_path / "ts.json"
    code = main(["generate", "two-site", "--gpus", "64", "--gpus-per-site", "32", "--distance-km", "10",
                 "--dci-gbps", gbps, "-o", str(out)])
    assert code == 2 and not out.exists() and "--dci-gbps must be between 1 and 10,000" in capsys.readouterr().err


@pytest.mark.parametrize("place, length", [("name", 5_000), ("nodes.0.id", 2_000), ("nodes.0.label", 300),
                                           ("links.0.a.port", 1_000)])
def test_a_name_longer_than_any_drawing_or_label_shows_is_refused_with_its_place(place, length):
    """A 5,000,000-character name hung the proposal (its line breaker splits an unbroken word) and a 2,000-character
    id took the cable labels 11 s; a notes text may stay long."""
    data = json.loads(fileformat.dumps(two_server_doc()))
    *parents, last = [int(p) if p.isdigit() else p for p in place.split(".")]
    target = data
    for p in parents:
        target = target[p]
    target[last] = "x" * length
    shown = re.sub(r"\.(\d+)", r"[\1]", place)
    with pytest.raises(ProjectError, match=re.escape(f"{shown}: is {length:,} characters long; at most 256")):
        fileformat.loads(json.dumps(data))
    data = json.loads(fileformat.dumps(two_server_doc()))
    data["notes"] = "n" * 50_000
    assert fileformat.loads(json.dumps(data)).notes == "n" * 50_000


def test_graphml_with_a_document_type_declaration_is_refused():
    """Internal entities expanded a 1 kB file's name into 500 kB (expat allows about 8 MiB)."""
    doc = two_server_doc()
    raw = graphml_bytes(doc)
    evil = raw.replace(b"<graphml", b'<!DOCTYPE g [<!ENTITY a "aaaaaaaaaa">]>\n<graphml', 1)
    with pytest.raises(ProjectError, match="document type declaration"):
        graphml_to_document(evil)


def test_an_oversubscription_a_rail_only_design_has_no_uplink_for_is_refused(capsys, tmp_path):
    """rail-only at 1,024 GPUs with --oversubscription 2 built the same design as without it (rails of one switch
    have no uplinks); said only in the notes' "target 2:1"."""
    out = tmp_path / "r.json"
    assert main(["generate", "rail-only", "--gpus", "1024", "--oversubscription", "2", "-o", str(out)]) == 2
    assert "no uplink to oversubscribe" in capsys.readouterr().err and not out.exists()
    assert main(["generate", "rail-only", "--gpus", "1024", "--oversubscription", "2", "--two-tiers",
                 "-o", str(out)]) == 0


def test_graphml_with_a_node_given_twice_or_two_graphs_is_refused():
    """networkx merged a node given twice and left a second <graph> out, without a word."""
    raw = graphml_bytes(two_server_doc()).decode("utf-8")
    first_node = raw[raw.index("<node "):raw.index("</node>") + len("</node>")]
    twice = raw.replace(first_node, first_node + first_node, 1)
    with pytest.raises(ProjectError, match="is given twice"):
        graphml_to_document(twice.encode("utf-8"))
    graph = raw[raw.index("<graph "):raw.index("</graph>") + len("</graph>")]
    with pytest.raises(ProjectError, match="holds 2 graphs"):
        graphml_to_document(raw.replace(graph, graph + graph, 1).encode("utf-8"))
    assert len(graphml_to_document(raw.encode("utf-8")).nodes) == len(two_server_doc().nodes)


def test_graphml_names_are_held_to_the_same_length_as_a_project_files():
    doc = two_server_doc()
    doc.name = "N" * 1_000
    with pytest.raises(ProjectError, match="name: is 1,000 characters long; at most 256"):
        graphml_to_document(graphml_bytes(doc))
