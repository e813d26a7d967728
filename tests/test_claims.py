"""The claims check: its file format refuses bad files with one clear line (English and Chinese), and a tiny claims
file runs end to end through the command, setting the published figures beside ours with verdicts that follow them."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from designer.analysis.claims import load_claims, run_claims
from designer.analysis.claims.metrics import read_metric
from designer.analysis.claims.table import claims_table, number
from designer.cli import main

ROOT = Path(__file__).resolve().parents[1]

# two servers under leaves and spines, at 200 Gb/s on the catalog's 400G NICs: a small-message latency, an AllReduce
TINY = {
    "format": "fabric-designer.claims/1",
    "title": "tiny comparison",
    "source": {"publication": "A test article", "publisher": "nobody", "date": "2025", "url": "https://example.org/a"},
    "setups": [{"id": "s16", "label": "16 GPUs", "generate": {"kind": "leaf-spine", "gpus": 16, "link_gbps": 200,
                                                              "frontend": False}}],
    "claims": [
        {"metric": "cross_node_latency_us", "workload": "pingpong:8B", "published": {"ib": 2.2, "rocev2": 5.3}},
        {"metric": "busbw_gbytes", "workload": "allreduce:16MiB", "published": {"ib": 20.0, "rocev2": 19.0},
         "compare": "gap", "tolerance_pct": 30},
    ],
}


def _write(tmp_path: Path, data: object, name: str = "claims.json") -> Path:
    path = tmp_path / name
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _broken(change) -> dict:
    data = copy.deepcopy(TINY)
    change(data)
    return data


BAD_FILES = [
    ("[]", "not a claims file"),
    ('{"format": "fabric-designer/1"}', "'format' must be 'fabric-designer.claims/1'"),
    ("{", "not valid JSON"),
    (_broken(lambda d: d.pop("source")), "source: is missing"),
    (_broken(lambda d: d["source"].update(url="ftp://x")), "source.url: must be a web address"),
    (_broken(lambda d: d["claims"][0].update(metric="speed")), "claims[0].metric: must be one of"),
    (_broken(lambda d: d["claims"][0].update(workload="pingpong:lots")), "claims[0].workload:"),
    (_broken(lambda d: d["claims"][0].update(workload="allreduce:1MiB")),
     "claims[0].workload: metric cross_node_latency_us is measured by a pingpong workload, not allreduce"),
    (_broken(lambda d: d["claims"][0].update(published={"ib": "fast"})), "claims[0].published.ib: must be"),
    (_broken(lambda d: d["claims"][0].update(setup="s32")), "claims[0].setup: unknown setup 's32'"),
    (_broken(lambda d: d["claims"][1]["published"].pop("ib")), "claims[1].published: comparing the gap needs"),
    (_broken(lambda d: d["setups"][0].update(project="/etc/passwd")), "setups[0]: a setup gives either"),
    (_broken(lambda d: d["setups"][0]["generate"].update(gpus=10**9)), "setups[0].generate.gpus: must be between"),
    (_broken(lambda d: d.update(variants=[{"id": "ib", "protocol": "ib"}])),
     "claims[0].published.rocev2: no variant runs protocol rocev2"),
    (_broken(lambda d: d.update(claims=[{"metric": "mfu_pct"}] * 201)),
     "claims: holds 201 entries, more than the 200 allowed"),
    (_broken(lambda d: d.update(title="x" * 3000)), "title: text longer than 2000 characters"),
]


@pytest.mark.parametrize(("content", "expected"), BAD_FILES)
def test_a_bad_claims_file_exits_2_with_one_line_naming_the_place(tmp_path, capsys, content, expected):
    path = _write(tmp_path, content)
    code, out, err = _run(capsys, "claims", str(path))
    assert code == 2 and out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "claims.json" in lines[0]
    assert expected in lines[0]


def test_the_errors_follow_the_language_and_a_folder_or_a_huge_file_is_refused(tmp_path, capsys):
    path = _write(tmp_path, _broken(lambda d: d["claims"][0].update(setup="s32")))
    code, _, err = _run(capsys, "--lang", "zh_CN", "claims", str(path))
    assert code == 2 and "未知场景 's32'" in err and len(err.strip().splitlines()) == 1
    code, _, err = _run(capsys, "claims", str(tmp_path))
    assert code == 2 and len(err.strip().splitlines()) == 1
    big = _write(tmp_path, " " * (1024 * 1024 + 1), "big.json")
    code, _, err = _run(capsys, "claims", str(big))
    assert code == 2 and "big.json" in err and len(err.strip().splitlines()) == 1


def test_a_project_setup_is_read_beside_the_claims_file(tmp_path, capsys):
    data = _broken(lambda d: d["setups"].__setitem__(0, {"id": "s16", "project": "missing.json"}))
    code, _, err = _run(capsys, "claims", str(_write(tmp_path, data)))
    assert code == 2 and str(tmp_path / "missing.json") in err


@pytest.fixture(scope="module")
def tiny_report(tmp_path_factory):
    path = _write(tmp_path_factory.mktemp("claims"), TINY)
    return run_claims(load_claims(path))


def test_the_table_sets_each_published_figure_beside_ours_with_a_verdict_that_follows_them(tiny_report):
    table = claims_table(tiny_report)
    assert table.headers[1:4] == ["published IB", "ours IB", "published RoCEv2"]
    latency, busbw = tiny_report.rows
    assert table.rows[0][1] == "2.2" and table.rows[0][3] == "5.3"
    assert table.rows[0][2] == number(latency.ours["ib"]) and table.rows[0][5] == number(latency.ours["rocev2"])
    # the plain RoCEv2 fabric (one queue pair on ECMP) moves less bus bandwidth than the recommended one
    assert 0 < busbw.ours["rocev2-plain"] < busbw.ours["rocev2"]
    for row in tiny_report.rows:
        for v in row.verdicts:
            if v.status in ("agrees", "disagrees"):
                assert (v.status == "agrees") == (abs(v.error) <= row.claim.tolerance_pct / 100)
    ib = next(v for v in latency.verdicts if v.variant == "ib")
    assert ib.error == pytest.approx(latency.ours["ib"] / 2.2 - 1)
    # judged on the gap: the IB variant is the reference, each RoCEv2 variant's ratio against the published one
    assert [v.status for v in busbw.verdicts][0] == "not_published"
    plain = next(v for v in busbw.verdicts if v.variant == "rocev2-plain")
    assert plain.error == pytest.approx((busbw.ours["rocev2-plain"] / busbw.ours["ib"]) / (19 / 20) - 1)
    assert "load_balancing=ecmp, qps=1" in " ".join(table.settings)
    assert "qps=16" in " ".join(table.settings)


def test_the_command_prints_the_table_and_its_json_matches_the_engine(tmp_path, capsys, tiny_report):
    path = _write(tmp_path, TINY)
    code, out, err = _run(capsys, "claims", str(path))
    assert code == 0 and err == ""
    assert "published IB" in out and "ours RoCEv2 (plain)" in out and "A test article" in out
    latency = tiny_report.rows[0]
    assert number(latency.ours["ib"]) in out and "+141%" in out          # 5.3 / 2.2 - 1: the published gap
    assert "back-end links run at 200 Gb/s" in out
    code, out, _ = _run(capsys, "--lang", "zh_CN", "claims", str(path), "--json")
    data = json.loads(out)
    assert code == 0 and data["claims"][0]["published"] == {"ib": 2.2, "rocev2": 5.3}
    assert data["claims"][0]["ours"]["ib"] == pytest.approx(latency.ours["ib"])   # same seed, same figure
    assert "后端链路" in data["setups"][0]["notes"][0]


def test_a_figure_the_engine_does_not_report_is_not_measured_never_zero():
    assert read_metric("step_jitter_pct", {"workloads": [{"kind": "train", "step_time_s": 1.0}]}) is None
    assert read_metric("step_jitter_pct", {"workloads": [{"jitter": {"step_cv": 0.018}}]}) == pytest.approx(1.8)


def test_the_shipped_claims_files_are_valid():
    files = sorted((ROOT / "projects" / "claims").glob("*.json"))
    assert len(files) >= 2
    for path in files:
        claims = load_claims(path)
        assert claims.source.publication and claims.claims


def test_text_from_the_file_cannot_steer_the_terminal(tmp_path, capsys):
    data = _broken(lambda d: d.update(title="red\x1b[31m\nnext", claims=[{**d["claims"][0], "label": "a\u202eb"}]))
    code, out, _ = _run(capsys, "claims", str(_write(tmp_path, data)))
    assert code == 0 and "\x1b" not in out and "\u202e" not in out
    assert "red\\x1b[31m\\nnext" in out and "a\\u202eb" in out
