"""Property tests and fuzzing: random edit sequences undo back to the original document, saved documents
load back equal, and the loader and the workload-spec parser raise nothing but their one error type
on hundreds of random and mutated inputs each (every hypothesis fuzzer of the project file reader is here;
`benchmarks/fuzz.py` runs the long fuzz of whole files through the commands)."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st
from PySide6.QtGui import QUndoStack

from designer.model.errors import ProjectError
from designer.model.fileformat import dumps, loads
from designer.sim.workload_spec import WorkloadError, parse_workloads
from tests.factories import two_server_doc
from tests.random_edits import EDIT_KINDS, apply_edit

edit = st.tuples(st.sampled_from(EDIT_KINDS), st.integers(0, 10**6), st.floats(-5000, 5000), st.text(max_size=12))


@settings(max_examples=40)
@given(st.lists(edit, min_size=1, max_size=25))
def test_random_edits_then_undo_all_give_back_the_original_document(qapp, edits):
    doc = two_server_doc()
    original = dumps(doc)
    stack = QUndoStack()
    for e in edits:
        apply_edit(stack, doc, *e)
    edited = dumps(doc)
    # any saved document loads back equal
    assert dumps(loads(edited)) == edited
    while stack.canUndo():
        stack.undo()
    assert dumps(doc) == original
    while stack.canRedo():
        stack.redo()
    assert dumps(doc) == edited


# ---- fuzzing: hundreds of cases each, about a second of CPU each ---------------------------------
json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10)
json_values = st.recursive(json_scalars, lambda inner: st.lists(inner, max_size=4)
                           | st.dictionaries(st.text(max_size=10), inner, max_size=4), max_leaves=16)
VALID = json.loads(dumps(two_server_doc()))
KEYS = ["format", "name", "nodes", "links", "segments", "assumptions", "notes", "id", "kind", "model",
        "ports", "a", "b", "node", "port", "speed_gbps", "protocol", "ib", "rocev2", "type", "from", "to",
        "gbps", "transport", "members", "port_count", "results"]


@given(json_values)
def test_fuzz_loader_with_any_json_value(value):
    """Any JSON document at all (a number, a list, an object of anything): loads or one ProjectError."""
    try:
        loads(json.dumps(value))
    except ProjectError as exc:
        assert exc.problems and "\n" not in exc.one_line()


@settings(max_examples=300)
@given(st.dictionaries(st.sampled_from(KEYS), json_values, max_size=6),
       st.sampled_from(["fabric-designer/0", "fabric-designer/1", "fabric-designer/2", None]))
def test_fuzz_loader_with_project_shaped_objects(obj, fmt):
    """Objects made of the format's own keys (both versions) reach deep into the reader and the migration."""
    if fmt is not None:
        obj["format"] = fmt
    try:
        loads(json.dumps(obj))
    except ProjectError as exc:
        assert exc.problems and "\n" not in exc.one_line()


@settings(max_examples=300)
@given(st.integers(0, 10**9), json_values, st.sampled_from(["fabric-designer/0", "fabric-designer/1"]))
def test_fuzz_loader_with_mutated_valid_files(where, value, fmt):
    """One value of a valid file (current or re-labelled as the old version) replaced anywhere."""
    doc = json.loads(json.dumps(VALID))
    doc["format"] = fmt
    holders = []

    def walk(obj):
        if isinstance(obj, dict):
            holders.extend((obj, k) for k in obj)
            for v in obj.values():
                walk(v)
        elif isinstance(obj, list):
            holders.extend((obj, i) for i in range(len(obj)))
            for v in obj:
                walk(v)

    walk(doc)
    holder, key = holders[where % len(holders)]
    holder[key] = value
    try:
        loads(json.dumps(doc))
    except ProjectError as exc:
        assert exc.problems


@settings(max_examples=300)
@given(st.binary(max_size=200))
def test_fuzz_loader_with_raw_bytes(raw):
    try:
        loads(raw.decode("utf-8", errors="replace"))
    except ProjectError:
        pass


spec_parts = st.sampled_from(["allreduce", "allgather", "reducescatter", "alltoall", "permutation", "incast",
                              "pingpong", "train", "inference", "7b", "405b", "params=1e9", "1GiB", "64KiB",
                              "8B", "0B", "-1MiB", "qps=8", "qps=0", "dp=4", "tp=8", "pp=2", "mfu=0.4",
                              "mfu=2", "algo=ring", "algo=tree", "algo=x", "plane=frontend", "ar=on",
                              "spray=off", "pfc=on", "dcqcn=maybe", "start=2ms", "start=-1s", "qps=1e99", "=",
                              "", "16", "1e400MiB", "NaN", "inf"])


@settings(max_examples=400)
@given(st.lists(st.lists(spec_parts | st.text(max_size=6), min_size=1, max_size=6).map(":".join),
                min_size=0, max_size=3))
def test_fuzz_workload_spec_parser(specs):
    try:
        parsed = parse_workloads(specs)
    except WorkloadError as exc:
        assert str(exc) and "\n" not in str(exc)      # one line, whatever the spec held
    else:
        assert len(parsed) == len(specs) and specs
