"""The proposal words a workload's options; none of the session's new options reaches a customer as key=value."""

from __future__ import annotations

import pytest

from designer.report.workload_text import describe_workload


@pytest.mark.parametrize("spec, en, zh", [
    ("train:70b:tokens=50B:dp_across_sites=hier:overlap=off",
     "training step of a 70B-parameter model (50B training tokens, data parallelism reduced inside each site, then "
     "across sites, gradient exchange not overlapped with computation)", "50B 个训练 token"),
    ("alltoall:8MiB:repeat=4", "4 runs back to back", "连续运行 4 次"),
    ("inference:7b:qps=20:target_ms=100:max_batch=64", "20 requests/s, p99 latency target 100 ms",
     "每批最多同时解码 64 个请求"),
    ("train:405b:pp=16:vpp=4", "(pipeline parallel 16, interleaved pipeline, 4 model chunks per GPU)",
     "交错式流水线，每块 GPU 4 个模型块"),
])
def test_new_options_are_worded_in_both_languages(spec, en, zh):
    english, chinese = describe_workload(spec), describe_workload(spec, "zh_CN")
    assert en in english and zh in chinese
    for key in ("tokens=", "dp_across_sites=", "overlap=", "repeat=", "target_ms=", "max_batch=", "qps=", "vpp="):
        assert key not in english and key not in chinese
