"""The one recommendation of a proposal or an advisor run: the options ranked by the user's priorities within the
budget, the option chosen, and the reasons, which cite only the comparisons that decided it.

Options are whole designs with their own figures: the completion (or training-step) time and p99 latency of a
healthy simulation run, and the capital cost and total cost of ownership of their bill of materials. The rule:

1. Options whose capital cost exceeds the budget are set aside: they are shown, marked, and never recommended.
2. The first priority keeps the options within its tie band of the best one; the next priority decides among
   those, and so on. A gap inside the band is a tie (a 0.09 % difference in time is not a reason to pay more).
3. If every priority ties, the option listed first is kept (the design as drawn, or the advisor's first shape).

The bands are judgements, stated in every proposal: time within 2 % (a smaller gap is inside what the model and a
deployment's tuning move), cost within 1 % (quotes move more than that), p99 latency within 10 % (a tail figure).
No Qt: the window, `report`, `advise` and every page of the PDF read the same object.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from designer.analysis.quantities import Duration, Joined, Micros, Money, Percent
from designer.i18n.catalog import render
from designer.i18n.message import Message

CRITERIA = ("performance", "cost", "latency", "operations")
DEFAULT_PRIORITIES = ("performance", "cost", "latency")
LATENCY_FIRST = ("latency", "performance", "cost")
TIE_BANDS = {"performance": 0.02, "cost": 0.01, "latency": 0.10, "operations": 0.0}
_EPSILON = 1e-12


class PrioritiesError(ValueError):
    """A priority list names something that is not a criterion (one line)."""


def parse_priorities(value: str | Sequence[str] | None) -> tuple[str, ...]:
    """'cost, performance' -> ('cost', 'performance'); empty -> the default order. Raises PrioritiesError."""
    if value is None:
        return DEFAULT_PRIORITIES
    items = value.replace(";", ",").split(",") if isinstance(value, str) else list(value)
    names = [str(v).strip().lower() for v in items if str(v).strip()]
    if not names:
        return DEFAULT_PRIORITIES
    unknown = [n for n in names if n not in CRITERIA]
    if unknown:
        raise PrioritiesError(str(Message("error.rec.priorities", names=", ".join(unknown),
                                          known=", ".join(CRITERIA))))
    if len(set(names)) != len(names):
        raise PrioritiesError(str(Message("error.rec.priorities_twice", names=", ".join(names))))
    return tuple(names)


def priority_order(priorities: Sequence[str] | None = None, *, latency_sensitive: bool = False,
                   existing_ethernet: bool = False) -> tuple[str, ...]:
    """The order the criteria are applied in: the user's own, else latency first for latency-sensitive users; an
    operator that already runs Ethernet puts "operations" right after the first priority."""
    order = list(priorities) if priorities else list(LATENCY_FIRST if latency_sensitive else DEFAULT_PRIORITIES)
    if existing_ethernet and "operations" not in order:
        order.insert(1, "operations")
    return tuple(order)


@dataclass(frozen=True)
class Option:
    """One design that could be recommended, with the figures the priorities compare."""

    id: str
    label: Message
    protocol: str                     # "ib", "rocev2" or "hybrid": what its back-end runs
    capex: float
    tco: float
    currency: str
    time_s: float | None = None       # completion time, or training-step time (healthy run)
    p99_us: float | None = None
    preset: str | None = None         # settings preset its run reports (None: the stored settings)
    figures: dict = field(default_factory=dict, compare=False, hash=False)
    buildable: bool = True            # False: shown for comparison, never recommended (protocol_options.py)

    def value(self, criterion: str) -> float | None:
        """Lower is better for every criterion; None when the option lacks the figure."""
        if criterion == "performance":
            return self.time_s
        if criterion == "cost":
            return self.tco
        if criterion == "latency":
            return self.p99_us
        return 0.0 if self.protocol == "rocev2" else 1.0      # operations: does it add an InfiniBand fabric?

    def shown(self, criterion: str) -> Message:
        """The figure a reason quotes for `criterion`."""
        if criterion == "performance":
            return Duration(self.time_s or 0.0)
        if criterion == "cost":
            return Money(self.tco, self.currency)
        if criterion == "latency":
            return Micros(self.p99_us or 0.0)
        return Message("rec.ops.ethernet" if self.protocol == "rocev2" else "rec.ops.ib")


@dataclass(frozen=True)
class Step:
    """One priority applied while choosing: the options it kept (within the band of the best) and set aside."""

    criterion: str
    kept: tuple[str, ...]
    dropped: tuple[str, ...]


@dataclass
class Recommendation:
    """The ranked options (within the budget first), the chosen one (None when none fits) and how it was chosen."""

    options: list[Option]
    chosen: str | None
    priorities: tuple[str, ...]
    budget: float | None
    steps: list[Step]

    def option(self, option_id: str) -> Option:
        return next(o for o in self.options if o.id == option_id)

    @property
    def chosen_option(self) -> Option | None:
        return self.option(self.chosen) if self.chosen else None

    def within_budget(self, option_id: str) -> bool | None:
        return None if self.budget is None else self.option(option_id).capex <= self.budget

    @property
    def over_budget(self) -> list[Option]:
        return [o for o in self.options if self.within_budget(o.id) is False]

    def label(self, language: str | None = None) -> str:
        """The recommended option as every page and every JSON names it."""
        chosen = self.chosen_option
        return chosen.label.render(language) if chosen else render("rec.none", language)

    def headline(self, language: str | None = None) -> str:
        """The recommendation in one plain sentence: the chosen option, or that nothing fits the budget and what the
        cheapest option costs."""
        cheapest = self.cheapest_over_budget
        if self.chosen is None and cheapest is not None and self.budget is not None:
            return Message("rec.headline.none_fits", budget=Money(self.budget, cheapest.currency),
                           label=cheapest.label, capex=Money(cheapest.capex, cheapest.currency)).render(language)
        return Message("rec.headline", label=self.label(language)).render(language)

    @property
    def cheapest_over_budget(self) -> Option | None:
        return min(self.over_budget, key=lambda o: o.capex, default=None)

    def rule(self, language: str | None = None) -> str:
        """How the options were ranked, in one sentence."""
        order = Joined(Message(f"rec.criterion.{c}") for c in self.priorities)
        bands = Joined(Message("rec.band", criterion=Message(f"rec.criterion.{c}"), band=Percent(TIE_BANDS[c]))
                       for c in self.priorities if TIE_BANDS[c] > 0)
        return Message("rec.rule", order=order, bands=bands).render(language)

    def reason_messages(self) -> list[Message]:
        """Why the chosen option: the budget, the options that cannot be built, then each priority that was applied,
        nothing else."""
        out: list[Message] = []
        over = self.over_budget
        if over and self.budget is not None:
            currency = over[0].currency
            cheapest = self.cheapest_over_budget
            if self.chosen is None and cheapest is not None:
                return [Message("rec.reason.none_fits", budget=Money(self.budget, currency), label=cheapest.label,
                                capex=Money(cheapest.capex, currency))]
            key = "rec.reason.over_budget.one" if len(over) == 1 else "rec.reason.over_budget"
            out.append(Message(key, count=len(over), total=len(self.options),
                               budget=Money(self.budget, currency), labels=Joined((o.label for o in over), "list.sep")))
        unbuildable = [o for o in self.options if not o.buildable]
        if unbuildable:
            out.append(Message("rec.reason.not_buildable", labels=Joined((o.label for o in unbuildable), "list.sep")))
        for step in self.steps:
            out.append(self._step_reason(step))
        if self.chosen and (not self.steps or len(self.steps[-1].kept) > 1):
            pool = self.steps[-1].kept if self.steps else tuple(
                o.id for o in self.options if o.buildable and self.within_budget(o.id) is not False)
            if len(pool) > 1:
                out.append(Message("rec.reason.first_listed", label=self.option(self.chosen).label))
        return out

    def _step_reason(self, step: Step) -> Message:
        c = step.criterion
        band = Percent(TIE_BANDS[c])
        kept = [self.option(i) for i in step.kept]
        if not step.dropped:
            values = Joined((Message("rec.value", label=o.label, value=o.shown(c)) for o in kept), "list.sep")
            return Message(f"rec.tie.{c}", values=values, band=band)
        runner = min((self.option(i) for i in step.dropped), key=lambda o: o.value(c) or 0.0)
        best = min(kept, key=lambda o: o.value(c) or 0.0)
        gap = _gap(c, best, runner)
        if len(kept) == 1:
            return Message(f"rec.decides.{c}", winner=best.label, value=best.shown(c), other=runner.label,
                           other_value=runner.shown(c), gap=gap, band=band)
        return Message(f"rec.narrows.{c}", kept=Joined((o.label for o in kept), "list.sep", and_last=True),
                       value=best.shown(c),
                       other=runner.label, other_value=runner.shown(c), band=band)

    def reasons(self, language: str | None = None) -> list[str]:
        return [m.render(language) for m in self.reason_messages()]

    def to_dict(self) -> dict:
        """JSON form (`report --json`, `advise --json`): the choice, the rule and every option, English text."""
        options = []
        for rank, o in enumerate(self.options, start=1):
            options.append({"rank": rank, "id": o.id, "label": o.label.render("en"), "protocol": o.protocol,
                            "preset": o.preset, "within_budget": self.within_budget(o.id), "time_s": o.time_s,
                            "p99_latency_us": o.p99_us, "capex": round(o.capex, 2), "tco": round(o.tco, 2),
                            "currency": o.currency})
        return {"recommended": self.chosen, "recommended_label": self.label("en"), "priorities": list(self.priorities),
                "budget": self.budget, "tie_bands": {c: TIE_BANDS[c] for c in self.priorities},
                "rule": self.rule("en"), "reasons": self.reasons("en"), "options": options}


def _gap(criterion: str, best: Option, other: Option) -> Message:
    """How much worse the runner-up is: a share of time or latency, an amount of money, or nothing."""
    if criterion == "cost":
        return Money(other.tco - best.tco, best.currency)
    a, b = best.value(criterion) or 0.0, other.value(criterion) or 0.0
    return Percent(b / a - 1.0 if a > 0 else 0.0)


def _choose(pool: list[Option], priorities: Sequence[str]) -> tuple[Option, list[Step]]:
    """The option the priorities pick from `pool`, and the steps that picked it."""
    alive, steps = list(pool), []
    for criterion in priorities:
        if len(alive) < 2:
            break
        values = [o.value(criterion) for o in alive]
        if any(v is None for v in values):
            continue                                  # not every option has this figure: it cannot rank them
        best = min(v for v in values if v is not None)
        limit = best * (1.0 + TIE_BANDS[criterion]) + _EPSILON * max(1.0, abs(best))
        kept = [o for o, v in zip(alive, values, strict=True) if v is not None and v <= limit]
        dropped = [o for o in alive if o not in kept]
        steps.append(Step(criterion, tuple(o.id for o in kept), tuple(o.id for o in dropped)))
        alive = kept
    return alive[0], steps


def _rank(pool: list[Option], priorities: Sequence[str]) -> tuple[list[Option], list[Step]]:
    """Every option of `pool` in the order the rule picks them; the steps that picked the first."""
    remaining, ranked, first_steps = list(pool), [], None
    while remaining:
        winner, steps = _choose(remaining, priorities)
        if first_steps is None:
            first_steps = steps
        ranked.append(winner)
        remaining.remove(winner)
    return ranked, first_steps or []


def decide(options: Sequence[Option], priorities: Sequence[str] | None = None,
           budget: float | None = None) -> Recommendation:
    """Rank `options` (listed in the order a full tie keeps) and choose one within `budget` (capital cost)."""
    if not options:
        raise ValueError("nothing to recommend: no options")
    order = tuple(priorities) if priorities else DEFAULT_PRIORITIES
    within = [o for o in options if o.buildable and (budget is None or o.capex <= budget)]
    over = [o for o in options if o not in within]
    ranked, steps = _rank(within, order)
    ranked_over, _ = _rank(over, order)
    return Recommendation(ranked + ranked_over, ranked[0].id if ranked else None, order, budget, steps)
