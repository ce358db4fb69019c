"""Which kit pnpkit works on, decided in one place.

A kit is a folder holding ``data/<game>/game.yaml`` folders (and, if it wants other papers,
sizes or sheet layouts, its own ``data/sheets/``). The kit in use is the one given with
``pnpkit --kit DIR``; else the current directory or its nearest parent that is a kit; else
the games bundled with the package. The command line resolves it once per command and
sets it with ``use_kit``; library callers may do the same, or let ``current_kit`` look
from the working directory.
"""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Iterator

PACKAGE_DIR = Path(__file__).resolve().parents[1]     # generator/: this module is generator/kit/location.py

GIVEN = "given with --kit"
FOUND = "found from the current directory"
BUNDLED = "the games bundled with pnpkit"


class NotAKit(ValueError):
    """A folder given as a kit that holds no game."""


@dataclass(frozen=True)
class Kit:
    """A kit folder and how it was chosen."""

    root: Path
    how: str = FOUND

    @property
    def data(self) -> Path:
        """``data/``: one folder per game, and optionally ``sheets/``."""
        return self.root / "data"

    @property
    def bundled(self) -> bool:
        """The games that ship with pnpkit, used when no kit was given or found."""
        return self.how == BUNDLED

    def output_dir(self, cwd: Path | None = None) -> Path:
        """Where a build writes unless told otherwise: ``<kit>/output``. The bundled games
        are built into ``./output`` (an installed package's folder is no place for output)."""
        if self.bundled or self.root == installed_bundle():
            return (cwd or Path.cwd()) / "output"
        return self.root / "output"

    def describe(self) -> str:
        """One line saying which kit this is, for ``pnpkit list``."""
        if self.bundled:
            return f"{BUNDLED} ({self.root})"
        return f"{self.root} ({self.how})"

    def game_ids(self) -> list[str]:
        """Every folder of ``data/`` holding a game.yaml, sorted."""
        return sorted(path.parent.name for path in self.data.glob("*/game.yaml"))


def installed_bundle() -> Path:
    """Where a built wheel puts the bundled ``data/`` and ``templates/`` (inside the package)."""
    return PACKAGE_DIR / "bundled"


def bundled_root() -> Path:
    """The folder holding the bundled ``data/`` and ``templates/``: inside the installed
    package, or the top of the source checkout (an editable install)."""
    installed = installed_bundle()
    if (installed / "data").is_dir():
        return installed
    return PACKAGE_DIR.parent


def bundled_kit() -> Kit:
    return Kit(bundled_root(), BUNDLED)


def templates_dir() -> Path:
    """The package's jinja2 templates (PRINTING.md, the new-kit scaffold); not a kit's."""
    return bundled_root() / "templates"


def is_kit(folder: Path) -> bool:
    """Whether ``folder`` holds at least one ``data/<game>/game.yaml``."""
    return any((Path(folder) / "data").glob("*/game.yaml"))


def search_upwards(start: Path) -> Path | None:
    """``start`` or its nearest parent that is a kit, or None."""
    start = Path(start).resolve()
    for folder in (start, *start.parents):
        if is_kit(folder):
            return folder
    return None


def given_kit(folder: Path) -> Kit:
    """The kit named with ``--kit``; NotAKit says why a folder is not one."""
    root = Path(folder).expanduser().resolve()
    if not root.is_dir():
        raise NotAKit(f"{folder} is not a folder")
    if not is_kit(root):
        enclosing = search_upwards(root.parent)
        hint = (f"; the kit holding it is {enclosing}" if enclosing
                else "; `pnpkit new DIR` makes a kit with a sample game")
        raise NotAKit(f"{folder} is not a kit: it holds no data/<game>/game.yaml{hint}")
    return Kit(root, GIVEN)


def find_kit(explicit: Path | None = None, start: Path | None = None) -> Kit:
    """The kit to work on: ``explicit`` (``--kit``), else the kit in use (``use_kit``),
    else ``start`` (the working directory) or its nearest parent that is a kit, else the
    bundled games."""
    if explicit is not None:
        return given_kit(explicit)
    active = _active.get()
    if active is not None:
        return active
    found = search_upwards(start or Path.cwd())
    if found is not None:
        return Kit(found, FOUND)
    return bundled_kit()


_active: ContextVar[Kit | None] = ContextVar("pnpkit_kit", default=None)


def current_kit() -> Kit:
    """The kit in use: the one set with ``use_kit``, else found from the working directory."""
    return find_kit()


@contextmanager
def use_kit(kit: Kit | Path) -> Iterator[Kit]:
    """Work on ``kit`` inside the block (a Kit, or a folder that must be a kit)."""
    chosen = kit if isinstance(kit, Kit) else given_kit(kit)
    token = _active.set(chosen)
    try:
        yield chosen
    finally:
        _active.reset(token)


def sheet_files(name: str, kit: Kit | None = None) -> list[Path]:
    """The sheet definition ``name`` (papers.yaml, sizes.yaml, layouts.yaml) to read, in
    order: the bundled one, then the kit's own ``data/sheets/<name>`` if it has one, whose
    entries extend and override the bundled ones."""
    kit = kit or current_kit()
    bundled = bundled_root() / "data" / "sheets" / name
    own = kit.data / "sheets" / name
    files = [bundled]
    if own.is_file() and own.resolve() != bundled.resolve():
        files.append(own)
    return files


def display_path(path: Path | str, kit: Kit | None = None) -> str:
    """A file as messages name it: relative to the kit (``data/mygame/cards.csv``); a
    bundled file outside the kit as ``<pnpkit>/data/sheets/...``; anything else relative to
    the working directory when it is below it, else in full."""
    resolved = Path(path).resolve()
    kit = kit or current_kit()
    for base, prefix in ((kit.root, ""), (bundled_root() / "data", "<pnpkit>/data/"), (Path.cwd(), "")):
        try:
            return prefix + resolved.relative_to(_resolved_base(base)).as_posix()
        except ValueError:
            continue
    return str(path)


@lru_cache(maxsize=64)
def _resolved_base(base: Path) -> Path:
    """A folder messages name files from, resolved once: a build names files thousands of times."""
    return base.resolve()
