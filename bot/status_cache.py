"""``status`` and ``show`` answered without replaying the game, while nothing they are made
from changed.

``status`` replays the saved log on the game's data (its map, counters and cards, read and
checked with pydantic), which takes a command most of a second; the answer depends only on
the save's bytes, the game's data files and pnpkit's code. So each save's last answer is kept
in the user's cache (``generator.core.usercache``), one small JSON file per save file, written when
a command writes the save and when ``status`` or ``show`` replays it, and used when

- the save's bytes, pnpkit's code (every source file's bytes) and the kit in use are
  those the answer was made from (one digest),
- the save's game is still played in the same game folder (``Bot.data_folder``: ``--game DIR``,
  else the save's game in the kit), and
- every data file the game was read from still has the bytes it had (sha256).

With the answer, each entry keeps what ``show`` draws the position from (``Bot.picture``):
its JSON, and the objects of the game's data it draws with (the board, the counters), pickled
once per game under the code and the data files (path and sha256 each) they were made from.
``show`` then draws at once, with neither the rules nor the game's data files read.

Only an answer valid with and without ``--data-changed-ok`` is kept: its save records the data
the game was read from, and its ``position`` is the one its log gives. Anything else (no entry,
a changed file, an unreadable entry) replays the game as before, so errors always come from the
replay. Any entry may be deleted.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from generator import __version__
from generator.core.atomic import write_atomic
from generator.core.limits import MAX_DATA_FILE_BYTES
from generator.core.usercache import prune, used, user_cache
from generator.kit.cachekeys import file_sha256

#: The JSON fields and the lines of text of an answer (``bot.verbs.Answer``).
Answer = tuple[dict[str, Any], list[str]]

#: pnpkit's packages, beside this one: the code an answer was made by.
PACKAGES = ("bot", "games", "generator")
# The most the status folder keeps (least recently used entries go first): a save's status is
# about 35 kB, the objects a picture is drawn from about 250 kB for each version of the code.
STATUS_KEPT_BYTES = 64 * 1024 * 1024


def code_digest(top: Path) -> str:
    """A digest of pnpkit's code below ``top``: its version and Python's, and every source
    file's path and bytes (content, not size and time: a file rewritten within the same second
    at the same size is still another code; the 2 MB of sources hash in a few milliseconds)."""
    digest = hashlib.sha256(f"{__version__}\0{sys.version}".encode())
    for package in PACKAGES:
        for path in sorted((top / package).rglob("*.py")):
            if "__pycache__" in path.parts:
                continue
            digest.update(b"\0" + str(path.relative_to(top)).encode() + b"\0")
            digest.update(path.read_bytes())
    return digest.hexdigest()


@lru_cache(maxsize=None)
def code_stamp() -> str:
    """pnpkit's code as this process found it (``code_digest``), taken once a process (a
    command asks for it several times): what a long-running process keeps is credited to the
    code it started with, not to files edited since."""
    return code_digest(Path(__file__).resolve().parent.parent)


def _entry_path(save: Path) -> Path:
    return user_cache("status") / (hashlib.sha256(str(Path(save).resolve()).encode()).hexdigest()[:32] + ".json")


def _key(save_bytes: bytes) -> str:
    from generator.kit.location import current_kit

    digest = hashlib.sha256(code_stamp().encode())
    digest.update(b"\0" + str(current_kit().root).encode() + b"\0")
    digest.update(save_bytes)
    return digest.hexdigest()


def _regular_bytes(path: Path | str) -> bytes | None:
    """A regular file's bytes (within the limit of a data file); None for anything else (a named
    pipe is never opened: it would wait for a writer)."""
    try:
        found = os.stat(path)
        if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_DATA_FILE_BYTES:
            return None
        return Path(path).read_bytes()
    except OSError:
        return None


def _kept_entry(bot: Any, save: Path, options: dict[str, Any]) -> dict[str, Any] | None:
    """The entry kept for ``save``, if still true (the save, the code, the kit, the game folder
    and every data file as they were); None otherwise."""
    save_bytes = _regular_bytes(save)
    if save_bytes is None:
        return None
    try:
        entry = json.loads(_entry_path(save).read_text(encoding="utf-8"))
        if not isinstance(entry, dict) or entry.get("key") != _key(save_bytes):
            return None
        folder = bot.data_folder(json.loads(save_bytes), **options)
        if folder is None or str(folder) != entry["folder"]:
            return None
        if any(file_sha256(Path(path)) != digest for path, digest in entry["inputs"].items()):
            return None
        return entry
    except (OSError, ValueError, KeyError, TypeError, AttributeError):
        return None


def cached_status(bot: Any, save: Path, options: dict[str, Any]) -> Answer | None:
    """The answer kept for ``save``, if still true, as ``bot`` (a ``bot.verbs.Bot``) answers;
    None otherwise (replay the game)."""
    entry = _kept_entry(bot, save, options)
    if entry is None:
        return None
    try:
        fields, lines = entry["answer"]
        return dict(fields), list(lines)
    except (KeyError, TypeError, ValueError):
        return None


def _objects_path(entry: dict[str, Any]) -> Path:
    """Where the objects of a picture (``Bot.picture``) are kept: named by the code and every
    data file they were made from (its path and sha256), shared by the saves of one game."""
    digest = hashlib.sha256(code_stamp().encode())
    digest.update(json.dumps([entry["folder"], sorted(entry["inputs"].items())]).encode())
    return user_cache("status") / f"{digest.hexdigest()}.pickle"


def kept_picture(bot: Any, save: Path, options: dict[str, Any]) -> tuple[dict[str, Any], Any] | None:
    """What ``show`` draws the game in ``save`` from (``Bot.picture``: its JSON and objects),
    kept with its status, if still true; None otherwise (replay the game). A kept object that
    does not read back is removed (the next command that writes the save keeps it anew)."""
    entry = _kept_entry(bot, save, options)
    if entry is None or not isinstance(entry.get("picture"), dict):
        return None
    try:
        objects_path = _objects_path(entry)
        data = objects_path.read_bytes()
    except (OSError, KeyError, TypeError, AttributeError, ValueError):
        return None
    import pickle

    try:
        held = entry["picture"], pickle.loads(data)
        used(objects_path)
        return held
    except Exception:       # noqa: BLE001 - any damage to a pickle (EOFError, UnpicklingError, ImportError, ...)
        objects_path.unlink(missing_ok=True)
        return None


def made(objects: Any) -> Any:
    """A picture's objects (``Bot.picture``): given, or made by the function given (called
    only where they are needed: not when they are kept already)."""
    return objects() if callable(objects) else objects


def _keep_objects(entry: dict[str, Any], objects: Any) -> bool:
    """Pickle ``objects`` (``made``) where ``_objects_path`` says, unless they are kept there
    already; False when they cannot be pickled."""
    import pickle

    path = _objects_path(entry)
    if not path.is_file():
        try:
            data = pickle.dumps(made(objects), protocol=pickle.HIGHEST_PROTOCOL)
        except (pickle.PicklingError, TypeError, AttributeError, RecursionError):
            return False
        write_atomic(path, data)
        prune(user_cache("status"), STATUS_KEPT_BYTES)
    return True


def remember_status(bot: Any, game: Any, save: Path, answer: Answer) -> None:
    """Keep ``answer`` as the status of the game just written to, or replayed from, ``save``
    (when it is valid with and without ``--data-changed-ok``: ``Bot.status_inputs``), with
    what ``show`` draws it from (``Bot.picture``). A cache that cannot be written is no error."""
    inputs = bot.status_inputs(game, save)
    if inputs is None:
        return
    folder, files = inputs
    save_bytes = _regular_bytes(save)
    if save_bytes is None:
        return
    try:
        entry: dict[str, Any] = {"key": _key(save_bytes), "folder": str(folder),
                                 "inputs": {str(path): digest for path, digest in files.items()},
                                 "answer": list(answer)}
        picture = _picture(bot, game)
        if picture is not None and _keep_objects(entry, picture[1]):
            entry["picture"] = picture[0]
        write_atomic(_entry_path(save), json.dumps(entry, ensure_ascii=False))
    except (OSError, TypeError, ValueError, AttributeError):
        return


def _picture(bot: Any, game: Any) -> tuple[dict[str, Any], Any] | None:
    """``bot.picture(game)``, or None when it cannot be made: what ``show`` draws from is
    kept to spare a replay, and a command that has written its save never fails for it."""
    try:
        picture = bot.picture(game)
        if picture is not None:
            json.dumps(picture[0])                  # kept as JSON: it must be JSON
        return picture
    except Exception:       # noqa: BLE001 - the rules' own errors too: the status is kept without it
        return None
