"""The command line as a user meets it: exit codes, one-line errors, nothing overwritten."""

import json

import pytest

from designer.cli import design as design_commands
from designer.cli import program as cli


def run(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_generate_check_and_cost_a_1024_gpu_fat_tree(tmp_path, capsys):
    ib, roce = tmp_path / "ib.json", tmp_path / "roce.json"
    assert run(capsys, "generate", "fat-tree", "--gpus", "1024", "--backend", "ib", "-o", str(ib))[0] == 0
    assert run(capsys, "generate", "fat-tree", "--gpus", "1024", "--backend", "rocev2", "-o", str(roce))[0] == 0
    code, out, _ = run(capsys, "check", str(ib))
    assert code == 0 and "0 error(s)" in out
    code, out, _ = run(capsys, "cost", str(ib), "--json")
    cost_ib = json.loads(out)
    counts = {it["model"]: it["count"] for it in cost_ib["items"]}
    assert counts["qm9700"] == 32 + 16             # radix arithmetic: 32 leaves, 16 spines of 64 ports
    cost_roce = json.loads(run(capsys, "cost", str(roce), "--json")[1])

    def switching(cost: dict) -> float:
        return sum(it["total"] for it in cost["items"] if it["kind"] == "switch")

    # InfiniBand switching costs more than Ethernet's for the same radix arithmetic; the RoCEv2 design's
    # SuperNICs (Spectrum-X spraying needs them) may still put its capex above InfiniBand's
    assert switching(cost_ib) > switching(cost_roce) > 0
    assert {"items", "capex", "power_w", "tco_3y"} <= set(cost_ib)


@pytest.mark.parametrize("content", ["", "{", "[]", '{"format": "fabric-designer/1", "nodes": "x"}',
                                     '{"format": "fabric-designer/1", "links": [{"id": 3}]}', "\x00\x01garbage"])
@pytest.mark.parametrize("command", ["check", "cost", "simulate", "compare", "export"])
def test_bad_files_exit_2_with_one_line_and_are_left_alone(tmp_path, capsys, content, command):
    bad = tmp_path / "bad.json"
    bad.write_text(content)
    extra = ["--cabling", str(tmp_path / "c.csv")] if command == "export" else []
    code, out, err = run(capsys, command, str(bad), *extra)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "bad.json" in err
    assert bad.read_text() == content                 # nothing overwritten
    assert not (tmp_path / "c.csv").exists()


def test_missing_file_and_bad_options(tmp_path, capsys):
    code, _, err = run(capsys, "check", str(tmp_path / "nope.json"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    code, _, err = run(capsys, "generate", "fat-tree", "--gpus", "7", "-o", str(tmp_path / "x.json"))
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert not (tmp_path / "x.json").exists()


def test_internal_errors_are_one_line_and_the_traceback_comes_with_debug(tmp_path, capsys, monkeypatch):
    def broken(args):
        raise ZeroDivisionError("boom")

    monkeypatch.setattr(design_commands, "cmd_check", broken)
    code, _, err = run(capsys, "check", "whatever.json")
    assert code == 3 and len(err.strip().splitlines()) == 1 and "--debug" in err
    code, _, err = run(capsys, "check", "whatever.json", "--debug")
    assert code == 3 and "Traceback" in err and "ZeroDivisionError" in err


def test_infiniband_across_sites_says_what_it_made_of_the_long_haul_links(tmp_path, capsys):
    near = tmp_path / "near.json"
    assert run(capsys, "generate", "two-site", "--gpus-per-site", "16", "--distance-km", "30", "--dci-links", "2",
               "--no-frontend", "-o", str(near))[0] == 0
    code, out, _ = run(capsys, "simulate", str(near), "--backend", "ib", "--workload", "allreduce:16MiB")
    assert code == 0
    assert "InfiniBand across 30 km: the drawn DCI routers run as the NVIDIA MetroX-3 XC" in out
    # the comparison's InfiniBand option is the design on the appliances (as priced): nothing stands in for them
    code, out, _ = run(capsys, "compare", str(near), "--workload", "allreduce:16MiB")
    assert code == 0 and "Each option runs on its own switches and NICs" in out
    assert "InfiniBand across" not in out
