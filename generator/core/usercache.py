"""The user's cache of what pnpkit makes once per machine and keeps between runs: font faces
cut from their sources, reference templates compiled, icons and YAML files parsed. Nothing in
it is an input: each entry is named by a digest of what it was made from, and any of it may
be deleted."""

from __future__ import annotations

import hashlib
import os
import pickle
import sys
from functools import lru_cache
from pathlib import Path
from types import ModuleType
from typing import Callable, TypeVar

T = TypeVar("T")


def _cache_root() -> tuple[Path, str]:
    """pnpkit's folder of the user cache, and how it was chosen (for messages): PNPKIT_CACHE,
    else XDG_CACHE_HOME, else ~/.cache."""
    if os.environ.get("PNPKIT_CACHE"):
        return Path(os.environ["PNPKIT_CACHE"]) / "pnpkit", "PNPKIT_CACHE"
    if os.environ.get("XDG_CACHE_HOME"):
        return Path(os.environ["XDG_CACHE_HOME"]) / "pnpkit", "XDG_CACHE_HOME (or PNPKIT_CACHE)"
    return Path.home() / ".cache" / "pnpkit", "HOME's .cache (or PNPKIT_CACHE)"


_stand_in: Path | None = None       # this process's temporary cache, made the first time the user's failed


def user_cache(kind: str) -> Path:
    """The folder of one kind of cached thing (made if missing): under PNPKIT_CACHE, else
    XDG_CACHE_HOME, else ~/.cache, in pnpkit/<kind>. When that folder cannot be made (a
    PNPKIT_CACHE that is a file, a read-only HOME), the process goes on with a temporary
    folder of its own, saying so once (``without_cache``)."""
    root, _ = _cache_root()
    path = root / kind
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        return without_cache(kind, err)
    return path


def cache_problem(err: OSError) -> str:
    """Why the user cache cannot be used, naming its folder and the variable that sets it."""
    root, chosen = _cache_root()
    return (f"cannot use pnpkit's cache folder {root} ({err.strerror or type(err).__name__}; "
            f"it is set by {chosen}): set PNPKIT_CACHE to a folder you can write")


def without_cache(kind: str, err: OSError) -> Path:
    """The temporary folder of ``kind`` this process uses in place of the user cache, which
    failed with ``err`` (made, or written when the disk is full): said once on stderr, with
    the folder and the variable. What is kept there (fonts prepared, templates compiled) is
    made again by the next process; the folder is removed when this one ends. Forked workers
    inherit the folder: made before them, it is theirs too."""
    global _stand_in
    if _stand_in is None:
        import atexit
        import shutil
        import tempfile

        try:
            folder = Path(tempfile.mkdtemp(prefix="pnpkit-cache-"))
        except OSError as second:
            raise OSError(second.errno, f"{cache_problem(err)}; no temporary folder either "
                                        f"({second.strerror or second})", str(_cache_root()[0])) from None
        owner = os.getpid()

        def remove() -> None:           # by this process only, not the workers it forked
            if os.getpid() == owner:
                shutil.rmtree(folder, ignore_errors=True)

        atexit.register(remove)
        _stand_in = folder
        sys.stderr.write(f"pnpkit: {cache_problem(err)}. Going on without it: what it keeps (fonts prepared "
                         f"for this machine, templates compiled) is made again in every run until then.\n")
    return _stand_in_folder(kind)


def is_stand_in(path: Path) -> bool:
    """Whether ``path`` is in this process's temporary cache (``without_cache``)."""
    return _stand_in is not None and path.is_relative_to(_stand_in)


def _stand_in_folder(kind: str) -> Path:
    assert _stand_in is not None
    path = _stand_in / kind
    path.mkdir(parents=True, exist_ok=True)
    return path


@lru_cache(maxsize=None)
def source_digest(*modules: str) -> str:
    """A digest of the named modules' source and Python's version: what a kept thing made by
    their code is named by, so that a change to the code makes it anew."""
    digest = hashlib.sha256(sys.version.encode())
    for name in modules:
        module: ModuleType = sys.modules[name]
        digest.update(b"\0" + name.encode() + b"\0" + Path(str(module.__file__)).read_bytes())
    return digest.hexdigest()


def kept(kind: str, slot: str, key: bytes, make: Callable[[], T], kind_of: type[T]) -> T:
    """What ``make()`` made before from the same ``key`` (everything it is made from: its
    input's bytes and ``source_digest`` of its code), kept pickled in the user cache, else
    ``make()``, kept for the next process. One entry a ``slot`` (the input file it is made
    from): a file edited again and again replaces its entry. A pickle is only ever written
    here, from what pnpkit made; one that cannot be read back as a ``kind_of`` is a miss, and
    a cache that cannot be written no error."""
    made: list[T] = []

    def pickled() -> bytes:
        made.append(make())
        return pickle.dumps(made[0], protocol=pickle.HIGHEST_PROTOCOL)

    data = kept_bytes(kind, slot, key, pickled)
    if made:
        return made[0]
    try:
        held = pickle.loads(data)
        if isinstance(held, kind_of):
            return held
    except (ValueError, EOFError, pickle.UnpicklingError, AttributeError, ImportError, TypeError, IndexError):
        pass
    return make()


def kept_bytes(kind: str, slot: str, key: bytes, make: Callable[[], bytes]) -> bytes:
    """``make()``'s bytes, or those it made before from the same ``key`` (see ``kept``)."""
    held = peek_bytes(kind, slot, key)
    if held is not None:
        return held
    data = make()
    put_bytes(kind, slot, key, data)
    return data


def _entry_path(kind: str, slot: str) -> Path | None:
    try:
        return user_cache(kind) / hashlib.sha256(slot.encode()).hexdigest()[:40]
    except OSError:
        return None


def peek_bytes(kind: str, slot: str, key: bytes) -> bytes | None:
    """The bytes kept in ``slot`` from the same ``key``, or None (nothing kept, another key,
    no cache)."""
    digest = hashlib.sha256(key).digest()
    path = _entry_path(kind, slot)
    if path is None:
        return None
    try:
        held = path.read_bytes()
    except OSError:
        return None
    return held[len(digest):] if held[:len(digest)] == digest else None


def put_bytes(kind: str, slot: str, key: bytes, data: bytes) -> None:
    """Keep ``data`` in ``slot`` for ``key`` (replacing what the slot held); a cache that
    cannot be written is no error."""
    path = _entry_path(kind, slot)
    if path is not None:
        try:
            write_entry(path, hashlib.sha256(key).digest() + data)
        except OSError:
            pass


def write_entry(path: Path, data: bytes | str) -> None:
    """An entry of the user cache written beside and renamed into place (a reader sees the
    whole entry or none); not flushed to disk: an entry lost to a crash is made again."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        tmp.write_bytes(data.encode("utf-8") if isinstance(data, str) else data)
        os.replace(tmp, path)
    finally:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass


def prune(folder: Path, keep_bytes: int) -> list[Path]:
    """Remove the least recently used entries of ``folder`` until what is left weighs at most
    ``keep_bytes``; the files removed. An entry is the files sharing a name but for its suffix
    (a board's data and its description), removed together. A kind whose entries are named by
    the code that made them (a board drawn by each version of pnpkit) would otherwise grow with
    every upgrade. Called after writing an entry, which is rare (each is made once); a reader
    that finds its entry gone makes it again, and one reading it as it goes still reads it whole."""
    entries: dict[str, tuple[float, int, list[Path]]] = {}
    try:
        with os.scandir(folder) as listing:
            for item in listing:
                if item.name.startswith("."):
                    continue            # an entry being written (write_entry's, write_atomic's)
                try:
                    if not item.is_file(follow_symlinks=False):
                        continue
                    stat = item.stat(follow_symlinks=False)
                except OSError:
                    continue
                stem = item.name.split(".", 1)[0]
                when, size, files = entries.get(stem, (0.0, 0, []))
                entries[stem] = (max(when, stat.st_mtime), size + stat.st_size, [*files, Path(item.path)])
    except OSError:
        return []
    total = sum(size for _, size, _ in entries.values())
    removed: list[Path] = []
    for _, size, files in sorted(entries.values()):
        if total <= keep_bytes:
            break
        for path in files:
            try:
                path.unlink()
                removed.append(path)
            except OSError:
                continue
        total -= size
    return removed


def used(*paths: Path) -> None:
    """Mark kept entries as just used (their time), so that ``prune`` removes others first."""
    for path in paths:
        try:
            os.utime(path)
        except OSError:
            pass

