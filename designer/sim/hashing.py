"""Seeded, vectorised 64-bit hashing (splitmix64 finaliser) for ECMP path choice and sampling."""

from __future__ import annotations

import numpy as np

from designer.sim.dynamics.jit import njit

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_M1 = np.uint64(0xBF58476D1CE4E5B9)
_M2 = np.uint64(0x94D049BB133111EB)


def mix64(x: np.ndarray) -> np.ndarray:
    """splitmix64 finaliser of each element (uint64 arithmetic wraps modulo 2**64 by design)."""
    with np.errstate(over="ignore"):
        z = np.asarray(x, dtype=np.uint64) + _GOLDEN
        z = (z ^ (z >> np.uint64(30))) * _M1
        z = (z ^ (z >> np.uint64(27))) * _M2
        return z ^ (z >> np.uint64(31))


@njit
def mix64_one(x: np.uint64) -> np.uint64:
    """`mix64` of one value, for compiled loops."""
    z = x + _GOLDEN
    z = (z ^ (z >> np.uint64(30))) * _M1
    z = (z ^ (z >> np.uint64(27))) * _M2
    return z ^ (z >> np.uint64(31))


def hash_fields(seed: int, *fields: np.ndarray) -> np.ndarray:
    """One hash per row of the given integer fields (e.g. a 5-tuple and a switch id)."""
    h = mix64(np.uint64(seed & 0xFFFFFFFFFFFFFFFF) + np.zeros(1, dtype=np.uint64))
    for f in fields:
        h = mix64(h ^ np.asarray(f).astype(np.uint64))
    return h
