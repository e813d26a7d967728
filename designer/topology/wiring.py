"""Collects the nodes and links of a generated design: readable ids, link ids L1.., cables by reach."""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.links import Endpoint, Link
from designer.model.nodes import Node


@dataclass(frozen=True)
class Cable:
    """The cable a class of links gets: type and length in metres (kept within the type's reach)."""

    type: str
    length_m: float


# Cable rules of thumb: DAC < 3 m, AOC < 30 m, fibre 100 m+ (docs/references.md [cable-reach]).
IN_RACK_DAC = Cable("dac", 2.0)          # server to its own top-of-rack leaf
CROSS_RACK_AOC = Cable("aoc", 10.0)      # server to a rail leaf a few racks away
LEAF_SPINE_AOC = Cable("aoc", 20.0)      # leaf to spine within a row
SPINE_CORE_OPTICS = Cable("optics", 100.0)  # spine to core across the hall
GATEWAY_AOC = Cable("aoc", 15.0)         # gateway to the spines of the pods it joins


class DesignBuilder:
    """Accumulates nodes and links; the generator hands the result to a FabricDocument in one go.

    Building the dictionaries directly (instead of FabricDocument.add_link, which looks every port up)
    keeps a 16,384-GPU design to a second or two; the tests check every link's ports instead.
    """

    def __init__(self, widths: dict[str, int] | None = None) -> None:
        self.nodes: dict[str, Node] = {}
        self.links: dict[str, Link] = {}
        self._widths = widths or {}
        self._counters: dict[str, int] = {}

    def next_id(self, prefix: str) -> str:
        """`prefix` + the next number, zero-padded to the width chosen for that prefix (srv-001, leaf-01)."""
        n = self._counters.get(prefix, 0) + 1
        self._counters[prefix] = n
        return f"{prefix}{n:0{self._widths.get(prefix, 2)}d}"

    def add(self, node: Node) -> Node:
        self.nodes[node.id] = node
        return node

    def link(self, a: tuple[str, str], b: tuple[str, str], speed_gbps: float, cable: Cable, plane: str,
             length_m: float | None = None) -> Link:
        link_id = f"L{len(self.links) + 1}"
        link = Link(link_id, Endpoint(*a), Endpoint(*b), float(speed_gbps), cable.type,
                    float(cable.length_m if length_m is None else length_m), plane)
        self.links[link_id] = link
        return link


def dac_length_m(slot: int) -> float:
    """2, 2.5 or 3 m by position in the rack: every in-rack DAC stays within its 3 m reach."""
    return 2.0 + 0.5 * (slot % 3)
