"""English text of multi-site designs: sites, long-haul links, their checks, the two-site generator."""

from __future__ import annotations

SITES: dict[str, str] = {
    "error.catalog.long_haul_optics": "long-haul optics",
    "error.sites.not_list": "sites must be a list of sites, each with an id and a name",
    "error.sites.id": "a site needs an id (non-empty text)",
    "error.sites.name": "a site's name must be text",
    "error.sites.unknown_fields": "unknown fields: {fields}",
    "error.sites.no_site": "there is no site '{site}' in the design's sites",
    "error.long_haul.not_list": "long_haul must be a list of long-haul bundles between sites",
    "error.long_haul.text": "{field} must be non-empty text",
    "error.long_haul.no_site": "there is no site '{site}' in the design's sites",
    "error.long_haul.same_site": "a long-haul bundle joins two different sites, not site '{site}' to itself",
    "error.long_haul.pair_twice": "sites '{a}' and '{b}' are already joined by another long-haul bundle",
    "error.long_haul.optics": "optics must be a catalog id (text) or null",
    "error.long_haul.distance": "distance_km must be a number from {low} to {high} km, not {value}",
    "error.long_haul.capacity": "capacity_gbps (per link) must be a number from {low} to {high} Gb/s, not {value}",
    "error.long_haul.count": "count (links in the bundle) must be a whole number from {low} to {high}, not {value}",
    "error.long_haul.unknown_optics": "long-haul bundle '{bundle}': optics '{model}' are not in the catalog "
                                      "(known: {known})",
    "finding.long-haul-bundle": "A link joins two sites that no long-haul bundle joins, or a bundle's cables differ "
                                "from what it declares",
    "finding.long-haul-bundle.orphan": "{count} {count:link joins|links join} two sites that no long-haul bundle "
                                       "joins (link '{link}'); declare the bundle with its distance",
    "finding.long-haul-bundle.detail": "long-haul bundle '{bundle}' declares {declared} links of {gbps:g} Gb/s but "
                                       "the design cables {cabled} between its sites (at {speeds} Gb/s)",
    "finding.site-floors": "A link joins a device of a site to a device of no site: Plan racks stands them on "
                           "different floors and leaves the link's cable and length as drawn",
    "finding.site-floors.detail": "{count} {count:link joins|links join} a device of a site to a device of no site "
                                  "(link '{link}'): Plan racks stands them on different floors and leaves "
                                  "{count:its|their} cable and length as drawn; give both ends a site",
    "finding.long-haul-equipment": "A long-haul bundle's equipment or optics are not in the catalog, or do not reach "
                                   "its distance or speed",
    "finding.long-haul-equipment.unknown": "long-haul bundle '{bundle}': '{model}' is not long-haul equipment or "
                                           "optics in the catalog",
    "finding.long-haul-equipment.reach": "long-haul bundle '{bundle}': {model} reaches {reach:,g} km but the sites are "
                                         "{km:,g} km apart",
    "finding.long-haul-equipment.optics": "long-haul bundle '{bundle}': {model} carries {line:g} Gb/s over "
                                          "{reach:,g} km, but the bundle asks {gbps:g} Gb/s over {km:,g} km",
    "finding.long-haul-pfc": "A lossless RoCEv2 class across a long-haul link needs more PFC headroom than the switch "
                             "at its end can hold",
    "finding.long-haul-pfc.detail": "lossless RoCEv2 across {km:,g} km is impossible at '{node}' ({model}): "
                                    "{ports} long-haul {ports:port|ports} at {speed:g} Gb/s need {need:.1f} MB of PFC "
                                    "headroom each ({total:.0f} MB), more than its {buffer:g} MB buffer; run the "
                                    "cross-site traffic lossy (pfc=off) over deep-buffer routers, or keep the "
                                    "lossless class inside each site",
    "finding.long-haul-pfc.unknown": "lossless RoCEv2 across {km:,g} km: '{node}' ({model}) publishes no buffer size; "
                                     "its {ports} long-haul {ports:port|ports} at {speed:g} Gb/s need {need:.1f} MB of "
                                     "PFC headroom each ({total:.0f} MB)",
    "finding.long-haul-credits": "An InfiniBand link across sites needs more bytes in flight than a plain switch "
                                 "port's credits cover; long-haul appliances are needed",
    "finding.long-haul-credits.detail": "InfiniBand across {km:,g} km at {speed:g} Gb/s keeps {need:.1f} MB in flight "
                                        "per link, but '{node}' advertises {credits:g} KB of credits per port and "
                                        "virtual lane: the link would run at {rate:.1f} Gb/s (credits / RTT); put "
                                        "long-haul appliances (MetroX class) at both ends",
    "error.workload.dp_across_sites": "dp_across_sites={text}: use one of {choices} (hier: reduce inside each site, "
                                      "exchange across, gather inside; flat: one ring over every GPU)",
    "error.sim.hier_sites": "dp_across_sites=hier needs every data-parallel group spread evenly over two or more "
                            "sites; this run's groups are not (use dp_across_sites=flat)",
    "error.sweep.site_axis": "distance_km, dci_gbps, dci_links and gpus_per_site vary the two-site generator "
                             "(--generate two-site), not {kind}",
    "error.sweep.two_site_option": "{names}: not a parameter of a two-site design, whose sites are leaf-spines of "
                                   "8-GPU servers on the back-end's own switches and links",
    "error.sweep.site_distance": "a two-site sweep needs distance_km (for example --vary distance_km=10,100,1000)",
    "ui.site.tag": "{site} · {gpus} GPUs",
    "ui.site.bundle": "long-haul: {count} × {gbps} Gb/s · {km} km · {ms} ms one way",
    "advice.cross_site.viable": "Across sites ({km} km, {links} x {gbps} Gb/s, {mode}): viable; {exposed} ms of "
                                "the cross-site exchange is not hidden, {share} of the step "
                                "(within {target})",
    "advice.cross_site.capacity": "Across sites ({km} km, {links} x {gbps} Gb/s, {mode}): not "
                                  "viable yet; {exposed} ms of the cross-site exchange is not hidden, {share} of the "
                                  "step (more than {target}); about {need} Gb/s between the sites ({need_links} links "
                                  "of {gbps} Gb/s) would bring it within {target}, while the links rather than the "
                                  "senders' windows limit the flows (hashing a few large flows over parallel links "
                                  "can need more)",
    "advice.cross_site.window": "Across sites ({km} km, {links} x {gbps} Gb/s, {mode}): not viable yet; {exposed} ms "
                                "of the cross-site exchange is not hidden, {share} of the step (more than {target}); "
                                "the long-haul links carried {carried} of their {total} Gb/s each way meanwhile: the "
                                "senders' windows over the {rtt} ms round trip (or how the flows hash onto the links), "
                                "not the capacity, held the exchange, so more links alone would not help; larger NCCL "
                                "buffers (NCCL_BUFFSIZE) or more channels per peer widen the windows",
    "advice.cross_site.credits": "Across sites ({km} km, {links} x {gbps} Gb/s, {mode}): not "
                                 "viable; {exposed} ms of the cross-site exchange is not hidden, {share} of the step: "
                                 "InfiniBand switch ports without long-haul credits hold each link to credits / RTT, "
                                 "and more links would not change that; put long-haul appliances (MetroX class) at "
                                 "both ends",
    "advice.cross_site.latency_bound": "Across sites ({km} km, {links} x {gbps} Gb/s, {mode}): not "
                                       "viable at any capacity; its cross-site steps ({steps}) take {latency} ms even "
                                       "at the NICs' rate, and {share} of the step is exposed; {remedy}",
    "advice.cross_site.remedy_flat": "use hierarchical data parallelism (dp_across_sites=hier) or keep data "
                                     "parallelism inside each site",
    "advice.cross_site.remedy_pp": "compare keeping each pipeline inside one site (pp_across_sites=off) with the "
                                   "gradients exchanged hierarchically across the sites (dp_across_sites=hier)",
    "advice.cross_site.latency_bound_hier": "Across sites ({km} km, {links} x {gbps} Gb/s, {mode}): not viable "
                                            "at any capacity; the exchange takes {latency} ms even at the NICs' "
                                            "rate, and {share} of the step is exposed; hide more of the exchange "
                                            "behind compute (larger batches per step) or keep data parallelism "
                                            "inside each site",
    "cli.sim.cross_site": "inside / across sites",
    "advice.cross_site.mode_hier": "hierarchical data parallelism",
    "advice.cross_site.mode_flat": "flat data parallelism",
    "advice.cross_site.mode_pp": "pipeline stages split across the sites",
    "cli.sim.pp_distance": "pipeline across sites",
    "cli.sim.replicated": "copied to the other site",
    "cli.sim.replicated_value": "{gb} GB in {s} s ({gbps} Gb/s over the long-haul links)",
    "cli.sim.pp_distance_value": "the distance adds {ms} ms to the pipeline bubble ({trips} crossings of the span "
                                 "per step, {m} micro-batches)",
    "error.sim.pp_sites_one": "pp_across_sites=on splits the pipeline between two sites, but the job's GPUs stand in "
                              "one site (or the design has no sites); use a design of two sites (generate two-site), "
                              "place the job on GPUs of both, or leave the option out",
    "error.sim.pp_sites_pp": "pp_across_sites=on needs two or more pipeline stages to split between the sites, not "
                             "pp={pp} (give pp=2 or more)",
    "error.sim.pp_sites_split": "pp_across_sites=on puts half of the pipeline stages in each of two sites: it needs "
                                "two sites with as many of the job's GPUs each and an even pp; here pp={pp}, {sites} "
                                "sites with {gpus} GPUs",
    "error.sim.pp_sites_off": "pp_across_sites=off keeps each pipeline inside one site: every site's GPUs ({gpus}) "
                              "must hold whole pipelines of {per} GPUs (tp x pp)",
    "cli.sim.cross_site_value": "{inside} GB / {cross} GB per step; across: {cross_s} s, {exposed_s} s exposed",
    "error.two_site.backend": "two-site builds both sites with one back-end protocol: use backend 'ib' or 'rocev2', "
                              "not '{backend}'",
    "error.two_site.gpus": "gpus per site must be a positive multiple of 8 (whole 8-GPU servers), not {value}",
    "error.two_site.equipment": "'{model}' is not long-haul site equipment in the catalog (known: {known})",
    "error.two_site.dci_speed": "{model} long-haul ports run at {gbps} Gb/s; ask for --dci-gbps {gbps} or less, "
                                "not {value}",
    "error.two_site.options": "two-site needs --gpus-per-site N and --distance-km KM",
    "error.generate.gpus_needed": "generate {kind} needs --gpus N",
    "error.generate.not_for_kind": "{options}: not an option of a {kind} design",
    "error.two_site.total": "two-site builds two sites of --gpus-per-site GPUs each: --gpus {gpus} is not twice "
                            "{per_site}",
    "cli.two_site.generated": "Long-haul: {links} links of {gbps} Gb/s over {km} km, {equipment} at each end, "
                              "optics {optics}",
    "help.generate.gpus_per_site": "two-site only: GPUs in each site (a multiple of 8)",
    "help.generate.distance_km": "two-site only: fibre distance between the sites in km (5 us per km)",
    "help.generate.dci_gbps": "two-site only: capacity of one long-haul link in Gb/s (default 400)",
    "help.generate.dci_links": "two-site only: long-haul links between the sites (default 16)",
    "help.generate.dci_equipment": "two-site only: site-edge equipment model (default: dci-jericho2 for RoCEv2, "
                                   "metrox-3-xc for InfiniBand)",
    # the advisor across two sites (`advise --sites 2`, its PDF, the wizard)
    "advisor.kind.two-site": "leaf-spine in each of two sites",
    "advisor.design_name": "{label} — {gpus} GPUs",
    "advisor.design_name_sites": "{label} — 2 x {per_site} GPUs, {km} km",
    "advisor.sites.default_workload": "Cross-site viability needs a training workload; none was given, so every "
                                      "candidate runs {workload} (give --workload train:... for your own)",
    "advisor.sites.default_workload_instead": "Cross-site viability needs a training workload; {given} is not one, "
                                              "so every candidate runs {workload} instead (give --workload "
                                              "train:... for your own)",
    "advisor.sites.no_crossing": "Across sites: this workload's data parallelism does not cross the sites, so its "
                                 "step shows nothing of the distance",
    "advisor.sites.short.viable": "viable",
    "advisor.sites.short.capacity": "needs {links} x {gbps}G",
    "advisor.sites.short.credits": "needs IB appliances",
    "advisor.sites.short.window": "window-bound",
    "advisor.sites.short.latency_bound": "not at any capacity",
    "advisor.sites.short.no_crossing": "-",
    "advisor.alt.sites_shapes": "Across sites the advisor builds a leaf-spine in each site, as the two-site generator "
                                "does: InfiniBand and RoCEv2 at 1:1 and 2:1, and Spectrum-X; hybrid, rail-optimized, "
                                "rail-only and multi-plane sites are not weighed",
    "advisor.alt.sites_ib_links": "The InfiniBand candidates carry the same {total} Gb/s as {links} links of {gbps} "
                                  "Gb/s, the line rate of their long-haul appliances (MetroX class)",
    "advisor.alt.sites_left_out": "{label} left out: {reason}",
    "advisor.col.across_sites": "across sites",
    "advisor.cli.sites": "two sites of {per_site} GPUs, {km} km apart, {links} x {gbps} Gb/s long-haul links "
                         "({total} Gb/s)",
    "advisor.cli.across_sites": "Training across the sites, candidate by candidate:",
    "advisor.pdf.title_sites": "Network design options for {gpus} GPUs in two sites {km} km apart",
    "error.advisor.sites_options": "{options}: only with two sites; add --sites 2",
    "error.advisor.sites": "--sites must be 1 or 2 (one site, or two joined by long-haul links), not {sites}",
    "error.advisor.sites_distance": "--sites 2 needs --distance-km KM, the fibre distance between the sites",
    "error.advisor.sites_gpus": "--sites 2 puts half the GPUs in each site, in whole {per_server}-GPU servers: --gpus "
                                "must be a multiple of {step}, not {gpus}",
    "error.advisor.sites_distance_range": "--distance-km must be from {low} to {high} km, not {value}",
    "error.advisor.sites_links": "--dci-links must be a whole number from 1 to {high}, not {value}",
    "error.two_site.dci_gbps": "--dci-gbps must be between {low} and {high} Gb/s a link, not {value}",
    "error.advisor.sites_gbps": "--dci-gbps must be a positive capacity in Gb/s, not {value}",
    "error.advisor.sites_none": "no candidate passes the long-haul checks at this distance and link budget: {reasons}",
    "help.advise.sites": "1 (default) or 2: two sites, half the GPUs in each, joined by long-haul links",
    "help.advise.distance_km": "with --sites 2: fibre distance between the sites in km (5 us per km)",
    "help.advise.dci_gbps": "with --sites 2: capacity of one long-haul link in Gb/s (default 400)",
    "help.advise.dci_links": "with --sites 2: long-haul links between the sites (default 16)",
    "note.ib_long_haul.stand_in": "InfiniBand across {km} km: the drawn DCI routers run as the {appliance} (up to "
                                  "{reach} km), so the long-haul links run at their line rate.",
    "note.ib_long_haul.beyond_reach": "InfiniBand across {km} km: no InfiniBand long-haul appliance reaches that far "
                                      "({appliance}: {reach} km), so the long-haul links run as plain InfiniBand "
                                      "switch ports, held by credits over the round trip to {gbps} Gb/s each.",
    "note.ib_long_haul.no_appliance": "InfiniBand across {km} km: the catalog has no InfiniBand long-haul appliance, "
                                      "so the long-haul links run as plain InfiniBand switch ports, held by credits "
                                      "over the round trip to {gbps} Gb/s each.",
}
