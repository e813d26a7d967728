"""Compiling the engine's loops into their disk cache ahead of use (jit.py). A tiny run compiles what a real run
of that kind calls, for the array layouts a real run hands over (columns.py), so a later run on any fabric finds it
compiled. `make test` runs the two at once, one per core, so that no test process compiles the step itself."""

from __future__ import annotations

import os

import numpy as np
import scipy.sparse

from designer.sim.dynamics.network import FlowSet, PortSet
from designer.sim.dynamics.halves import THREADS_ENV
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
    max_min_rates(scipy.sparse.csr_matrix(np.ones((1, 1))), np.ones(1))


def compile_halves() -> None:
    """The step in two halves of the flows (kernel.run_steps_halves), which runs of many flow-hops take."""
    os.environ[THREADS_ENV] = "2"
    _tiny_run()

