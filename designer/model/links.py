"""Links: a cable between two specific ports."""

from __future__ import annotations

from dataclasses import dataclass

CABLE_TYPES = ("dac", "aoc", "optics")


@dataclass(frozen=True)
class Endpoint:
    node: str
    port: str

    def __str__(self) -> str:
        return f"{self.node}:{self.port}"


@dataclass
class Link:
    """A cable joining port `a` to port `b` on one plane."""

    id: str
    a: Endpoint
    b: Endpoint
    speed_gbps: float
    cable: str = "dac"       # dac | aoc | optics
    length_m: float = 2.0
    plane: str = "backend"   # backend | frontend

    def other(self, node_id: str) -> Endpoint:
        return self.b if self.a.node == node_id else self.a

    def touches(self, node_id: str) -> bool:
        return self.a.node == node_id or self.b.node == node_id
