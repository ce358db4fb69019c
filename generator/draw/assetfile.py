"""Reading one asset file of a kit (an icon, an image, a font) the same way for each kind:
noted for the cache keys, bounded in size, parsed once for the same bytes
(``generator.core.contentcache``), and any fault reported as a DataError naming the file."""

from __future__ import annotations

import stat as stat_kinds
from pathlib import Path
from typing import Callable, TypeVar

from generator.core.errors import DataError, Problem
from generator.core.inputs import note_read

T = TypeVar("T")


class AssetFault(ValueError):
    """What is wrong with an asset file, in the user's words, before the file's name is attached."""


def open_asset(path: Path, shown: str | None, what: str, limit: int, load: Callable[[Path, bytes], T]) -> T:
    """``load(resolved path, its bytes)``, usually a parser kept in a ``ContentCache`` by the
    bytes, so that the same bytes are parsed once; the file is read once, at most ``limit``
    bytes of it, and an AssetFault (reading it or from ``load``) becomes a DataError naming
    the file. A file that is not a regular file (a named pipe, a device) is refused before it
    is opened: reading one may never end."""
    path = Path(path)
    note_read(path)
    label = shown or str(path)
    try:
        stat = path.stat()
    except OSError as err:
        raise DataError([Problem(label, f"cannot read the {what}: {err.strerror or err}")]) from None
    if not stat_kinds.S_ISREG(stat.st_mode):
        raise DataError([Problem(label, f"the {what} is not a regular file (it is a folder, a pipe or a device)")])
    try:
        resolved = path.resolve()
        return load(resolved, read_bounded(resolved, stat.st_size, limit, what))
    except AssetFault as err:
        raise DataError([Problem(label, str(err))]) from None


def read_bounded(path: Path, size: int, limit: int, what: str) -> bytes:
    """The file's bytes, refused before reading when it is larger than ``limit``, and never
    more than ``limit`` of them read (a file that grows while it is read is refused too)."""
    if size > limit:
        raise AssetFault(f"the {what} file is {size:,} bytes; {what}s may have at most {limit:,}")
    try:
        with open(path, "rb") as handle:
            data = handle.read(limit + 1)
    except OSError as err:
        raise AssetFault(f"cannot read the {what}: {err.strerror or err}") from None
    if len(data) > limit:
        raise AssetFault(f"the {what} file is over {limit:,} bytes; {what}s may have at most {limit:,}")
    return data
