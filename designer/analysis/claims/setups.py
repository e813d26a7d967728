"""The design each setup of a claims file describes: a generated fabric, or a project file beside the claims file.

Published comparisons often ran 200 Gb/s links on NICs and switches whose ports run 400 Gb/s (ConnectX-7 runs
NDR200 / 200GbE; Quantum-2 and Spectrum-4 ports run at half speed: NVIDIA ConnectX-7 and QM9700 / SN5600 user
manuals). The catalog's back-end NICs are 400G parts, so a setup asking for a slower back-end is generated at the
NICs' speed and its back-end ports and links are then run at the asked speed, and the report says so.
"""

from __future__ import annotations

from dataclasses import replace

from designer.analysis.claims.format import GeneratorSpec, Setup
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.fileformat import load
from designer.topology import generate


def build_setup(setup: Setup, catalog: Catalog) -> tuple[FabricDocument, list[Message]]:
    """The setup's design and notes on how it was made (a back-end run below its ports' speed)."""
    if setup.project is not None:
        return load(setup.project), []
    assert setup.generate is not None
    return generated(setup.generate, catalog)


def generated(spec: GeneratorSpec, catalog: Catalog) -> tuple[FabricDocument, list[Message]]:
    """The generated design; a back-end slower than the NICs is built at the NICs' speed and run slower."""
    nic_gbps = _nic_gbps(spec, catalog)
    slower = spec.link_gbps is not None and spec.link_gbps < nic_gbps
    doc = generate(spec.kind, gpus=spec.gpus, gpus_per_server=spec.gpus_per_server, backend=spec.backend,
                   link_gbps=None if slower else spec.link_gbps, frontend=spec.frontend, catalog=catalog,
                   server_model=spec.server_model, switch_model=spec.switch_model, nic_model=spec.nic_model,
                   two_tiers=spec.two_tiers)
    if not slower:
        return doc, []
    assert spec.link_gbps is not None
    run_backend_at(doc, spec.link_gbps)
    return doc, [Message("claims.note.slower_links", gbps=f"{spec.link_gbps:g}", port_gbps=f"{nic_gbps:g}")]


def _nic_gbps(spec: GeneratorSpec, catalog: Catalog) -> float:
    """The port speed of the back-end NIC the generator will give the servers (its own default when not named)."""
    nic_id = spec.nic_model
    if nic_id is None and spec.server_model in catalog.servers:
        nic_id = catalog.servers[spec.server_model].nic_model or None
    nic = catalog.nics.get(nic_id or "cx7")
    return float(nic.port_gbps) if nic is not None else 400.0


def run_backend_at(doc: FabricDocument, gbps: float) -> None:
    """Every back-end link, and the ports at its ends, run at `gbps` (below the ports' own speed)."""
    backend = [lk for lk in doc.links.values() if lk.plane == "backend"]
    ends = {end.node for lk in backend for end in (lk.a, lk.b)}
    with doc.batch():
        for link in backend:
            doc.update_link(link.id, speed_gbps=float(gbps))
        for nid in ends:
            node = doc.nodes[nid]
            groups = [replace(g, speed_gbps=float(gbps)) if g.plane in (None, "backend") else g
                      for g in node.port_groups]
            doc.update_node(nid, port_groups=groups)
