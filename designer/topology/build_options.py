"""Build settings from options given on the command line or in a dialog: the defaults, with what was given."""

from __future__ import annotations

from dataclasses import replace

from designer.model.build_settings import BuildSettings, settings_problems
from designer.model.errors import ProjectError


def build_settings_from(names: dict[str, str] | None = None, **given: object) -> BuildSettings:
    """The default settings with every given (not None) value.

    Raises ProjectError for a value out of range, naming it as `names` calls it (e.g. the option "--rack-kw").
    """
    settings = replace(BuildSettings(), **{k: v for k, v in given.items() if v is not None})
    problems = settings_problems(settings, "")
    if problems:
        names = names or {}
        raise ProjectError([type(p)(names.get(str(p.params["place"]).lstrip("."), str(p.params["place"]).lstrip(".")),
                                    p.params["text"]) for p in problems])
    return settings
