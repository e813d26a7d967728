"""What an option's back-end is built of beside its protocol: switches by tier and the fullest leaf, stated by
`compare` and the proposal so that a difference of leaf size is not read as one of protocol."""

from __future__ import annotations

from designer.report.options import ReportOptions
from designer.report.proposal import build_context
from designer.report.sections.recommendation import hardware_text
from designer.topology.generate import generate
from designer.topology.leaf_shape import leaf_shape


def _fabric(kind: str, backend: str, gpus: int = 256, ratio: float = 2.0):
    return generate(kind, gpus=gpus, backend=backend, oversubscription=ratio, frontend=False)


def test_a_leaf_spine_leaf_holds_whole_servers_and_a_fat_tree_leaf_may_split_them() -> None:
    whole = leaf_shape(_fabric("leaf-spine", "ib", 512))
    assert whole is not None
    assert (whole.switches, whole.servers, whole.endpoint_ports, whole.uplinks) == (
        {"leaf": 13, "spine": 5, "core": 0}, 5, 40, 20)
    split = leaf_shape(_fabric("fat-tree", "ib", 512))           # 512 NIC ports dealt evenly over 13 leaves
    assert split is not None and split.switches["leaf"] == 13
    assert (split.servers, split.endpoint_ports, split.uplinks) == (6, 39, 20)
    rails = leaf_shape(_fabric("rail-optimized", "rocev2", 512))  # a rail leaf reaches one NIC of each server
    assert rails is not None and rails.servers == rails.endpoint_ports == 64


def test_a_design_without_a_back_end_leaf_has_no_shape() -> None:
    doc = _fabric("leaf-spine", "ib", 512)
    for link_id in [k for k, v in doc.links.items() if v.plane == "backend"]:
        del doc.links[link_id]
    assert leaf_shape(doc) is None


def test_the_recommendation_says_when_the_options_leaves_differ_at_an_oversubscribed_leaf() -> None:
    options = ReportOptions(sections={"recommendation"}, workloads=["allreduce:16MiB"])
    ctx = build_context(_fabric("leaf-spine", "ib"), options, None, None)
    en = hardware_text(ctx) or ""
    assert "8 leaf switches, each reaching up to 4 servers (32 ports down, 16 up), under 2 spine switches" in en
    assert "4 leaf switches, each reaching up to 8 servers (64 ports down, 32 up), under 2 spine switches." in en
    assert "the RoCEv2 option's leaves reach up to 8 servers, the InfiniBand option's up to 4" in en
    ctx.options.language = "zh_CN"
    zh = hardware_text(ctx) or ""
    assert "8 台叶交换机（每台最多连接 4 台服务器，下行 32 个端口、上行 16 个），其上为 2 台脊交换机" in zh
    assert "。除协议外" in zh and "leaf" not in zh
    flat = build_context(_fabric("leaf-spine", "ib", ratio=1.0), options, None, None)
    assert "Beside the protocol" not in (hardware_text(flat) or "")   # a non-blocking leaf sends all it gets up


def test_compare_prints_each_options_switches_and_fullest_leaf() -> None:
    from designer import i18n
    from designer.cli.simulate import shape_rows

    doc = _fabric("fat-tree", "ib", 512)
    assert dict(shape_rows(doc)) == {"back-end leaves / spines / cores": "13 / 5 / 0",
                                     "fullest leaf: servers / ports down / up": "6 / 39 / 20"}
    i18n.set_language("zh_CN")
    try:
        assert dict(shape_rows(doc))["后端叶 / 脊 / 核心交换机"] == "13 / 5 / 0"
    finally:
        i18n.set_language("en")


def test_a_fabric_of_one_switch_is_said_so():
    """The hybrid example's 128 GPUs fit one 128-port SN5600: its RoCEv2 option is one switch, not "1 leaf switch,
    each reaching ... 0 up"."""
    from pathlib import Path

    from designer.model import fileformat

    doc = fileformat.load(Path(__file__).resolve().parent.parent / "projects" / "hybrid-ib-rocev2.json")
    ctx = build_context(doc, ReportOptions(sections={"recommendation"}, workloads=["allreduce:16MiB"]), None, None)
    en = hardware_text(ctx) or ""
    assert "one switch reaching 16 servers (128 ports)" in en and "0 up" not in en and "1 leaf switch" not in en
    ctx.options.language = "zh_CN"
    assert "1 台交换机连接 16 台服务器（128 个端口）" in (hardware_text(ctx) or "")
