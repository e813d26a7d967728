"""Labels beside a drawn rack: one callout per mounted device (its printed label and short product name),
placed level with the device and pushed apart so that no two overlap, with a leader line back to the device.

A 1U device is 3.2 pt tall on the rack page, too thin for text inside it; a label column beside the rack keeps
every device named at a size a printed page can be read at. A rack with more devices than the column holds at
the smallest size gets its runs of alike devices (same model, stacked without a gap) named as one range.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from designer.topology.racks.elevation import Box

LABEL_PT = 5.2          # text size of a callout when the column has room
MIN_LABEL_PT = 4.2      # the smallest size used before alike devices are named as one range
PITCH_FACTOR = 1.18     # baseline-to-baseline distance as a multiple of the text size


@dataclass(frozen=True)
class Callout:
    text: str
    device_y: float     # middle of the device(s) it names, in the drawing's coordinates
    text_y: float       # baseline of the label
    size_pt: float


def callouts(boxes: Sequence[Box], name_of: Callable[[Box], str], box_y: Callable[[Box], tuple[float, float]],
             low: float, high: float) -> list[Callout]:
    """Callouts for `boxes` between heights `low` and `high`: `box_y(box)` gives a box's (bottom, top)."""
    groups = [[b] for b in sorted(boxes, key=lambda b: b.u)]
    room = high - low
    size = max(MIN_LABEL_PT, min(LABEL_PT, room / max(1, len(groups)) / PITCH_FACTOR))
    if len(groups) * size * PITCH_FACTOR > room:
        groups = _runs(groups)
    out = []
    for group in groups:
        bottom, top = box_y(group[0])[0], box_y(group[-1])[1]
        text = name_of(group[0]) if len(group) == 1 else f"{name_of(group[0])} … {name_of(group[-1])}"
        out.append((text, (bottom + top) / 2))
    wanted = [middle - size * 0.35 for _, middle in out]
    placed = spread(wanted, size * PITCH_FACTOR, low, high - size * 0.8)
    return [Callout(text, middle, y, size) for (text, middle), y in zip(out, placed, strict=True)]


def _runs(groups: list[list[Box]]) -> list[list[Box]]:
    """Adjacent devices of one model and kind, stacked with no gap, merged into one group."""
    merged: list[list[Box]] = []
    for (box,) in groups:
        last = merged[-1][-1] if merged else None
        if last and last.model == box.model and last.kind == box.kind and last.u + last.height_u == box.u:
            merged[-1].append(box)
        else:
            merged.append([box])
    return merged


def spread(wanted: Sequence[float], pitch: float, low: float, high: float) -> list[float]:
    """Baselines as near `wanted` (ascending) as they can be with at least `pitch` between neighbours, kept
    within [low, high] when there is room for them all (else they run from `low` upwards)."""
    placed: list[float] = []
    for y in wanted:                       # bottom up: no label below its lower neighbour's reach
        placed.append(max(y, low) if not placed else max(y, placed[-1] + pitch))
    ceiling = high
    for i in range(len(placed) - 1, -1, -1):   # top down: pull back under the ceiling
        placed[i] = min(placed[i], ceiling)
        ceiling = placed[i] - pitch
    shift = low - placed[0] if placed and placed[0] < low else 0.0
    return [y + shift for y in placed]
