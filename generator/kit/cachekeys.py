"""What a cache key is made of: the code that drew a file, and the files its drawing read.

A file of the kit is reused only when its key is the same (code, options, the item's own
data) and every input file recorded when it was last drawn (``generator.core.inputs``) still
has the bytes it had then. The code is the generic core plus the game's own package, so a
change to one game's code redraws that game only.
"""

from __future__ import annotations

import functools
import hashlib
import os
from pathlib import Path
from typing import Any, Iterable, Mapping

from generator import __version__
# file_sha256 and ABSENT live in the core (the build records inputs as read); named here too
from generator.core.filehash import ABSENT as ABSENT, file_sha256 as file_sha256, hash_or_absent
from generator.core.inputs import digest_as_read

CORE_SUFFIXES = (".py", ".j2")
SKIPPED_FOLDERS = {"__pycache__"}


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def _hash_tree(digest: Any, root: Path, suffixes: tuple[str, ...] | None) -> None:
    """Add every file under ``root`` (name and bytes, in a stable order) to ``digest``."""
    if root.is_file():
        digest.update(root.name.encode())
        digest.update(root.read_bytes())
        return
    found: list[Path] = []
    for folder, folders, names in os.walk(root):
        folders[:] = [name for name in folders if name not in SKIPPED_FOLDERS]     # not looked into
        found.extend(Path(folder, name) for name in names if name not in SKIPPED_FOLDERS)
    for path in sorted(found):
        if path.suffix == ".pyc" or (suffixes is not None and path.suffix not in suffixes) or not path.is_file():
            continue
        digest.update(str(path.relative_to(root).as_posix()).encode())
        digest.update(path.read_bytes())


@functools.lru_cache(maxsize=1)
def core_code_hash() -> str:
    """The generic core: the ``generator`` package's source and the templates, read once a
    process (the code it runs: ``pnpkit watch`` builds again and again with the code it
    started with)."""
    from generator.kit.paths import templates_dir

    digest = hashlib.sha256(__version__.encode())
    for root in (Path(__file__).resolve().parents[1], templates_dir()):     # generator/, templates/
        digest.update(b"\0" + str(root.name).encode())
        _hash_tree(digest, root, CORE_SUFFIXES)
    return digest.hexdigest()


def _package_hash(location: Path) -> str:
    digest = hashlib.sha256()
    _hash_tree(digest, location, None)
    return digest.hexdigest()


def game_code_hash(code: str | None, core: str) -> str:
    """The code a game's files are drawn by: the core, and the game's package if it has one
    (every file of it, so art the package carries counts too). Read afresh on each call:
    a build calls it once per game."""
    if code is None:
        return core
    from generator.kit.plugins import game_code_location

    return hashlib.sha256(f"{core}\0{code}\0{_package_hash(game_code_location(code))}".encode()).hexdigest()


class FileHashes:
    """sha256 of input files, each read at most once per build; None for a file that is gone."""

    def __init__(self) -> None:
        self._known: dict[Path, str | None] = {}
        self._named: dict[tuple[str, Path], str | None] = {}
        self._recorded: dict[tuple[Path | str, Path], tuple[str, str | None]] = {}

    def __call__(self, path: Path) -> str | None:
        if path not in self._known:
            self._known[path] = file_sha256(path)
        return self._known[path]

    def recorded(self, path: Path | str, kit_root: Path) -> tuple[str, str | None]:
        """An input as the manifest records it, its name and hash (each file once a build): the
        hash of its content as the build read it (``generator.core.inputs``), not as it is
        now, so that a file edited while the build ran is drawn again by the next."""
        key = (path, kit_root)
        if key not in self._recorded:
            self._recorded[key] = (input_name(Path(path), kit_root),
                                   digest_as_read(Path(path), lambda p: hash_or_absent(p, self(p))))
        return self._recorded[key]

    def named(self, name: str, kit_root: Path) -> str | None:
        """The hash of the input the manifest calls ``name``: a build checks thousands of
        recorded inputs, most of them the same few files, so each name is resolved once."""
        key = (name, kit_root)
        if key not in self._named:
            path = input_path(name, kit_root)
            self._named[key] = hash_or_absent(path, self(path)) if path is not None else None
        return self._named[key]


def input_name(path: Path, kit_root: Path) -> str:
    """How the manifest names an input: relative to the kit when inside it, else absolute."""
    try:
        return path.relative_to(kit_root).as_posix()
    except ValueError:
        return path.as_posix()


def input_path(name: str, kit_root: Path) -> Path | None:
    """The file a manifest's input name stands for, or None when it is not one a build can
    have read: a manifest may have been edited, so only files inside the kit or pnpkit's own
    bundled data (its papers and sizes) and templates are ever opened for their hash."""
    path = Path(name)
    path = path if path.is_absolute() else kit_root / path
    try:
        resolved = path.resolve()
    except (OSError, RuntimeError):
        return None
    from generator.kit.location import bundled_root, templates_dir

    allowed = (Path(kit_root).resolve(), (bundled_root() / "data").resolve(), templates_dir().resolve())
    return resolved if any(resolved.is_relative_to(base) for base in allowed) else None


def record_inputs(paths: Iterable[Path], kit_root: Path, hashes: FileHashes) -> dict[str, str | None]:
    """The manifest's ``inputs`` of a file: each input file's name and hash, sorted."""
    named = dict(hashes.recorded(p, kit_root) for p in paths)
    return dict(sorted(named.items()))


def inputs_unchanged(recorded: Mapping[str, str | None] | None, kit_root: Path, hashes: FileHashes) -> bool:
    """Every input recorded with a file still has the same bytes, and every one recorded as
    absent is still absent (a missing record, or a hash recorded as None: unknown, so no)."""
    if not isinstance(recorded, Mapping):
        return False
    return all(digest is not None and hashes.named(name, kit_root) == digest for name, digest in recorded.items())
