"""The advisor across two sites: `advise --sites 2 --distance-km D [--dci-gbps G --dci-links L]` refuses options that
do not go together in one line (English and Chinese), builds two-site candidates, leaves out those the long-haul checks
refuse, and gives each candidate its verdict on training across the sites in the table, the JSON, the reasons and
the PDF: at 1,000 km one 400G link is too little for this step and the advice names the capacity that would do; at
10 km eight links make it viable."""

from __future__ import annotations

import json

import pytest
from pypdf import PdfReader

import designer.analysis.advisor.advice as advice_module
from designer import i18n
from designer.analysis.advisor import Preferences, advise
from designer.analysis.advisor.candidates import CandidateSpec, two_site_design
from designer.analysis.advisor.site_request import SiteRequest, site_request
from designer.analysis.advisor.sites import DEFAULT_SITE_WORKLOAD, site_workloads
from designer.cli import main
from designer.sim.workload_spec import WorkloadError
from designer.topology.two_site import KIND as TWO_SITE
from designer.ui import advisor_wizard
from designer.ui.advisor_wizard import AdvisorWizard

# a 1B-parameter step of half a million tokens over 2 x 16 GPUs: its cross-site exchange (4 GB) is a tenth of the
# step over one 400G link, and a few percent over eight
TRAIN = "train:params=1e9:tp=8:pp=1:batch=524288"
ROCE = CandidateSpec(TWO_SITE, "rocev2", 1.0)


@pytest.mark.parametrize("options, words, words_zh", [
    (["--sites", "2"], "--distance-km", "--distance-km"),
    (["--distance-km", "100"], "--sites 2", "--sites 2"),
    (["--dci-links", "4"], "--sites 2", "--sites 2"),
    (["--sites", "3", "--distance-km", "100"], "1 or 2", "1 或 2"),
    (["--sites", "2", "--distance-km", "100", "--gpus", "24"], "multiple of 16", "16 的倍数"),
    (["--sites", "2", "--distance-km", "0"], "--distance-km must be", "--distance-km 必须"),
    (["--sites", "2", "--distance-km", "10", "--dci-gbps", "-400"], "--dci-gbps", "--dci-gbps"),
    (["--sites", "2", "--distance-km", "10", "--dci-links", "0"], "--dci-links", "--dci-links"),
])
def test_bad_site_options_are_one_line_in_both_languages(options, words, words_zh, capsys):
    gpus = [] if "--gpus" in options else ["--gpus", "32"]
    assert main(["advise", *gpus, *options]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("fabric-designer: error:") and "\n" not in err and words in err
    try:
        assert main(["--lang", "zh_CN", "advise", *gpus, *options]) == 2
    finally:
        i18n.set_language("en")
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and words_zh in err and any("\u4e00" <= ch <= "\u9fff" for ch in err)


def test_site_options_parse_with_the_generators_defaults():
    assert site_request(32, None) is None and site_request(32, 1) is None
    assert site_request(32, 2, 100.0) == SiteRequest(100.0, 400.0, 16)
    assert site_request(32, 2, 10.0, 800.0, 3).total_gbps == 2400.0


def test_training_runs_hierarchical_and_a_default_is_said():
    assert site_workloads([TRAIN]) == ([f"{TRAIN}:dp_across_sites=hier"], None)
    flat = f"{TRAIN}:dp_across_sites=flat"
    assert site_workloads([flat, "allreduce:1MiB"]) == ([flat, "allreduce:1MiB"], None)
    stages = "train:params=1e9:tp=8:pp=2:pp_across_sites=on"      # data parallelism then stays in each site
    assert site_workloads([stages]) == ([stages], None)
    chosen, note = site_workloads(["allreduce:1GiB"])
    assert chosen == [DEFAULT_SITE_WORKLOAD] and note is not None
    assert "allreduce:1GiB" in note.render("en") and DEFAULT_SITE_WORKLOAD in note.render("zh_CN")
    assert site_workloads(None)[1].msg_id == "advisor.sites.default_workload"


def test_infiniband_beyond_the_appliances_reach_is_left_out_and_said():
    far = SiteRequest(1000.0, 400.0, 1)
    with pytest.raises(WorkloadError, match="MetroX-3 XC .* reaches 40 km but the sites are 1,000 km apart"):
        advise(32, [TRAIN], Preferences(site=far), specs=[CandidateSpec(TWO_SITE, "ib", 1.0)])


def test_300_km_over_one_link_is_not_viable_and_the_advice_names_the_capacity(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr(advice_module, "site_specs", lambda: [ROCE])      # one candidate: the test's cost
    assert main(["advise", "--gpus", "32", "--sites", "2", "--distance-km", "300", "--dci-links", "1",
                 "--workload", TRAIN, "--json", "-o", str(tmp_path)]) == 0
    data = json.loads(capsys.readouterr().out)
    row = data["candidates"][0]
    assert data["sites"] == {"sites": 2, "distance_km": 300.0, "dci_gbps": 400.0, "dci_links": 1}
    assert data["workloads"] == [f"{TRAIN}:dp_across_sites=hier"] and row["kind"] == TWO_SITE
    verdict = row["cross_site"]
    assert verdict["verdict"] == "capacity" and verdict["need_gbps"] > 400 and verdict["need_links"] >= 2
    assert f"({verdict['need_links']} links of 400 Gb/s)" in verdict["text"]
    assert data["reasons"][-1] == verdict["text"]                         # the recommended candidate's verdict
    assert any("InfiniBand" in a and "400 Gb/s as 4 links of 100 Gb/s" in a for a in data["alternatives"])
    pdf = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "advice.pdf").pages)
    assert "two sites 300 km apart" in pdf and "Training across the sites, candidate by candidate" in pdf
    assert f"({verdict['need_links']} links of 400 Gb/s) would bring it within 5%" in pdf


def test_1000_km_is_window_bound_and_the_advice_does_not_ask_for_links():
    """At 1,000 km the flows' windows over the 10 ms round trip carry less than the one link: more links would not
    shorten the exchange, and the advice says so instead of naming a capacity."""
    advice = advise(32, [TRAIN], Preferences(site=SiteRequest(1000.0, 400.0, 1)), specs=[ROCE])
    verdict = advice.cross_sites[ROCE.id]
    assert verdict.verdict == "window" and verdict.need_gbps is None
    assert "more links alone would not help" in verdict.message.render("en")
    assert verdict.short().render("en") == "window-bound" and verdict.short().render("zh_CN") == "受窗口限制"


@pytest.fixture(scope="module")
def advice_10km():
    return advise(32, [TRAIN], Preferences(site=SiteRequest(10.0, 400.0, 8)), specs=[ROCE])


def test_10_km_over_eight_links_is_viable_in_every_language(advice_10km):
    advice = advice_10km
    verdict = advice.cross_sites[ROCE.id]
    assert verdict.verdict == "viable" and verdict.need_gbps is None
    assert advice.reason_texts("en")[-1].startswith("Across sites (10 km, 8 x 400 Gb/s, hierarchical")
    assert "可行" in advice.reason_texts("zh_CN")[-1] and "可行" in verdict.short().render("zh_CN")
    assert advice.recommended is not None and advice.recommended.doc.long_haul[0].count == 8


def test_the_wizard_asks_for_two_sites_and_shows_each_verdict(qtbot, monkeypatch, advice_10km):
    asked = []
    monkeypatch.setattr(advisor_wizard, "advise", lambda gpus, workloads, prefs, **kw: (
        asked.append((gpus, workloads, prefs.site)), advice_10km)[1])
    w = AdvisorWizard()
    qtbot.addWidget(w)
    w.show()
    req = w.requirements
    assert not req.distance.isEnabled()
    req.sites.setCurrentIndex(req.sites.findData(2))
    assert req.distance.isEnabled() and req.workload.text() == DEFAULT_SITE_WORKLOAD   # training, offered
    req.gpus.setValue(24)
    w.next()
    assert w.currentPage() is req and "multiple of 16" in req.error.text()
    req.gpus.setValue(32)
    req.distance.setValue(10.0)
    req.dci_links.setValue(8)
    req.workload.setText(TRAIN)
    with qtbot.waitSignal(w.run_finished, timeout=10000):
        w.next()
    assert asked == [(32, [TRAIN], SiteRequest(10.0, 400.0, 8))]
    w.next()
    table = w.results.table
    assert table.horizontalHeaderItem(table.columnCount() - 1).text() == "Across sites"
    assert table.item(0, table.columnCount() - 1).text() == "viable"
    assert "viable" in table.item(0, table.columnCount() - 1).toolTip()
    assert "Across sites (10 km, 8 x 400 Gb/s" in w.results.reasons.text()


def test_candidate_designs_are_named_in_the_language_of_the_advice():
    far = SiteRequest(10.0, 400.0, 2)
    assert two_site_design(ROCE, 32, far).name.endswith(" — 2 x 16 GPUs, 10 km")
    i18n.set_language("zh_CN")
    try:
        name = two_site_design(ROCE, 32, far).name
    finally:
        i18n.set_language("en")
    assert name.startswith("RoCEv2 两个站点各一套叶脊网络") and name.endswith("2 x 16 块 GPU，10 公里")
