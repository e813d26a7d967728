"""Nodes of a fabric (GPU servers, switches, gateways, storage) and their ports."""

from __future__ import annotations

from dataclasses import dataclass, field

NODE_KINDS = ("server", "switch", "gateway", "storage")
SWITCH_ROLES = ("leaf", "spine", "core", "frontend")
# A port's medium: "vpi" ports (ConnectX-class NICs) speak InfiniBand or Ethernet,
# whichever the segment they sit in uses.
MEDIA = ("ib", "ethernet", "vpi")
PLANES = ("backend", "frontend")


@dataclass(frozen=True)
class Port:
    """One named port of a node."""

    name: str
    speed_gbps: float
    medium: str
    plane: str | None  # None: a switch port, usable on either plane


@dataclass
class PortGroup:
    """A run of identical ports named prefix1..prefixN (compact form stored in the file)."""

    prefix: str
    count: int
    speed_gbps: float
    medium: str
    plane: str | None = None

    def ports(self) -> list[Port]:
        return [Port(f"{self.prefix}{i}", self.speed_gbps, self.medium, self.plane)
                for i in range(1, self.count + 1)]


@dataclass
class Node:
    """A device on the drawing. Server-only fields are zero/None on other kinds."""

    id: str
    kind: str
    model: str
    label: str = ""
    x: float = 0.0
    y: float = 0.0
    role: str | None = None            # switches: leaf | spine | core | frontend
    port_groups: list[PortGroup] = field(default_factory=list)
    gpus: int = 0                      # servers: GPUs in the box
    gpu_model: str | None = None       # servers: key into the catalog's GPU table
    nvlink_gbps: float = 0.0           # servers: NVLink bandwidth per GPU per direction
    nic_model: str | None = None       # servers: catalog id of the back-end NICs
    pod: int | None = None             # generators: which pod / group the node belongs to
    rail: int | None = None            # rail-optimized designs: the rail of a leaf
    site: str | None = None            # multi-site designs: the id of the site it stands in (model/sites.py)

    def ports(self) -> list[Port]:
        out: list[Port] = []
        for group in self.port_groups:
            out.extend(group.ports())
        return out

    def port_map(self) -> dict[str, Port]:
        return {p.name: p for p in self.ports()}

    def port(self, name: str) -> Port | None:
        """The port called `name`, found from the port groups without building the whole list."""
        for group in self.port_groups:
            rest = name[len(group.prefix):]
            if (name.startswith(group.prefix) and rest.isascii() and rest.isdigit() and rest[0] != "0"
                    and len(rest) < 8 and int(rest) <= group.count):
                return Port(name, group.speed_gbps, group.medium, group.plane)
        return None

    def port_names(self) -> frozenset[str]:
        """The names of every port (the names `port` finds), without making a Port of each."""
        return frozenset([f"{g.prefix}{i}" for g in self.port_groups for i in range(1, g.count + 1)])

    def port_count(self) -> int:
        return sum(g.count for g in self.port_groups)

    @property
    def display_name(self) -> str:
        return self.label or self.id

    def backend_ports(self) -> list[Port]:
        return self._ports_on("backend")

    def frontend_ports(self) -> list[Port]:
        return self._ports_on("frontend")

    def _ports_on(self, plane: str) -> list[Port]:
        """The ports of one plane, in `ports()` order (a port's plane is its group's: other groups are skipped)."""
        return [p for g in self.port_groups if g.plane == plane for p in g.ports()]

    def port_names_on(self, plane: str) -> list[str]:
        """The names of one plane's ports, in `ports()` order, without making a Port of each."""
        return [f"{g.prefix}{i}" for g in self.port_groups if g.plane == plane for i in range(1, g.count + 1)]


def shared_port_name(a: PortGroup, b: PortGroup) -> str | None:
    """A port name both groups would make (prefix + 1..count), or None; found by arithmetic, not by listing."""
    if a.count < 1 or b.count < 1:
        return None
    if a.prefix == b.prefix:
        return f"{a.prefix}1"
    short, long_ = (a, b) if len(a.prefix) < len(b.prefix) else (b, a)
    rest = long_.prefix[len(short.prefix):]
    if not long_.prefix.startswith(short.prefix) or not (rest.isascii() and rest.isdigit()) or rest[0] == "0":
        return None
    # long_'s first port, prefix + "1", is short's port number int(rest + "1"): the smallest number they share
    if len(rest) < 7 and int(rest + "1") <= short.count:
        return f"{long_.prefix}1"
    return None
