"""Property tests over every entry point that reads a file: the project loader and the window's opening of a file,
`check`, `cost`, `simulate` and `report`, GraphML import, a sweep's results and a user catalog. Values are
whole numbers far past float, non-finite numbers, text with control characters, escape sequences, line separators
and unpaired surrogates, and amplification shapes (huge declared counts); every run ends in success or in the
entry point's one error type, as one line, and declared sizes never get expanded (tests/test_hostile_limits.py
checks the numbers; the fuzz benchmark, benchmarks/fuzz.py, runs the same at scale)."""

from __future__ import annotations

import contextlib
import csv
import io
import json
import math

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from designer.analysis.sweep.grid import SweepError
from designer.analysis.sweep.results import header, read_results
from designer.catalog.loader import Catalog
from designer.cli import main
from designer.export.graphml_io import graphml_bytes, graphml_to_document
from designer.i18n.escaping import needs_escape
from designer.model import PortGroup, fileformat
from designer.model.errors import ProjectError
from designer.report import ReportOptions, build_proposal
from designer.sim import api
from designer.topology.checks import run_checks
from designer.topology.cost import cost_report
from tests.factories import RESULT, sections_without_acceptance, two_server_doc

NASTY = ["\x00", "\x1b[2J\x1b[31m", "\n", "\r", "\u2028", "\u0085", "\u202e", "\ud800", "\udfff", "\ufeff", "<b>",
         "&amp;", '"', "'", "\\", "=cmd|' /C calc'!A0", "机架", "\t", "\x7f", "\x9b"]
nasty_text = st.lists(st.sampled_from(NASTY) | st.text(max_size=4), max_size=6).map("".join)
huge_ints = st.integers(min_value=-(10**400), max_value=10**400) | st.sampled_from([2**53 + 1, -(2**63), 10**30])
numbers = huge_ints | st.floats() | st.sampled_from([0, -1, 0.0, 1e-300, 1e308, 4096, 10**6])
amplifying = st.sampled_from([
    [{"prefix": "p", "count": 10**6, "speed_gbps": 400.0, "medium": "ethernet"}],
    [{"prefix": f"g{i}-", "count": 4096, "speed_gbps": 400.0, "medium": "ethernet"} for i in range(200)],
    [{"prefix": "p", "count": 512, "speed_gbps": 400.0, "medium": "ethernet"}] * 2,
])
hostile = numbers | nasty_text | amplifying | st.none() | st.booleans() | st.lists(numbers, max_size=3)

BASE = json.loads(fileformat.dumps(two_server_doc()))


def _slots(data) -> list[tuple[object, object]]:
    out, stack = [], [data]
    while stack:
        obj = stack.pop()
        pairs = obj.items() if isinstance(obj, dict) else enumerate(obj) if isinstance(obj, list) else []
        for key, value in pairs:
            out.append((obj, key))
            stack.append(value)
    return out


def _mutated(where: int, value, base=BASE) -> str:
    data = json.loads(json.dumps(base))
    holder, key = (slots := _slots(data))[where % len(slots)]
    holder[key] = value
    return json.dumps(data, ensure_ascii=False)


def _one_line(text: str) -> bool:
    return bool(text) and not any(needs_escape(c) for c in text)


def _loaded(text: str):
    """The document, or None when the loader refused it (with one clean line)."""
    try:
        return fileformat.loads(text)
    except ProjectError as exc:
        assert _one_line(exc.one_line())
        return None


@settings(max_examples=150)
@given(st.integers(0, 10**6), hostile)
def test_loader_refuses_in_one_line_or_gives_a_document_whose_numbers_are_finite(where, value):
    doc = _loaded(_mutated(where, value))
    if doc is not None:
        for node in doc.nodes.values():
            assert math.isfinite(node.x) and math.isfinite(node.nvlink_gbps) and node.port_count() <= 512
        assert all(math.isfinite(link.speed_gbps) and link.speed_gbps >= 1 for link in doc.links.values())
        assert isinstance(fileformat.dumps(doc).encode("utf-8"), bytes)      # it can be saved again


@settings(max_examples=50, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 10**6), hostile, st.sampled_from(["check", "cost"]))
def test_check_and_cost_exit_with_one_line_and_never_an_internal_error(tmp_path, where, value, command):
    path = tmp_path / "d.json"
    path.write_text(_mutated(where, value), encoding="utf-8", errors="surrogatepass")
    err, out = io.StringIO(), io.StringIO()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(out):
        code = main([command, str(path)])
    assert code in (0, 1, 2), err.getvalue()
    if code == 2:
        assert len(err.getvalue().strip().split("\n")) == 1 and _one_line(err.getvalue().strip())


@settings(max_examples=25)
@given(st.integers(0, 10**6), hostile)
def test_documents_that_load_check_cost_and_simulate_without_surprises(where, value):
    doc = _loaded(_mutated(where, value))
    if doc is None:
        return
    try:
        run_checks(doc)
        cost = cost_report(doc)
        assert math.isfinite(cost.tco) and math.isfinite(cost.capex)
        api.run(doc, ["pingpong:8B"])
    except (ProjectError, ValueError) as exc:          # the refusals of each step (WorkloadError is a ValueError)
        assert _one_line(str(exc))


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(nasty_text, nasty_text)
def test_report_takes_any_text(tmp_path, name, label):
    doc = two_server_doc()
    doc.set_meta(name=name.replace("\ud800", "").replace("\udfff", ""), notes=label)
    doc.update_node("srv-1", label=label)
    options = ReportOptions(customer=label, sections=sections_without_acceptance())
    build_proposal(doc, str(tmp_path / "p.pdf"), options=options, results={"ib": RESULT, "rocev2": RESULT})


def test_window_opens_every_refused_file_with_one_line(qapp, tmp_path):
    from designer.ui.app import load_initial
    for i, value in enumerate([10**400, float("nan"), "x\ud800", [[[[]]]], "\x1b[31m\n"]):
        path = tmp_path / f"d{i}.json"
        path.write_text(_mutated(17 * i + 5, value), encoding="utf-8", errors="surrogatepass")
        doc, opened, error = load_initial(str(path))
        assert (error is None and opened == str(path)) or (_one_line(error) and opened is None)


GRAPHML = graphml_bytes(two_server_doc()).decode("utf-8")


@settings(max_examples=100)
@given(st.integers(0, 10**6), hostile.map(str))
def test_graphml_import_refuses_in_one_line(where, value):
    pieces = GRAPHML.split("</data>")
    i = where % (len(pieces) - 1)
    head, _, _ = pieces[i].rpartition(">")
    escaped = value.replace("&", "&amp;").replace("<", "&lt;")
    text = "</data>".join([*pieces[:i], f"{head}>{escaped}", *pieces[i + 1:]])
    try:
        graphml_to_document(text.encode("utf-8", "surrogatepass"))
    except ProjectError as exc:
        assert _one_line(exc.one_line())


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(hostile.map(str), min_size=1, max_size=4))
def test_sweep_results_refuse_in_one_line(tmp_path, cells):
    cols = header(["gpus"])
    row = dict.fromkeys(cols, "")
    row.update(point="0", gpus="16", currency="USD")
    for column, cell in zip(["completion_time_s", "gpu_count", "point", "capex"], cells, strict=False):
        row[column] = cell.replace("\ud800", "?").replace("\udfff", "?")
    path = tmp_path / "r.csv"
    with path.open("w", newline="", encoding="utf-8") as fh:
        csv.writer(fh).writerows([cols, [row[c] for c in cols]])
    try:
        read_results(path)
    except SweepError as exc:
        assert _one_line(str(exc))


@settings(max_examples=150)
@given(st.sampled_from(["switches", "servers", "nics", "cables", "gateways"]),
       st.sampled_from(["ports", "port_gbps", "breakouts", "price_usd", "gpus", "nvlink_gbps", "speed_gbps",
                        "latency_ns", "buffer_mb", "protocol", "roles", "id", "max_reach_m"]), hostile)
def test_user_catalog_refuses_in_one_line(section, field, value):
    entry = {"id": "user-model", field: value}
    try:
        Catalog().merge({section: [entry]})
    except ProjectError as exc:
        assert _one_line(exc.one_line())


@settings(max_examples=40)
@given(amplifying, st.integers(0, 2))
def test_amplification_shapes_are_refused_without_listing_a_port(shape, which):
    listed: list[int] = []
    real = PortGroup.ports
    PortGroup.ports = lambda self: listed.append(self.count) or real(self)   # type: ignore[method-assign]
    try:
        data = json.loads(json.dumps(BASE))
        data["nodes"][which]["ports"] = shape
        doc = _loaded(json.dumps(data))
    finally:
        PortGroup.ports = real                                                 # type: ignore[method-assign]
    assert listed == []
    assert doc is None or doc.nodes[data["nodes"][which]["id"]].port_count() <= 512
