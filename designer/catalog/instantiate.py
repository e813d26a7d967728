"""Make document nodes from catalog models: the ports a device has come from its model."""

from __future__ import annotations

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.errors import ProjectError
from designer.model.nodes import Node, PortGroup


def switch_node(cat: Catalog, model_id: str, node_id: str, role: str, *, speed_gbps: float | None = None,  # noqa: PLR0913
                label: str = "", x: float = 0.0, y: float = 0.0, pod: int | None = None,
                rail: int | None = None, split_ports: int = 0, split_gbps: float | None = None) -> Node:
    """A switch whose ports run at `speed_gbps` (a faster port split into several when the model allows).

    With `split_ports`, that many of those ports are further split into lanes of `split_gbps`, named
    s1..sN (an 800G leaf giving 400G NICs 2 x 400G per port while its uplinks stay p1..pM at 800G).
    """
    m = cat.switch(model_id)
    breakout = 1 if speed_gbps is None else m.breakout_for(speed_gbps)
    if breakout is None:
        speeds = ", ".join(f"{s:g}" for s in m.speeds_gbps())
        raise ProjectError(Message("error.catalog.no_speed", model=model_id, speed=f"{speed_gbps:g}", speeds=speeds))
    medium = "ib" if m.protocol == "ib" else "ethernet"
    port_gbps = m.port_gbps / breakout
    count = m.ports * breakout
    groups = []
    if split_ports:
        split_breakout = m.breakout_for(split_gbps) if split_gbps else None
        if split_breakout is None or split_breakout % breakout or not 0 < split_ports <= count:
            raise ProjectError(Message("error.catalog.no_split", model=model_id, ports=split_ports,
                                       speed=f"{port_gbps:g}", lanes=f"{split_gbps or 0:g}"))
        lanes = split_breakout // breakout
        count -= split_ports
        groups.append(PortGroup("s", split_ports * lanes, port_gbps / lanes, medium, None))
    if count:
        groups.insert(0, PortGroup("p", count, port_gbps, medium, None))
    return Node(id=node_id, kind="switch", model=model_id, label=label, x=x, y=y, role=role,
                port_groups=groups, pod=pod, rail=rail)


def server_node(cat: Catalog, model_id: str, node_id: str, *, nic_model: str = "cx7",  # noqa: PLR0913
                backend_nics: int | None = None, frontend_nics: int | None = None,
                frontend_gbps: float | None = None, label: str = "", x: float = 0.0, y: float = 0.0,
                pod: int | None = None) -> Node:
    """A GPU server with its back-end NICs (be1..beN) and front-end NICs (fe1..feM)."""
    m = cat.server(model_id)
    nic = cat.nic(nic_model)
    n_be = m.backend_nics if backend_nics is None else backend_nics
    n_fe = m.frontend_nics if frontend_nics is None else frontend_nics
    groups = [PortGroup("be", n_be, min(nic.port_gbps, m.backend_nic_gbps), nic.protocol, "backend")]
    if n_fe:
        groups.append(PortGroup("fe", n_fe, frontend_gbps or m.frontend_nic_gbps, "ethernet", "frontend"))
    return Node(id=node_id, kind="server", model=model_id, label=label, x=x, y=y, port_groups=groups,
                gpus=m.gpus, gpu_model=m.gpu_model, nvlink_gbps=m.nvlink_gbps, nic_model=nic_model, pod=pod)


def gateway_node(cat: Catalog, model_id: str, node_id: str, *, label: str = "", x: float = 0.0,
                 y: float = 0.0, pod: int | None = None) -> Node:
    """An IB <-> Ethernet gateway: IB ports (ib1..) on the IB side, Ethernet ports (eth1..) on the other."""
    m = cat.gateway(model_id)
    groups = [PortGroup("ib", m.ib_ports, m.port_gbps, "ib", "backend"),
              PortGroup("eth", m.eth_ports, m.port_gbps, "ethernet", None)]
    return Node(id=node_id, kind="gateway", model=model_id, label=label, x=x, y=y, port_groups=groups, pod=pod)


def storage_node(cat: Catalog, model_id: str, node_id: str, *, label: str = "", x: float = 0.0,
                 y: float = 0.0) -> Node:
    m = cat.storage_model(model_id)
    groups = [PortGroup("fe", m.frontend_nics, m.frontend_nic_gbps, "ethernet", "frontend")]
    return Node(id=node_id, kind="storage", model=model_id, label=label, x=x, y=y, port_groups=groups)


def node_from_model(cat: Catalog, model_id: str, node_id: str, *, role: str | None = None,
                    x: float = 0.0, y: float = 0.0, label: str = "") -> Node:
    """Any kind of node from a model id (what the palette drops on the canvas)."""
    kind = cat.model_kind(model_id)
    if kind == "switch":
        m = cat.switch(model_id)
        return switch_node(cat, model_id, node_id, role or m.roles[0], label=label, x=x, y=y)
    if kind == "server":
        return server_node(cat, model_id, node_id, label=label, x=x, y=y)
    if kind == "gateway":
        return gateway_node(cat, model_id, node_id, label=label, x=x, y=y)
    if kind == "storage":
        return storage_node(cat, model_id, node_id, label=label, x=x, y=y)
    raise ProjectError(Message("error.catalog.not_a_model", model=model_id))
