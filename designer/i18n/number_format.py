"""How quantities are written for readers (proposal, advisor, command line): bandwidth, time, latency, power,
ratios, money and dates, units always shown.

Every formatter takes the proposal's `language` ("en" by default). Units stay SI in every language (Gb/s, µs,
kW) and digits are grouped by thousands ("1,234,567", the Chinese convention too); what changes is what a
reader of that language expects: Chinese writes a percentage without a space ("34%"), marks US dollars as
"US$" (a bare "$" is ambiguous next to "¥") and dates as 2026年11月30日.
"""

from __future__ import annotations

import datetime as _dt

# currency symbols per language; English keeps the symbols it always had
_MONEY_SYMBOLS = {"en": {"USD": "$", "CNY": "¥"}, "zh": {"USD": "US$", "CNY": "¥"}}


def _zh(language: str | None) -> bool:
    return language is not None and language.lower().startswith("zh")


def gbps(value_gbps: float | None, language: str = "en") -> str:
    """Gb/s up to 10 Tb/s, then Tb/s (a consultant reads '51.2 Tb/s', not '51200 Gb/s')."""
    if value_gbps is None:
        return "–"
    if value_gbps >= 10_000:
        return f"{value_gbps / 1000:,.1f} Tb/s"
    return f"{value_gbps:,.0f} Gb/s" if value_gbps >= 100 else f"{value_gbps:,.1f} Gb/s"


def seconds(value_s: float | None, language: str = "en") -> str:
    """A duration in s, ms or µs, whichever reads best."""
    if value_s is None:
        return "–"
    if value_s >= 1:
        return f"{value_s:,.2f} s"
    if value_s >= 1e-3:
        return f"{value_s * 1e3:,.2f} ms"
    return f"{value_s * 1e6:,.1f} µs"


def micros(value_us: float | None, language: str = "en") -> str:
    """A latency in µs with two decimals."""
    return "–" if value_us is None else f"{value_us:,.2f} µs"


def watts(value_w: float, language: str = "en") -> str:
    """Power in W, or kW from 10 kW."""
    return f"{value_w / 1000:,.1f} kW" if value_w >= 10_000 else f"{value_w:,.0f} W"


def percent(fraction: float | None, digits: int | None = 1, language: str = "en") -> str:
    """A fraction as a percentage ('34.0 %' in English, '34.0%' in Chinese); digits=None drops trailing zeros."""
    if fraction is None:
        return "–"
    number = f"{fraction * 100:g}" if digits is None else f"{fraction * 100:.{digits}f}"
    return f"{number}%" if _zh(language) else f"{number} %"


def ratio(value: float | None, language: str = "en") -> str:
    """Oversubscription as 'N:1' (1:1 is non-blocking)."""
    return "–" if value is None else f"{value:.2f}:1".replace(".00:", ":")


def bytes_count(value: int | float | None, language: str = "en") -> str:
    """A byte count in B, KiB, MiB or GiB."""
    if value is None:
        return "–"
    for unit, size in (("GiB", 1024**3), ("MiB", 1024**2), ("KiB", 1024)):
        if value >= size:
            return f"{value / size:,.1f} {unit}"
    return f"{value:,.0f} B"


def money(amount: float, currency: str, language: str = "en") -> str:
    """A whole amount with the currency's symbol: '$1,234,567' / '¥1,234,567'; in Chinese 'US$1,234,567'."""
    symbol = _MONEY_SYMBOLS["zh" if _zh(language) else "en"].get(currency, "")
    return f"{symbol}{amount:,.0f}"


def date(value: _dt.date | str, language: str = "en") -> str:
    """A date as ISO 2026-11-30 in English and 2026年11月30日 in Chinese; text that is not an ISO date, and any
    text in English, is kept as written."""
    if isinstance(value, str):
        if not _zh(language):
            return value
        try:
            day = _dt.date.fromisoformat(value.strip())
        except ValueError:
            return value
    else:
        day = value
    if _zh(language):
        return f"{day.year}年{day.month}月{day.day}日"
    return day.isoformat()
