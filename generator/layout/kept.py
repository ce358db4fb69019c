"""Items' faces resolved and painted in this process, kept for the next load of their deck.

``pnpkit watch`` loads the game again at every save; a deck of 57 cards whose one row was
edited resolves and paints that row's card only. An item's kept face is used again when
all it was made from is the same:

- the deck's ``DeckKey``: the bytes of every file read to load the layout and the game's
  style (layout files and their bases, palette, sizes; game.yaml by the values taken from
  it), the shared names (game and deck facts, tables, palette, card frame, font faces), the
  icon names the game has, and the kit and working folder (messages name files from them);
- the item's columns and place;
- the bytes of every file read while resolving it (icons, images), checked at each use.

An item resolved with problems is not kept: a problem's message may come from a file that
is absent (an image not yet made), whose arrival nothing read could notice. The warnings
painting gave are given again, and the files read noted again, when a kept face is used.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from generator.core.filehash import content_digest
from generator.core.inputs import digest_as_read, note_reads_again, recording
from generator.core.notices import collecting, warn
from generator.pieces.faces import fingerprint

KEPT_ITEMS = 4_000          # items' faces a process keeps (~30 kB each with its painted scene: ~130 MB at
                            # most), the least recently used forgotten first


@dataclass
class KeptFace:
    """One item's resolved operations, the files read resolving them (with their hashes),
    and its faces as painted (by what else painting depends on: the title and the frame)."""

    ops: list[Any]
    read: tuple[tuple[Path, str | None], ...]
    painted: dict[Any, tuple[Any, frozenset[Path], tuple[str, ...]]] = field(default_factory=dict)

    def paint(self, key: Any, make: Callable[[], Any], copy: Callable[[Any], Any]) -> Any:
        """``make()``'s scene, kept under ``key``: later a copy of it (``copy``), its reads
        noted and its warnings given again."""
        kept = self.painted.get(key)
        if kept is None:
            with recording() as reads, collecting() as said:
                scene = make()
            kept = (scene, frozenset(reads), tuple(said))
            self.painted[key] = kept
        for message in kept[2]:
            warn(message)
        note_reads_again(kept[1])
        return copy(kept[0])


_kept: OrderedDict[tuple[str, str], KeptFace] = OrderedDict()
_lock = threading.Lock()            # builds in two threads (into two folders) share what is kept


class Hashes:
    """Files' sha256 (ABSENT: gone, None: unreadable), each read once while one deck loads:
    in a build, as the build read them (``generator.core.inputs.digest_as_read``), so that a
    face kept for watch's next load is never keyed on a file saved after it was read."""

    def __init__(self) -> None:
        self._known: dict[Path, str | None] = {}

    def __call__(self, path: Path) -> str | None:
        if path not in self._known:
            self._known[path] = digest_as_read(path, content_digest)
        return self._known[path]


def deck_key(files: Iterable[Path], values: Any, hashes: Hashes) -> str:
    """What every item of a face shares: the files read to make its resolver, by their bytes,
    and the values it binds (by value), with the folders messages name files from."""
    from generator.kit.location import current_kit

    named = sorted((str(path), hashes(path)) for path in set(files))
    return fingerprint(named, values, str(current_kit().root.resolve()), os.getcwd())


def resolved(deck: str, columns: Any, place: Any, resolve: Callable[[], tuple[list[Any], Sequence[Any]]],
             hashes: Hashes) -> tuple[list[Any], Sequence[Any], KeptFace | None]:
    """``resolve()``'s (ops, problems) for an item of the deck keyed ``deck`` (``deck_key``),
    kept from an earlier load where nothing it depends on changed; with the kept face
    (None when it was not kept: it had problems)."""
    key = (deck, fingerprint(dict(columns), dict(place or {})))
    with _lock:
        kept = _kept.get(key)
    if kept is not None and all(hashes(path) == digest for path, digest in kept.read):
        with _lock:
            if key in _kept:
                _kept.move_to_end(key)
        note_reads_again([path for path, _ in kept.read])
        return kept.ops, [], kept
    with recording() as reads:
        ops, problems = resolve()
    if problems:
        return ops, problems, None
    kept = KeptFace(ops, tuple(sorted((path, hashes(path)) for path in reads)))
    with _lock:
        _kept[key] = kept
        while len(_kept) > KEPT_ITEMS:
            _kept.popitem(last=False)
    return ops, problems, kept


def forget() -> None:
    """Forget every kept face (tests)."""
    with _lock:
        _kept.clear()
