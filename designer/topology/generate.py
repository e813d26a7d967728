"""generate() and plan(): a whole design (servers, back-end, front-end, segments, layout) from a few options.

plan() sizes the design without building it, for the "New from template" dialog's live counts;
generate() builds the same blueprint into a FabricDocument, so the two always agree.
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, field

from designer.catalog.instantiate import server_node, storage_node
from designer.catalog.loader import Catalog, load_catalog
from designer.i18n import render
from designer.i18n.message import Message, either
from designer.model.build_settings import BuildSettings
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.model.limits import ASSUMPTIONS, MAX_GPUS, MAX_GPUS_PER_NODE
from designer.model.links import Link
from designer.model.segments import Segment
from designer.topology import multi_plane, rail_only
from designer.topology.backend_fabric import backend_blueprint, max_gpus
from designer.topology.cabling_fit import fit_cables_to_racks
from designer.topology.clos import BuiltClos, ClosBlueprint
from designer.topology.clos import build as build_clos
from designer.topology.frontend import STORAGE_MODEL, frontend_blueprint, frontend_ports, storage_nodes
from designer.topology.headroom import required_headroom_kb
from designer.topology.hybrid import HybridBlueprint, build_hybrid, hybrid_blueprint
from designer.topology.layout import auto_layout
from designer.topology.nic_choice import BACKEND_NIC, backend_nic
from designer.topology.presets import PLAIN, RECOMMENDED, apply_preset
from designer.topology.segment_names import PROTOCOL_NAMES, backend_name, pod_name
from designer.topology.sizing import SizingError, SwitchSpec
from designer.topology.wiring import DesignBuilder

GENERATOR_KINDS = ("leaf-spine", "fat-tree", "fat-tree-3", "rail-optimized", rail_only.KIND, multi_plane.KIND)
BACKENDS = ("ib", "rocev2", "hybrid")
DEFAULT_SERVER_MODELS = {8: "hgx-h100", 4: "pcie-h100"}
DEFAULT_LINK_GBPS = 400.0        # back-end links, unless the servers' NICs are faster (an 800G ConnectX-8)
# Back-end switch per protocol and link speed: IB NDR 64x400G, IB XDR 144x800G; Spectrum-4 64x800G
# run as 128x400G at 400G or unsplit at 800G (resources/catalog/, docs/references.md [nvidia-switch-manuals]);
# 1.6T links on a 102.4T Tomahawk 6 class switch (docs/references.md [broadcom-switching]).
DEFAULT_SWITCH_MODELS = {("ib", 400): "qm9700", ("ib", 800): "q3400",
                         ("rocev2", 400): "sn5600", ("rocev2", 800): "sn5600", ("rocev2", 1600): "th6-64x1600"}


@dataclass(frozen=True)
class Plan:
    """Counts of a design before it is built (what the template dialog shows)."""

    kind: str
    backend: str
    gpus: int
    servers: int
    leaves: int
    spines: int
    cores: int
    frontend_switches: int
    gateways: int
    storage: int
    links: int
    backend_links: int
    frontend_links: int
    pods: int
    server_model: str
    switch_models: dict[str, str] = field(default_factory=dict)
    rule: str = ""                 # why the back-end has its tiers, in the current language

    @property
    def switches(self) -> int:
        return self.leaves + self.spines + self.cores + self.frontend_switches

    def as_dict(self) -> dict[str, object]:
        return {**asdict(self), "switches": self.switches}


@dataclass
class _Blueprint:
    """A whole design, sized: the servers and the fabrics to build over them."""

    kind: str
    backend: str
    gpus: int
    oversubscription: float
    link_gbps: float
    server_model: str
    gpus_per_server: int
    servers: list[str]
    fabric: ClosBlueprint | None
    hybrid: HybridBlueprint | None
    frontend: ClosBlueprint | None
    storage: list[str]
    specs: dict[str, SwitchSpec]
    frontend_ports: tuple[int, float] = (0, 0.0)
    nic_model: str = BACKEND_NIC             # the servers' back-end NIC
    parallel: list[ClosBlueprint] | None = None   # independent fabrics over the same servers (per rail or plane)
    planes: int = 1                          # multi-plane: ports each NIC is split into, one per plane
    plane_gbps: float = 0.0                  # multi-plane: the speed of each of them

    def backend_fabrics(self) -> list[ClosBlueprint]:
        if self.parallel:
            return self.parallel
        return self.hybrid.pods if self.hybrid else [self.fabric] if self.fabric else []


def plan(kind: str, *, gpus: int, gpus_per_server: int | None = None, backend: str = "rocev2",  # noqa: PLR0913
         oversubscription: float = 1.0, link_gbps: float | None = None, frontend: bool = True,
         catalog: Catalog | None = None, server_model: str | None = None, switch_model: str | None = None,
         name: str | None = None, two_tiers: bool = False, build: BuildSettings | None = None,
         nic_model: str | None = None, planes: int | None = None) -> Plan:
    """The counts generate() would produce with the same options, without building the design."""
    bp = _blueprint(kind, gpus, gpus_per_server, backend, oversubscription, link_gbps, frontend,
                    catalog or load_catalog(), server_model, switch_model, two_tiers, build or BuildSettings(),
                    nic_model, planes)
    fabrics = bp.backend_fabrics()
    gateways = len(bp.hybrid.gateways) if bp.hybrid else 0
    backend_links = bp.hybrid.link_count if bp.hybrid else sum(f.link_count for f in fabrics)
    fe = bp.frontend
    return Plan(kind=kind, backend=backend, gpus=gpus, servers=len(bp.servers),
                leaves=sum(f.shape.leaves for f in fabrics), spines=sum(f.shape.spines for f in fabrics),
                cores=sum(f.shape.cores for f in fabrics), frontend_switches=fe.switch_count if fe else 0,
                gateways=gateways, storage=len(bp.storage), links=backend_links + (fe.link_count if fe else 0),
                backend_links=backend_links, frontend_links=fe.link_count if fe else 0,
                pods=len(fabrics) if bp.hybrid else (fabrics[0].shape.pods if fabrics else 0),
                server_model=bp.server_model, switch_models={p: s.model for p, s in bp.specs.items()},
                rule=_rule_text(bp))


def generate(kind: str, *, gpus: int, gpus_per_server: int | None = None, backend: str = "rocev2",  # noqa: PLR0913
             oversubscription: float = 1.0, link_gbps: float | None = None, frontend: bool = True,
             catalog: Catalog | None = None, server_model: str | None = None, switch_model: str | None = None,
             name: str | None = None, two_tiers: bool = False, build: BuildSettings | None = None,
             preset: str = RECOMMENDED, nic_model: str | None = None,
             planes: int | None = None) -> FabricDocument:
    """A complete design of `gpus` GPUs: servers, back-end tiers, segments, front-end, positions, racks. Back-end
    segments get the settings `preset` ("recommended" for AI, or "plain") for their hardware. The servers' back-end
    NICs are `nic_model` (default: the NIC the server model ships with, else ConnectX-7; BlueField-3 SuperNICs let
    RoCEv2 spray on switches that can). Back-end links run at `link_gbps`, by default 400G or the NICs' speed when
    faster. `gpus_per_server` defaults to the server model's GPUs (72 for an NVL72 rack), else 8.

    One switch serves the back-end when its ports hold every NIC (unless `two_tiers`); the front-end and storage
    are sized from `build` (bandwidth per GPU); the devices are placed in racks by `build`'s rule and every
    cable gets its type and length from those positions. Raises ProjectError (one clear line) for requests
    that cannot be built.
    """
    cat = catalog or load_catalog()
    if preset not in (RECOMMENDED, PLAIN):
        raise ProjectError(Message("error.generate.preset", preset=str(preset), choices=f"{RECOMMENDED}, {PLAIN}"))
    settings = build or BuildSettings()
    bp = _blueprint(kind, gpus, gpus_per_server, backend, oversubscription, link_gbps, frontend, cat,
                    server_model, switch_model, two_tiers, settings, nic_model, planes)
    out = DesignBuilder(_id_widths(bp))
    nics = bp.gpus_per_server
    server_pod = _server_pods(bp)
    fe_ports, fe_gbps = bp.frontend_ports
    for sid in bp.servers:
        node = out.add(server_node(cat, bp.server_model, sid, nic_model=bp.nic_model, backend_nics=nics,
                                   pod=server_pod.get(sid), frontend_nics=fe_ports if bp.frontend else None,
                                   frontend_gbps=fe_gbps or None))
        multi_plane.split_nic_ports(node, bp.planes, bp.plane_gbps)
    segments = _backend_segments(bp, backend, cat, out)
    if bp.frontend:
        for sid in bp.storage:
            out.add(storage_node(cat, STORAGE_MODEL, sid))
        build_clos(bp.frontend, cat, out)
    doc = FabricDocument(name=name or _default_name(bp), nodes=out.nodes, links=out.links,
                         segments={s.id: s for s in segments}, notes=_notes(bp), build=settings)
    for seg in segments:
        doc.segments[seg.id] = apply_preset(doc, seg, preset, cat)
    doc.assumptions.target_oversubscription = float(oversubscription)
    for node_id, (x, y) in auto_layout(doc).items():
        node = doc.nodes[node_id]
        node.x, node.y = x, y
    fit_cables_to_racks(doc, cat)
    for seg in doc.segments.values():
        _fit_pfc_headroom(seg, doc.links.values())
    return doc


def _backend_segments(bp: _Blueprint, backend: str, cat: Catalog, out: DesignBuilder) -> list[Segment]:
    """Build the back-end tiers into `out`; one segment per hybrid pod, or one for the whole back-end."""
    segments: list[Segment] = []
    if bp.hybrid:
        built_pods, _ = build_hybrid(bp.hybrid, cat, out)
        for p, (built, protocol) in enumerate(zip(built_pods, bp.hybrid.protocols, strict=True)):
            members = bp.hybrid.servers[p] + built.leaves + built.spines
            segments.append(Segment(f"pod{p + 1}-{protocol}", pod_name(p + 1, protocol), protocol, members))
    elif bp.fabric:
        built = build_clos(bp.fabric, cat, out)
        segments.append(Segment("backend", backend_name(backend), backend, list(bp.servers) + _switches(built)))
    elif bp.parallel:
        built_all = (rail_only.build_rails(bp.parallel, cat, out) if bp.kind == rail_only.KIND
                     else [build_clos(f, cat, out) for f in bp.parallel])
        switches = [sw for b in built_all for sw in _switches(b)]
        segments.append(Segment("backend", backend_name(backend), backend, list(bp.servers) + switches))
    return segments


# ---- sizing -------------------------------------------------------------------------------------
def _blueprint(kind: str, gpus: int, per_server: int | None, backend: str, oversubscription: float,  # noqa: PLR0913
               link_gbps: float | None, frontend: bool, cat: Catalog, server_model: str | None,
               switch_model: str | None, two_tiers: bool, settings: BuildSettings,
               nic_model: str | None, planes: int | None = None) -> _Blueprint:
    # GPUs per server: as given, else the server model's (72 for an NVL72 rack), else an 8-GPU server's
    known = per_server is None and server_model in cat.servers
    gpus_per_server = cat.servers[str(server_model)].gpus if known else 8 if per_server is None else per_server
    _check_options(kind, gpus, gpus_per_server, backend, oversubscription, link_gbps, frontend)
    planes = _check_planes(kind, planes, backend)
    model = _server_model(cat, gpus_per_server, server_model)
    srv = cat.server(model)
    protocols = ("ib", "rocev2") if backend == "hybrid" else (backend,)
    nic = backend_nic(cat, nic_model or srv.nic_model or None, protocols)
    nic_gbps = min(multi_plane.unsplit_gbps(nic, planes), srv.backend_nic_gbps)
    nic = multi_plane.plane_card(cat, nic, planes, nic_gbps / planes, protocols)
    link_gbps = max(DEFAULT_LINK_GBPS, nic_gbps) if link_gbps is None else link_gbps
    n_servers = gpus // gpus_per_server
    width = max(3, len(str(n_servers)))
    servers = [f"srv-{i + 1:0{width}d}" for i in range(n_servers)]
    specs = {p: _backend_switch(cat, p, float(link_gbps), nic_gbps, switch_model, backend) for p in protocols}
    if kind == multi_plane.KIND:
        specs = {p: multi_plane.plane_spec(cat, s, planes) for p, s in specs.items()}
    nics = gpus_per_server
    fabric = hybrid = parallel = None
    try:
        if backend == "hybrid":
            hybrid = hybrid_blueprint(cat, kind, servers, nics, specs, oversubscription)
        elif kind == rail_only.KIND:
            parallel = rail_only.rail_fabrics(servers, nics, specs[backend], oversubscription, two_tiers=two_tiers)
        elif kind == multi_plane.KIND:
            parallel = multi_plane.plane_fabrics(servers, nics, planes, specs[backend], oversubscription,
                                                 card=nic.id, two_tiers=two_tiers)
        else:
            fabric = backend_blueprint(kind, servers, nics, specs[backend], oversubscription, two_tiers=two_tiers)
    except SizingError as exc:
        spec = specs[protocols[0]]
        most = max_gpus(kind, spec, oversubscription, nics, gpus_per_server)
        tiers = 3 if kind == "fat-tree-3" else 2
        hint = Message("error.generate.try_3_tiers") if tiers == 2 else ""
        raise ProjectError(Message("error.generate.too_many_gpus", gpus=gpus, kind=kind, model=spec.model,
                                   ports=spec.ports, speed=f"{spec.speed_gbps:g}", tiers=tiers, most=f"{most:,}",
                                   oversubscription=f"{oversubscription:g}", hint=hint,
                                   detail=exc.messages[0] if exc.messages else str(exc))) from None
    storage: list[str] = []
    fe = None
    fe_ports = (0, 0.0)
    if frontend:
        n_storage = storage_nodes(cat, gpus, settings.storage_gbps_per_gpu)
        storage = [f"stor-{i + 1:02d}" for i in range(n_storage)]
        stor = cat.storage_model(STORAGE_MODEL)
        trays = max(1, srv.compute_trays)       # a rack-scale domain: each compute tray dual-homed on its own
        ports, speed = frontend_ports(gpus_per_server // trays, settings.frontend_gbps_per_gpu)
        ports *= trays
        fe_ports = (ports, max(speed, stor.frontend_nic_gbps))   # one front-end speed for servers and storage
        endpoints = [(s, fe_ports[0]) for s in servers] + [(s, stor.frontend_nics) for s in storage]
        fe = frontend_blueprint(cat, endpoints, fe_ports[1])
    return _Blueprint(kind, backend, gpus, oversubscription, float(link_gbps), model, gpus_per_server, servers,
                      fabric, hybrid, fe, storage, specs, fe_ports, nic.id, parallel, planes, nic_gbps / planes)


def _check_options(kind: str, gpus: int, gpus_per_server: int, backend: str, oversubscription: float,  # noqa: C901
                   link_gbps: float | None, frontend: bool) -> None:
    if kind not in GENERATOR_KINDS:
        raise ProjectError(Message("error.generate.unknown_kind_choose", kind=kind,
                                   choices=", ".join(GENERATOR_KINDS)))
    if backend not in BACKENDS:
        raise ProjectError(Message("error.generate.unknown_backend", backend=backend, choices=", ".join(BACKENDS)))
    if kind == rail_only.KIND and backend == "hybrid":
        raise ProjectError(Message("error.generate.rail_only_hybrid"))
    for label, count in (("gpus", gpus), ("gpus_per_server", gpus_per_server)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ProjectError(Message("error.generate.whole_number", option=label, value=repr(count)))
    numbers = (("oversubscription", oversubscription),) + ((("link_gbps", link_gbps),) if link_gbps is not None else ())
    for label, number in numbers:
        if isinstance(number, bool) or not isinstance(number, (int, float)) or not math.isfinite(number):
            raise ProjectError(Message("error.generate.number", option=label, value=repr(number)))
    if not ASSUMPTIONS["target_oversubscription"].accepts(oversubscription):   # the file must open again
        raise ProjectError(Message("error.generate.oversubscription", value=f"{oversubscription:g}"))
    if link_gbps is not None and link_gbps <= 0:
        raise ProjectError(Message("error.generate.link_gbps", value=f"{link_gbps:g}"))
    if not isinstance(frontend, bool):
        raise ProjectError(Message("error.generate.frontend", value=repr(frontend)))
    if gpus > MAX_GPUS:     # refused before any name is made: 10^9 GPUs would exhaust memory building the list
        raise ProjectError(Message("error.generate.too_large", gpus=f"{gpus:,}", limit=f"{MAX_GPUS:,}"))
    if gpus_per_server > MAX_GPUS_PER_NODE:
        raise ProjectError(Message("error.generate.per_server_large", per_server=f"{gpus_per_server:,}",
                                   limit=f"{MAX_GPUS_PER_NODE:,}"))
    if gpus % gpus_per_server:
        raise ProjectError(Message("error.generate.servers", gpus=gpus, per_server=gpus_per_server))


def _check_planes(kind: str, planes: object, backend: str) -> int:
    """The plane count: 1 unless the kind is multi-plane, which takes one of multi_plane.PLANE_CHOICES (by default
    multi_plane.DEFAULT_PLANES); None means not given."""
    if kind != multi_plane.KIND:
        if planes not in (None, 1):
            raise ProjectError(Message("error.generate.planes_kind", kind=kind))
        return 1
    if backend == "hybrid":
        raise ProjectError(Message("error.generate.multi_plane_hybrid"))
    return multi_plane.check_planes(multi_plane.DEFAULT_PLANES if planes is None else planes)


def _server_model(cat: Catalog, gpus_per_server: int, server_model: str | None) -> str:
    options = ", ".join(f"{m.id} ({m.gpus} GPUs)" for m in cat.servers.values())
    if server_model is None:
        if gpus_per_server not in DEFAULT_SERVER_MODELS:
            raise ProjectError(Message("error.generate.no_default_server", per_server=gpus_per_server,
                                       options=options))
        return DEFAULT_SERVER_MODELS[gpus_per_server]
    if server_model not in cat.servers:
        raise ProjectError(Message("error.generate.unknown_server", model=server_model, options=options))
    if cat.servers[server_model].gpus != gpus_per_server:
        raise ProjectError(Message("error.generate.server_gpus", model=server_model,
                                   gpus=cat.servers[server_model].gpus, per_server=gpus_per_server))
    return server_model


def _backend_switch(cat: Catalog, protocol: str, link_gbps: float, nic_gbps: float, switch_model: str | None,
                    backend: str) -> SwitchSpec:
    """The back-end switch for a protocol at a link speed, its ports split for the servers' NICs."""
    model_id = None
    if switch_model is not None:
        m = cat.switch(switch_model)
        speaks = "ib" if m.protocol == "ib" else "rocev2"
        if speaks == protocol:
            model_id = switch_model
        elif backend != "hybrid":
            msg_id = "error.generate.switch_is_ib" if speaks == "ib" else "error.generate.switch_is_ethernet"
            raise ProjectError(Message(msg_id, model=switch_model, protocol=PROTOCOL_NAMES[protocol]))
    if model_id is None:
        key = (protocol, int(link_gbps)) if float(link_gbps).is_integer() else None
        if key not in DEFAULT_SWITCH_MODELS:
            known = sorted({s for p, s in DEFAULT_SWITCH_MODELS if p == protocol})
            raise ProjectError(Message("error.generate.no_switch", protocol=PROTOCOL_NAMES[protocol],
                                       speed=f"{link_gbps:g}", choices=either([str(s) for s in known])))
        model_id = DEFAULT_SWITCH_MODELS[key]
    m = cat.switch(model_id)
    breakout = m.breakout_for(link_gbps)
    if breakout is None:
        speeds = ", ".join(f"{s:g}" for s in m.speeds_gbps())
        raise ProjectError(Message("error.generate.no_ports", model=model_id, speed=f"{link_gbps:g}", speeds=speeds))
    lanes = link_gbps / nic_gbps
    if lanes < 1 or not float(lanes).is_integer() or m.breakout_for(nic_gbps) is None:
        raise ProjectError(Message("error.generate.nic_speed", model=model_id, speed=f"{link_gbps:g}",
                                   nic_speed=f"{nic_gbps:g}"))
    return SwitchSpec(model_id, m.ports * breakout, link_gbps, nic_gbps, int(lanes))


def _fit_pfc_headroom(seg: Segment, links: Iterable[Link]) -> None:
    """Raise a RoCEv2 segment's PFC headroom to cover its longest, fastest cable (never lower it).

    The default (118 KB) is the 400G / 100 m worked example; an 800G leaf-spine link needs more.
    """
    members = set(seg.nodes)
    need = max((required_headroom_kb(link.speed_gbps, link.length_m, seg.rocev2.mtu_bytes)
                for link in links if link.plane == "backend" and (link.a.node in members or link.b.node in members)),
               default=0.0)
    seg.rocev2.headroom_kb = float(max(seg.rocev2.headroom_kb, math.ceil(need)))


# ---- naming -------------------------------------------------------------------------------------
def _id_widths(bp: _Blueprint) -> dict[str, int]:
    fabrics = bp.backend_fabrics()
    counts = {"srv-": len(bp.servers), "leaf-": sum(f.shape.leaves for f in fabrics),
              "spine-": sum(f.shape.spines for f in fabrics), "core-": sum(f.shape.cores for f in fabrics),
              "gw-": len(bp.hybrid.gateways) if bp.hybrid else 0, "stor-": len(bp.storage)}
    if bp.frontend:
        shape = bp.frontend.shape
        counts.update({"fe-leaf-": shape.leaves, "fe-spine-": shape.spines, "fe-core-": shape.cores})
    widths = {prefix: max(2, len(str(n))) for prefix, n in counts.items()}
    widths["srv-"] = max(3, len(str(len(bp.servers))))
    return widths


def _server_pods(bp: _Blueprint) -> dict[str, int]:
    """Pod of every server: its hybrid pod, rail group or 3-tier pod (none in a plain 2-tier fabric)."""
    pods: dict[str, int] = {}
    if bp.hybrid:
        for p, members in enumerate(bp.hybrid.servers):
            pods.update({s: p + 1 for s in members})
        return pods
    fabric = bp.fabric or (bp.parallel[0] if bp.parallel else None)
    if fabric:
        for g in fabric.leaves:
            pod = g.group if g.group is not None else (g.pod + 1 if fabric.shape.tiers == 3 else None)
            if pod is not None:
                for node, _ in g.endpoints:
                    pods.setdefault(node, pod)
    return pods


def _switches(built: BuiltClos) -> list[str]:
    return built.leaves + built.spines + built.cores


def _default_name(bp: _Blueprint) -> str:
    """The design's name in the current language (the window's, or --lang's): it is the user's document."""
    back = render("generate.backend.hybrid") if bp.backend == "hybrid" else PROTOCOL_NAMES[bp.backend]
    return render("generate.name", kind=bp.kind, gpus=f"{bp.gpus:,}", backend=back)


def _notes(bp: _Blueprint) -> str:
    models = render("list.join").join(f"{PROTOCOL_NAMES[p]}: {s.model}" for p, s in bp.specs.items())
    fe = render("generate.frontend.yes" if bp.frontend else "generate.frontend.no")
    notes = render("generate.notes", kind=bp.kind, gpus=f"{bp.gpus:,}", servers=len(bp.servers),
                   server_model=bp.server_model, link=f"{bp.link_gbps:g}", target=f"{bp.oversubscription:g}",
                   models=models, frontend=fe)
    rule = _rule_text(bp)
    return f"{notes}\n{rule}" if rule else notes


def _rule_text(bp: _Blueprint) -> str:
    """The sizing rule the back-end followed, in the current language ("" for a hybrid design's pods)."""
    fabric = bp.fabric or (bp.parallel[0] if bp.parallel else None)
    return str(fabric.rule) if fabric is not None and fabric.rule is not None else ""
