"""For each single-failure class (a leaf, a spine, a core switch, a server's back-end link), fail a few
representative elements one at a time from the start of a run and keep the worst throughput loss.

The loss is the steady one, after rerouting: the runs set every recovery delay to zero, so the figure
is the capacity the fabric has lost, not the seconds of a Subnet-Manager sweep. The recovery delay the
protocol would add on top is reported beside it (designer/sim/failures.py). A failure that cuts
servers off (their only link) is a loss of 1.0 for the workload, reported as not completed.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import asdict, dataclass

from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.sim.api import SimOptions, run
from designer.sim.compile import compile_fabric
from designer.sim.failure_runtime import FailureRuntime
from designer.sim.failures import parse_failure
from designer.sim.workload_spec import WorkloadError

FAILURE_CLASSES = ("leaf", "spine", "core", "server-link")
SAMPLES_PER_CLASS = 3


@dataclass
class ResilienceRow:
    """The worst single failure of one class."""

    failure_class: str
    elements_tried: list[str]
    worst_element: str
    throughput_loss: float            # 1 - intact completion time / completion time with the failure
    completion_time_s: float          # of the worst case (when it stopped, if it did not complete)
    completed: bool
    recovery_delay_s: float           # the worst element's reroute delay (not included in the loss)
    healthy_time_s: float = 0.0       # completion time of the same run without the failure

    def to_dict(self) -> dict:
        return asdict(self)


def _candidates(doc: FabricDocument) -> dict[str, list[tuple[str, str]]]:
    """(spec kind, element id) per class, in document order."""
    out: dict[str, list[tuple[str, str]]] = {c: [] for c in FAILURE_CLASSES}
    for node in doc.nodes.values():
        if node.kind == "switch" and node.role in ("leaf", "spine", "core"):
            out[node.role].append(("switch", node.id))
    for link in doc.links.values():
        kinds = {doc.nodes[e.node].kind for e in (link.a, link.b) if e.node in doc.nodes}
        if link.plane == "backend" and "server" in kinds:
            out["server-link"].append(("link", link.id))
    return out


def _pick(items: list, k: int, rng: random.Random) -> list:
    """First, last and random others: the ends of a tier are where uneven cabling hides."""
    if len(items) <= k or k < 2:
        return list(items[:k])
    chosen = [items[0], items[-1]]
    rest = items[1:-1]
    chosen += rng.sample(rest, k - 2)
    return chosen


def _instant_recovery(doc: FabricDocument) -> FabricDocument:
    """A copy whose protocols reroute at once (the steady loss, without the recovery stall)."""
    dup = doc.copy()
    for seg in dup.segments.values():
        seg.ib.self_healing, seg.ib.self_healing_us, seg.ib.sm_reroute_ms = True, 0.0, 0.0
        seg.rocev2.reconvergence_ms = seg.rocev2.local_repair_ms = 0.0
    return dup


def _reroute_delays(doc: FabricDocument, seed: int) -> Callable[[str], float]:
    """spec -> how long the design's forwarding takes to route around that failure: InfiniBand's self-healing or
    Subnet Manager, on Ethernet the switches beside it alone where they can (a spine or core switch) or the routing
    protocol (designer/sim/local_repair.py). The design is compiled once for every row."""
    runtime = FailureRuntime(compile_fabric(doc), [], seed=seed,
                             base_route=lambda pattern: None)   # type: ignore[arg-type,return-value]
    return lambda spec: runtime.element_recovery_s(parse_failure(spec))


def resilience_summary(doc: FabricDocument, workloads: list[str], *, seed: int = 1,
                       samples: int = SAMPLES_PER_CLASS, rate_model: str = "maxmin",
                       progress: Callable[[int, int], None] | None = None) -> list[ResilienceRow]:
    """One row per failure class present in the design (WorkloadError on bad input). `progress(done, total)` is
    called before the first run and after each (a run without failures, then one per element tried)."""
    if samples < 1:
        raise WorkloadError(Message("error.resilience.samples"))
    opts = SimOptions(seed=seed, ideal_pass=False, rate_model=rate_model)
    opts.check()
    rng = random.Random(seed)
    tried_by_class = {cls: _pick(items, samples, rng) for cls, items in _candidates(doc).items() if items}
    total = 1 + sum(len(tried) for tried in tried_by_class.values())
    report = progress or (lambda done, of: None)
    report(0, total)
    base = run(doc, workloads, opts)
    t0 = base.completion_time_s
    report(1, total)
    steady = _instant_recovery(doc)
    reroute_s = _reroute_delays(doc, seed)
    rows = []
    runs = 1
    for cls, tried in tried_by_class.items():
        worst: tuple[float, str, float, bool] | None = None
        for kind, element in tried:
            res = run(steady, workloads, SimOptions(seed=seed, ideal_pass=False, rate_model=rate_model,
                                                    failures=[f"{kind}:{element}@0s"]))
            runs += 1
            report(runs, total)
            done = bool(res.data.get("completed", True))
            t = res.completion_time_s
            loss = 1.0 if not done else max(0.0, 1.0 - t0 / t) if t > 0 else 0.0
            if worst is None or loss > worst[0]:
                worst = (loss, element, t, done)
        assert worst is not None
        kind = next(k for k, e in tried if e == worst[1])
        rows.append(ResilienceRow(cls, [e for _, e in tried], worst[1], worst[0], worst[2], worst[3],
                                  reroute_s(f"{kind}:{worst[1]}@0s"), t0))
    return rows
