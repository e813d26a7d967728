"""The proposal of a multi-site design has an "Across sites" section: the bundle, the checks, the figures inside and
across the sites and the verdict on training across them, in the proposal's language."""

from __future__ import annotations

from reportlab.platypus import Paragraph

from designer.report.context import ProposalContext
from designer.report.options import ReportOptions
from designer.report.proposal import build_context
from designer.report.sections import sites
from designer.topology.two_site import TwoSiteOptions, generate_two_site

SPEC = "train:params=1e9:tp=8:pp=1:batch=4194304:dp_across_sites=hier"


def _texts(ctx: ProposalContext) -> str:
    return "\n".join(f.getPlainText() for f in sites.build(ctx) if isinstance(f, Paragraph)).replace("\u00a0", " ")


def test_across_sites_section_states_the_bundle_and_the_verdict() -> None:
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=100, dci_links=2))
    ctx = build_context(doc, ReportOptions(sections={"sites"}, compare=False, workloads=[SPEC]), None, None)
    en = _texts(ctx)
    assert "2 long-haul links of 400 Gb/s over 100 km (0.5 ms one way" in en
    assert "Across sites (100 km, 2 x 400 Gb/s, hierarchical data parallelism): viable" in en
    ctx.options.language = "zh_CN"            # the same run, told in Chinese
    zh = _texts(ctx)
    assert "2 条 400 Gb/s 长距离链路，距离 100 公里" in zh and "可行" in zh and "分层数据并行" in zh
    assert "hier" not in zh and "dp_across_sites" not in en + zh


def test_across_sites_section_tells_a_pipeline_split_between_the_sites() -> None:
    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=1000, dci_links=1))
    spec = "train:params=1e9:tp=8:pp=2:batch=65536:pp_across_sites=on"
    ctx = build_context(doc, ReportOptions(sections={"sites"}, compare=False, workloads=[spec]), None, None)
    en = _texts(ctx)
    assert "only the activations of one stage boundary and their gradients cross (8 micro-batches" in en
    assert "pipeline stages split across the sites): not viable at any capacity" in en
    ctx.options.language = "zh_CN"
    zh = _texts(ctx)
    assert "流水线各级分布在两个站点" in zh and "每步 8 个微批次" in zh and "pipeline" not in zh


def test_the_rocev2_option_of_an_infiniband_two_site_design_names_its_dci_routers() -> None:
    """The recommendation names each option's long-haul equipment where it is not the drawing's: for two
    InfiniBand sites on MetroX-3 XC pairs (16 x 100G), the RoCEv2 option's DCI routers and the 4 x 400G links they
    carry, in the proposal's language, with product names, not catalog ids."""
    from designer.report.sections.recommendation import hardware_text

    doc = generate_two_site(TwoSiteOptions(gpus_per_site=16, distance_km=30, dci_gbps=100, dci_links=16,
                                           backend="ib"))
    options = ReportOptions(sections={"recommendation"}, workloads=["allreduce:16MiB"])
    ctx = build_context(doc, options, None, None)
    en = hardware_text(ctx) or ""
    assert "the RoCEv2 option carries the long-haul links on the Arista 7280R3-class" in en
    assert "2 units in place of the drawn InfiniBand long-haul appliances: 4 links of 400 Gb/s" in en
    assert "dci-jericho2" not in en and "InfiniBand option carries" not in en
    ctx.options.language = "zh_CN"
    zh = hardware_text(ctx) or ""
    assert "RoCEv2 方案用" in zh and "（共 2 台）" in zh and "4 条 400 Gb/s 链路" in zh
