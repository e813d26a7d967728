"""Cable runs on the floor: from a device up its rack to the overhead tray, along the rows, down to the other.

Racks stand in rows `row_pitch_m` apart (rack depth plus aisle), `rack_width_m` wide side by side. A run
between two racks is the climb from each device to the tray above its rack, the Manhattan distance between
the racks along the trays, and the slack (service loops and patching) of the build settings. Inside one rack
a cable runs from one device to the other plus the same slack.

Each site of a multi-site design is a floor of its own (racks carry their site); no run is measured between two
floors.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.model.build_settings import BuildSettings
from designer.model.rack_layout import Mount, RackLayout

U_M = 0.04445                 # one rack unit, 1.75 in
TRAY_ABOVE_RACK_M = 0.3       # from the top of a rack to the cable tray


@dataclass(frozen=True)
class Place:
    """A mounted item's position: rack, its floor coordinates (m), the height of its middle (m), and the site whose
    floor it stands on ("" for a design of one floor)."""

    rack: str
    x_m: float
    y_m: float
    z_m: float
    site: str = ""


def places(layout: RackLayout, settings: BuildSettings) -> dict[str, Place]:
    """Every node's place, by node id."""
    racks = {r.name: r for r in layout.racks}
    out: dict[str, Place] = {}
    for m in layout.mounts:
        if m.kind != "node" or m.rack not in racks:
            continue
        r = racks[m.rack]
        out[m.item] = Place(m.rack, r.slot * settings.rack_width_m, r.row * settings.row_pitch_m, _middle_m(m),
                            r.site)
    return out


def _middle_m(m: Mount) -> float:
    return (m.u - 1 + m.height_u / 2) * U_M


def same_floor(a: Place, b: Place) -> bool:
    """Whether a cable run between the two places can be measured: both stand on one site's floor."""
    return a.site == b.site


def run_length_m(a: Place, b: Place, settings: BuildSettings) -> float:
    """The cable length between two placed devices, slack included (metres, to the centimetre)."""
    if a.rack == b.rack:
        length = abs(a.z_m - b.z_m) + settings.slack_m
    else:
        top = settings.rack_units * U_M + TRAY_ABOVE_RACK_M
        length = (top - a.z_m) + (top - b.z_m) + abs(a.x_m - b.x_m) + abs(a.y_m - b.y_m) + settings.slack_m
    return round(length, 2)
