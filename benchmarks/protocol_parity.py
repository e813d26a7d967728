"""Are the InfiniBand and RoCEv2 designs of one request built alike? A table, per generated design and per option
`compare` builds for the other protocol, of what sets its capacity: tiers, switch counts, NIC ports and speed, the
most oversubscribed leaf's down/up ports and ratio, the total leaf down:up, and the bisection bandwidth.

    python benchmarks/protocol_parity.py                      # fat-tree (fat-tree-3 beyond 2 tiers), rail-optimized
    python benchmarks/protocol_parity.py --gpus 512 1024 --oversubscription 2
    python benchmarks/protocol_parity.py --kinds multi-plane --gpus 128 256 512 1024 --oversubscription 1

Differences between the two protocols' rows of one request should come from the protocols' switches (64 ports at
400G for a QM9700, 128 for an SN5600 split 2 x 400G), never from one being sized further from the asked ratio.
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

from designer.analysis.protocol_options import as_protocol
from designer.catalog.loader import Catalog, load_catalog
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology import generate
from designer.topology.leaf_shape import leaf_links
from designer.topology.oversubscription import bisection_bandwidth_gbps, switch_loads

GPU_COUNTS = (64, 128, 256, 512, 1024, 2048, 4096)
PROTOCOLS = ("ib", "rocev2")
LABEL = {"ib": "IB", "rocev2": "RoCE"}


@dataclass(frozen=True)
class Row:
    tiers: int
    leaves: int
    spines: int
    cores: int
    nic: str
    leaf_down: int
    leaf_up: int
    leaf_ratio: float
    total_ratio: float
    bisection_tbps: float


def row(doc: FabricDocument) -> Row:
    """The capacity figures of a design's back-end."""
    roles = [n.role for n in doc.nodes.values() if n.kind == "switch"]
    loads = [ld for ld in switch_loads(doc) if ld.tier == "leaf"]
    worst = max(loads, key=lambda ld: ld.ratio or 0.0) if loads else None
    ports = {leaf: (links.endpoint_ports, links.uplinks) for leaf, links in leaf_links(doc).items()}
    down, up = ports.get(worst.node, (0, 0)) if worst else (max((d for d, _ in ports.values()), default=0), 0)
    total_down = sum(ld.down_gbps for ld in loads)
    total_up = sum(ld.up_gbps for ld in loads)
    nic_speeds = sorted({lk.speed_gbps for lk in doc.links.values() if lk.plane == "backend"
                         and any(doc.nodes[e.node].kind == "server" for e in (lk.a, lk.b))})
    nic_ports = sum(1 for lk in doc.links.values() if lk.plane == "backend"
                    and any(doc.nodes[e.node].kind == "server" for e in (lk.a, lk.b)))
    tiers = 1 + ("spine" in roles) + ("core" in roles)
    return Row(tiers, roles.count("leaf"), roles.count("spine"), roles.count("core"),
               f"{nic_ports}x{'/'.join(f'{s:g}' for s in nic_speeds)}", down, up,
               (worst.ratio or 0.0) if worst else 0.0, total_down / total_up if total_up else 0.0,
               bisection_bandwidth_gbps(doc) / 1000)


def kinds(gpus: int, ib_ports: int) -> list[str]:
    """fat-tree where two tiers of the smaller switch hold the GPUs, else fat-tree-3; and rail-optimized."""
    return ["fat-tree" if gpus <= ib_ports * ib_ports // 2 else "fat-tree-3", "rail-optimized"]


def _fmt(label: str, r: Row | str) -> str:
    if isinstance(r, str):
        return f"  {label:<16} {r}"
    return (f"  {label:<16} {r.tiers:>2} {r.leaves:>5} {r.spines:>5} {r.cores:>4} {r.nic:>11} {r.leaf_down:>4}/"
            f"{r.leaf_up:<3} {r.leaf_ratio:>6.3f} {r.total_ratio:>6.3f} {r.bisection_tbps:>8.1f}")


def audit(gpus: int, kind: str, ratio: float, cat: Catalog, options: bool) -> list[str]:
    """The table's lines for one request: each protocol's generated design, then the other protocol's option."""
    lines = [f"{kind} {gpus:,} GPUs {ratio:g}:1"]
    for proto in PROTOCOLS:
        try:
            doc = generate(kind, gpus=gpus, backend=proto, oversubscription=ratio, frontend=False, catalog=cat)
        except ProjectError as exc:
            lines.append(_fmt(f"{LABEL[proto]} generated", f"cannot be built: {exc}"))
            continue
        lines.append(_fmt(f"{LABEL[proto]} generated", row(doc)))
        if options:
            other = next(p for p in PROTOCOLS if p != proto)
            lines.append(_fmt(f"  as {LABEL[other]} option", row(as_protocol(doc, other, cat)[0])))
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gpus", type=int, nargs="+", default=list(GPU_COUNTS))
    parser.add_argument("--oversubscription", type=float, nargs="+", default=[1.0, 2.0])
    parser.add_argument("--no-options", dest="options", action="store_false", help="skip compare's options")
    parser.add_argument("--kinds", nargs="+", help="generator kinds (default: fat-tree, or fat-tree-3 beyond two "
                        "tiers, and rail-optimized)")
    args = parser.parse_args()
    cat = load_catalog()
    print(f"  {'design':<16} {'T':>2} {'leaf':>5} {'spine':>5} {'core':>4} {'NIC ports':>11} {'dn/up':>8} "
          f"{'leaf r':>6} {'all r':>6} {'bis Tb/s':>8}")
    for ratio in args.oversubscription:
        for gpus in args.gpus:
            for kind in args.kinds or kinds(gpus, 64):
                print("\n".join(audit(gpus, kind, ratio, cat, args.options)))


if __name__ == "__main__":
    main()
