"""The one error type the document layer raises for bad project data."""


class ProjectError(Exception):
    """A project file or document edit is invalid.

    `problems` lists every problem found, each naming its place
    (for example ``links[3].b.port: node 'leaf-9' has no port 'p65'``).
    """

    def __init__(self, problems: list[str] | str, source: str | None = None):
        if isinstance(problems, str):
            problems = [problems]
        self.problems = list(problems)
        self.source = source
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """A single line naming the file (if any), the first problem and how many more there are."""
        head = f"{self.source}: " if self.source else ""
        first = self.problems[0] if self.problems else "invalid project"
        more = len(self.problems) - 1
        tail = f" (and {more} more problem{'s' if more > 1 else ''})" if more > 0 else ""
        return head + first + tail
