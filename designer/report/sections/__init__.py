"""The sections of the proposal, each a function from the proposal context to a list of flowables."""

from designer.report.sections import (
    acceptance,
    assumptions,
    cost,
    facts,
    findings,
    jobs,
    next_steps,
    racks,
    recommendation,
    resilience,
    risks,
    scope,
    simulation,
    sites,
    sources,
    summary,
    topology,
)

SECTION_BUILDERS = {
    "summary": summary.build, "scope": scope.build, "recommendation": recommendation.build,
    "topology": topology.build, "facts": facts.build, "simulation": simulation.build,
    "jobs": jobs.build, "sites": sites.build,
    "resilience": resilience.build, "cost": cost.build, "racks": racks.build, "risks": risks.build,
    "acceptance": acceptance.build,
    "next_steps": next_steps.build, "findings": findings.build, "assumptions": assumptions.build,
    "sources": sources.build,
}
