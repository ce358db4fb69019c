"""What every bot's save file shares: JSON named by a format and a version, written whole or
not at all, read within the project's limits, and held under a lock while a command reads,
changes and writes it.

Every write goes to a temporary file beside the save and is renamed over it
(generator.core.atomic), so a crash never leaves half a save. A save that is a symlink is written
through (the link is kept); a read-only save is refused, never replaced. A corrupt or foreign
file gives a clear DataError and is never touched. Each game's package says what its save
holds (``bot.stockholm1520.save``, ``bot.batalj.save``).
"""

from __future__ import annotations

import json
import os
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterator, TypeVar

from filelock import FileLock, Timeout

from generator.core.atomic import write_atomic
from generator.core.errors import DataError, Problem

if TYPE_CHECKING:                   # pydantic is imported when a save is read, not for its lock
    from pydantic import BaseModel

LOCK_WAIT_S = 30.0

Fields = TypeVar("Fields", bound="BaseModel")


def write_document(document: dict[str, Any], path: Path) -> None:
    """Write a save's JSON atomically (temp file, fsync, rename); through a symlink; never
    over a read-only save."""
    target = Path(path).resolve() if Path(path).is_symlink() else Path(path)
    if target.exists() and not (target.stat().st_mode & 0o222 and os.access(target, os.W_OK)):   # root: the mode
        raise DataError([Problem(str(path), "the save file is read-only: nothing was written (make it writable, "
                                            "or give another file with --save)")])
    write_atomic(target, json.dumps(document, indent=2, ensure_ascii=False) + "\n")


@contextmanager
def save_lock(path: Path) -> Iterator[None]:
    """Hold the save's lock (a file beside the save it names, symlinks followed) while a command
    reads and writes it: a second command waits, then reads what the first one wrote."""
    target = Path(path).resolve()
    lock = FileLock(str(target.with_name(f".{target.name}.lock")), timeout=LOCK_WAIT_S)
    try:
        with lock:
            yield
    except Timeout:
        raise DataError([Problem(str(path), f"another bot command has held this save for {LOCK_WAIT_S:g} s; "
                                            "wait for it to finish and try again")]) from None


def read_document(path: Path, missing: str) -> Any:
    """The save's JSON, read within the size and nesting limits of generator.core.limits;
    ``missing`` says what to do when there is no save at ``path``."""
    from generator.kit.datafiles import load_json

    shown = str(path)
    if not Path(path).exists():
        raise DataError([Problem(shown, missing)])
    try:
        return load_json(Path(path))
    except DataError as err:
        raise DataError([Problem(shown, p.message, line=p.line) for p in err.problems]) from None


def read_fields(data: Any, shown: str, fmt: str, version: int, what: str, model: type[Fields]) -> Fields:
    """The fields of a save of format ``fmt`` (``what`` names it in the message), version
    ``version``, as ``model``; DataError naming the field otherwise."""
    from pydantic import ValidationError

    from generator.kit.datafiles import validation_problems

    if not isinstance(data, dict) or data.get("format") != fmt:
        raise DataError([Problem(shown, f"not a {what} save file (expected \"format\": \"{fmt}\")", field="format")])
    if data.get("version") != version:
        raise DataError([Problem(shown, f"save format version {data.get('version')!r}; this pnpkit reads version "
                                        f"{version}", field="version")])
    try:
        return model.model_validate(data)
    except ValidationError as err:
        raise DataError(validation_problems(shown, err)) from None
