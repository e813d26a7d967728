"""The other protocol's option of a drawing is priced with as many of its switches as the drawn ports need."""

from __future__ import annotations

import math

from designer.analysis.protocol_options import as_protocol, variants
from designer.catalog.loader import load_catalog
from designer.topology.generate import generate


def test_a_switch_whose_counterpart_has_fewer_ports_is_priced_as_several():
    cat = load_catalog()
    doc = generate("leaf-spine", gpus=512, backend="rocev2", frontend=False)
    used: dict[str, int] = {}
    for link in doc.links.values():
        for end in (link.a, link.b):
            used[end.node] = used.get(end.node, 0) + 1
    ib_doc, overfull = as_protocol(doc, "ib", cat)
    switch = cat.switches[ib_doc.nodes[overfull[0]].model]
    ports = switch.ports * (switch.breakout_for(400.0) or 1)
    assert overfull and all(used[n] > ports for n in overfull)
    priced = variants(doc, cat)["ib"]
    needed = sum(math.ceil(used[n] / ports) for n in overfull)
    assert priced.overfull_units == needed > len(overfull)
    fitting = sum(1 for n in ib_doc.nodes.values() if n.kind == "switch" and n.id in used and n.id not in overfull)
    assert priced.cost.count(switch.id) == needed + fitting
    # the drawing itself is left as it was
    assert len(doc.nodes) < len(ib_doc.nodes) and all(n in doc.nodes for n in overfull)
