"""The quick readers of a project file (designer/model/quick_read.py) accept only what the careful reader accepts,
and build the same node or link from it; anything else is left to the careful reader, which names the problem."""

from __future__ import annotations

import copy
import json
import math

import pytest

from designer.model import ProjectError, loads
from designer.model.fileformat import _read_link, _read_node, _Reader, document_to_dict, dumps
from designer.model.quick_read import quick_link, quick_node
from tests.factories import two_server_doc

# values that each field of a saved entry may be replaced by: of another type, out of range, not a number
ODD_VALUES = [None, True, 0, 1, 400, 1000, -1, 0.0, -0.0, -1.0, 0.5, 2.0, 50.0, 1e7, 1e300, math.nan, math.inf,
              "", "x", "ib", "backend", "leaf", [], {}, 2**60]


def _saved():
    data = document_to_dict(two_server_doc("rocev2"))
    server = next(n for n in data["nodes"] if n["kind"] == "server")
    switch = next(n for n in data["nodes"] if n["kind"] == "switch")
    return server, switch, data["links"][0]


def _careful(read, raw):
    r = _Reader()
    item = read(r, raw, "here")
    return None if r.problems else item


def _variants(raw: dict) -> list[dict]:
    """`raw` with one field (or one field of one nested object) missing or replaced by each odd value."""
    out = []
    for key, value in raw.items():
        out.append({k: v for k, v in raw.items() if k != key})
        out.extend({**raw, key: odd} for odd in ODD_VALUES)
        nested = value if isinstance(value, dict) else (value[0] if isinstance(value, list) and value else None)
        for inner in nested or {}:
            for odd in [*ODD_VALUES, ...]:
                changed = copy.deepcopy(raw)
                target = changed[key] if isinstance(value, dict) else changed[key][0]
                if odd is ...:
                    del target[inner]
                else:
                    target[inner] = odd
                out.append(changed)
    return out


@pytest.mark.parametrize("which", ["server", "switch", "link"])
def test_quick_reader_agrees_with_the_careful_one(which):
    server, switch, link = _saved()
    raw = {"server": server, "switch": switch, "link": link}[which]
    quick, read = (quick_link, _read_link) if which == "link" else (quick_node, _read_node)
    assert quick(raw) is not None and quick(raw) == _careful(read, raw)      # a saved entry takes the quick path
    taken = 0
    for variant in _variants(raw):
        fast = quick(variant)
        if fast is not None:
            taken += 1
            assert fast == _careful(read, variant), variant
    assert taken > 0                                   # some changes (an optional field left out) stay quick


def test_clashing_port_groups_are_left_to_the_careful_reader():
    server, _, _ = _saved()
    server = {**server, "ports": [*server["ports"], dict(server["ports"][0])]}
    assert quick_node(server) is None
    assert _careful(_read_node, server) is None


def test_a_bad_cable_among_good_ones_keeps_its_message():
    data = document_to_dict(two_server_doc("rocev2"))
    data["links"][1]["speed_gbps"] = 400          # a whole number: read carefully, accepted as 400.0
    data["links"][2]["b"]["port"] = "swp999"      # no such port
    data["links"][3]["length_m"] = -1.0
    with pytest.raises(ProjectError) as error:
        loads(json.dumps(data))
    problems = error.value.problems
    assert len(problems) == 2
    assert problems[0].startswith("links[3].length_m:")
    assert problems[1].startswith("links[2].b.port:") and "swp999" in problems[1]


def test_quick_and_careful_reads_make_the_same_document():
    doc = two_server_doc("ib")
    assert dumps(loads(dumps(doc))) == dumps(doc)
