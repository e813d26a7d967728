"""Training over many steps: the time to train in days, and how much one step differs from the next (jitter).

Time to train. `train:MODEL:tokens=N` trains on N tokens in all. A step consumes the global batch (`batch=`, rounded
to whole sequences per replica and micro-batch), so the run takes steps = ceil(N / batch) steps and
    train_days = steps x mean step time / 86,400 s
(the usual estimate of training time from the step time, e.g. Narayanan et al., SC 2021, eq. 4, with the step time
simulated instead of assumed).

Jitter. `iters=K` steps (8 when `tokens=` is given) are simulated, each with its own draw of what varies from step
to step where it really arises:
- the network: step k runs the same plan with the routing seed + k, so every queue pair hashes onto a new path.
  This is what happens where connections are opened anew or switches move flowlets between steps (dynamic load
  balancing); ECMP collisions then land on other links in every step. With InfiniBand's adaptive routing or sprayed
  RoCEv2 the seed changes little; on a single leaf nothing at all. Where queue pairs keep their hash for the whole
  job, the same spread shows between runs of the job instead of between its steps.
- stragglers (`straggler=s`): each GPU's compute time in a step is (1 + e) times its mean, e ~ N(0, s^2) drawn per
  GPU and step (seeded). A synchronous step waits for its slowest GPU, so the step grows by compute x max e; for n
  GPUs E[max e] ~ s sqrt(2 ln n) (the extreme value of n normal draws). The default is 0: no published per-step
  figure is general enough to assume one, so stragglers appear only when set.
Reported per training workload: `train_tokens`, `steps`, `mean_step_time_s`, `train_days` and `jitter`
({iterations, step_cv, collective_cv, step_p99_over_p50, straggler}); a coefficient of variation is the standard
deviation over the K steps divided by their mean, the collective time is the step's exposed communication.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any

import numpy as np

from designer.sim.workload_spec import Workload

DEFAULT_ITERS = 8              # steps simulated for the jitter when tokens= is given without iters=
SECONDS_PER_DAY = 86_400.0
MAX_STRAGGLER_DRAWS = 50_000_000


def wanted(w: Workload) -> bool:
    """Whether a workload asks for more than one step: a training run with tokens= or iters= above 1."""
    return w.kind == "train" and (w.opt("tokens") is not None or int(w.opt("iters", 1)) > 1)


def iteration_count(workloads: list[Workload]) -> int:
    """Steps to simulate: the largest iters= of the training workloads that want several, DEFAULT_ITERS without."""
    return max((int(w.opt("iters", DEFAULT_ITERS)) for w in workloads if wanted(w)), default=1)


def pinned(workloads: list[Workload], seed: int) -> list[Workload]:
    """The workloads with a randomly placed job's placement seed fixed to the run's: a job keeps its GPUs in every
    step while the routing seed moves."""
    out = []
    for w in workloads:
        if w.opt("place") == "random" and w.opt("seed") is None:
            w = dataclasses.replace(w, options={**w.options, "seed": seed})
        out.append(w)
    return out


def add_iterations(data: dict[str, Any], workloads: list[Workload], seed: int,
                   rerun: Callable[[list[Workload], int], dict[str, Any]]) -> None:
    """Simulate the further steps (`rerun(workloads, seed)` returns a run's result data) and add the training
    figures to `data`'s workload entries (and `train_days`, `jitter` at the top for the first training run)."""
    chosen = [k for k, w in enumerate(workloads) if wanted(w)]
    if not chosen:
        return
    count = iteration_count(workloads)
    entries = data["workloads"]
    step = np.zeros((len(chosen), count))
    comm = np.zeros((len(chosen), count))
    same_jobs = pinned(workloads, seed)
    for it in range(count):
        run_data = data if it == 0 else rerun(same_jobs, seed + it)
        for row, k in enumerate(chosen):
            e = run_data["workloads"][k]
            step[row, it] = float(e.get("step_time_s") or 0.0)
            comm[row, it] = float(e.get("exposed_comm_s") or 0.0)
    for row, k in enumerate(chosen):
        w = workloads[k]
        late = straggler_delays_s(float(entries[k].get("compute_s") or 0.0), int(entries[k]["gpus"]),
                                  float(w.opt("straggler", 0.0)), count, (seed, k))
        entries[k].update(training_figures(step[row] + late, comm[row], w, entries[k]))
    first = entries[chosen[0]]
    data["train_days"] = first.get("train_days")
    data["jitter"] = first["jitter"]


def straggler_delays_s(compute_s: float, gpus: int, spread: float, steps: int,
                       seed: tuple[int, int]) -> np.ndarray:
    """Per step, how much later the slowest GPU finishes its compute than the mean: compute x max over GPUs of e,
    e ~ N(0, spread^2) drawn per GPU and step (seeded by the run's seed and the workload's index)."""
    if spread <= 0 or compute_s <= 0 or gpus < 1:
        return np.zeros(steps)
    rng = np.random.default_rng([seed[0], seed[1], 29])
    per_step = max(1, MAX_STRAGGLER_DRAWS // max(steps, 1))
    draws = rng.normal(0.0, spread, size=(steps, min(gpus, per_step)))
    delays: np.ndarray = compute_s * draws.max(axis=1)
    return delays


def training_figures(step_s: np.ndarray, comm_s: np.ndarray, w: Workload, entry: dict[str, Any]) -> dict[str, Any]:
    """Days to train (when tokens= is given) and the jitter of `step_s`, the simulated steps' times."""
    mean_step = float(step_s.mean())
    out: dict[str, Any] = {"mean_step_time_s": mean_step,
                           "jitter": {"iterations": len(step_s), "step_cv": _cv(step_s), "collective_cv": _cv(comm_s),
                                      "step_p99_over_p50": _p99_over_p50(step_s),
                                      "straggler": float(w.opt("straggler", 0.0))}}
    tokens = w.opt("tokens")
    if tokens is not None:
        batch = float(entry.get("batch_tokens") or 0.0)
        steps = math.ceil(float(tokens) / batch) if batch > 0 else 0
        out.update(train_tokens=float(tokens), steps=steps, train_days=steps * mean_step / SECONDS_PER_DAY)
    return out


def _cv(x: np.ndarray) -> float:
    mean = float(x.mean()) if len(x) else 0.0
    return float(x.std()) / mean if mean > 0 else 0.0


def _p99_over_p50(x: np.ndarray) -> float:
    p50 = float(np.quantile(x, 0.5)) if len(x) else 0.0
    return float(np.quantile(x, 0.99)) / p50 if p50 > 0 else 1.0
