"""Where a kit's files are: its data folder, and paths in it that must not leave it.

Which kit is in use is decided in ``generator.kit.location`` (``--kit``, the working
directory, or the bundled games).
"""

from __future__ import annotations

from pathlib import Path

from generator.kit.location import current_kit, templates_dir

__all__ = ["data_dir", "templates_dir", "OutsideKit", "inside_kit", "not_a_file", "output_problem"]


def data_dir() -> Path:
    """``data/`` of the kit in use."""
    return current_kit().data


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


def not_a_file(path: Path, relative: str, what: str = "file", where: str = "") -> str | None:
    """Why ``path`` (named ``relative`` in the kit) cannot be read as a file, or None when it
    is a regular file: missing, or a folder, a named pipe or a device (reading one of those
    may never end, so it is refused before it is opened). ``where`` says where a missing
    file was looked for."""
    if path.is_file():
        return None
    if path.exists():
        return f"{relative!r} is not a regular file (it is a folder, a pipe or a device)"
    return f"no {what} {relative!r}" + (f" in {where}" if where else "")


def output_problem(out_dir: Path, data: Path | None = None) -> str | None:
    """Why ``out_dir`` may not receive a build, or None: the kit's data folder (``data``,
    default the kit in use), or a folder inside it, would mix output with the data it is
    made from, and a later build could overwrite a data file."""
    data_folder = Path(data if data is not None else data_dir()).resolve()
    out = Path(out_dir).resolve()
    if out == data_folder or out.is_relative_to(data_folder):
        return (f"{out_dir} is inside the kit's data folder {data_folder.name}/; "
                "write the output elsewhere (the default is <kit>/output)")
    return None
