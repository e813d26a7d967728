"""Which draining phases need the fluid queues, and which drain beside them at max-min rates.

The queues are needed where senders offer a port more than it carries. What happens there reaches other traffic
only through what they share: a port (its queue, its PAUSE frames, its credits) and, for traffic that may be
dropped, a switch's shared buffer (a lossy queue's limit follows the buffer the whole switch has left:
shared_buffer.py; lossless bytes count in that buffer too). Lossless traffic on other ports of the same switch is
paused by its own port's ingress and headroom alone (IEEE 802.1Qbb), so it does not feel the others.

Phases are therefore grouped by what they share, transitively (a pause spreads upstream hop by hop): the groups
that hold an over-offered port, or a phase already in the queues, run in the queues; every other group drains at
max-min rates at the same time, as it would alone. Two jobs on separate leaves thus keep their own times when
one of them congests its leaves (before, a congested job pulled every running phase into the queues, whose
one-step-per-hop transit the others then paid as well).
"""

from __future__ import annotations

import numpy as np
import scipy.sparse as sp
from scipy.sparse.csgraph import connected_components


def in_queues(ports: list[np.ndarray], lossy: list[bool], port_buffer: np.ndarray, over_offered: np.ndarray,
              installed: list[bool]) -> np.ndarray:
    """Per phase: whether it drains in the queues. `ports[k]`: the ports phase k's flows cross; `lossy[k]`:
    whether they may be dropped; `port_buffer`: each port's shared buffer (-1 none); `over_offered`: per port;
    `installed[k]`: phase k is in the queues already."""
    n = len(ports)
    if n == 0:
        return np.zeros(0, dtype=bool)
    n_ports = len(port_buffer)
    res, owner = [], []
    for k, p in enumerate(ports):
        res.append(p)
        owner.append(np.full(len(p), k))
        buffers = np.unique(port_buffer[p])
        buffers = buffers[buffers >= 0]
        res.append(n_ports + 2 * buffers + (1 if lossy[k] else 0))   # a buffer as used by lossless / lossy traffic
        owner.append(np.full(len(buffers), k))
    resource, phase = np.concatenate(res), np.concatenate(owner)
    _link_lossy_buffers(resource, phase, n_ports)
    pairs = np.unique(np.stack([resource, phase], axis=1), axis=0)
    same = pairs[1:, 0] == pairs[:-1, 0]
    a, b = pairs[:-1, 1][same], pairs[1:, 1][same]
    graph = sp.coo_matrix((np.ones(len(a)), (a, b)), shape=(n, n))
    _, component = connected_components(graph, directed=False)
    hot = np.asarray(installed, dtype=bool)
    for k, p in enumerate(ports):
        hot[k] |= bool(over_offered[p].any())
    return np.isin(component, component[hot])


def _link_lossy_buffers(resource: np.ndarray, phase: np.ndarray, n_ports: int) -> None:
    """Where a buffer has a lossy user, every user of it shares it: their entries name the buffer alike (in
    place). A buffer used by lossless traffic only joins no one."""
    is_buffer = resource >= n_ports
    lossy_buffers = np.unique((resource[is_buffer & ((resource - n_ports) % 2 == 1)] - n_ports) // 2)
    buffer = (resource - n_ports) // 2
    shared = is_buffer & np.isin(buffer, lossy_buffers)
    resource[shared] = n_ports + 2 * buffer[shared] + 1
    # a buffer without a lossy user: each phase its own entry (never shared)
    alone = is_buffer & ~shared
    resource[alone] = -1 - phase[alone]
