"""Compiling the engine's loops into their disk cache ahead of use (dynamics/jit.py). Tiny runs compile what real
runs of their kind call, for the array layouts real runs hand over (dynamics/columns.py), so that a later run on
any fabric finds them compiled: the fluid step and the max-min solver, and through the whole engine (`run` on small
generated designs) what a run calls around them: routing and its hashes, queue pairs, the fluid queues' tables, the
phases' bookkeeping. `make setup` runs the two once, one per core, before a first simulation would have compiled
them itself (about a minute); `make test` runs them beside mypy, so that no test process compiles them.

The module lives beside the engine rather than in dynamics/: the compiled code's cache is keyed by the source of
dynamics/ (jit.py), which a change to these runs must not throw away.

Each also checks that nothing it compiled took a constant's own type (jit.py, "Constants"): such a function would
have been compiled once more for nothing, so make test fails rather than grow slower unnoticed."""

from __future__ import annotations

import os
import sys
from typing import Any

import numpy as np
import scipy.sparse
from numba.core import types
from numba.core.dispatcher import Dispatcher

from designer.sim.api import SimOptions, run
from designer.sim.dynamics.halves import THREADS_ENV
from designer.sim.dynamics.network import FlowSet, PortSet
from designer.sim.dynamics.stepper import FluidSimulator
from designer.sim.maxmin import max_min_rates
from designer.topology.generate import generate

# (generator kind, GPUs, back-end, workload): runs that take the engine's paths around the step. A 4:1 incast
# congests a leaf and takes the fluid queues, with ECMP over two tiers; a training step takes the max-min rates
# and its pipeline; an AllToAll over InfiniBand and RoCEv2 pods splits flows over the links of both protocols.
ENGINE_RUNS = (("leaf-spine", 32, "rocev2", "incast:4:1MiB"),
               ("leaf-spine", 32, "rocev2", "train:70b:tp=8:pp=2"),
               ("leaf-spine", 16, "hybrid", "alltoall:4MiB"))


def _tiny_run() -> None:
    """Two flows over three ports for a millisecond: every stage of a step runs."""
    flows = FlowSet.from_paths([[0, 1], [1, 2]], 1e6)
    FluidSimulator(PortSet.uniform(3, 50e9), flows, dt_s=1e-6).run(until_s=1e-3)


def _engine_runs() -> None:
    """Each of ENGINE_RUNS through the whole engine, its results thrown away."""
    for kind, gpus, backend, workload in ENGINE_RUNS:
        run(generate(kind, gpus=gpus, backend=backend, two_tiers=True), [workload], SimOptions())


def compile_one_thread() -> None:
    """The step on one thread (kernel.run_steps), the max-min solver, and what real runs call around them."""
    os.environ[THREADS_ENV] = "1"
    _tiny_run()
    max_min_rates(scipy.sparse.csr_matrix(np.ones((1, 1))), np.ones(1))   # a fill of flows none alike
    _engine_runs()
    no_constant_types(compiled_functions())


def compile_halves() -> None:
    """The step in two halves of the flows (step_halves.run_steps_halves), which runs of many flow-hops take."""
    os.environ[THREADS_ENV] = "2"
    _tiny_run()
    no_constant_types(compiled_functions())


def compiled_functions() -> list[Dispatcher[Any]]:
    """Every compiled function of the program's modules loaded so far."""
    found: dict[int, Dispatcher[Any]] = {}
    for name, module in list(sys.modules.items()):
        if name.startswith("designer."):
            found.update((id(v), v) for v in vars(module).values() if isinstance(v, Dispatcher))
    return list(found.values())


def no_constant_types(compiled: list[Dispatcher[Any]]) -> None:
    """Raise if a compiled function got a specialisation for a constant's literal type (`Literal[bool](True)`)."""
    for fn in compiled:
        for signature in fn.signatures:
            constants = [f"argument {k}: {t}" for k, t in enumerate(signature) if isinstance(t, types.Literal)]
            if constants:
                name = f"{fn.py_func.__module__}.{fn.py_func.__name__}"
                raise RuntimeError(f"{name} was compiled for a constant ({', '.join(constants)})")
