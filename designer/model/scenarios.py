"""Named what-if scenarios saved with a design: workloads, a failure schedule and a seed.

The specs are kept as the text the user wrote (the simulator parses and checks them when a scenario
runs, against the design as it is then); here they are checked for shape, so a file with a broken
scenario is refused with its place like any other field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


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


def scenarios_from_raw(raw: Any, where: str = "scenarios") -> tuple[list[Scenario], list[str]]:
    """Scenarios from the file's list, and the problems found ("place: message")."""
    if raw is None:
        return [], []
    if not isinstance(raw, list):
        return [], [f"{where}: must be a list of scenarios"]
    out: list[Scenario] = []
    problems: list[str] = []
    names: set[str] = set()
    for i, item in enumerate(raw):
        place = f"{where}[{i}]"
        if not isinstance(item, dict):
            problems.append(f"{place}: must be an object")
            continue
        unknown = set(item) - {"name", "workloads", "failures", "seed", "notes"}
        if unknown:
            problems.append(f"{place}: unknown field(s) {', '.join(sorted(unknown))}")
        name = item.get("name")
        if not isinstance(name, str) or not name.strip():
            problems.append(f"{place}.name: must be a non-empty text")
            name = None
        elif name in names:
            problems.append(f"{place}.name: '{name}' is used twice")
        else:
            names.add(name)
        lists = {}
        for key, required in (("workloads", True), ("failures", False)):
            value = item.get(key, [])
            if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
                problems.append(f"{place}.{key}: must be a list of non-empty texts")
                value = []
            elif required and not value:
                problems.append(f"{place}.{key}: needs at least one workload")
            lists[key] = value
        seed = item.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            problems.append(f"{place}.seed: must be a whole number >= 0")
            seed = 1
        notes = item.get("notes", "")
        if not isinstance(notes, str):
            problems.append(f"{place}.notes: must be text")
            notes = ""
        if name is not None:
            out.append(Scenario(name, lists["workloads"], lists["failures"], seed, notes))
    return out, problems
