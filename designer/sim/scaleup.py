"""Scale-up (NVLink) domains as the engine sees them: which ranks share one, and what NVLink SHARP saves.

A scale-up domain is one server node of the design: its GPUs reach each other over NVLink, never through a NIC
(8 GPUs of an HGX server, 72 of a GB200 or GB300 NVL72 rack). Its size is the node's GPU count, read from the
design, never assumed. Parallel groups map onto domains first: the rank order is domain by domain (tensor
parallel fastest, then data parallel; training.py), so a tensor- or expert-parallel group whose GPUs divide the
domain's stays inside one.

NVLink SHARP (NVLS): the NVLink switches of NVSwitch-3 and NVLink 5 systems reduce in the switch. NVIDIA describes
its AllReduce as each GPU writing its data to the switch once and reading the reduced result once (multimem
load-reduce and multicast store), where a ring reduce-scatter and all-gather sends each byte over the GPU's link
twice: half the bytes a GPU sends for the reduce-scatter and all-gather inside the domain
(docs/references.md [nvidia-nvls]). The catalog says which server models have it (`nvlink_sharp`).
"""

from __future__ import annotations

import numpy as np

from designer.sim.compile import CompiledFabric

NVLS_BYTES_FACTOR = 0.5     # NVLink SHARP: S once, not 2(g-1)/g·S (docs/references.md [nvidia-nvls])


def domain_gpus(fab: CompiledFabric) -> int:
    """GPUs of the design's largest scale-up domain (8 for HGX servers, 72 for NVL72 racks)."""
    return fab.gpus_per_server()


def within_domains(fab: CompiledFabric, groups: np.ndarray) -> bool:
    """Whether every row of `groups` (ranks) lies inside one scale-up domain."""
    if groups.size == 0:
        return True
    servers = fab.gpu_server[groups]
    return bool((servers == servers[:, :1]).all())


def nvls_factor(fab: CompiledFabric, ranks: np.ndarray) -> float:
    """The share of its bytes a GPU sends for a reduce-scatter plus all-gather inside its domain: 0.5 where every
    rank's domain reduces in its NVLink switches, 1.0 elsewhere."""
    has = fab.gpu_nvls[ranks] if len(fab.gpu_nvls) == fab.n_gpus else np.zeros(0, dtype=bool)
    return NVLS_BYTES_FACTOR if has.size and bool(has.all()) else 1.0


def scaleup_share(nvlink_bytes: float, network_bytes: float) -> float | None:
    """The share of the delivered bytes that stayed inside scale-up domains (None when nothing moved)."""
    total = nvlink_bytes + network_bytes
    return nvlink_bytes / total if total > 0 else None
