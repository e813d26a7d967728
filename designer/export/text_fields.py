"""Text a file format cannot carry, refused with the place it is in before anything is written.

XML 1.0 (GraphML) has no way to hold most control characters, not even as character references; Graphviz reads
a DOT file as C strings, which end at NUL; no UTF-8 file can hold an unpaired surrogate. Rather than write a
file that no reader opens again (or silently drop the character), the export is refused with one line naming
the file, the field (``nodes[3].label``) and the character.
"""

from __future__ import annotations

import os
import re

from designer.export.output_file import ExportError
from designer.i18n.message import Message
from designer.model.document import FabricDocument
from designer.model.fileformat import document_to_dict
from designer.model.json_guard import iter_text

SURROGATES = "\ud800-\udfff"
# characters outside XML 1.0's Char production (tab, line feed and carriage return are allowed)
NOT_IN_XML = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff{SURROGATES}]")
# characters a DOT file cannot hold: C0 controls other than tab and line breaks, and surrogates
NOT_IN_DOT = re.compile(f"[\x00-\x08\x0b\x0c\x0e-\x1f{SURROGATES}]")
NOT_IN_UTF8 = re.compile(f"[{SURROGATES}]")


def refuse_unwritable_text(doc: FabricDocument, path: str | os.PathLike[str], unwritable: re.Pattern[str],
                           what: str) -> None:
    """ExportError naming `path`, the field and the character when a text of `doc` holds a character matched by
    `unwritable`; `what` names the format (message id export.what.*)."""
    for place, text in iter_text(document_to_dict(doc)):
        found = unwritable.search(text)
        if found is not None:
            raise ExportError(Message("error.export.bad_character", path=os.fspath(path), place=place,
                                      code=f"U+{ord(found.group()):04X}", what=Message(f"export.what.{what}")))
