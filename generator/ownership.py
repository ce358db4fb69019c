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
from typing import Iterable

STAGING_PREFIX = ".pnpkit-staging-"
STAGING_MARKER = ".pnpkit-staging"     # a file inside each staging folder the build made


def is_ours(out_dir: Path, relative: str, manifest: dict[str, dict]) -> bool:
    """``relative`` (a file of the output folder) is as the last build wrote it."""
    entry = manifest.get(relative)
    if not entry:
        return False
    path = out_dir / relative
    try:
        if path.stat().st_size != entry.get("bytes"):
            return False
        return hashlib.sha256(path.read_bytes()).hexdigest() == entry.get("sha256")
    except OSError:
        return False


def _pnpkit_manifest(manifest_path: Path) -> dict[str, dict] | None:
    """The entries of a manifest pnpkit wrote (of any format version), by path; None when
    the file is something else (a user's own file of that name)."""
    try:
        data = json.loads(manifest_path.read_text(encoding="utf-8"))
        if not (isinstance(data, dict) and str(data.get("generator", "")).startswith("pnpkit")):
            return None
        return {str(e["path"]): e for e in data.get("files", []) if isinstance(e, dict) and "path" in e}
    except (OSError, ValueError, TypeError, AttributeError):
        return None


def foreign_files(out_dir: Path, relatives: Iterable[str], manifest_name: str) -> list[str]:
    """Files in the way of the build that it did not write (or that changed since), one line
    each naming the file: the build refuses to replace them unless forced."""
    problems = []
    manifest_path = out_dir / manifest_name
    manifest = _pnpkit_manifest(manifest_path) if manifest_path.exists() else {}
    if manifest is None:
        manifest = {}
        problems.append(f"{out_dir / manifest_name}: not a manifest pnpkit wrote; move it away or build with --force")
    for relative in relatives:
        if (out_dir / relative).is_file() and not is_ours(out_dir, relative, manifest):
            problems.append(f"{out_dir / relative}: a file the build did not write (or one changed since); "
                            "move it away or build with --force to replace it")
    return problems


def make_staging(out_dir: Path) -> Path:
    """A new staging folder in ``out_dir``, marked as the build's."""
    import tempfile

    staging = Path(tempfile.mkdtemp(prefix=STAGING_PREFIX, dir=out_dir))
    (staging / STAGING_MARKER).write_bytes(b"")
    return staging
