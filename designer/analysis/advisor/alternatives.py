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
from designer.analysis.quantities import Concat
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.i18n.product_names import ProductName
from designer.model.errors import ProjectError
from designer.topology import plan

RAIL_ONLY_MIN_GPUS = 8      # the 8-GPU HGX NVLink domain the rail-only paper assumes (docs/references.md [rail-only])
MULTI_PLANE_PLANES = 2      # Alibaba HPN's dual plane: a 400G NIC as 2 x 200G (docs/references.md [hpn])


PROTOCOLS = ("ib", "rocev2")  # each alternative is weighed on both: neither shape belongs to one protocol


@dataclass(frozen=True)
class Alternative:
    """A scale-out alternative: the candidates to build, one per protocol (none when it does not apply), and why."""

    kind: str
    specs: tuple[CandidateSpec, ...]
    why: Message


def alternatives(gpus: int, catalog: Catalog) -> list[Alternative]:
    """Rail-only and multi-plane candidates at 1:1 for `gpus`, on InfiniBand and on RoCEv2, where they apply."""
    return [_rail_only(gpus, catalog), _multi_plane(gpus, catalog)]


def _rail_only(gpus: int, catalog: Catalog) -> Alternative:
    try:
        p = plan("rail-only", gpus=gpus, frontend=False, catalog=catalog)
    except ProjectError as exc:
        return Alternative("rail-only", (), Message("advisor.alt.cannot", kind="rail-only", reason=str(exc)))
    server = catalog.server(p.server_model)
    if server.gpus < RAIL_ONLY_MIN_GPUS or server.nvlink_gbps <= 0:
        return Alternative("rail-only", (), Message("advisor.alt.rail_only_small", model=_name(server.model),
                                                    gpus=server.gpus, least=RAIL_ONLY_MIN_GPUS))
    return Alternative("rail-only", tuple(CandidateSpec("rail-only", p, 1.0) for p in PROTOCOLS),
                       Message("advisor.alt.rail_only_weighed", model=_name(server.model), gpus=server.gpus))


def _name(model: str) -> ProductName:
    """A server model as the catalog names it, in the reader's language."""
    return ProductName("product.name", name=model)


def _multi_plane(gpus: int, catalog: Catalog) -> Alternative:
    try:
        plan("multi-plane", gpus=gpus, planes=MULTI_PLANE_PLANES, frontend=False, catalog=catalog)
    except ProjectError as exc:
        return Alternative("multi-plane", (), Message("advisor.alt.cannot", kind="multi-plane", reason=str(exc)))
    specs = tuple(CandidateSpec("multi-plane", p, 1.0, MULTI_PLANE_PLANES) for p in PROTOCOLS)
    return Alternative("multi-plane", specs, Message("advisor.alt.multi_plane_weighed", planes=MULTI_PLANE_PLANES))


def verdict(alt: Alternative, candidates: dict[str, Candidate], chosen: str | None) -> Message:
    """Why an alternative was weighed or left out and, when built, how each of its candidates compares with the
    recommended design (the recommended one first where it is one of them)."""
    built = [spec.id for spec in alt.specs if spec.id in candidates]
    if not built or chosen is None:
        return alt.why
    best = candidates[chosen].figures
    first = chosen if chosen in built else built[0]         # the sentence's subject; the others follow it
    if first == chosen:
        out: Message | Concat = Message("advisor.alt.chosen", why=alt.why, label=candidates[chosen].label_message())
    else:
        out = Message("advisor.alt.not_chosen", why=alt.why, chosen=candidates[chosen].label_message(),
                      **_against(candidates[first], best))
    for cid in (c for c in built if c != first):
        out = Concat(out, Message("advisor.alt.also", **_against(candidates[cid], best)))
    return out


def _against(c: Candidate, best: dict) -> dict[str, object]:
    """A candidate's label and its time and capex against the recommended design's, in percent."""
    f = c.figures
    return {"label": c.label_message(), "time": f"{100 * (f['time_s'] / best['time_s'] - 1):+.0f}",
            "capex": f"{100 * (f['capex'] / best['capex'] - 1):+.0f}"}
