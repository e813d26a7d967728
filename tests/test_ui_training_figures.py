"""pytest-qt: the Run panel states the days to train, the step jitter and the requests a latency target allows."""

from __future__ import annotations

from designer.sim import SimOptions, run
from designer.topology import generate
from designer.ui.run_controller import figures_text


def test_run_panel_shows_days_jitter_and_requests_within_the_target(qapp):
    doc = generate("leaf-spine", gpus=16, backend="ib", frontend=True)
    data = run(doc, ["train:7b:tokens=1B:iters=2", "inference:7b:gpus=8:qps=1:target_ms=600:start=0s"],
               SimOptions(ideal_pass=False)).data
    text = figures_text(data)
    days = data["workloads"][0]["train_days"]
    assert f"{days:.3g} days" in text and "Time to train" in text
    assert "Step jitter (CV)" in text and "0.00%" in text
    assert "Requests/s within 600 ms" in text
    assert f"{data['workloads'][1]['max_qps_at_target']:.3g}" in text
