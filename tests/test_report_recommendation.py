"""The one recommendation: ranked by the priorities in order with tie bands, within the budget, and its reasons
cite only the comparisons that decided."""

from __future__ import annotations

import pytest

from designer.analysis.recommendation import (
    TIE_BANDS,
    Option,
    PrioritiesError,
    decide,
    parse_priorities,
    priority_order,
)
from designer.i18n.message import Message


def option(oid: str, protocol: str, time_s: float, tco: float, p99: float = 2.0, capex: float | None = None) -> Option:
    return Option(id=oid, label=Message(f"rec.option.{protocol}"), protocol=protocol, capex=capex or tco * 0.7,
                  tco=tco, currency="USD", time_s=time_s, p99_us=p99)


def test_a_time_gap_inside_the_band_is_a_tie_and_cost_decides():
    # InfiniBand 0.09 % faster but dearer: that is no reason to pay more
    ib, roce = option("ib", "ib", 1.0000, 8_372_000), option("rocev2", "rocev2", 1.0009, 8_000_000)
    rec = decide([ib, roce])
    assert rec.chosen == "rocev2"
    assert [s.criterion for s in rec.steps] == ["performance", "cost"]
    reasons = rec.reasons()
    assert reasons[0].startswith("Time is a tie") and "2 %" in reasons[0]
    assert reasons[1].startswith("Cost decides") and "$372,000 less" in reasons[1]


def test_a_time_gap_beyond_the_band_decides_and_cost_is_not_cited():
    ib, roce = option("ib", "ib", 1.0, 9_000_000), option("rocev2", "rocev2", 1.0 * (1 + 2 * TIE_BANDS["performance"]),
                                                             8_000_000)
    rec = decide([roce, ib])
    assert rec.chosen == "ib"
    assert [s.criterion for s in rec.steps] == ["performance"]
    text = " ".join(rec.reasons())
    assert "Time decides" in text and "cost" not in text.lower()


def test_over_budget_options_are_shown_marked_and_never_recommended():
    fast = option("ib", "ib", 1.0, 10_000_000, capex=9_000_000)
    slow = option("rocev2", "rocev2", 2.0, 8_000_000, capex=5_000_000)
    rec = decide([fast, slow], budget=6_000_000)
    assert rec.chosen == "rocev2"
    assert [o.id for o in rec.options] == ["rocev2", "ib"]          # within first, then over, both shown
    assert rec.within_budget("ib") is False and rec.within_budget("rocev2") is True
    assert rec.reasons()[0].startswith("1 of the 2 options exceeds the budget of $6,000,000")
    two_over = decide([fast, option("hybrid", "hybrid", 1.5, 9e6, capex=8e6), slow], budget=6_000_000)
    assert two_over.reasons()[0].startswith("2 of the 3 options exceed the budget")
    assert rec.to_dict()["options"][1]["within_budget"] is False


def test_no_option_within_the_budget_means_none_is_recommended():
    rec = decide([option("ib", "ib", 1.0, 9e6, capex=8e6), option("rocev2", "rocev2", 2.0, 8e6, capex=7e6)],
                 budget=1e6)
    assert rec.chosen is None and rec.chosen_option is None
    assert rec.label() == "no option (none fits the budget)"
    assert len(rec.reasons()) == 1 and "the cheapest, the RoCEv2 back-end, needs $7,000,000" in rec.reasons()[0]
    assert rec.headline() == ("Nothing fits the budget of $1,000,000 in capital cost: the cheapest candidate, the "
                              "RoCEv2 back-end, costs $7,000,000. No candidate is recommended.")
    assert "1,000,000" in rec.headline("zh_CN") and "7,000,000" in rec.headline("zh_CN")
    assert "Nothing" not in rec.headline("zh_CN")
    assert rec.to_dict()["recommended"] is None


def test_latency_first_picks_the_lower_tail_and_operations_prefer_ethernet():
    a = option("ib", "ib", 1.0, 9e6, p99=1.0)
    b = option("rocev2", "rocev2", 0.9, 8e6, p99=5.0)
    assert decide([a, b]).chosen == "rocev2"
    assert decide([a, b], priority_order(latency_sensitive=True)).chosen == "ib"
    near = option("ib", "ib", 0.995, 7e6)
    assert decide([near, option("rocev2", "rocev2", 1.0, 8e6)]).chosen == "ib"
    with_ops = decide([near, option("rocev2", "rocev2", 1.0, 8e6)], priority_order(existing_ethernet=True))
    assert with_ops.chosen == "rocev2" and "Existing Ethernet operations decide" in with_ops.reasons()[-1]


def test_a_full_tie_keeps_the_first_listed_and_says_so():
    rec = decide([option("ib", "ib", 1.0, 8e6, p99=2.0), option("rocev2", "rocev2", 1.0, 8e6, p99=2.0)])
    assert rec.chosen == "ib"
    assert rec.reasons()[-1] == "Every priority ties, so the InfiniBand back-end, listed first, is kept."


def test_rank_order_covers_every_option_and_the_rule_states_the_bands():
    opts = [option(f"o{i}", "rocev2", 1.0 + i / 10, 8e6 - i) for i in range(5)]
    rec = decide(opts)
    assert [o.id for o in rec.options] == ["o0", "o1", "o2", "o3", "o4"]
    rule = rec.rule()
    assert "time within 2 %" in rule and "total cost of ownership within 1 %" in rule
    assert "never recommended" in rule


def test_priorities_are_checked_and_ordered():
    assert parse_priorities("cost, performance") == ("cost", "performance")
    assert parse_priorities("") == ("performance", "cost", "latency")
    with pytest.raises(PrioritiesError, match="unknown priority 'speed'"):
        parse_priorities("speed,cost")
    with pytest.raises(PrioritiesError):
        parse_priorities("cost,cost")
    assert priority_order(("cost",), existing_ethernet=True) == ("cost", "operations")


def test_reasons_render_in_chinese_with_the_same_figures():
    rec = decide([option("ib", "ib", 1.0, 8_372_000), option("rocev2", "rocev2", 1.0009, 8_000_000)])
    zh = rec.reasons("zh_CN")
    assert len(zh) == len(rec.reasons())
    assert zh[0].startswith("用时持平") and "2%" in zh[0]
    assert "US$372,000" in zh[1] and "RoCEv2 后端" in zh[1]
    assert rec.label("zh_CN") == "RoCEv2 后端" and rec.label() == "RoCEv2 back-end"
