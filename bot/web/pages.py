"""The page's HTML templates (bot/web/templates, Jinja2, autoescaped) and static files."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import Any

import jinja2

HERE = Path(__file__).parent
STATIC = HERE / "static"


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    return jinja2.Environment(loader=jinja2.FileSystemLoader(str(HERE / "templates")), autoescape=True,
                              trim_blocks=True, lstrip_blocks=True, undefined=jinja2.StrictUndefined)


def render(template: str, **values: Any) -> str:
    return environment().get_template(template).render(**values)
