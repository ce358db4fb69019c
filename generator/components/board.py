"""The ``board`` component kind: a board (or a two-sided one) drawn from layout files.

```yaml
- kind: board
  id: board
  title: Battlefield and Pillage map
  source: board.yaml               # the board's data: a list of one mapping per board
  front: layouts/battlefield.yaml  # its size is the board's full size, in mm
  back: layouts/pillage-map.yaml   # optional: the other side
```
A board is read and bound like a deck (``generator.layout.deck``: the same keys, the same
checks); what differs is how it prints. Each side is written full size on one PDF page (for
a print shop), as SVG and PNG, and tiled onto the chosen paper for a home printer: an
assembly page, then one page per tile with alignment marks in the overlaps
(``generator.hexmap.tiling``, with cuts anywhere since a board need not have hexes).
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any, Iterator

from generator.components.base import BuildOptions, Component, Face, OutputJob, Piece, fingerprint
from generator.components.cards import Deck, load_deck
from generator.draw.page import Page
from generator.draw.scene import Scene
from generator.hexmap.tiling import TilePlan, assembly_page, plan_tiles, tile_page

ASSEMBLY_STEPS = (
    "Trim each tile along its thin frame line on the left and top sides (not on the tiles of column A or row 1).",
    "Lay each trimmed tile over its neighbour to the left and above; match the circle-and-cross marks, "
    "which show the same point on both tiles.",
    "Tape or glue from the back; glue the two sides of a two-sided board back to back on card.",
)


class BoardComponent(Component):
    """One or more boards, each a piece whose front (and back) is a side drawn full size."""

    kind = "board"
    noun = "boards"

    def __init__(self, deck: Deck) -> None:
        super().__init__(deck.game, deck.spec, deck.inputs)
        self.deck = deck
        self.pieces = deck.pieces

    def spec_key(self) -> Any:
        return self.deck.spec_key()

    def sides(self, piece: Piece) -> list[tuple[str, Face]]:
        """The piece's sides by name: its front, and ``back`` if it has one."""
        return [("front", piece.front_face)] + ([("back", piece.back_face)] if piece.back_face is not None else [])

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
        for piece in self.pieces:
            for side, face in self.sides(piece):
                yield from self.side_jobs(piece, side, face, options, code_hash)

    def side_jobs(self, piece: Piece, side: str, face: Face, options: BuildOptions,
                  code_hash: str) -> Iterator[OutputJob]:
        """One side: tiled for the paper, full size on one page, SVG and PNG."""
        stem = self.folder() / self.id / f"{piece.id}-{side}"
        key = self.key(code_hash, piece.data_hash, side)
        title = f"{self.game.title} - {piece.title} ({side})"
        size = face_size(piece)
        if "pdf" in options.formats:
            plan = self.plan(piece, options.paper)
            yield self.job(stem.with_name(f"{stem.name}-{options.paper}-tiled.pdf"), f"{piece.id} {side} "
                           f"({len(plan.tiles)} tiles)", "pdf", fingerprint(key, options.paper),
                           lambda: tiled_pdf(face.scene(), plan, title), [face], paper=options.paper,
                           trim_mm=size, extra={"tiles": len(plan.tiles)})
            yield self.job(stem.with_name(f"{stem.name}-fullsize.pdf"), f"{piece.id} {side} (full size)", "pdf", key,
                           lambda: full_size_pdf(face.scene(), piece, title), [face], trim_mm=size,
                           items=1 if side == "front" else 0)
        yield from self.scene_jobs(stem, face.scene, [face], options, key, f"{piece.id} {side}",
                                   dpi=min(options.dpi, 150), trim_mm=size, items=0)

    def plan(self, piece: Piece, paper: str) -> TilePlan:
        width, height = face_size(piece)
        return plan_tiles(width + 2 * piece.bleed, height + 2 * piece.bleed, paper)


def face_size(piece: Piece) -> tuple[float, float]:
    return piece.width, piece.height


def tiled_pdf(scene: Scene, plan: TilePlan, title: str) -> bytes:
    """Assembly page first, then one page per tile."""
    from generator.draw.pdf import render_pdf

    pages = [Page(assembly_page(scene, plan, title, ASSEMBLY_STEPS), label="assembly")]
    pages += [Page(tile_page(scene, plan, tile, title), label=tile.name) for tile in plan.tiles]
    return render_pdf(pages, title=f"{title}, tiled on {plan.paper.upper()}", subject="board")


def full_size_pdf(scene: Scene, piece: Piece, title: str) -> bytes:
    """The whole side on one page at 100 %, its trim box the board (for a print shop)."""
    from generator.draw.pdf import render_pdf

    trim = (piece.bleed, piece.bleed, piece.width, piece.height)
    return render_pdf([Page(scene, trim=trim, label="board")], title=f"{title}, full size", subject="board")


def load_board(game: Any, raw: dict, file: str, index: int) -> BoardComponent:
    """A board entry: read and bound as a layout deck, printed as boards."""
    return BoardComponent(load_deck(game, raw, file, index))
