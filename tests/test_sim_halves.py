"""The flows' passes of a step in two halves on two threads (step_halves.run_steps_halves) end as one thread's do but
for the order of some additions, and the same every run, whatever the windows: what each half adds to is its own, added
to the other's in a fixed order after each pass."""

from __future__ import annotations

import numpy as np
import pytest

from designer.sim.dynamics import layout as L
from designer.sim.dynamics.halves import THREADS_ENV
from tests.test_sim_step_equal import CASES, STATE, _loaded, _same, _twin

STEPS = 120                  # flows finish (counted down in their groups), not all


def _close(a: np.ndarray, b: np.ndarray) -> bool:
    """Equal to rounding: within 1e-9 of the largest finite magnitude of the array (a lossy run's recovery
    subtracts nearly equal sums: what is left differs by 1e-12 of the sizes), infinities where they are."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    finite = np.isfinite(a)
    if not (finite == np.isfinite(b)).all() or not np.array_equal(a[~finite], b[~finite], equal_nan=True):
        return False
    scale = float(np.abs(a[finite]).max(initial=0.0))
    return bool(np.allclose(a[finite], b[finite], rtol=1e-9, atol=1e-9 * scale))


@pytest.mark.parametrize("kind, opts, options", CASES)
def test_two_halves_end_as_one_thread_to_rounding_and_alike_on_every_run(kind, opts, options, monkeypatch):
    """Incasts that pause, drop (lossy class) and finish flows, on chains and on split routes that join: two halves
    end where one thread ends (to rounding); two runs of the halves, one window and four of a quarter as many steps, end
    bit for bit alike."""
    sim = _loaded(kind, opts, options)
    halves, again = _twin(sim), _twin(sim)
    monkeypatch.setenv(THREADS_ENV, "1")
    sim.window(STEPS, stop_on_group=False)
    monkeypatch.setenv(THREADS_ENV, "2")
    halves.window(STEPS, stop_on_group=False)
    for _ in range(4):
        again.window(STEPS // 4, stop_on_group=False)
    assert halves._halves is not None and 0 < halves._halves.split < halves.F
    assert sim._halves is None
    assert (halves.fs[:, L.DONE] > 0).any() and (halves.fs[:, L.DONE] == 0).any() and halves.steps == STEPS
    assert halves.sc[L.DROPPED] > 0 if "pfc" in options else (halves.pa[:, L.PAUSED_S] > 0).any() or kind == "ib"
    for name in STATE:
        assert _same(getattr(halves, name), getattr(again, name)), name
        if name != "ck_cur":         # where a flow's search of its checkpoints starts: moved by a rounding's bytes
            assert _close(getattr(sim, name), getattr(halves, name)), name
    assert (sim.fs[:, L.DONE] == halves.fs[:, L.DONE]).all()
    assert (sim.group_left == halves.group_left).all()


def test_the_halves_are_taken_from_the_size_alone(monkeypatch):
    """Without THREADS_ENV, a run takes two halves from HALVES_MIN_HOPS flow-hops on: never from the machine."""
    from designer.sim.dynamics import halves
    sim = _loaded(*CASES[0])
    monkeypatch.delenv(THREADS_ENV, raising=False)
    monkeypatch.setattr(halves, "HALVES_MIN_HOPS", len(sim.hport) + 1)
    assert not sim._in_halves()
    monkeypatch.setattr(halves, "HALVES_MIN_HOPS", len(sim.hport))
    assert sim._in_halves()
    monkeypatch.setenv(THREADS_ENV, "1")
    assert not sim._in_halves()


@pytest.mark.parametrize("value", ["3", "two", "0"])
def test_a_thread_count_other_than_one_or_two_is_refused_by_name(monkeypatch, value):
    from designer.sim import SimOptions, run
    from designer.sim.workload_spec import WorkloadError
    from designer.topology import generate

    monkeypatch.setenv(THREADS_ENV, value)
    with pytest.raises(WorkloadError, match=f"{THREADS_ENV} must be 1 .* or 2 .*, not '{value}'"):
        run(generate("leaf-spine", gpus=16, frontend=False), ["allreduce:1MiB"], SimOptions())
