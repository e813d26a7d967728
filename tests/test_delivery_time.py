"""The send-curve lookup of delivery_time.py: a flow's cursor gives the same answer as searching the whole ring."""

import numpy as np

from designer.sim.dynamics import delivery_time as D


def _reference(f, position, now, sent_now, ck_t, ck_sent, meta):
    """Search every kept checkpoint in order (what the cursor must agree with)."""
    mask = len(ck_t) - 1
    order = [(meta[D.HEAD] + i) & mask for i in range(meta[D.COUNT])]
    sent = np.array([ck_sent[f, p] for p in order])
    lo = int(np.searchsorted(sent, position, side="left"))
    if lo == 0:
        return now if not order else ck_t[order[0]]
    t0, s0 = ck_t[order[lo - 1]], sent[lo - 1]
    t1, s1 = (now, sent_now) if lo == len(order) else (ck_t[order[lo]], sent[lo])
    return t1 if s1 <= s0 else t0 + (t1 - t0) * (position - s0) / (s1 - s0)


def test_cursor_lookups_equal_a_full_search_through_drops_and_thinning():
    rng = np.random.default_rng(7)
    n_flows, depth = 3, 8                       # a small ring: it fills, drops and thins many times
    ck_t, ck_sent, meta, cursor = D.new_checkpoints(n_flows, depth)
    sent, arrived = np.zeros(n_flows), np.zeros(n_flows)
    done = np.zeros(n_flows)
    compared = thinned = 0
    for step in range(1, 600):
        t = step * 1e-6
        sent += rng.uniform(0, 4000, n_flows) * (rng.random(n_flows) < 0.8)
        arrived = np.minimum(sent, arrived + rng.uniform(0, 3000, n_flows) * (step % 50 > 5))
        stride = meta[D.STRIDE]
        D.checkpoint(t, sent, arrived, done, ck_t, ck_sent, meta, cursor)
        thinned += int(meta[D.STRIDE] > stride)
        for f in range(n_flows):
            position = arrived[f]
            want = _reference(f, position, t, sent[f], ck_t, ck_sent, meta)
            got = D.sent_time(f, position, t, sent[f], ck_t, ck_sent, meta, cursor)
            assert got == want, (step, f)
            compared += 1
    assert thinned >= 2 and compared == 3 * 599
