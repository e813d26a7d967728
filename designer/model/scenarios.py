"""Named what-if scenarios saved with a design: workloads, a failure schedule and a seed.

The specs are kept as the text the user wrote (the simulator parses and checks them when a scenario
runs, against the design as it is then); here they are checked for shape, so a file with a broken
scenario is refused with its place like any other field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from designer.i18n.message import Message
from designer.model.limits import MAX_SCENARIOS, SCENARIO_SEED
from designer.model.run_results import Problem, section_items

MAX_SPECS = 1_000     # workloads or failures in one scenario


@dataclass
class Scenario:
    """A run to repeat: e.g. "spine dies mid-AllReduce" = allreduce:1GiB + switch:spine-01@2ms, seed 1."""

    name: str
    workloads: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)   # KIND:ID@TIME[:up=TIME][:gbps=N]
    seed: int = 1
    notes: str = ""


def scenario_to_dict(s: Scenario) -> dict[str, Any]:
    return {"name": s.name, "workloads": list(s.workloads), "failures": list(s.failures), "seed": int(s.seed),
            "notes": s.notes}


def scenarios_from_raw(raw: Any, where: str = "scenarios") -> tuple[list[Scenario], list[Problem]]:  # noqa: C901
    """Scenarios from the file's list, and the problems found ("place: message", rendered when shown)."""
    items, problems = section_items(raw, where, MAX_SCENARIOS, "error.scenarios.not_list")
    out: list[Scenario] = []
    names: set[str] = set()
    for place, item in items:
        unknown = set(item) - {"name", "workloads", "failures", "seed", "notes"}
        if unknown:
            fields = ", ".join(sorted(unknown))
            problems.append(Problem(place, Message("error.scenarios.unknown_fields", fields=fields)))
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(Problem(f"{place}.name", Message("error.scenarios.name")))
            name = None
        elif name in names:
            problems.append(Problem(f"{place}.name", Message("error.file.id_twice", id=name)))
        else:
            names.add(name)
        lists = {}
        for key, required in (("workloads", True), ("failures", False)):
            value = item.get(key, [])
            if isinstance(value, list) and len(value) > MAX_SPECS:
                problems.append(Problem(f"{place}.{key}", Message("error.value.too_many", count=f"{len(value):,}",
                                                                  limit=f"{MAX_SPECS:,}")))
                value = []
            elif not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                problems.append(Problem(f"{place}.{key}", Message("error.scenarios.texts")))
                value = []
            elif required and not value:
                problems.append(Problem(f"{place}.{key}", Message("error.scenarios.no_workload")))
            lists[key] = value
        seed = item.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or not SCENARIO_SEED.accepts(seed):
            problems.append(Problem(f"{place}.seed", Message("error.scenarios.seed")))
            seed = 1
        notes = item.get("notes", "")
        if not isinstance(notes, str):
            problems.append(Problem(f"{place}.notes", Message("error.scenarios.notes")))
            notes = ""
        if name is not None:
            out.append(Scenario(name, lists["workloads"], lists["failures"], seed, notes))
    return out, problems
