"""The scale-out alternatives the advisor weighs beside its fat trees: rail-only and multi-plane back-ends.

Rail-only drops the spine layer and forwards traffic between rails over the servers' NVLink (Wang et al.,
arXiv 2307.12169), so it applies only where a server is an NVLink domain of at least RAIL_ONLY_MIN_GPUS GPUs: with
fewer, a rail has few GPUs to forward through and most pairs of GPUs sit on different rails. Multi-plane splits
each NIC port into MULTI_PLANE_PLANES planes (Alibaba HPN's dual-plane, Qian et al., SIGCOMM 2024) where the
switch can run its ports at the plane speed. Each alternative says why it was weighed or left out, and, once the
choice is made, why it was or was not chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

from designer.analysis.advisor.candidates import Candidate, CandidateSpec
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.i18n.product_names import ProductName
from designer.model.errors import ProjectError
from designer.topology import plan

RAIL_ONLY_MIN_GPUS = 8      # the 8-GPU HGX NVLink domain the rail-only paper assumes (docs/references.md [rail-only])
MULTI_PLANE_PLANES = 2      # Alibaba HPN's dual plane: a 400G NIC as 2 x 200G (docs/references.md [hpn])


@dataclass(frozen=True)
class Alternative:
    """A scale-out alternative: the candidate to build (None when it does not apply) and why."""

    kind: str
    spec: CandidateSpec | None
    why: Message


def alternatives(gpus: int, catalog: Catalog) -> list[Alternative]:
    """Rail-only and multi-plane RoCEv2 candidates at 1:1 for `gpus`, where they apply."""
    return [_rail_only(gpus, catalog), _multi_plane(gpus, catalog)]


def _rail_only(gpus: int, catalog: Catalog) -> Alternative:
    try:
        p = plan("rail-only", gpus=gpus, frontend=False, catalog=catalog)
    except ProjectError as exc:
        return Alternative("rail-only", None, Message("advisor.alt.cannot", kind="rail-only", reason=str(exc)))
    server = catalog.server(p.server_model)
    if server.gpus < RAIL_ONLY_MIN_GPUS or server.nvlink_gbps <= 0:
        return Alternative("rail-only", None, Message("advisor.alt.rail_only_small", model=_name(server.model),
                                                      gpus=server.gpus, least=RAIL_ONLY_MIN_GPUS))
    return Alternative("rail-only", CandidateSpec("rail-only", "rocev2", 1.0),
                       Message("advisor.alt.rail_only_weighed", model=_name(server.model), gpus=server.gpus))


def _name(model: str) -> ProductName:
    """A server model as the catalog names it, in the reader's language."""
    return ProductName("product.name", name=model)


def _multi_plane(gpus: int, catalog: Catalog) -> Alternative:
    try:
        plan("multi-plane", gpus=gpus, planes=MULTI_PLANE_PLANES, frontend=False, catalog=catalog)
    except ProjectError as exc:
        return Alternative("multi-plane", None, Message("advisor.alt.cannot", kind="multi-plane", reason=str(exc)))
    return Alternative("multi-plane", CandidateSpec("multi-plane", "rocev2", 1.0, MULTI_PLANE_PLANES),
                       Message("advisor.alt.multi_plane_weighed", planes=MULTI_PLANE_PLANES))


def verdict(alt: Alternative, candidates: dict[str, Candidate], chosen: str | None) -> Message:
    """Why an alternative was weighed or left out and, when built, how it compares with the recommended design."""
    if alt.spec is None or alt.spec.id not in candidates or chosen is None:
        return alt.why
    c = candidates[alt.spec.id]
    if alt.spec.id == chosen:
        return Message("advisor.alt.chosen", why=alt.why, label=c.label_message())
    best = candidates[chosen].figures
    f = c.figures
    return Message("advisor.alt.not_chosen", why=alt.why, label=c.label_message(),
                   time=f"{100 * (f['time_s'] / best['time_s'] - 1):+.0f}",
                   capex=f"{100 * (f['capex'] / best['capex'] - 1):+.0f}",
                   chosen=candidates[chosen].label_message())
