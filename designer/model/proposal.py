"""What the customer asked for, kept with the design for its proposal (the optional "proposal" key of a project
file): customer, workloads, scale, budget, priorities, and the risks and lead times as the consultant edited them.

Files without the key load with everything empty (the proposal then states its defaults). Values are checked for
shape here; the priority names and workload specs are checked again by the proposal that uses them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from designer.i18n.message import Message
from designer.model.run_results import Problem

PRIORITY_NAMES = ("performance", "cost", "latency", "operations")
_TEXT_FIELDS = ("customer", "scale")
_KEYS = {"customer", "workloads", "scale", "budget", "budget_currency", "priorities", "risks"}


@dataclass
class Risk:
    """One row of the risks table: what could go wrong, what limits it, and the lead time it bears on."""

    risk: str
    mitigation: str = ""
    lead_time: str = ""


@dataclass
class ProposalRequirements:
    """The customer's question as entered in the export dialog or on the command line."""

    customer: str = ""
    workloads: list[str] = field(default_factory=list)
    scale: str = ""                       # in the customer's words: "512 GPUs now, 2,048 in 2027"
    budget: float | None = None           # capital cost the customer can spend, in `budget_currency`
    budget_currency: str = "USD"
    priorities: list[str] = field(default_factory=list)   # criteria in order; empty: the default order
    risks: list[Risk] = field(default_factory=list)       # empty: the risks the proposal derives itself

    def is_empty(self) -> bool:
        return self == ProposalRequirements()


def requirements_to_dict(req: ProposalRequirements) -> dict[str, Any]:
    return {"customer": req.customer, "workloads": list(req.workloads), "scale": req.scale,
            "budget": None if req.budget is None else float(req.budget), "budget_currency": req.budget_currency,
            "priorities": list(req.priorities),
            "risks": [{"risk": r.risk, "mitigation": r.mitigation, "lead_time": r.lead_time} for r in req.risks]}


def _texts(raw: Any, place: str, problems: list[Problem]) -> list[str]:
    if not isinstance(raw, list) or not all(isinstance(v, str) and v.strip() for v in raw):
        problems.append(Problem(place, Message("error.scenarios.texts")))
        return []
    return [v.strip() for v in raw]


def _risks(raw: Any, place: str, problems: list[Problem]) -> list[Risk]:
    if not isinstance(raw, list):
        problems.append(Problem(place, Message("error.value.object")))
        return []
    out = []
    for i, item in enumerate(raw):
        values = {k: item.get(k, "") for k in ("risk", "mitigation", "lead_time")} if isinstance(item, dict) else {}
        if not values or set(item) - set(values) or not all(isinstance(v, str) for v in values.values()) \
                or not values["risk"].strip():
            problems.append(Problem(f"{place}[{i}]", Message("error.proposal.risk")))
            continue
        out.append(Risk(values["risk"].strip(), values["mitigation"].strip(), values["lead_time"].strip()))
    return out


def requirements_from_raw(raw: Any, where: str = "proposal") -> tuple[ProposalRequirements, list[Problem]]:
    """The requirements of a file's "proposal" object and the problems found ("place: message")."""
    req, problems = ProposalRequirements(), list[Problem]()
    if raw is None:
        return req, problems
    if not isinstance(raw, dict):
        return req, [Problem(where, Message("error.value.object"))]
    for key in sorted(set(raw) - _KEYS):
        problems.append(Problem(f"{where}.{key}", Message("error.file.unknown_field")))
    for key in _TEXT_FIELDS:
        value = raw.get(key, "")
        if isinstance(value, str):
            setattr(req, key, value.strip())
        else:
            problems.append(Problem(f"{where}.{key}", Message("error.results.text")))
    req.workloads = _texts(raw.get("workloads", []), f"{where}.workloads", problems)
    budget = raw.get("budget")
    if budget is not None and (isinstance(budget, bool) or not isinstance(budget, (int, float))
                               or not math.isfinite(budget) or budget <= 0):
        problems.append(Problem(f"{where}.budget", Message("error.proposal.budget", value=repr(budget))))
    elif budget is not None:
        req.budget = float(budget)
    currency = raw.get("budget_currency", "USD")
    if currency not in ("USD", "CNY"):
        problems.append(Problem(f"{where}.budget_currency", Message("error.value.choice", choices="USD, CNY",
                                                                    value=repr(currency))))
    else:
        req.budget_currency = currency
    priorities = _texts(raw.get("priorities", []), f"{where}.priorities", problems)
    bad = [p for p in priorities if p not in PRIORITY_NAMES]
    if bad or len(set(priorities)) != len(priorities):
        problems.append(Problem(f"{where}.priorities", Message("error.value.choice",
                                                               choices=", ".join(PRIORITY_NAMES),
                                                               value=repr(", ".join(priorities)))))
    else:
        req.priorities = priorities
    req.risks = _risks(raw.get("risks", []), f"{where}.risks", problems)
    return req, problems
