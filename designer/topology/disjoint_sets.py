"""Disjoint sets (union-find with path halving): grouping things joined by links, once for every caller."""

from __future__ import annotations

from collections.abc import Hashable, Iterator
from typing import Generic, TypeVar

T = TypeVar("T", bound=Hashable)


class DisjointSets(Generic[T]):
    """Items grouped by `union`; `find` gives a group's representative."""

    def __init__(self) -> None:
        self.parent: dict[T, T] = {}

    def find(self, x: T) -> T:
        parent = self.parent
        while parent.setdefault(x, x) != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    def union(self, a: T, b: T) -> None:
        """Join the group of `a` to the group of `b` (b's representative stays)."""
        self.parent[self.find(a)] = self.find(b)

    def __iter__(self) -> Iterator[T]:
        """The items seen so far."""
        return iter(list(self.parent))

    def groups(self) -> dict[T, list[T]]:
        """Each group's representative -> its items, in the order they were seen."""
        out: dict[T, list[T]] = {}
        for item in self:
            out.setdefault(self.find(item), []).append(item)
        return out
