"""The advisor across two sites: which candidates it builds, the training workload it simulates, the candidates the
long-haul checks leave out, and each candidate's verdict on training across the sites (designer/analysis/
cross_site.py: viable, or the capacity that would make it so, or that no capacity would).

Candidates across sites are the two-site generator's designs (a leaf-spine in each site), with the protocols and
presets of the one-site candidates the generator can build: InfiniBand and RoCEv2 at 1:1 and 2:1, and RoCEv2 as
Spectrum-X. Cross-site viability needs a training step, so `train:` workloads run with hierarchical data parallelism
across the sites (the form NVIDIA reports for its two-site training, docs/references.md [nvidia-multi-dc]) unless
they say otherwise or split their pipeline stages across the sites instead; without one the advisor simulates
DEFAULT_SITE_WORKLOAD and says so.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from designer.analysis.advisor.alternatives import Alternative
from designer.analysis.advisor.candidates import (
    CHEAPER_OVERSUBSCRIPTION,
    SPECTRUM_X_NIC,
    Candidate,
    CandidateSpec,
)
from designer.analysis.advisor.site_request import SiteRequest
from designer.analysis.cross_site import cross_site_advice
from designer.analysis.quantities import Joined
from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.sim.workload_spec import Workload, WorkloadError, parse_workloads
from designer.topology.two_site import KIND as TWO_SITE

# a 7B dense model over every GPU, tensor parallel inside each 8-GPU server, data parallel across the sites; its
# global batch of 4 Mi tokens is the one training.py gives models under 100B (Llama-style pre-training)
DEFAULT_SITE_WORKLOAD = "train:7b:tp=8:pp=1:dp_across_sites=hier"
HIER = "dp_across_sites=hier"
VERDICTS = {"advice.cross_site.viable": "viable", "advice.cross_site.capacity": "capacity",
            "advice.cross_site.credits": "credits", "advice.cross_site.window": "window",
            "advice.cross_site.latency_bound": "latency-bound",
            "advice.cross_site.latency_bound_hier": "latency-bound"}


def site_specs() -> list[CandidateSpec]:
    """The candidates across two sites, in a fixed order (ties in the ranking keep it)."""
    return [CandidateSpec(TWO_SITE, backend, ratio) for backend in ("ib", "rocev2")
            for ratio in (1.0, CHEAPER_OVERSUBSCRIPTION)] + [
        CandidateSpec(TWO_SITE, "rocev2", 1.0, nic_model=SPECTRUM_X_NIC)]


def site_workloads(workloads: list[str] | None) -> tuple[list[str], Message | None]:
    """The workloads to simulate across sites, and a note when the advisor chose the training workload itself."""
    given = list(workloads or [])
    kinds = [parse_workloads([w])[0] for w in given]
    if not any(w.kind == "train" for w in kinds):
        msg_id = "advisor.sites.default_workload_instead" if given else "advisor.sites.default_workload"
        return [DEFAULT_SITE_WORKLOAD], Message(msg_id, workload=DEFAULT_SITE_WORKLOAD, given=", ".join(given))
    return [f"{text}:{HIER}" if _dp_unsaid(w) else text for text, w in zip(given, kinds, strict=True)], None


def _dp_unsaid(w: Workload) -> bool:
    """A training workload that does not say how its data parallelism crosses the sites, nor splits its pipeline
    stages across them instead (pp_across_sites=on keeps each data-parallel group inside a site)."""
    return w.kind == "train" and w.opt("dp_across_sites") is None and w.switch("pp_across_sites") is not True


def site_notes(site: SiteRequest, catalog: Catalog) -> list[Alternative]:
    """What the advisor across sites builds and does not, and how the InfiniBand candidates carry the budget."""
    notes = [Alternative(TWO_SITE, (), Message("advisor.alt.sites_shapes"))]
    gbps, links = site.links_for("ib", catalog)
    if (gbps, links) != (site.dci_gbps, site.dci_links):
        notes.append(Alternative(TWO_SITE, (), Message("advisor.alt.sites_ib_links", links=links, gbps=f"{gbps:g}",
                                                         total=f"{site.total_gbps:,g}")))
    return notes


def no_candidate(left_out: list[Alternative]) -> WorkloadError:
    """The refusal when the checks leave out every candidate: each one's reason."""
    return WorkloadError(Message("error.advisor.sites_none", reasons=Joined([a.why for a in left_out], "list.sep")))


def crossing_entry(result: dict[str, Any]) -> dict[str, Any] | None:
    """The first workload of a result whose data parallelism crossed the sites."""
    return next((w for w in result.get("workloads", []) if w.get("cross_site_s") is not None), None)


@dataclass(frozen=True)
class CrossSite:
    """A candidate's verdict on training across the sites: the sentence, its kind, the capacity it names."""

    message: Message
    verdict: str                 # viable | capacity | credits | latency-bound | no-crossing
    need_gbps: float | None = None
    need_links: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"verdict": self.verdict, "text": self.message.render("en"),
                "need_gbps": None if self.need_gbps is None else round(self.need_gbps, 1),
                "need_links": self.need_links}

    def short(self) -> Message:
        """The verdict in a few words, for a table cell."""
        if self.verdict == "capacity":
            return Message("advisor.sites.short.capacity", links=self.need_links,
                           gbps=self.message.params["gbps"])
        return Message(f"advisor.sites.short.{self.verdict.replace('-', '_')}")


def cross_site(candidate: Candidate) -> CrossSite:
    """The candidate's verdict from its simulated training step."""
    entry = crossing_entry(candidate.result)
    msg = cross_site_advice(candidate.doc, entry) if entry is not None else None
    if msg is None:
        return CrossSite(Message("advisor.sites.no_crossing"), "no-crossing")
    need = msg.params.get("need_gbps")
    links = msg.params.get("need_links")
    return CrossSite(msg, VERDICTS[msg.msg_id], float(need) if need is not None else None,  # type: ignore[arg-type]
                     int(links) if links is not None else None)  # type: ignore[call-overload]
