"""The proposal's fixed text in Simplified Chinese (terms: resources/i18n/glossary_zh_CN.md)."""

from __future__ import annotations

ZH_CN: dict[str, str] = {}
