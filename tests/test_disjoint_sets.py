"""Disjoint sets: groups of items joined by links (switch fabrics, rails, pods)."""

from designer.topology.disjoint_sets import DisjointSets


def test_groups_map_each_representative_to_its_items_in_the_order_seen():
    sets: DisjointSets[str] = DisjointSets()
    sets.union("leaf-1", "spine-1")
    sets.union("leaf-2", "spine-1")
    sets.union("rail-a", "rail-b")
    sets.find("alone")
    groups = sets.groups()
    assert sorted(sorted(g) for g in groups.values()) == [["alone"], ["leaf-1", "leaf-2", "spine-1"],
                                                          ["rail-a", "rail-b"]]
    assert all(sets.find(item) == root for root, items in groups.items() for item in items)
    root = sets.find("leaf-2")
    assert groups[root] == [item for item in sets if sets.find(item) == root]      # in the order of iteration
