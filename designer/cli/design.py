"""`fabric-designer generate`, `check` and `cost`: a design made, checked or priced, printed as a table or JSON."""

from __future__ import annotations

import argparse
import json
from typing import Any

from designer.catalog.loader import load_catalog
from designer.cli.output import naming
from designer.i18n import current_language, render, render_finding
from designer.i18n import number_format as nf
from designer.i18n.escaping import one_line
from designer.i18n.findings import Count
from designer.i18n.message import Message
from designer.i18n.messages_en import EN
from designer.i18n.text_width import columns, fit, ljust, rjust
from designer.model.errors import ProjectError
from designer.model.fileformat import load, save
from designer.report.products import line_name
from designer.topology import generate, plan
from designer.topology.build_options import build_settings_from
from designer.topology.checks import run_checks
from designer.topology.cost import cost_report
from designer.topology.two_site import KIND as TWO_SITE
from designer.topology.two_site import NOT_TAKEN, TwoSiteOptions, generate_two_site, per_site_gpus

# the cost table: (column, width in terminal columns); a wider translated header widens its column
COST_COLUMNS = (("item", 44), ("kind", 9), ("count", 7), ("unit", 13), ("total", 15))


GENERATE_BUILD_OPTIONS = {"placement": "--placement", "rack_power_kw": "--rack-kw", "rack_units": "--rack-units"}
# options of the two-site generator alone, and options it cannot honour (two_site.NOT_TAKEN): given to the other
# kind, each is refused, never ignored
TWO_SITE_ONLY = {"gpus_per_site": "--gpus-per-site", "distance_km": "--distance-km", "dci_gbps": "--dci-gbps",
                 "dci_links": "--dci-links", "dci_equipment": "--dci-equipment"}
NOT_FOR_TWO_SITE = {attr: "--" + attr.replace("_", "-") for attr in NOT_TAKEN}


def cmd_generate(args: argparse.Namespace) -> int:
    """Generate a design of `args.kind` into `args.output`; print what was written and the sizing rule used."""
    if args.kind == TWO_SITE:
        return _generate_two_site(args)
    _refuse_given(args, TWO_SITE_ONLY)
    if args.gpus is None:
        raise ProjectError(Message("error.generate.gpus_needed", kind=args.kind))
    options: dict[str, Any] = dict(gpus=args.gpus, gpus_per_server=args.gpus_per_server, backend=args.backend,
                   link_gbps=args.link_gbps, frontend=args.frontend, server_model=args.server_model,
                   switch_model=args.switch_model, two_tiers=args.two_tiers, nic_model=args.nic_model,
                   build=_build(args), planes=args.planes, **_given(oversubscription=args.oversubscription))
    doc = generate(args.kind, name=args.name, **_given(preset=args.preset), **options)
    save(doc, args.output)
    switches = sum(1 for n in doc.nodes.values() if n.kind == "switch")
    print(render("cli.generated", file=args.output, gpus=doc.gpu_count(), switches=Count(switches),
                 links=Count(len(doc.links))))
    rule = plan(args.kind, **options).rule
    if rule:
        print(rule)
    return 0


def _refuse_given(args: argparse.Namespace, options: dict[str, str]) -> None:
    """A clear error naming the `options` (attribute -> flag) given that a design of `args.kind` does not take."""
    given = [flag for attr, flag in options.items() if getattr(args, attr) is not None]
    if given:
        raise ProjectError(Message("error.generate.not_for_kind", options=", ".join(given), kind=args.kind))


def _given(**values: Any) -> dict[str, Any]:
    """The options given on the command line (not None): the others keep the generator's defaults."""
    return {name: value for name, value in values.items() if value is not None}


def _build(args: argparse.Namespace) -> Any:
    return build_settings_from(GENERATE_BUILD_OPTIONS, placement=args.placement, rack_power_kw=args.rack_kw,
                               rack_units=args.rack_units)


def _generate_two_site(args: argparse.Namespace) -> int:
    _refuse_given(args, NOT_FOR_TWO_SITE)
    per_site = per_site_gpus(args.gpus, args.gpus_per_site)
    if per_site is None or args.distance_km is None:
        raise ProjectError(Message("error.two_site.options"))
    doc = generate_two_site(TwoSiteOptions(
        per_site, args.distance_km, backend=args.backend, equipment=args.dci_equipment, frontend=args.frontend,
        name=args.name, nic_model=args.nic_model, build=_build(args),
        **_given(dci_gbps=args.dci_gbps, dci_links=args.dci_links, oversubscription=args.oversubscription,
                 preset=args.preset)))
    save(doc, args.output)
    switches = sum(1 for n in doc.nodes.values() if n.kind == "switch")
    print(render("cli.generated", file=args.output, gpus=doc.gpu_count(), switches=Count(switches),
                 links=Count(len(doc.links))))
    lh = doc.long_haul[0]
    print(render("cli.two_site.generated", links=lh.count, gbps=f"{lh.capacity_gbps:g}", km=f"{lh.distance_km:,g}",
                 equipment=lh.equipment, optics=lh.optics or "-"))
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    """Print the design rule findings of `args.file` (or JSON); exit 1 when any is an error."""
    doc = load(args.file)
    with naming(args.file):
        findings = run_checks(doc)
    errors = sum(1 for f in findings if f.severity == "error")
    warnings = sum(1 for f in findings if f.severity == "warning")
    if args.json:
        print(json.dumps({"file": args.file, "errors": errors, "warnings": warnings,
                          "findings": [f.to_dict() for f in findings]}, ensure_ascii=False, indent=1))
    else:
        for f in findings:       # one line each, whatever the ids and labels of the file hold
            print(one_line(f"{render('severity.' + f.severity):8} {f.rule:24} {render_finding(f)}"))
        print(render("check.summary", file=args.file, errors=errors, warnings=warnings))
    return 1 if errors else 0


def cmd_cost(args: argparse.Namespace) -> int:
    """Print the bill of materials of `args.file` as a table and a CAPEX/TCO line (or JSON)."""
    doc = load(args.file)
    catalog = load_catalog()
    with naming(args.file):
        report = cost_report(doc, catalog, currency=args.currency)
    if args.json:
        print(json.dumps(report.to_dict(), ensure_ascii=False, indent=1))
        return 0
    cur, lang = report.currency, current_language()
    heads = [render(f"cost.col_{c}") for c, _ in COST_COLUMNS]
    widths = [max(w, columns(h)) for h, (_, w) in zip(heads, COST_COLUMNS, strict=True)]
    money = [(nf.money(it.unit_price, cur, lang), nf.money(it.total, cur, lang)) for it in report.items]
    cells = [[line_name(catalog, it, lang), render(f"cost.kind.{it.kind}") if f"cost.kind.{it.kind}" in EN else it.kind,
              f"{it.count:d}", *figures] for it, figures in zip(report.items, money, strict=True)]
    widths[:2] = [max([widths[i], *(columns(row[i]) for row in cells)]) for i in (0, 1)]   # names are never cut
    for row in [heads, *cells]:
        print(" ".join([fit(row[0], widths[0]), ljust(row[1], widths[1])]
                       + [rjust(v, w) for v, w in zip(row[2:], widths[2:], strict=True)]))
    print(render("cost.summary", capex=nf.money(report.capex, cur, lang),
                 network=nf.money(report.capex_network, cur, lang), power_kw=f"{report.power_w / 1000:,.1f}",
                 years=report.tco_years, tco=nf.money(report.tco, cur, lang)))
    return 0


def run(args: argparse.Namespace) -> int:
    """Run `generate`, `check` or `cost`."""
    return {"generate": cmd_generate, "check": cmd_check, "cost": cmd_cost}[args.command](args)
