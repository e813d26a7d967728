"""Lists in a sentence: options whose names hold commas are listed with semicolons, and the last follows "and" so that
"the InfiniBand back-end; RoCEv2 back-end, within 2 %" no longer reads as two clauses."""

from designer.analysis.quantities import Joined

LABELS = ["InfiniBand fat tree, 1:1", "RoCEv2 fat tree (ECMP, 16 queue pairs), 1:1", "hybrid back-end"]


def test_two_items_are_joined_by_and_three_by_semicolons_then_and():
    assert Joined(LABELS[:1], "list.sep", and_last=True).render("en") == LABELS[0]
    assert Joined(LABELS[:2], "list.sep", and_last=True).render("en") == f"{LABELS[0]} and {LABELS[1]}"
    assert Joined(LABELS, "list.sep", and_last=True).render("en") == "; ".join(LABELS[:2]) + f"; and {LABELS[2]}"
    assert Joined(["a", "b", "c"], and_last=True).render("en") == "a, b, and c"


def test_chinese_lists_end_with_he_or_yiji_spaced_only_from_latin():
    assert Joined(["甲", "乙"], "list.sep", and_last=True).render("zh_CN") == "甲和乙"
    assert Joined(["甲", "乙", "丙"], "list.sep", and_last=True).render("zh_CN") == "甲；乙；以及丙"
    assert Joined(["甲", "乙", "丙"], and_last=True).render("zh_CN") == "甲、乙和丙"
    assert Joined(["InfiniBand 后端", "RoCEv2 后端"], "list.sep", and_last=True).render("zh_CN") == (
        "InfiniBand 后端和 RoCEv2 后端")
    assert Joined(["胖树 1:1", "RoCEv2"], and_last=True).render("zh_CN") == "胖树 1:1 和 RoCEv2"


def test_without_and_last_a_list_is_joined_as_before():
    assert Joined(LABELS, "list.sep").render("en") == "; ".join(LABELS)
