"""Bill-of-materials lines of the long-haul bundles between sites: one line-side module at each end of each link.

The site-edge equipment (DCI routers, long-haul appliances) are nodes of the design and are counted with the other
devices; the dark fibre or wavelength service between the sites is leased, not bought, and is not in the bill.
"""

from __future__ import annotations

from designer.catalog.loader import Catalog
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.errors import ProjectError
from designer.topology.bom_lines import Lines


def long_haul_lines(doc: FabricDocument, catalog: Catalog, lines: Lines) -> None:
    """Two optics per long-haul link of every bundle that names its optics."""
    for lh in doc.long_haul:
        if lh.optics is None:
            continue
        module = catalog.long_haul_optics.get(lh.optics)
        if module is None:
            known = ", ".join(sorted(catalog.long_haul_optics))
            raise ProjectError(Message("error.long_haul.unknown_optics", bundle=lh.id, model=lh.optics, known=known))
        lines.add("optics", module, 2 * lh.count)
