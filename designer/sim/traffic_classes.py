"""The traffic class of each job (`tc=N`): an Ethernet priority on RoCEv2, a service level on InfiniBand.

On RoCEv2 a job's `tc` is the priority its packets carry (IEEE 802.1Q priority code point 0-7) and the PFC priority
that pauses them (IEEE 802.1Qbb: eight priorities, each paused on its own). On InfiniBand it is the service level,
mapped one to one to a data virtual lane (SL n -> VL n), each lane with its own credits (InfiniBand Architecture
Specification vol. 1, link-level flow control); a segment runs as many data lanes as its `virtual_lanes` setting
(ConnectX's default NUM_OF_VL is 4; the specification allows 15), so a job in a class beyond them is refused.

Without `tc` every job is in class 0: one lossless class shared by all, as before classes existed. The fluid queues
give each class used in a run a lane of every port (designer/sim/dynamics/classes.py); lanes are numbered in the
order of the classes, so a run with classes 0 and 3 has two lanes.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np

from designer.i18n.message import Message
from designer.model.jobs import DEFAULT_CLASS
from designer.sim.compile import CompiledFabric
from designer.sim.framing import PROTO_IB
from designer.sim.workload_spec import WorkloadError


def job_class(options: Mapping[str, Any]) -> int:
    """The traffic class a workload's options put it in (0 without `tc=`)."""
    return int(options.get("tc", DEFAULT_CLASS))


def lanes(workload_options: Sequence[Mapping[str, Any]]) -> tuple[np.ndarray, list[int]]:
    """(lane of each workload, the classes in lane order): one lane per class the workloads use."""
    cls = [job_class(o) for o in workload_options]
    used = sorted(set(cls)) or [DEFAULT_CLASS]
    return np.array([used.index(c) for c in cls], dtype=np.int64), used


def check_virtual_lanes(fab: CompiledFabric, workload_options: Sequence[Mapping[str, Any]]) -> None:
    """Refuse a job whose class has no data virtual lane on an InfiniBand segment of the fabric."""
    for seg in fab.segments:
        if seg.protocol != PROTO_IB:
            continue
        for k, opts in enumerate(workload_options):
            tc = job_class(opts)
            if tc >= seg.ib.virtual_lanes:
                raise WorkloadError(Message("error.sim.tc_no_lane", job=k + 1, tc=tc, segment=seg.name,
                                            lanes=seg.ib.virtual_lanes, highest=seg.ib.virtual_lanes - 1))
