"""A scripted editing session for end-to-end tests of crash recovery, driven by environment variables.

FABRIC_DESIGNER_TEST_EDITS=N   after the window opens, make N seeded edits through the editor (the
                               same undoable commands a person's clicks make)
FABRIC_DESIGNER_TEST_DUMP=FILE then write the document, as the project file format, to FILE and keep
                               running (the test reads FILE, then kills the process or compares)

Unset (the normal case), nothing happens. The session only edits the document; it reads no other file.
"""

from __future__ import annotations

import os
import random

from PySide6.QtCore import QCoreApplication, QPointF, QTimer

from designer.model import fileformat

EDITS_ENV = "FABRIC_DESIGNER_TEST_EDITS"
DUMP_ENV = "FABRIC_DESIGNER_TEST_DUMP"


def scripted_edits(window, count: int, seed: int = 7) -> None:
    """Place switches and servers, cable, move and rename: `count` undoable edits, deterministic for `seed`."""
    rng = random.Random(seed)
    editor, catalog = window.editor, window.catalog
    servers = sorted(catalog.servers)
    switches = sorted(m for m in catalog.switches if catalog.switch(m).roles)
    placed: list[str] = []
    for k in range(count):
        choice = rng.random()
        if not placed or choice < 0.4:
            if rng.random() < 0.5 and switches:
                spec = rng.choice(switches)
                spec = f"{spec}|{catalog.switch(spec).roles[0]}"
            else:
                spec = rng.choice(servers)
            node_id = editor.place(spec, QPointF(rng.uniform(0, 2000), rng.uniform(0, 1200)))
            if node_id:
                placed.append(node_id)
        elif choice < 0.65 and len(placed) > 1:
            a, b = rng.sample(placed, 2)
            editor.connect(a, b)
        elif choice < 0.85:
            node_id = rng.choice(placed)
            node = editor.doc.nodes[node_id]
            editor.move({node_id: (node.x + 40, node.y - 20)}, {node_id: (node.x, node.y)})
        else:
            node_id = rng.choice(placed)
            editor.update("node", node_id, {"label": f"机架 {k} <b>&"},
                          QCoreApplication.translate("Inspector", "Rename {0}").format(node_id))


def start_if_requested(window) -> bool:
    """Run the scripted session when the environment asks for it (tests only); True if it was started."""
    edits, dump = os.environ.get(EDITS_ENV), os.environ.get(DUMP_ENV)
    if not edits and not dump:
        return False

    def run() -> None:
        if edits:
            scripted_edits(window, int(edits))
        if dump:
            tmp = f"{dump}.part"
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(fileformat.dumps(window.editor.doc))
            os.replace(tmp, dump)   # the test sees the whole dump or none

    QTimer.singleShot(0, run)
    return True
