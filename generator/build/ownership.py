"""What in an output folder belongs to the build: it replaces or deletes only that.

A user keeps their own files in the output folder (notes, a hand-made PRINTING.md, a
folder named like the staging folder). A file the build would write is the build's when
the last manifest lists it with the bytes it still has; anything else in its way, and a
manifest.json that pnpkit did not write, is refused unless the user says ``--force``.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any, Iterable

from generator.build.manifest_entry import ManifestEntry, entries_by_path
from generator.core.contentcache import digest

STAGING_PREFIX = ".pnpkit-staging-"
STAGING_MARKER = ".pnpkit-staging"     # a file inside each staging folder the build made


class WrittenFiles:
    """Whether files of an output folder are as its manifest says the build wrote them.

    A file is when it has the size and the bytes (sha256) its entry records. Reading every
    file of a kit to say so is most of what an incremental build costs, so, as make does, a
    file of the recorded size last changed before the manifest was committed is taken as
    written without being read: every file is written before its manifest, and a file
    changed since is newer than it. Clocks are coarse (a few milliseconds, two seconds on
    some disks), so a file of the manifest's own tick could have been changed after it
    within that tick: such a file, and any newer one, is read and hashed. Like make, this
    does not notice a file replaced by one of the same size with an older time put back
    (``cp -p`` of an earlier build's file); ``--force`` rewrites every file."""

    def __init__(self, out_dir: Path, manifest_name: str) -> None:
        self.out_dir = out_dir
        try:
            self._committed_ns: int | None = (out_dir / manifest_name).stat().st_mtime_ns
        except OSError:
            self._committed_ns = None
        self._known: dict[str, bool] = {}

    def as_written(self, relative: str, entry: ManifestEntry | None) -> bool:
        """Whether the file at ``relative`` is the one ``entry`` records (None: no entry)."""
        if entry is None:
            return False
        if relative not in self._known:
            self._known[relative] = self._check(self.out_dir / relative, entry)
        return self._known[relative]

    def _check(self, path: Path, entry: ManifestEntry) -> bool:
        try:
            stat = path.stat()
            if entry.size is None or stat.st_size != entry.size:
                return False
            if self._committed_ns is not None and stat.st_mtime_ns < self._committed_ns:
                return True
            return hashlib.sha256(path.read_bytes()).hexdigest() == entry.sha256
        except OSError:
            return False


_last_read: list[tuple[tuple[Path, str], Any]] = []


def manifest_json(manifest_path: Path) -> Any:
    """The manifest's JSON, parsed; raises OSError or ValueError as reading and json do.
    A build looks at it twice (what it can reuse; whose files are in the way): the same
    bytes at the same path (generator.core.contentcache: by content, not by time) are
    parsed once. Read it, never change it."""
    data = manifest_path.read_bytes()
    key = (manifest_path, digest(data))
    if not _last_read or _last_read[0][0] != key:
        _last_read[:] = [(key, json.loads(data.decode("utf-8")))]
    return _last_read[0][1]


def _pnpkit_manifest(manifest_path: Path) -> dict[str, ManifestEntry] | None:
    """The entries of a manifest pnpkit wrote (of any format version), by path; None when
    the file is something else (a user's own file of that name)."""
    try:
        data = manifest_json(manifest_path)
        if not (isinstance(data, dict) and str(data.get("generator", "")).startswith("pnpkit")):
            return None
        return entries_by_path(data.get("files"))
    except (OSError, ValueError, TypeError, AttributeError):
        return None


def foreign_files(out_dir: Path, relatives: Iterable[str], manifest_name: str,
                  written: WrittenFiles | None = None) -> list[str]:
    """Files in the way of the build that it did not write (or that changed since), one line
    each naming the file: the build refuses to replace them unless forced. ``written``:
    the build's own checker, when it has one (each file is then looked at once)."""
    written = written or WrittenFiles(out_dir, manifest_name)
    problems = []
    manifest_path = out_dir / manifest_name
    manifest = _pnpkit_manifest(manifest_path) if manifest_path.exists() else {}
    if manifest is None:
        manifest = {}
        problems.append(f"{out_dir / manifest_name}: not a manifest pnpkit wrote; move it away or build with --force")
    for relative in relatives:
        if (out_dir / relative).is_file() and not written.as_written(relative, manifest.get(relative)):
            problems.append(f"{out_dir / relative}: a file the build did not write (or one changed since); "
                            "move it away or build with --force to replace it")
    return problems


def make_staging(out_dir: Path) -> Path:
    """A new staging folder in ``out_dir``, marked as the build's."""
    import tempfile

    staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out_dir))
    (staging / STAGING_MARKER).write_bytes(b"")
    return staging
