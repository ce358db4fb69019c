"""The ``board`` component kind: a board (or a two-sided one) drawn from layout files.

```yaml
- kind: board
  id: board
  title: Battlefield and Pillage map
  source: board.yaml               # the board's data: a list of one mapping per board
  front: layouts/battlefield.yaml  # its size is the board's full size, in mm
  back: layouts/pillage-map.yaml   # optional: the other side
  cuts:                            # optional: where a tiled page may begin (mm from the trim's
    x: [55, 85, 115]               #   top-left), e.g. the lines between spaces, so that every
    y: [26, 56, 86]                #   space is whole on at least one page
  keep:                            # optional: boxes no seam of the tiled pages may cross (a
    - {name: legend, side: back, x: 12, y: 318, w: 150, h: 52}   # legend, a title), mm from the trim
```
A board is read and bound like a deck (``generator.components.layout_deck``: the same keys, the same
checks); what differs is how it prints. Each side is written full size on one PDF page (for
a print shop), as SVG and PNG, and tiled onto the chosen paper for a home printer: an
assembly page, then one page per tile with alignment marks in the overlaps
(``generator.printing.tiling``: pages begin on the board's ``cuts`` if it names them, else
anywhere, since a board need not have hexes).
"""

from __future__ import annotations

from typing import Any, Iterator, Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.components.base import Component
from generator.components.cards import Deck, DeckSpec
from generator.components.decks import load_deck
from generator.draw.page import Page
from generator.pieces.faces import Face, Piece
from generator.pieces.job import PREVIEW_DPI, BuildOptions
from generator.pieces.offers import Board, Facts, Offer, Pages
from generator.printing.tiling import JOINING, TilePlan, assembly_page, plan_tiles, read_regions

MAX_CUTS = 500
MAX_BOARD_MM = 10_000.0
ON_ITS_LINES = " The pages begin on the board's own lines, so what lies between two lines is whole on one page."

ASSEMBLY_STEPS = (*JOINING[:-1], "Tape or glue from the back; glue the two sides of a two-sided board back to back on card.")


class Cuts(BaseModel):
    """Where tiled pages may begin, across (x) and down (y), in mm from the trim's top-left."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    x: list[float] = Field(default_factory=list, max_length=MAX_CUTS)
    y: list[float] = Field(default_factory=list, max_length=MAX_CUTS)


class Keep(BaseModel):
    """A box of one side (or both) that must be read whole: no seam of the tiled pages
    crosses it (the preflight's tiling rule checks it). In mm from the trim's top-left."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    name: str = Field(pattern=r"^[A-Za-z][A-Za-z0-9 _-]{0,39}$")
    side: Literal["front", "back", "both"] = "both"
    x: float = Field(ge=0, le=MAX_BOARD_MM)
    y: float = Field(ge=0, le=MAX_BOARD_MM)
    w: float = Field(gt=0, le=MAX_BOARD_MM)
    h: float = Field(gt=0, le=MAX_BOARD_MM)


class BoardSpec(DeckSpec):
    """A board's entry: a deck's keys, the lines its tiled pages begin on, and the boxes
    no seam may cross."""

    cuts: Cuts = Cuts()
    keep: list[Keep] = Field(default_factory=list, max_length=MAX_CUTS)


class BoardComponent(Component):
    """One or more boards, each a piece whose front (and back) is a side drawn full size."""

    kind = "board"
    table_piece = "board"
    noun = "boards"
    imposed = False      # tiled onto the paper, not laid out on sheets: any size fits

    def __init__(self, deck: Deck) -> None:
        super().__init__(deck.game, deck.spec, deck.inputs)
        self.deck = deck
        self.pieces = deck.pieces

    def spec_key(self) -> Any:
        return self.deck.spec_key()

    def sides(self, piece: Piece) -> list[tuple[str, Face]]:
        """The piece's sides by name: its front, and ``back`` if it has one."""
        return [("front", piece.front_face)] + ([("back", piece.back_face)] if piece.back_face is not None else [])

    def offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        for piece in self.pieces:
            for side, face in self.sides(piece):
                yield from self.side_offers(piece, side, face, options, code_hash)

    def side_offers(self, piece: Piece, side: str, face: Face, options: BuildOptions,
                    code_hash: str) -> Iterator[Offer]:
        """One side: tiled for the paper, full size on one page (its trim box the board,
        for a print shop), and as a picture."""
        stem = self.folder() / self.id / f"{piece.id}-{side}"
        key = self.key(code_hash, piece.data_hash, side)
        title = f"{self.game.title} - {piece.title} ({side})"
        size = face_size(piece)
        steps = self.steps()
        yield Board(make=self.job, stem=stem, item=f"{piece.id} {side}", key=key, faces=[face],
                    facts=Facts(trim_mm=size), draw=face.scene, plan=lambda paper: self.plan(piece, paper, side),
                    assembly=lambda board, plan: assembly_page(board, plan, title, steps),
                    title=title, document=title, subject="board")
        trim = (piece.bleed, piece.bleed, piece.width, piece.height)
        full_size = Pages(make=self.job, stem=stem.with_name(f"{stem.name}-fullsize"),
                          item=f"{piece.id} {side} (full size)", key=key, faces=[face],
                          facts=Facts(trim_mm=size, items=1 if side == "front" else 0, role="fullsize"),
                          pages=lambda: [Page(face.scene(), trim=trim, label="board")], title=f"{title}, full size",
                          subject="board")
        yield full_size
        yield self.picture(stem, face.scene, [face], key, f"{piece.id} {side}", dpi=min(options.dpi, PREVIEW_DPI),
                           pdf=full_size.pdf, trim_mm=size, items=0, role="picture")

    def cuts(self) -> Cuts:
        return getattr(self.spec, "cuts", None) or Cuts()

    def plan(self, piece: Piece, paper: str, side: str = "front") -> TilePlan:
        """The pages of the paper the board is tiled on, beginning on its cuts, no seam across
        the side's boxes to keep whole (all moved by the bleed)."""
        width, height = face_size(piece)
        cuts, shift = self.cuts(), piece.bleed
        keep = [(box.name, (box.x + shift, box.y + shift, box.x + box.w + shift, box.y + box.h + shift))
                for box in getattr(self.spec, "keep", ()) if box.side in (side, "both")]
        face = dict(self.sides(piece)).get(side, piece.front_face)
        return plan_tiles(width + 2 * shift, height + 2 * shift, paper, [x + shift for x in cuts.x] or None,
                          [y + shift for y in cuts.y] or None, keep=keep, read=read_regions(face.scene()))

    def steps(self) -> tuple[str, ...]:
        cuts = self.cuts()
        return (*ASSEMBLY_STEPS[:-1], ASSEMBLY_STEPS[-1] + (ON_ITS_LINES if cuts.x or cuts.y else ""))


def face_size(piece: Piece) -> tuple[float, float]:
    return piece.width, piece.height


def load_board(game: Any, raw: dict, file: str, index: int) -> BoardComponent:
    """A board entry: read and bound as a layout deck, printed as boards."""
    return BoardComponent(load_deck(game, raw, file, index, BoardSpec))
