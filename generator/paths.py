"""Where the project's data, templates and output live.

The data and templates sit beside the packages in the repository (an editable install,
as the README's Quick start does). ``PNPKIT_ROOT`` points elsewhere, for tests or for a
designer's own copy of the data.
"""

from __future__ import annotations

import os
from pathlib import Path


def project_root() -> Path:
    env = os.environ.get("PNPKIT_ROOT")
    if env:
        return Path(env).resolve()
    return Path(__file__).resolve().parents[1]


def data_dir() -> Path:
    return project_root() / "data"


def templates_dir() -> Path:
    return project_root() / "templates"


def default_output_dir() -> Path:
    return Path.cwd() / "output"
