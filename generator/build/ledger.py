"""The ledger: ``manifest.json`` as the one record of what an output folder holds and what each
of its files links to.

Each entry names a file the build wrote, its bytes (sha256) and, under ``refs``, the files of
the folder it names (a Tabletop Simulator save's pictures, an upload list's faces, the files
PRINTING.md describes). A build keeps the folder true to it: a file whose links a build
breaks (its pictures removed as stale) is removed with them (``resolved``), and the folders
its removals empty go too (``remove_emptied_folders``). ``verify`` checks a folder against
its ledger, as ``pnpkit verify`` does.
"""

from __future__ import annotations

import hashlib
import json
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Iterable, Iterator

from generator.build.manifest_entry import ManifestEntry, entries_by_path
from generator.build.output_lock import LOCK_NAME
from generator.build.ownership import STAGING_PREFIX
from generator.core.limits import excerpt, visible

MANIFEST = "manifest.json"
FINDINGS = ("missing", "changed", "dangling", "unknown")    # in the order they are reported


class LedgerError(ValueError):
    """The folder has no ledger to check it against (none, or not one pnpkit wrote)."""


@dataclass(frozen=True)
class LedgerFinding:
    """One way the folder differs from its ledger: ``what`` is one of ``FINDINGS``."""

    what: str
    path: Path
    detail: str = ""

    def __str__(self) -> str:
        return f"{self.what}: {_shown(str(self.path))}" + (f" ({self.detail})" if self.detail else "")


def _shown(text: str) -> str:
    """A path as a message names it: every character that would change the terminal escaped
    (generator.core.limits.visible)."""
    return visible(text, keep="")


def inside(relative: str) -> bool:
    """Whether a ledger path stays inside its folder (a manifest is a file anyone can edit)."""
    path = PurePosixPath(relative)
    return bool(relative) and not path.is_absolute() and ".." not in path.parts and "\\" not in relative


def resolved(entries: dict[str, ManifestEntry], removable: Iterable[str]
             ) -> tuple[dict[str, ManifestEntry], dict[str, list[str]]]:
    """``entries`` without those of ``removable`` that link to a file not among them (and,
    in turn, those linking to a file so dropped); the dropped ones, each with the links it
    lost. Only ``removable`` files (kept from an earlier build) are dropped: a file this
    build writes is written with its links."""
    kept = dict(entries)
    candidates = set(removable)
    dropped: dict[str, list[str]] = {}
    changed = True
    while changed:
        changed = False
        for path in sorted(candidates & kept.keys()):
            lost = [ref for ref in kept[path].refs if ref not in kept]
            if lost:
                dropped[path] = lost
                del kept[path]
                changed = True
    return kept, dropped


def remove_emptied_folders(out_dir: Path, removed: Iterable[str]) -> None:
    """Remove the folders of the folder that the build's removals left empty (a deck's back
    folder once its back is gone), up to the output folder itself; a folder holding anything
    (a user's own file) stays."""
    folders = {parent for relative in removed if inside(relative)
               for parent in PurePosixPath(relative).parents if str(parent) != "."}
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        try:
            (out_dir / folder).rmdir()
        except OSError:
            continue            # not empty, or not there


_current: ContextVar[dict[str, ManifestEntry] | None] = ContextVar("pnpkit_ledger", default=None)


@contextmanager
def holding(entries: dict[str, ManifestEntry]) -> Iterator[None]:
    """Files drawn inside the block (PRINTING.md) describe the folder as ``entries`` say it
    will be once the build is committed."""
    token = _current.set(entries)
    try:
        yield
    finally:
        _current.reset(token)


def held() -> dict[str, ManifestEntry] | None:
    """The entries of the folder being built (``holding``); None outside a build."""
    return _current.get()


def read_ledger(out_dir: Path) -> dict[str, ManifestEntry]:
    """The folder's ledger entries by path; LedgerError when it has none pnpkit wrote."""
    path = out_dir / MANIFEST
    if not out_dir.is_dir():
        raise LedgerError(f"{_shown(str(out_dir))}: no such folder (no {MANIFEST} to check it against)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise LedgerError(f"{_shown(str(path))}: not found; only a folder pnpkit built into has a ledger") from None
    except (OSError, ValueError) as err:
        raise LedgerError(f"{_shown(str(path))}: cannot be read as JSON ({excerpt(str(err), 120)})") from None
    if not (isinstance(data, dict) and str(data.get("generator", "")).startswith("pnpkit")
            and isinstance(data.get("files"), list)):
        raise LedgerError(f"{_shown(str(path))}: not a manifest pnpkit wrote (no \"generator\": \"pnpkit ...\" and "
                          "\"files\" list)")
    for number, entry in enumerate(data["files"], 1):
        if not (isinstance(entry, dict) and isinstance(entry.get("path"), str) and inside(entry["path"])):
            raise LedgerError(f"{_shown(str(path))}: file entry {number}: expected a \"path\" inside the folder, "
                              f"got {excerpt(entry.get('path') if isinstance(entry, dict) else entry, 80)}")
    return entries_by_path(data["files"])


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _machinery(relative: PurePosixPath) -> bool:
    """The build's own files that are no output: the ledger, the lock, a staging folder."""
    return str(relative) in (MANIFEST, LOCK_NAME) or relative.parts[0].startswith(STAGING_PREFIX)


def verify(out_dir: Path) -> list[LedgerFinding]:
    """Every way ``out_dir`` differs from its ledger: files it lists that are missing or
    whose bytes changed, files linking to a file not present, files it does not list.
    LedgerError when the folder has no ledger."""
    entries = read_ledger(out_dir)
    found: list[LedgerFinding] = []
    for relative, entry in sorted(entries.items()):
        target = out_dir / relative
        if not target.is_file():
            found.append(LedgerFinding("missing", target))
        elif _sha256(target) != entry.sha256:
            found.append(LedgerFinding("changed", target, "its bytes are not those the build wrote"))
        lost = [ref for ref in entry.refs if not (inside(ref) and (out_dir / ref).is_file())]
        if lost and target.is_file():
            shown = ", ".join(_shown(ref) for ref in lost[:3]) + (f" and {len(lost) - 3} more" if len(lost) > 3 else "")
            found.append(LedgerFinding("dangling", target, f"links to {shown}, not in the folder"))
    for path in sorted(out_dir.rglob("*")):
        name = PurePosixPath(path.relative_to(out_dir).as_posix())
        if path.is_file() and not _machinery(name) and str(name) not in entries:
            found.append(LedgerFinding("unknown", path, "not written by the build"))
    return sorted(found, key=lambda f: FINDINGS.index(f.what))


__all__ = ["FINDINGS", "MANIFEST", "LedgerError", "LedgerFinding", "held", "holding", "inside",
           "read_ledger", "remove_emptied_folders", "resolved", "verify"]
