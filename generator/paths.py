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


class OutsideKit(ValueError):
    """A path in a kit that leads outside the kit folder (or is absolute)."""


def inside_kit(kit_root: Path, base: Path, relative: str) -> Path:
    """``relative`` resolved from ``base`` (a folder of the kit), refused unless it stays
    inside ``kit_root``: a kit from a stranger may read only its own files. Symlinks are
    followed before the check, so a link out of the kit is refused too."""
    if not relative or "\x00" in relative:
        raise OutsideKit(f"expected a path relative to {base.name}/, got {relative!r}")
    if Path(relative).is_absolute() or relative.startswith("~"):
        raise OutsideKit(f"{relative!r} is an absolute path; give a path inside the kit, relative to {base.name}/")
    root = Path(kit_root).resolve()
    try:
        target = (Path(base) / relative).resolve()
    except (OSError, RuntimeError) as err:   # a symlink loop
        raise OutsideKit(f"{relative!r} cannot be followed ({err})") from None
    if not target.is_relative_to(root):
        raise OutsideKit(f"{relative!r} leads outside the kit folder {root.name}/; a kit may only use its own files")
    return target
