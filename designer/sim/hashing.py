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
    """One hash per row of the given integer fields (e.g. a 5-tuple and a switch id): the seed's hash, then for
    each field in turn the hash of it XOR the field. Fields that are integer arrays of one length are hashed in one
    compiled pass (`_hash_rows`); NumPy's passes, a temporary array per operation, took 0.2-0.4 s for the three
    hashes of the 1,024-GPU AllToAll's 2 million sub-flows. Others (broadcast shapes) take those passes."""
    h = mix64(np.uint64(seed & 0xFFFFFFFFFFFFFFFF) + np.zeros(1, dtype=np.uint64))
    arrays = [np.asarray(f) for f in fields]
    if arrays and all(a.ndim == 1 and a.dtype.kind in "iu" and len(a) == len(arrays[0]) for a in arrays):
        return _hash_rows(h[0], tuple(np.ascontiguousarray(a, dtype=np.uint64) for a in arrays))
    for a in arrays:
        h = mix64(h ^ a.astype(np.uint64))
    return h


@njit
def _hash_rows(h0: np.uint64, fields: tuple[np.ndarray, ...]) -> np.ndarray:
    """`hash_fields` of 1-D uint64 fields of one length, row by row (`mix64_one` is `mix64` of one value)."""
    out = np.empty(len(fields[0]), np.uint64)
    for i in range(len(out)):
        h = h0
        for f in fields:
            h = mix64_one(h ^ f[i])
        out[i] = h
    return out
