"""Text from a file or from typing, shown by Qt widgets that guess whether a string is markup.

QMessageBox and QLabel take a string for rich text when it looks like it starts with a tag, so an error quoting
a node id such as `<img src="...">` or `<b>x</b>` would show an image or bold text instead of the id. `literal`
returns such text escaped and marked as rich text, which Qt then shows exactly as it was written; any other
text is returned as it is (and shown as plain text).
"""

from __future__ import annotations

import html

from PySide6.QtGui import Qt


def literal(text: str) -> str:
    """`text` as a QMessageBox or QLabel (automatic text format) must be given it to show it character for
    character."""
    if not Qt.mightBeRichText(text):
        return text
    return "<qt>" + html.escape(text, quote=False).replace("\n", "<br>") + "</qt>"
