"""Simulation runs at a segment settings preset ("recommended": what vendors and large operators run for AI;
"plain": an untuned fabric), so that a comparison sets each protocol up as its vendors recommend.

The engine takes the preset as `SimOptions.preset` (every segment then runs that preset's values for its hardware)
and reports each segment's preset in its result. An engine without presets runs the settings stored with the
design: `presets_supported()` tells the proposal which of the two it may write.
"""

from __future__ import annotations

import dataclasses

from designer.model.document import FabricDocument
from designer.sim import SimOptions

RECOMMENDED, PLAIN, CUSTOM = "recommended", "plain", "custom"
PRESETS = (RECOMMENDED, PLAIN)


def presets_supported() -> bool:
    """True when the engine can run a preset (SimOptions has a `preset`)."""
    return "preset" in {f.name for f in dataclasses.fields(SimOptions)}


def sim_options(*, seed: int = 1, preset: str | None = None, **kw: object) -> SimOptions:
    """SimOptions for a run at `preset` where the engine has presets; else at the stored settings."""
    if preset is not None and presets_supported():
        kw["preset"] = preset
    return SimOptions(seed=seed, **kw)  # type: ignore[arg-type]


def segment_preset(segment: object) -> str:
    """The preset a segment is drawn with ("custom" when the design predates presets)."""
    return str(getattr(segment, "preset", None) or CUSTOM)


def drawn_presets(doc: FabricDocument) -> set[str]:
    """The presets the design's segments are drawn with."""
    return {segment_preset(s) for s in doc.segments.values()}


def run_preset(result: dict | None) -> str | None:
    """The settings preset a run reports it ran at ("recommended", "plain", "custom", or "mixed" when its segments
    differ); None from an engine that reports none (it ran the settings stored with the design)."""
    name = (result or {}).get("preset")
    return str(name) if name else None


def result_presets(result: dict | None) -> dict[str, str]:
    """Segment id -> the preset a run used, as its result reports it ({} from an engine without presets)."""
    segments = (result or {}).get("segments") or {}
    return {sid: str(s["preset"]) for sid, s in segments.items() if isinstance(s, dict) and s.get("preset")}


def runs_as_drawn(doc: FabricDocument, preset: str | None) -> bool:
    """Whether a run at `preset` is the design as drawn (every segment drawn with that preset, or no presets)."""
    if preset is None or not presets_supported():
        return True
    return drawn_presets(doc) <= {preset}
