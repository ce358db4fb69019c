"""``pnpkit watch``: rebuild the kit each time one of its files is saved.

The build is incremental and all-or-nothing, so a rebuild renders what the save changed and
a broken file leaves the last good output in place: its error is printed, and the next good
save rebuilds. What the watching process made is kept for the next rebuild, keyed on all it
was made from: parsed YAML, each card's resolved and painted face (``generator.layout.kept``),
each page's preflight findings, the proof sheet's picture in bands (``generator.draw.png_bands``). Whatever a rebuild raises (not only a data or build error) is one line, and
watching goes on. Changes are noticed by ``watchfiles`` (the operating system's file events).
"""

from __future__ import annotations

import hashlib
import re
import threading
import time
from pathlib import Path
from typing import Callable, Sequence

import watchfiles

from generator.build.engine import build
from generator.build.render_pool import expect_later_runs
from generator.core.errors import BuildError, DataError, listed
from generator.core.limits import excerpt
from generator.kit.location import current_kit
from generator.pieces.job import BuildOptions

DEBOUNCE_MS = 100          # a save's burst of events, taken as one change (at most this long)
REBUILD_HERE_FILES = 12    # a game's rebuild of at most this many files renders in the watching process
                           # (a card edited: 7 files; RenderRun says why)
STEP_MS = 10               # quiet this long after an event: the save is over (an editor's write and
                           # rename come within a millisecond or two), the rebuild starts


def rebuild(game_ids: Sequence[str] | None, options: BuildOptions, out_dir: Path, jobs_n: int | None) -> tuple[bool, str]:
    """One build: (it succeeded, its one-line summary or its error messages)."""
    stamp = time.strftime("%H:%M:%S")
    try:
        result = build(list(game_ids) if game_ids else None, options, out_dir, jobs_n=jobs_n,
                       fork_above=REBUILD_HERE_FILES)
    except DataError as err:
        lines = "\n".join(f"  {line}" for line in listed(err.problems))
        return False, f"{stamp} data problems ({len(err.problems)}); the last good output is kept:\n{lines}"
    except BuildError as err:
        lines = "\n".join(f"  {line}" for line in str(err).splitlines())
        return False, f"{stamp} build failed; the last good output is kept:\n{lines}"
    except Exception as err:  # noqa: BLE001 - whatever a rebuild raises, watch goes on watching
        return False, (f"{stamp} build failed ({type(err).__name__}: {excerpt(str(err), 200)}); "
                       "the last good output is kept")
    return True, f"{stamp} {result.summary()}"


# what a spreadsheet or an editor writes beside the file it saves: its lock ("~$cards.xlsx",
# ".~lock.cards.xlsx#") and temporary files ("lu1234.tmp", Excel's "3F2A1B0C"), never read by a build
_NOT_DATA = re.compile(r"^(~\$|\.~lock\.).*|.*\.tmp$|^[0-9A-F]{8}$", re.IGNORECASE)


def _not_output(out_dir: Path) -> Callable[[watchfiles.Change, str], bool]:
    out = out_dir.resolve()
    default = watchfiles.DefaultFilter()

    def keep(change: watchfiles.Change, path: str) -> bool:
        return (default(change, path) and not _NOT_DATA.fullmatch(Path(path).name)
                and not Path(path).resolve().is_relative_to(out))
    return keep


class _Saved:
    """What each changed file held when the kit was last rebuilt: a save that comes as two
    bursts of events (a spreadsheet writes a workbook, then touches it again) rebuilds once,
    as the second burst leaves every file as the first one did."""

    def __init__(self) -> None:
        self.held: dict[str, str | None] = {}

    def changed(self, changes: set[tuple[watchfiles.Change, str]]) -> bool:
        """Whether a file of ``changes`` holds other bytes than at the last rebuild (or is new or gone)."""
        found = False
        for _, path in changes:
            now = _digest(Path(path))
            if now is None or self.held.get(path) != now:     # new, changed, or gone
                found = True
            self.held[path] = now
        return found


def _digest(path: Path) -> str | None:
    """The file's content hash; None for a folder or a file gone or unreadable."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
    except OSError:
        return None


def watch(game_ids: Sequence[str] | None, options: BuildOptions, out_dir: Path, echo: Callable[[str], None],
          jobs_n: int | None = None, stop: threading.Event | None = None) -> None:
    """Build now, then again after every save under the kit's ``data/`` folder, until
    interrupted (or ``stop`` is set)."""
    expect_later_runs()
    echo(rebuild(game_ids, options, out_dir, jobs_n)[1])
    folder = current_kit().data
    echo(f"watching {folder} (Ctrl-C stops)")
    saved = _Saved()
    for changes in watchfiles.watch(folder, watch_filter=_not_output(out_dir), debounce=DEBOUNCE_MS, step=STEP_MS,
                                    stop_event=stop, raise_interrupt=False):
        if saved.changed(changes):
            echo(rebuild(game_ids, options, out_dir, jobs_n)[1])
