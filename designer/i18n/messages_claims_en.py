"""English text of the claims check (its file format's errors, its table, verdicts and command), by message id.

Metric ids, setup ids, workload specs and setting names are parameters and appear verbatim in every language.
"""

from __future__ import annotations

CLAIMS: dict[str, str] = {
    # the claims file
    "error.claims.not_claims": "not a claims file (the top level is not a JSON object)",
    "error.claims.format": "not a claims file: 'format' must be '{expected}', not {found}",
    "error.claims.text_too_long": "text longer than {limit} characters",
    "error.claims.range": "must be between {low} and {high}, not {value}",
    "error.claims.empty": "must list at least one entry",
    "error.claims.not_object": "must be a JSON object",
    "error.claims.bad_id": "must be a non-empty id of at most {limit} characters",
    "error.claims.duplicate_id": "id '{id}' is used twice",
    "error.claims.url": "must be a web address starting with https:// or http://",
    "error.claims.setup_kind": "a setup gives either 'generate' (a generated fabric) or 'project' (a design file), "
                               "exactly one of them",
    "error.claims.project_relative": "the project path must be relative to the claims file",
    "error.claims.gap_needs_both": "comparing the gap needs a published figure for both ib and rocev2",
    "error.claims.unknown_setup": "unknown setup '{setup}' (setups: {known})",
    "error.claims.metric_workload": "metric {metric} is measured by a {kinds} workload, not {kind}",
    "error.claims.published": "must map protocols to published figures, such as ib: 2.2 and rocev2: 5.3",
    "error.claims.no_variant": "no variant runs protocol {protocol}: add one to 'variants'",
    "claims.note.slower_links": "back-end links run at {gbps} Gb/s on ports of {port_gbps} Gb/s (the catalog's "
                                "back-end NICs are {port_gbps}G parts, which run at half speed)",
    # the table
    "claims.col.claim": "claim",
    "claims.col.published": "published {name}",
    "claims.col.ours": "ours {name}",
    "claims.col.difference": "RoCEv2 vs IB: published → ours",
    "claims.claim_name": "{metric} [{setup}]",
    "claims.variant": "{name} ({preset})",
    "claims.preset.recommended": "recommended",
    "claims.preset.plain": "plain",
    "claims.preset_about.recommended": "what vendors and large operators run for AI",
    "claims.preset_about.plain": "an untuned fabric, the vendors' defaults",
    "claims.gap": "{published} → {ours}",
    "claims.metric.cross_node_latency_us": "cross-node latency ({unit})",
    "claims.metric.gpu_utilization_pct": "compute utilisation ({unit})",
    "claims.metric.mfu_pct": "MFU ({unit})",
    "claims.metric.training_days": "training time ({unit})",
    "claims.metric.iteration_ms": "iteration time ({unit})",
    "claims.metric.step_jitter_pct": "step-time jitter ({unit})",
    "claims.metric.collective_jitter_pct": "collective-time jitter ({unit})",
    "claims.metric.inference_p50_ms": "inference latency p50 ({unit})",
    "claims.metric.inference_p99_ms": "inference latency p99 ({unit})",
    "claims.metric.max_qps_at_target": "max QPS at the latency target ({unit})",
    "claims.metric.busbw_gbytes": "bus bandwidth ({unit})",
    # verdicts and settings
    "claims.verdict_line": "{n}. {claim}{basis}: {text}",
    "claims.basis.gap": ", judged on the RoCEv2/IB gap",
    "claims.verdict.agrees": "{name} agrees within {tolerance}% ({error})",
    "claims.verdict.disagrees": "{name} disagrees ({error})",
    "claims.verdict.failed": "{name} could not run: {reason}",
    "claims.verdict.not_measured": "{name} not measured (this version does not report the figure)",
    "claims.verdict.nothing": "nothing to judge",
    "claims.verdict.none_ran": "could not run: {reason}",
    "claims.verdict.none_measured": "not measured (this version does not report the figure)",
    "claims.settings_line": "{name}: preset {preset} ({about}): {values}",
    # the command
    "cli.claims.title": "Claims check: {title}",
    "cli.claims.source": "Source: {text}",
    "cli.claims.source_note": "Note on the source: {text}",
    "claims.setup_note": "Setup {setup}: {text}",
    "cli.claims.verdicts": "Verdicts (ours against the published figure; in brackets ours / published - 1):",
    "cli.claims.settings": "Settings each variant ran (they explain the differences):",
    "cli.claims.runs": "{runs} runs in {seconds} s (seed {seed})",
}
