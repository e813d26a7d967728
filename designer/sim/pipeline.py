"""The pace of a pipelined collective: no stage outruns the pipeline's slowest link.

NCCL runs its tree and SHARP AllReduce as pipelines of chunks: a rank forwards a chunk once it has received it, and a
sender writes only into buffer slots its receiver has freed (NCCL_STEPS slots per connection), so every edge of the
pipeline moves its chunks at the pace of the busiest link the pipeline crosses (Sanders, Speck and Träff, "Two-tree
algorithms for full bandwidth broadcast, reduction and scan", Parallel Computing 2009; NVIDIA, "Massively scale your
deep learning training with NCCL 2.4", 2019; docs/references.md [nccl-trees]). A greedy sender that ignored this would
offer more than its share to the links it shares with the rest of the pipeline, fill their queues and block other
stages behind them: traffic a self-clocked pipeline never sends.

With the pipeline's own bytes alone on the fabric, the busiest link sets the time T = max over ports of (bytes
crossing the port / its rate); each flow then runs at no more than its bytes / T. Other traffic on the same links
slows the pipeline further through the queues, as it would the real one.
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp


def pipeline_pace_Bps(route: sp.csr_matrix, size_B: np.ndarray, capacity_Bps: np.ndarray) -> np.ndarray:
    """Highest rate of each flow of a pipeline: its bytes over the time the busiest port needs for the pipeline's
    bytes. `route` is ports x flows (share of each flow's bytes crossing each port)."""
    load_B = route @ size_B
    busy = (load_B > 0) & (capacity_Bps > 0)
    if not busy.any():
        return np.full(len(size_B), np.inf)
    time_s = float(np.max(load_B[busy] / capacity_Bps[busy]))     # > 0: a busy port carries bytes at a rate
    pace: np.ndarray = size_B / time_s
    return pace
