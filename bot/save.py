"""What every bot's save file shares: JSON named by a format and a version, written whole or
not at all, read within the project's limits, and held under a lock while a command reads,
changes and writes it.

Every write goes to a temporary file beside the save and is renamed over it
(generator.core.atomic), so a crash never leaves half a save. A save that is a symlink is written
through (the link is kept); a read-only save is refused, never replaced. A corrupt or foreign
file gives a clear DataError and is never touched. Each game's package describes its save
once as a ``SaveFormat`` (its name, versions, model of fields, what the player types to start
one) and says how the fields make a game (``bot.stockholm1520.save``, ``bot.batalj.save``);
reading and the log's bound are the same for every bot (``SaveFormat.read``), and so is the
replay (``bot.replay.replay_save``).
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, TypeVar

from generator.core.atomic import write_atomic
from generator.core.errors import DataError, Problem
from generator.core.jsontext import parse_json
from generator.core.limits import TooLarge, excerpt, read_bounded
from generator.kit.textdecode import not_utf8

#: The most actions a save's log holds, for every bot (docs/limits.md): a real game of
#: Stockholm 1520 is some 200, a battle of Batalj some 500; a longer log is refused on load,
#: naming the field, and an action past it is refused (every line is replayed on every command).
MAX_LOG_ACTIONS = 10_000

Fields = TypeVar("Fields")
#: A save's fields checked: the JSON and the file as shown in messages in, the fields out;
#: DataError naming the field otherwise (the terminal checks with pydantic,
#: ``bot.save_fields``; the browser with the standard library, each bot's ``savefile.plain_fields``).
Validate = Callable[[Any, str], Fields]


def write_document(document: dict[str, Any], path: Path) -> None:
    """Write a save's JSON atomically (temp file, fsync, rename); through a symlink; never
    over a read-only save."""
    target = Path(path).resolve() if Path(path).is_symlink() else Path(path)
    if target.exists() and not (target.stat().st_mode & 0o222 and os.access(target, os.W_OK)):   # root: the mode
        raise DataError([Problem(str(path), "the save file is read-only: nothing was written (make it writable, "
                                            "or give another file with --save)")])
    write_atomic(target, json.dumps(document, indent=2, ensure_ascii=False) + "\n")


def read_document(path: Path, missing: str) -> Any:
    """The save's JSON, read within the size and nesting limits of generator.core.limits;
    ``missing`` says what to do when there is no save at ``path``. Standard library only: the
    offline app reads its saves with it too."""
    shown = str(path)
    if not Path(path).exists():
        raise DataError([Problem(shown, missing)])

    def refused(message: str, line: int | None = None) -> DataError:
        return DataError([Problem(shown, message, line=line, unreadable=line is None)])

    try:
        if not Path(path).is_file():
            raise refused("not a regular file (a folder or a device): expected a data file")
        data = read_bounded(Path(path))
    except TooLarge as err:
        raise refused(str(err)) from None
    except OSError as err:
        raise refused(f"cannot be read ({err.strerror or err})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        raise DataError([not_utf8(shown, err)]) from None
    return parse_json(text, shown)


#: A seed's bounds: a 64-bit signed whole number.
INT64 = 2**63


def whole_number(data: dict[str, Any], key: str, low: int, high: int, shown: str) -> int:
    """The field ``key`` of a save's JSON, a whole number from ``low`` to ``high`` (the
    standard library's check of what pydantic's ``int`` with bounds checks in the terminal)."""
    value = data.get(key)
    if type(value) is not int:
        raise DataError([Problem(shown, f"expected a whole number, not {excerpt(value)}", field=key)])
    if not low <= value <= high:
        raise DataError([Problem(shown, f"expected a number from {low} to {high}, not {value}", field=key)])
    return value


def seed_of(data: dict[str, Any], shown: str) -> int:
    """A save's ``seed``: a 64-bit whole number."""
    return whole_number(data, "seed", -INT64, INT64 - 1, shown)


def log_of(data: dict[str, Any], shown: str) -> list[str]:
    """A save's ``log``: a list of actions, each a text (their count is checked on replay)."""
    log = data.get("log")
    if not isinstance(log, list) or not all(isinstance(line, str) for line in log):
        raise DataError([Problem(shown, "expected a list of actions (texts)", field="log")])
    return list(log)


def read_fields(data: Any, shown: str, fmt: str, version: int, what: str, validate: Validate[Fields]) -> Fields:
    """The fields of a save of format ``fmt`` (``what`` names it in the message), version
    ``version``, checked by ``validate``; DataError naming the field otherwise."""
    if not isinstance(data, dict) or data.get("format") != fmt:
        raise DataError([Problem(shown, f"not a {what} save file (expected \"format\": \"{fmt}\")", field="format")])
    if data.get("version") != version:
        raise DataError([Problem(shown, f"save format version {data.get('version')!r}; this pnpkit reads version "
                                        f"{version}", field="version")])
    return validate(data, shown)


@dataclass(frozen=True)
class Saved(Generic[Fields]):
    """A save as read: its file as shown in messages, its JSON, its version, its fields, and
    the command that takes a line of its log back (in messages)."""

    shown: str
    document: Any
    version: int
    fields: Fields
    command: str

    @property
    def log(self) -> list[str]:
        """The actions, in the order they were played."""
        log: list[str] = getattr(self.fields, "log")
        return log


@dataclass(frozen=True)
class SaveFormat(Generic[Fields]):
    """One bot's save file, described once: the format name and the version written, the
    versions still read, what the file is called in messages (``what``), the command the
    player types (``command``), what to do when there is no save (``missing``), and the check
    of its fields (``validate``: fields with a ``log: list[str]`` among them)."""

    name: str
    version: int
    readable: tuple[int, ...]
    what: str
    command: str
    missing: str
    validate: Validate[Fields]

    def document(self, version: int, **fields: Any) -> dict[str, Any]:
        """The JSON of a save of ``version`` holding ``fields`` (the log among them)."""
        return {"format": self.name, "version": version, **fields}

    def read(self, path: Path) -> Saved[Fields]:
        """The save at ``path`` read and checked (format, a readable version, its fields, the
        log within MAX_LOG_ACTIONS); DataError naming the file and the field otherwise."""
        shown = str(path)
        document = read_document(Path(path), self.missing)
        found = document.get("version") if isinstance(document, dict) else None
        version = found if isinstance(found, int) and found in self.readable else self.version
        fields = read_fields(document, shown, self.name, version, self.what, self.validate)
        log: list[str] = getattr(fields, "log")
        if len(log) > MAX_LOG_ACTIONS:
            raise DataError([Problem(shown, f"the log holds {len(log):,} actions; a save holds at most "
                                            f"{MAX_LOG_ACTIONS:,}", field="log")])
        return Saved(shown, document, version, fields, self.command)
