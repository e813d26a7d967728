"""Build settings from options given on the command line or in a dialog: the defaults, with what was given."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from designer.i18n.message import Message
from designer.model.build_settings import BuildSettings, settings_problems
from designer.model.errors import ProjectError
from designer.model.run_results import Problem


def build_settings_from(names: dict[str, str] | None = None, **given: Any) -> BuildSettings:
    """The default settings with every given (not None) value.

    Raises ProjectError for a value out of range, naming it as `names` calls it (e.g. the option "--rack-kw").
    """
    settings = replace(BuildSettings(), **{k: v for k, v in given.items() if v is not None})
    problems = settings_problems(settings, "")
    if problems:
        names = names or {}
        renamed: list[str | Message] = []
        for p in problems:
            field_name = str(p.params["place"]).lstrip(".")
            text = p.params["text"]
            renamed.append(Problem(names.get(field_name, field_name), text if isinstance(text, Message)
                                   else Message("error.value.empty")))
        raise ProjectError(renamed)
    return settings
