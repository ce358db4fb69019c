"""Putting a staged build in place so that a build killed at any moment loses nothing.

Every new file is written into a staging folder inside the output folder first (a full disk
stops the build there, with the old files untouched). Then the new manifest is written into
the staging folder: that write is the commit. The files are moved into place one by one and
the manifest is moved last, so the folder's manifest always lists the set it belongs to.

A build killed before the commit leaves the old set and a stale staging folder, which the
next build removes. One killed after it leaves a staging folder holding the new manifest and
the files not yet moved: the next build (``recover``, under the folder's lock) finishes the
move before it reads anything, and the folder holds the new set.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Iterable

from generator.build.ownership import STAGING_MARKER, STAGING_PREFIX
from generator.core.atomic import write_atomic

COMMIT_NAME = ".pnpkit-commit.json"     # the new manifest, in the staging folder, once it is complete


def _inside(out_dir: Path, relative: str) -> Path | None:
    """``out_dir / relative`` when it stays inside ``out_dir`` (a committed manifest is
    read back from disk, so it is checked like any input)."""
    target = out_dir / relative
    if ".." in Path(relative).parts or Path(relative).is_absolute():
        return None
    return target


def _committed_paths(manifest_text: str) -> list[str]:
    import json

    try:
        data = json.loads(manifest_text)
        return [str(entry["path"]) for entry in data["files"]]
    except (ValueError, KeyError, TypeError):
        return []


def _staged_files(staging: Path) -> list[str]:
    """The files still in the staging folder, relative to it ('/'-separated), but its own
    marker and commit: those of a one-card rebuild, not the thousand its manifest lists."""
    found: list[str] = []
    for folder, _, names in os.walk(staging):
        base = Path(folder).relative_to(staging)
        found.extend((base / name).as_posix() for name in names)
    return sorted(set(found) - {STAGING_MARKER, COMMIT_NAME})


def finish(staging: Path, out_dir: Path, manifest_name: str, paths: Iterable[str] | None = None) -> None:
    """Move a committed staging folder's files into place, then its manifest, then remove it.
    Safe to run again after an interruption: a file already moved is no longer staged.
    ``paths``: the committed manifest's files, when the build that wrote it says them
    (else they are read from it)."""
    commit = staging / COMMIT_NAME
    committed = set(paths if paths is not None else _committed_paths(commit.read_text(encoding="utf-8")))
    for relative in _staged_files(staging):
        target = _inside(out_dir, relative) if relative in committed else None
        if target is not None:
            target.parent.mkdir(parents=True, exist_ok=True)
            os.replace(staging / relative, target)
    os.replace(commit, out_dir / manifest_name)
    shutil.rmtree(staging, ignore_errors=True)


def commit(staging: Path, out_dir: Path, manifest_name: str, manifest_text: str, paths: Iterable[str]) -> None:
    """Commit the staged files with their manifest (which lists ``paths``) and move them
    into place (``finish``)."""
    write_atomic(staging / COMMIT_NAME, manifest_text)
    finish(staging, out_dir, manifest_name, paths)


def is_committed(staging: Path) -> bool:
    return (staging / COMMIT_NAME).is_file()


def _remove_if_empty(folder: Path) -> None:
    """An unmarked staging folder is removed only while empty: a build killed right after
    making it left nothing in it, and an empty folder holds nothing of a user's."""
    try:
        folder.rmdir()
    except OSError:
        pass


def recover(out_dir: Path, manifest_name: str) -> None:
    """What killed builds left (under the folder's lock): a committed staging folder is
    finished, one killed before its commit is removed. Only folders the build marked as its
    own are touched, never a user's folder that happens to share the name."""
    for stale in sorted(out_dir.glob(STAGING_PREFIX + "*")):
        if not (stale / STAGING_MARKER).is_file():
            _remove_if_empty(stale)     # killed between making the folder and marking it
            continue
        if is_committed(stale):
            finish(stale, out_dir, manifest_name)
        else:
            shutil.rmtree(stale, ignore_errors=True)
