"""The one error type the document layer raises for bad project data."""

from __future__ import annotations

from designer.i18n.catalog import render
from designer.i18n.escaping import one_line
from designer.i18n.message import Message, text_of


class ProjectError(Exception):
    """A project file or document edit is invalid.

    `problems` lists every problem found, each naming its place
    (for example ``links[3].b.port: node 'leaf-9' has no port 'p65'``). A problem is given as a
    `Message` (rendered in the language current when the error is printed) or as ready text;
    `messages` keeps them as given, `problems` and `str()` render them.
    """

    def __init__(self, problems: list[str | Message] | str | Message, source: str | None = None):
        if isinstance(problems, (str, Message)):
            problems = [problems]
        self.messages: list[str | Message] = list(problems)
        self.source = source
        super().__init__(self.messages, source)

    @property
    def problems(self) -> list[str]:
        """Every problem as text in the current language."""
        return [text_of(m) for m in self.messages]

    def one_line(self, language: str | None = None) -> str:
        """A single line naming the file (if any), the first problem and how many more there are; a line break,
        control character or escape sequence that came from the file (an id, a label) is shown escaped."""
        first = text_of(self.messages[0], language) if self.messages else render("error.invalid_project", language)
        more = len(self.messages) - 1
        if more == 1:
            first += render("error.one_more", language)
        elif more > 1:
            first += render("error.more", language, n=more)
        line = render("error.in_file", language, file=self.source, text=first) if self.source else first
        return one_line(line)

    def __str__(self) -> str:
        return self.one_line()
