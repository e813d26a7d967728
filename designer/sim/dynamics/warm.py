"""Compiling the engine's loops into their disk cache ahead of use (jit.py). A tiny run compiles what a real run
of that kind calls, for the array layouts a real run hands over (columns.py), so a later run on any fabric finds it
compiled. `make test` runs the two at once, one per core, so that no test process compiles the step itself.

Each also checks that what it compiled took no constant's own type (jit.py, "Constants"): one that did would have
been compiled once more for nothing, so make test fails rather than grow slower unnoticed."""

from __future__ import annotations

import os
from typing import Any

import numpy as np
import scipy.sparse
from numba.core import types

from designer.sim.dynamics import delivery, kernel, step_halves
from designer.sim.dynamics.halves import THREADS_ENV
from designer.sim.dynamics.network import FlowSet, PortSet
from designer.sim.dynamics.stepper import FluidSimulator
from designer.sim.maxmin import max_min_rates


def _tiny_run() -> None:
    """Two flows over three ports for a millisecond: every stage of a step runs."""
    flows = FlowSet.from_paths([[0, 1], [1, 2]], 1e6)
    FluidSimulator(PortSet.uniform(3, 50e9), flows, dt_s=1e-6).run(until_s=1e-3)


def compile_one_thread() -> None:
    """The step on one thread (kernel.run_steps) and the max-min solver."""
    os.environ[THREADS_ENV] = "1"
    _tiny_run()
    _no_constant_types(kernel.run_steps, delivery._deliver, delivery._deliver_flows)
    max_min_rates(scipy.sparse.csr_matrix(np.ones((1, 1))), np.ones(1))


def compile_halves() -> None:
    """The step in two halves of the flows (step_halves.run_steps_halves), which runs of many flow-hops take."""
    os.environ[THREADS_ENV] = "2"
    _tiny_run()
    _no_constant_types(step_halves.run_steps_halves, step_halves._deliver_halves, step_halves._move_halves,
                       delivery._deliver_flows)


def _no_constant_types(*compiled: Any) -> None:
    """Raise if a compiled function got a specialisation for a constant's literal type (`Literal[bool](True)`)."""
    for fn in compiled:
        for signature in fn.signatures:
            constants = [f"argument {k}: {t}" for k, t in enumerate(signature) if isinstance(t, types.Literal)]
            if constants:
                raise RuntimeError(f"{fn.__name__} was compiled for a constant ({', '.join(constants)})")
