"""How the proposal writes quantities: bandwidth, time, latency, power, ratios (units always shown)."""

from __future__ import annotations


def gbps(value_gbps: float | None) -> str:
    """Gb/s up to 10 Tb/s, then Tb/s (a consultant reads '51.2 Tb/s', not '51200 Gb/s')."""
    if value_gbps is None:
        return "–"
    if value_gbps >= 10_000:
        return f"{value_gbps / 1000:,.1f} Tb/s"
    return f"{value_gbps:,.0f} Gb/s" if value_gbps >= 100 else f"{value_gbps:,.1f} Gb/s"


def seconds(value_s: float | None) -> str:
    if value_s is None:
        return "–"
    if value_s >= 1:
        return f"{value_s:,.2f} s"
    if value_s >= 1e-3:
        return f"{value_s * 1e3:,.2f} ms"
    return f"{value_s * 1e6:,.1f} µs"


def micros(value_us: float | None) -> str:
    return "–" if value_us is None else f"{value_us:,.2f} µs"


def watts(value_w: float) -> str:
    return f"{value_w / 1000:,.1f} kW" if value_w >= 10_000 else f"{value_w:,.0f} W"


def percent(fraction: float | None, digits: int = 1) -> str:
    return "–" if fraction is None else f"{fraction * 100:.{digits}f} %"


def ratio(value: float | None) -> str:
    """Oversubscription as 'N:1' (1:1 is non-blocking)."""
    return "–" if value is None else f"{value:.2f}:1".replace(".00:", ":")


def bytes_count(value: int | float | None) -> str:
    if value is None:
        return "–"
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if value >= size:
            return f"{value / size:,.1f} {unit}"
    return f"{value:,.0f} B"
