"""Soak: thousands of random undoable edits and small simulations in one process; prints memory at
the start and the end (Python heap by tracemalloc, and the resident set size) and fails when the heap
grew by more than a small bound.

    python benchmarks/soak.py [--edits 3000] [--sims 30] [--bound-mib 20]
"""

from __future__ import annotations

import argparse
import gc
import os
import random
import resource
import sys
import time
import tracemalloc
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from PySide6.QtGui import QUndoStack
from PySide6.QtWidgets import QApplication

from designer.model.fileformat import dumps, loads
from designer.sim import api
from tests.factories import two_server_doc
from tests.random_edits import EDIT_KINDS, apply_edit

WORKLOADS = ["pingpong:4KiB", "allreduce:1MiB", "permutation:256KiB", "alltoall:64KiB"]


def rss_mib() -> float:
    """Peak resident set size of this process so far (Linux reports KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def one_round(rng: random.Random, edits: int) -> None:
    doc = two_server_doc()
    stack = QUndoStack()
    for _ in range(edits):
        apply_edit(stack, doc, rng.choice(EDIT_KINDS), rng.randrange(10**6), rng.uniform(-3000, 3000), "x")
        if len(doc.nodes) > 40:     # keep the design small: undo back a while
            for _ in range(10):
                stack.undo()
    assert dumps(loads(dumps(doc))) == dumps(doc)
    stack.clear()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--edits", type=int, default=3000)
    ap.add_argument("--sims", type=int, default=30)
    ap.add_argument("--bound-mib", type=float, default=20.0)
    args = ap.parse_args()
    app = QApplication.instance() or QApplication([])  # noqa: F841 - QUndoStack wants an application
    rng = random.Random(11)
    doc = two_server_doc()
    # warm-up: imports, caches and numpy pools reach their steady size before the first measurement
    one_round(rng, 200)
    api.run(doc, [WORKLOADS[0]])
    gc.collect()
    tracemalloc.start()
    start_heap, _ = tracemalloc.get_traced_memory()
    start_rss = rss_mib()
    print(f"start: heap {start_heap / 2**20:.1f} MiB, peak RSS {start_rss:.0f} MiB")
    t0 = time.perf_counter()
    rounds = max(1, args.edits // 300)
    sims_per_round = max(1, args.sims // rounds)
    for _ in range(rounds):
        one_round(rng, 300)
        for _ in range(sims_per_round):
            api.run(doc, [rng.choice(WORKLOADS)])
    gc.collect()
    end_heap, peak_heap = tracemalloc.get_traced_memory()
    growth = (end_heap - start_heap) / 2**20
    print(f"end:   heap {end_heap / 2**20:.1f} MiB (peak {peak_heap / 2**20:.1f}), peak RSS {rss_mib():.0f} MiB; "
          f"{rounds * 300} edits, {rounds * sims_per_round} simulations in {time.perf_counter() - t0:.1f} s; "
          f"heap growth {growth:+.2f} MiB (bound {args.bound_mib:g})")
    return 0 if growth <= args.bound_mib else 1


if __name__ == "__main__":
    sys.exit(main())
