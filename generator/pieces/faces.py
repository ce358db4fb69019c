"""Faces and pieces: what is printed, apart from the files it is printed in.

A *face* is one drawing (a card front, a deck's back, a board), drawn once and kept, with
the files its drawing read. A *piece* is one physical thing (a card, a counter, a tile)
with a trim size, a bleed, a front face and maybe a back face. Component kinds
(``generator.components``) make them; the writers (``generator.outputs``) and the sheet
imposition (``generator.printing``) read them. This module sits at the bottom: it knows
scenes and nothing of components, formats or files.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable

from generator.core.inputs import recording

if TYPE_CHECKING:
    from generator.draw.scene import Scene
    from generator.pieces.outline import Outline


def fingerprint(*parts: Any) -> str:
    """A stable hash of JSON-able parts: what a drawing depends on."""
    blob = json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


def once(make: Callable[[], Any]) -> Callable[[], Any]:
    """``make``'s result, computed on the first call and kept (a sheet's pages feed two files)."""
    kept: list[Any] = []

    def get() -> Any:
        if not kept:
            kept.append(make())
        return kept[0]
    return get


class Face:
    """One drawing, made on first use and kept, with every file the drawing read.

    ``inputs`` names files the face depends on that its drawing may not read itself (a
    layout file parsed at load time, say); the files read while drawing are added to them.
    """

    def __init__(self, draw: Callable[[], "Scene"], inputs: Iterable[Path] = ()) -> None:
        self._draw = draw
        self._scene: "Scene | None" = None
        self._declared = frozenset(Path(p) for p in inputs)
        self._read: frozenset[Path] = frozenset()

    @property
    def drawn(self) -> bool:
        return self._scene is not None

    def scene(self) -> "Scene":
        if self._scene is None:
            with recording() as reads:
                self._scene = self._draw()
            self._read = frozenset(reads)
        return self._scene

    def check(self) -> "Scene":
        """Lay the face out to find its problems, without keeping the drawing (unless it is
        kept already): ``check`` of a deck of 40,000 cards holds one card's scene at a time."""
        return self._scene if self._scene is not None else self._draw()

    @property
    def declared(self) -> frozenset[Path]:
        """The files named before drawing: known when the build plans, so their names go
        into the key (which files a face uses can change without any of them changing)."""
        return self._declared

    def inputs(self) -> frozenset[Path]:
        """The files this face is drawn from (those read while drawing once it is drawn)."""
        return self._declared | self._read


class Piece:
    """One physical piece: a front face, an optional back face, and its data's fingerprint."""

    def __init__(self, id: str, title: str, width: float, height: float, bleed: float, data_hash: str,
                 front: Face, back: Face | None = None, quantity: int = 1, note: str = "",
                 outline: "Outline | None" = None) -> None:
        self.id = id
        self.outline = outline      # its cut line where not the trim box (generator.pieces.outline)
        self.note = note            # for the designer (what of it is designed): the proof sheet prints it, no face does
        self.title = title
        self.width = width
        self.height = height
        self.bleed = bleed
        self.data_hash = data_hash
        self.quantity = quantity
        self.front_face = front
        self.back_face = back

    @property
    def has_back(self) -> bool:
        return self.back_face is not None

    def front(self) -> "Scene":
        """Full-bleed front: (width + 2 bleed) x (height + 2 bleed), trim at (bleed, bleed)."""
        return self.front_face.scene()

    def back(self) -> "Scene":
        if self.back_face is None:
            raise ValueError(f"piece {self.id} has no back")
        return self.back_face.scene()

    def faces(self) -> list[Face]:
        return [self.front_face] + ([self.back_face] if self.back_face is not None else [])

    def trim_box(self) -> tuple[float, float, float, float]:
        return (self.bleed, self.bleed, self.width, self.height)


def back_names(pieces: Iterable[Piece]) -> dict[int, str]:
    """The file stem of each back face (by identity), one rule for every format (SVG and PNG,
    Tabletop Simulator, The Game Crafter): ``back`` when every piece shows the one back, else
    ``<id>-back`` after the first piece, in the component's order, that shows it."""
    pieces = list(pieces)
    first: dict[int, Piece] = {}
    for piece in pieces:
        if piece.back_face is not None:
            first.setdefault(id(piece.back_face), piece)
    shared = len(first) == 1 and all(p.back_face is not None for p in pieces)
    return {key: "back" if shared else f"{piece.id}-back" for key, piece in first.items()}
