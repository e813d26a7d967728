"""A sweep can vary the hardware generation (server, switch, NIC models): the ids are checked against the catalog
before anything runs, each point builds its own hardware, and a proposal names the products, not their ids."""

from __future__ import annotations

import pytest

from designer.analysis.sweep import SweepError, SweepTask, parse_axes, points
from designer.analysis.sweep.runner import build_point_design, evaluate_point
from designer.catalog import load_catalog
from designer.report.sections.sweep_appendix import param_value

TASK = SweepTask(("allreduce:64MiB",), seed=1, generate_kind="leaf-spine")


def test_model_axes_take_catalog_ids_and_refuse_others():
    axes = parse_axes(["server_model=hgx-b200,hgx-b300", "switch_model=sn5600,th6-64x1600"], generated=True)
    assert [(a.name, a.target, a.values) for a in axes] == [
        ("server_model", "generator", ("hgx-b200", "hgx-b300")),
        ("switch_model", "generator", ("sn5600", "th6-64x1600"))]
    assert len(points(axes)) == 4
    with pytest.raises(SweepError, match=r"'hgx-b3000' is not in the catalog \(known: .*hgx-b300"):
        parse_axes(["server_model=hgx-b300,hgx-b3000"], generated=True)
    with pytest.raises(SweepError, match="nic_model"):
        parse_axes(["nic_model=cx9"], generated=True)
    with pytest.raises(SweepError, match="--generate"):
        parse_axes(["switch_model=q3400"], generated=False)


def test_each_point_builds_its_generation_and_the_faster_one_finishes_first():
    rows = {}
    for server in ("hgx-b200", "hgx-b300"):
        point = {"gpus": 16, "server_model": server, "switch_model": "th6-64x1600"}
        doc = build_point_design(TASK, point)
        servers = [n for n in doc.nodes.values() if n.kind == "server"]
        assert {n.model for n in servers} == {server}
        assert {n.model for n in doc.nodes.values() if n.kind == "switch" and n.role == "leaf"} == {"th6-64x1600"}
        rows[server] = evaluate_point(TASK, 0, point)
        assert rows[server]["error"] is None
    old, new = rows["hgx-b200"], rows["hgx-b300"]
    assert new["completion_time_s"] < old["completion_time_s"], "800G NICs move the AllReduce faster than 400G"
    assert new["capex"] > old["capex"]


def test_a_proposal_names_the_products_of_a_model_axis():
    cat = load_catalog()
    assert param_value(cat, "server_model", "hgx-b300") == "HGX B300"
    assert param_value(cat, "switch_model", "q3400") == "Q3400-RA"
    assert param_value(cat, "nic_model", "cx8") == "NVIDIA ConnectX-8 SuperNIC 800G"
    assert param_value(cat, "nic_model", "pollara400", "zh_CN") == "AMD Pensando Pollara 400 AI 网卡"
    assert param_value(cat, "gpus", 256) == "256"


def test_numeric_parameter_values_read_as_numbers():
    """A sweep file gives numbers as floats: the appendix writes 10 km and 1,024 GPUs, not 10.0 and 1024.0."""
    from designer.catalog.loader import load_catalog
    from designer.report.sections.sweep_appendix import param_value

    cat = load_catalog()
    assert param_value(cat, "distance_km", 10.0) == "10" and param_value(cat, "gpus", "1024.0") == "1,024"
    assert param_value(cat, "oversubscription", 1.5) == "1.5" and param_value(cat, "place", "x-y") == "x-y"
