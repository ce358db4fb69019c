"""The page's HTML templates (Jinja2, autoescaped) and static files: the shared ones in
bot/web/templates, and each game's own beside its rules (``bot/<game>/templates``), which may
extend or include the shared ones."""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

HERE = Path(__file__).parent
STATIC = HERE / "static"
SHARED = HERE / "templates"


@lru_cache(maxsize=8)
def environment(folder: Path = SHARED) -> jinja2.Environment:
    """The templates of ``folder``, then the shared ones."""
    folders = [str(SHARED)] if folder == SHARED else [str(folder), str(SHARED)]
    return jinja2.Environment(loader=jinja2.FileSystemLoader(folders), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined,
                              auto_reload=sys.platform != "emscripten")    # the app's files never change: its compiled templates are kept (its snapshot)


def render(template: str, folder: Path = SHARED, **values: Any) -> str:
    """``template`` of ``folder`` (a game's own templates; by default the shared ones) filled in."""
    return environment(folder).get_template(template).render(**values)
