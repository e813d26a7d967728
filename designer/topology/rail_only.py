"""Rail-only back-end: no spine layer joins the rails; each rail is a fabric of its own.

Rail k joins NIC k of every server (GPU k's NIC). Traffic between different rails never meets a switch: it crosses the
server's NVLink to the GPU on the destination's rail first (Wang et al., "Rail-only: a low-cost high-performance
network for training LLMs with trillion parameters", docs/references.md [rail-only]), which the engine routes that way
(designer/sim/relay.py).

A rail is one switch while its servers fit the switch's endpoint ports (128 servers on a 128 x 400G Spectrum-4 class
switch, 64 on a 64 x 400G Quantum-2 class one); a larger rail becomes its own 2-tier Clos of rail leaves and rail
spines at the design's oversubscription. The limit is that Clos's: `ports` leaves of `lanes` servers per rail, so
ports x lanes x GPUs-per-server GPUs (65,536 with 128-port switches at 1:1 and 8-GPU servers; 16,384 with 64-port).
"""

from __future__ import annotations

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.topology.clos import (
    BuiltClos,
    ClosBlueprint,
    LeafGroup,
    TierNames,
    blueprint,
    build,
    fitted_blueprint,
    lanes_per_leaf,
)
from designer.topology.sizing import SizingError, SwitchSpec, balanced
from designer.topology.wiring import CROSS_RACK_AOC, DesignBuilder

KIND = "rail-only"
RAIL_SWITCHES = TierNames("rail-", "rail-spine-")       # one switch per rail: rail-01 .. rail-08


def rail_tiers(rail: int) -> TierNames:
    """Names of a 2-tier rail's switches: rail3-leaf-01, rail3-spine-01 (roles stay leaf and spine)."""
    return TierNames(f"rail{rail}-leaf-", f"rail{rail}-spine-")


def rail_fabrics(servers: list[str], nics: int, spec: SwitchSpec, oversubscription: float, *,
                 two_tiers: bool = False) -> list[ClosBlueprint]:
    """One fabric per rail (NIC index), each a single rail switch or a 2-tier rail Clos; the first carries the
    sizing rule. Raises SizingError when a rail's servers do not fit two tiers of these switches, ProjectError for
    an oversubscription where every rail is one switch (nothing to oversubscribe)."""
    one_switch = spec.ports * spec.lanes_per_port
    if len(servers) <= one_switch and not two_tiers and oversubscription != 1:
        # every rail is one switch: no uplink to oversubscribe, and an option taken must not go unused
        raise ProjectError(Message("error.sizing.rail_one_switch", servers=len(servers), model=spec.model,
                                  ports=one_switch, value=f"{oversubscription:g}"))
    fabrics = []
    for rail in range(1, nics + 1):
        ends = [(s, f"be{rail}") for s in servers]
        if len(ends) <= one_switch and not two_tiers:
            fabrics.append(blueprint([LeafGroup(ends, rail=rail)], spec, spec, spec, oversubscription, tiers=1,
                                     plane="backend", names=RAIL_SWITCHES, endpoint_cable=CROSS_RACK_AOC))
            continue
        fabrics.append(rail_clos(ends, spec, oversubscription, rail, rail_tiers(rail)))
    if fabrics:
        tiers = fabrics[0].shape.tiers
        fabrics[0].rule = Message("generate.rule.rail_only_one" if tiers == 1 else "generate.rule.rail_only_two",
                                  rails=nics, servers=len(servers), model=spec.model, ports=one_switch)
    return fabrics


def rail_clos(ends: list[tuple[str, str]], spec: SwitchSpec, oversubscription: float, rail: int | None,
              names: TierNames) -> ClosBlueprint:
    """One rail's 2-tier Clos: its endpoint ports `ends` in order over as few leaves as hold them at
    `oversubscription` (balanced, a leaf group each), spines above. Raises SizingError when they do not fit. The
    generator's rails, and a rail priced on smaller switches (designer/analysis/clos_rebuild.py)."""
    if lanes_per_leaf(spec, oversubscription) < 1:
        raise SizingError(Message("error.generate.no_server_ports", ports=spec.ports,
                                  oversubscription=f"{oversubscription:g}"))

    def deal(lanes: int) -> list[LeafGroup]:
        groups, start = [], 0
        for g, count in enumerate(balanced(len(ends), -(-len(ends) // lanes))):
            groups.append(LeafGroup(ends[start:start + count], rail=rail, group=g + 1))
            start += count
        return groups
    return fitted_blueprint(deal, spec, oversubscription, tiers=2, plane="backend", names=names,
                            endpoint_cable=CROSS_RACK_AOC)


def build_rails(fabrics: list[ClosBlueprint], cat: Catalog, out: DesignBuilder) -> list[BuiltClos]:
    """Build every rail's fabric; a rail's spines carry its rail number like its leaves."""
    built = []
    for rail, bp in enumerate(fabrics, start=1):
        b = build(bp, cat, out)
        for sid in b.spines:
            out.nodes[sid].rail = rail
        built.append(b)
    return built


def max_gpus(spec: SwitchSpec, oversubscription: float, gpus_per_server: int) -> int:
    """The most GPUs a rail-only back-end of these switches holds: every rail a full 2-tier Clos."""
    return spec.ports * lanes_per_leaf(spec, oversubscription) * gpus_per_server
