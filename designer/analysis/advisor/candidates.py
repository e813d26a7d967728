"""The candidate designs the advisor weighs at one scale, and their simulated and costed figures.

Candidates (issue 9): an InfiniBand fat tree; a RoCEv2 fat tree with DCQCN; a RoCEv2 rail-optimized fabric; a
hybrid (one IB pod, one RoCEv2 pod) — each at 1:1 and at a cheaper 2:1 oversubscription, all with the Ethernet
front-end; and, where they apply, a rail-only and a dual-plane RoCEv2 back-end (alternatives.py). A two-tier fat
tree that cannot hold the GPUs (64-port NDR IB tops out at 2,048 GPUs at 1:1) becomes a three-tier one. Every
figure comes from exactly the document that is written to disk, so `simulate` and `cost` of a written candidate give
the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from designer.analysis.advisor.site_checks import check_long_haul
from designer.analysis.advisor.site_request import SiteRequest
from designer.analysis.quantities import Concat
from designer.catalog.loader import Catalog, load_catalog
from designer.i18n import render
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.sim import SimOptions, run
from designer.topology import generate
from designer.topology.cost import cost_report
from designer.topology.oversubscription import oversubscription_by_tier
from designer.topology.presets import RECOMMENDED_QPS_ECMP
from designer.topology.two_site import KIND as TWO_SITE
from designer.topology.two_site import TwoSiteOptions, generate_two_site

PARALLEL_KINDS = ("rail-only", "multi-plane")   # several fabrics side by side: "one switch" would mislead
CHEAPER_OVERSUBSCRIPTION = 2.0   # the "cheaper" variant: half the spine uplinks of each leaf
SPECTRUM_X_NIC = "bf3"           # BlueField-3 SuperNIC: with SN5600 switches, NVIDIA's Spectrum-X


@dataclass(frozen=True)
class CandidateSpec:
    """One design to try: generator kind, back-end protocol and oversubscription."""

    kind: str            # "fat-tree", "rail-optimized", "rail-only", "multi-plane" (a fat tree may grow to 3 tiers)
                         # or "two-site" (a leaf-spine in each of two sites)
    backend: str         # "ib" | "rocev2" | "hybrid"
    oversubscription: float
    planes: int = 1      # multi-plane: planes each NIC port is split into
    nic_model: str | None = None   # the back-end NIC when not the generator's default (SPECTRUM_X_NIC)

    @property
    def id(self) -> str:
        planes = f"-{self.planes}planes" if self.planes > 1 else ""
        nic = f"-{self.nic_model}" if self.nic_model else ""
        return f"{self.backend}-{self.kind}{planes}{nic}-{self.oversubscription:g}to1"

    @property
    def label(self) -> str:
        """The English label ("RoCEv2 fat tree (ECMP, 16 queue pairs), 2:1"): design names, advice.json, progress."""
        return self.label_text("en")

    def label_message(self, built_ratio: float | None = None) -> Message:
        """The label as a message that renders in any language; `built_ratio`: the oversubscription the design
        was built with, where it differs from the one asked for."""
        kind = self.kind if self.kind in ("rail-optimized", "rail-only", "multi-plane", TWO_SITE) else "fat-tree"
        # the load balancing the recommended settings give a RoCEv2 fabric without reordering NICs (presets.py)
        extra: Message | str = Message("advisor.ecmp", qps=RECOMMENDED_QPS_ECMP) if self.backend == "rocev2" else ""
        if self.nic_model == SPECTRUM_X_NIC:
            extra = Message("advisor.spectrum_x")
        return Message("advisor.candidate", protocol=Message(f"advisor.protocol.{self.backend}"),
                       kind=Message(f"advisor.kind.{kind}", planes=self.planes), extra=extra,
                       ratio=f"{round(self.oversubscription if built_ratio is None else built_ratio, 2):g}")

    def label_text(self, language: str | None = None) -> str:
        """The label in `language` (default: the current core language)."""
        return self.label_message().render(language)


def candidate_specs() -> list[CandidateSpec]:
    """The eleven candidates, in a fixed order (ties in the ranking keep this order): five shapes at 1:1 and 2:1
    (the fat tree and the rail-optimized fabric on each protocol: rail-optimized is how NVIDIA's DGX SuperPOD builds
    its InfiniBand back-end and how Meta builds its RoCEv2 one, so each protocol is weighed in both; and the hybrid
    fat tree), and the RoCEv2 fat tree as NVIDIA sells it for AI, Spectrum-X (SN5600 switches with BlueField-3
    SuperNICs, which reorder packets, so the recommended settings spray them over every path: NVIDIA Spectrum-X
    reference architecture), at 1:1 as its reference designs are built."""
    shapes = (("fat-tree", "ib"), ("fat-tree", "rocev2"), ("rail-optimized", "ib"), ("rail-optimized", "rocev2"),
              ("fat-tree", "hybrid"))
    return [CandidateSpec(kind, backend, ratio) for kind, backend in shapes
            for ratio in (1.0, CHEAPER_OVERSUBSCRIPTION)] + [
        CandidateSpec("fat-tree", "rocev2", 1.0, nic_model=SPECTRUM_X_NIC)]


@dataclass
class Candidate:
    """A candidate with its design, the simulation result (designer.sim.metrics JSON) and its cost report (dict)."""

    spec: CandidateSpec
    doc: FabricDocument
    kind: str                          # the generator kind actually used
    result: dict
    cost: dict
    figures: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def protocol(self) -> str:
        return self.spec.backend

    def label_message(self) -> Message:
        """The spec's label at the oversubscription the design was built with (a generator sizing whole switches
        may come below the ratio asked for by less than one uplink's step: 1.975:1 for 2:1 on 1,024 GPUs of
        128-port switches, 2:1 on 64-port ones), with "(3 tiers)" when the fat tree grew a third tier, or
        "(one switch)" when one switch held every NIC (the generators right-size small fabrics)."""
        built = self.built_ratio
        label = self.spec.label_message(built if built is not None and
                                        abs(built - self.spec.oversubscription) >= 0.005 else None)
        if self.kind == "fat-tree-3":
            return Concat(label, Message("advisor.three_tiers"))
        if self.kind not in PARALLEL_KINDS and not any(n.role == "spine" for n in self.doc.nodes.values()):
            return Concat(label, Message("advisor.one_switch"))
        return label

    def label_text(self, language: str | None = None) -> str:
        """The label in `language` (default: the current core language)."""
        return self.label_message().render(language)

    @cached_property
    def built_ratio(self) -> float | None:
        """The worst back-end tier's oversubscription as built (None for one switch): read once, since every
        table, reason and page that names the candidate asks for its label."""
        ratios = oversubscription_by_tier(self.doc).values()
        return max(ratios) if ratios else None


def build_design(spec: CandidateSpec, gpus: int, catalog: Catalog | None = None,
                 site: SiteRequest | None = None) -> tuple[FabricDocument, str]:
    """Generate the candidate's design; a two-tier fat tree too small for the GPUs becomes three-tier; a two-site
    candidate is half the GPUs in each site, joined by the link budget of `site`."""
    if spec.kind == TWO_SITE:
        return two_site_design(spec, gpus, site, catalog), TWO_SITE
    try:
        doc = generate(spec.kind, gpus=gpus, backend=spec.backend, oversubscription=spec.oversubscription,
                       catalog=catalog, name=render("advisor.design_name", label=spec.label_text(), gpus=f"{gpus:,}"),
                       planes=spec.planes, nic_model=spec.nic_model)
        return doc, spec.kind
    except ProjectError:
        if spec.kind != "fat-tree":
            raise
    doc = generate("fat-tree-3", gpus=gpus, backend=spec.backend, oversubscription=spec.oversubscription,
                   catalog=catalog, nic_model=spec.nic_model, name=Message(
                       "advisor.design_name", label=Concat(spec.label_message(), Message("advisor.three_tiers")),
                       gpus=f"{gpus:,}").render())
    return doc, "fat-tree-3"


def two_site_design(spec: CandidateSpec, gpus: int, site: SiteRequest | None,
                    catalog: Catalog | None = None) -> FabricDocument:
    """The two-site generator's design for a two-site candidate (its protocol, oversubscription and NICs)."""
    if site is None:
        raise ValueError("a two-site candidate needs the distance and the link budget")
    gbps, links = site.links_for(spec.backend, catalog or load_catalog())
    name = render("advisor.design_name_sites", label=spec.label_text(), per_site=f"{gpus // 2:,}",
                  km=f"{site.distance_km:,g}")
    return generate_two_site(TwoSiteOptions(gpus // 2, site.distance_km, gbps, links, spec.backend, frontend=True,
                                            name=name, oversubscription=spec.oversubscription,
                                            nic_model=spec.nic_model), catalog)


def headline_figures(result: dict, cost: dict) -> dict:
    """The ranked table's columns from a simulation result and a cost report (money in the cost's currency).

    `time_s` is the training step time when the workload is a training job, else the completion time;
    `capex_per_goodput_gbps` is capex divided by the goodput the workload reached (cost per unit of throughput).
    """
    step = result.get("step_time_s")
    goodput = result.get("goodput_gbps") or 0.0
    return {
        "time_s": float(step if step is not None else result["completion_time_s"]),
        "completion_time_s": float(result["completion_time_s"]),
        "step_time_s": step,
        "gpu_utilization": result.get("gpu_utilization"),
        "goodput_gbps": float(goodput),
        "throughput_fraction": result.get("throughput_fraction"),
        "p99_latency_us": float((result.get("latency_us") or {}).get("p99") or 0.0),
        "capex": float(cost["capex"]),
        "capex_network": float(cost["capex_network"]),
        "tco": float(cost["tco"]),
        "currency": cost["currency"],
        "capex_per_goodput_gbps": float(cost["capex"]) / goodput if goodput > 0 else None,
    }


def evaluate(doc: FabricDocument, workloads: list[str], *, seed: int, currency: str | None,
             catalog: Catalog | None = None) -> tuple[dict, dict]:
    """Simulate and cost a design exactly as `simulate --seed` and `cost --currency` do (result, cost dicts)."""
    result = run(doc, workloads, SimOptions(seed=seed)).to_dict()
    cost = cost_report(doc, catalog, currency).to_dict()
    return result, cost


def build_candidate(spec: CandidateSpec, gpus: int, workloads: list[str], *, seed: int = 1,
                    currency: str | None = None, catalog: Catalog | None = None,
                    site: SiteRequest | None = None) -> Candidate:
    """Generate, simulate and cost one candidate; a candidate across sites must first pass the long-haul checks
    (CandidateLeftOut)."""
    doc, kind = build_design(spec, gpus, catalog, site)
    if kind == TWO_SITE:
        check_long_haul(spec.label_message(), doc, catalog)
    result, cost = evaluate(doc, workloads, seed=seed, currency=currency, catalog=catalog)
    return Candidate(spec, doc, kind, result, cost, headline_figures(result, cost))
