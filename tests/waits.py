"""How long GUI tests wait for work done in the background (a run, a comparison, a sweep, an export).

Every such wait is on a condition or a signal and ends as soon as it holds; the timeout only guards against a
hang. It is not a speed bound (benchmarks/ measure speed), so it allows for a machine loaded many times over:
a 20 s bound on a run that takes 2 s alone failed on a 2-core machine running ten other processes.
"""

BACKGROUND_WORK_MS = 600_000
