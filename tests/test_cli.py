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


def test_generate_refuses_options_of_the_other_kind_and_two_site_honours_its_own(tmp_path, capsys):
    """An option a kind of design does not take is refused in one line, never parsed and dropped: --distance-km to a
    fat tree, --planes to two sites, a --gpus that is not twice --gpus-per-site. Two sites take --gpus alone (half a
    site), the leaves' --oversubscription and the --preset as `generate` applies them."""
    out_file = tmp_path / "d.json"
    for argv, says in ((("fat-tree", "--gpus", "64", "--distance-km", "10"), "--distance-km: not an option of a "
                        "fat-tree design"),
                       (("two-site", "--gpus-per-site", "64", "--distance-km", "5", "--planes", "2"), "--planes"),
                       (("two-site", "--gpus", "768", "--gpus-per-site", "256", "--distance-km", "5"),
                        "--gpus 768 is not twice 256")):
        code, _, err = run(capsys, "generate", *argv, "-o", str(out_file))
        assert code == 2 and says in err and len(err.strip().splitlines()) == 1 and not out_file.exists()

    def spines(*argv: str) -> tuple[int, set[str]]:
        assert run(capsys, "generate", "two-site", "--gpus", "512", "--distance-km", "50", "--no-frontend", *argv,
                   "-o", str(out_file))[0] == 0
        saved = json.loads(out_file.read_text())
        assert sum(1 for n in saved["nodes"] if n.get("kind") == "server") == 64      # 256 GPUs a site
        return (sum(1 for n in saved["nodes"] if n.get("role") == "spine"),
                {s.get("preset", "") for s in saved["segments"]})

    full, preset_full = spines()
    half, preset_plain = spines("--oversubscription", "2", "--preset", "plain")
    assert half < full and preset_full != preset_plain
