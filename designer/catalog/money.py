"""Money in the design's currency: the catalog holds USD; CNY converts at the project's rate."""

from __future__ import annotations


def convert_usd(amount_usd: float, currency: str, cny_per_usd: float) -> float:
    if currency == "USD":
        return amount_usd
    if currency == "CNY":
        return amount_usd * cny_per_usd
    raise ValueError(f"unknown currency '{currency}' (USD or CNY)")


def format_money(amount: float, currency: str) -> str:
    symbol = {"USD": "$", "CNY": "¥"}.get(currency, "")
    return f"{symbol}{amount:,.0f}"
