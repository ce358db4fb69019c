"""One build at a time in an output folder.

Two builds into one folder used to delete each other's staging folder and write manifests
that missed files. A build holds a lock on the folder (a ``.pnpkit-lock`` file inside it,
through ``filelock``) from the moment it looks at the folder until its manifest is in place;
a second build says that it waits, and who for, then waits up to ``LOCK_WAIT_S``. The lock file is removed
when the build ends.
"""

from __future__ import annotations

import os
import socket
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator

from filelock import FileLock, Timeout

from generator.core.errors import BuildError
from generator.core.limits import excerpt

LOCK_NAME = ".pnpkit-lock"
LOCK_WAIT_S = 600.0       # a long build of every game takes minutes; past this, say who holds it


@dataclass
class HeldFolder:
    """The output folder while its lock is held; ``created``: this build made the folder."""

    out_dir: Path
    created: bool

    @property
    def lock_path(self) -> Path:
        return self.out_dir / LOCK_NAME

    def remove_if_unused(self) -> None:
        """Remove the folder this build created, if it left it empty (a failed first build
        writes nothing): the lock file is unlinked first, while still held (``_unlink``)."""
        if self.created:
            _unlink(self.lock_path)
            try:
                self.out_dir.rmdir()
            except OSError:
                pass


def _unlink(lock_path: Path) -> None:
    """Remove the lock file while holding it, so that the output folder holds only what the
    build wrote: a build waiting on it sees that its file is gone (filelock checks the link
    count after locking) and starts over on a new one."""
    try:
        lock_path.unlink()
    except OSError:
        pass


def _holder(lock_path: Path) -> str:
    """Who holds the lock, as its holder wrote it (process id and host), for the message."""
    try:
        with open(lock_path, "rb") as handle:
            text = handle.read(200).decode("utf-8", "replace").strip()
    except OSError:
        text = ""
    return f"another build ({excerpt(text)[1:-1]})" if text else "another build"


def _acquire(lock: FileLock, held: HeldFolder, timeout: float) -> None:
    """Take ``lock``, making the folder (again, if a failed first build removed it meanwhile)."""
    for attempt in range(100):
        try:
            if not held.out_dir.is_dir():
                held.out_dir.mkdir(parents=True, exist_ok=True)
                held.created = True
            lock.acquire(timeout=timeout)
            return
        except FileNotFoundError:
            if attempt == 99:
                raise


def _sign(lock_path: Path) -> None:
    """Write who holds the lock into its file, for a build that has to wait."""
    try:
        lock_path.write_text(f"process {os.getpid()} on {socket.gethostname()}\n", encoding="utf-8")
    except OSError:
        pass


@contextmanager
def output_lock(out_dir: Path, waiting: Callable[[str], None] | None = None) -> Iterator[HeldFolder]:
    """Hold the output folder (made if missing) for one build; ``waiting`` hears, once, that
    this build waits and for whom. BuildError after ``LOCK_WAIT_S`` of waiting."""
    out_dir = Path(out_dir)
    held = HeldFolder(out_dir, created=False)
    lock = FileLock(str(held.lock_path), thread_local=False)
    try:
        _acquire(lock, held, 0)
    except Timeout:
        wait_s = LOCK_WAIT_S
        if waiting:
            waiting(f"{out_dir}: {_holder(held.lock_path)} is writing into this folder; waiting for it to finish "
                    f"(at most {wait_s:g} s)")
        try:
            _acquire(lock, held, wait_s)
        except Timeout:
            raise BuildError(f"{out_dir}: {_holder(held.lock_path)} has held this folder for {wait_s:g} s; "
                             f"wait for it to finish, or build into another folder with --out") from None
    except OSError as err:
        raise BuildError(f"cannot write into {out_dir}: {err.strerror or err}") from None
    try:
        _sign(held.lock_path)
        yield held
    finally:
        _unlink(held.lock_path)
        lock.release()
