"""The ``board`` component kind: one large face drawn from a layout file (a board, a set-up
sheet, a player mat), printed full size for a print shop and, for home printers, on the
chosen paper: on one page when it fits, else tiled across pages with overlaps, alignment
marks and an assembly page (``generator.printing.tiling``, as maps are).

```yaml
- kind: board
  id: court
  title: The Queen's court
  front: layouts/court.yaml          # its size is the board's size
  cuts:                              # optional: where a page may begin (mm from the top-left
    x: [55, 85, 115]                 #   of the trim), e.g. the lines between spaces, so that
    y: [26, 56, 86]                  #   every space is whole on at least one page
```
Without ``source`` (or ``rows``) there is one board, the entry itself; with them, one board
per row, each drawn by the layout with its row's columns.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any, Iterator

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.components.base import BuildOptions, OutputJob, Piece
from generator.components.cards import Deck, DeckSpec
from generator.draw.page import Page
from generator.printing.imposition import LayoutError
from generator.printing.layouts import GridLayout

if TYPE_CHECKING:
    from generator.printing.sheets import SheetSpec
    from generator.printing.tiling import TilePlan

MAX_CUTS = 500


class Cuts(BaseModel):
    """Where tiled pages may begin, across (x) and down (y), in mm from the trim's top-left."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    x: list[float] = Field(default_factory=list, max_length=MAX_CUTS)
    y: list[float] = Field(default_factory=list, max_length=MAX_CUTS)


class BoardSpec(DeckSpec):
    """A board entry of game.yaml: a front layout, optionally rows (one board each), and cuts."""

    bleed: float = Field(0.0, ge=0, le=10)
    cuts: Cuts | None = None

    @model_validator(mode="after")
    def _drawn_one_way(self) -> "BoardSpec":
        if self.front is None or self.design is not None:
            raise ValueError("a board is drawn from a layout file: give front (and no design)")
        if self.back is not None:
            raise ValueError("a board has one face: it takes no back")
        return self


class Board(Deck):
    """Boards: a piece each, printed full size, and on the paper (tiled when larger)."""

    kind = "board"
    noun = "boards"

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
        for piece in self.pieces:
            stem = self.folder() / (self.id if len(self.pieces) == 1 else f"{self.id}-{piece.id}")
            key = self.key(code_hash, piece.data_hash)
            size = (piece.width, piece.height)
            faces = [piece.front_face]
            if "pdf" in options.formats:
                yield self.job(stem.with_name(f"{stem.name}-fullsize.pdf"), f"{piece.id} (full size)", "pdf", key,
                               partial(self._fullsize_pdf, piece), faces, trim_mm=size, items=0)
                yield self._paper_job(piece, stem, key, options)
            yield from self.scene_jobs(stem, piece.front, faces, options, key, piece.id, dpi=min(options.dpi, 150),
                                       trim_mm=size, items=0)

    def _fullsize_pdf(self, piece: Piece) -> bytes:
        from generator.draw.pdf import render_pdf
        from generator.printing.sheets import piece_pages

        return render_pdf(piece_pages(piece), title=f"{self.game.title} - {piece.title}, full size")

    def _paper_job(self, piece: Piece, stem: Any, key: str, options: BuildOptions) -> OutputJob:
        from generator.draw.pdf import render_pdf

        spec = self.sheet_spec(options)
        paper = spec.paper
        pages: list[list[Page]] = []

        def render() -> bytes:
            if not pages:
                pages.append(self._paper_pages(piece, options))
            return render_pdf(pages[0], title=f"{self.game.title} - {piece.title}",
                              subject=f"{paper.label}, print at 100 %")

        tiles = self._plan(piece, options)
        return self.job(stem.with_name(f"{stem.name}-{paper.id}.pdf"), f"{piece.id} ({paper.label})", "pdf",
                        self.key(key, paper.model_dump(), spec.margin, spec.guides), render, [piece.front_face],
                        paper=paper.id, trim_mm=(piece.width, piece.height), items=piece.quantity,
                        extra={"tiles": len(tiles.tiles) if tiles else 0})

    def _one_page(self, options: BuildOptions) -> "SheetSpec":
        """The board alone on the paper, centred, with crop marks."""
        from generator.printing.sheets import SheetSpec

        base = self.sheet_spec(options)
        return SheetSpec(base.game_title, base.component_title, base.paper, GridLayout(type="grid"), base.margin,
                         guides=base.guides, backs=False)

    def _plan(self, piece: Piece, options: BuildOptions) -> "TilePlan | None":
        """How the board is tiled on the paper; None when it fits on one page."""
        from generator.printing.imposition import slots_for
        from generator.printing.tiling import plan_tiles

        one = self._one_page(options)
        try:
            slots_for(one.paper, piece.width, piece.height, one.layout, one.margin)
            return None
        except LayoutError:
            pass
        cuts = getattr(self.spec, "cuts", None) or Cuts()
        shift = piece.bleed
        return plan_tiles(piece.width + 2 * shift, piece.height + 2 * shift, one.paper.id,
                          [x + shift for x in cuts.x] or None, [y + shift for y in cuts.y] or None)

    def _paper_pages(self, piece: Piece, options: BuildOptions) -> list[Page]:
        """One page with crop marks when the board fits the paper; else the tiles and their assembly."""
        from generator.printing.sheets import sheet_pages
        from generator.printing.tiling import assembly_page, tile_page

        plan = self._plan(piece, options)
        if plan is None:
            return sheet_pages([piece], self._one_page(options))
        scene = piece.front()
        title = f"{self.game.title} · {piece.title}"
        cuts = getattr(self.spec, "cuts", None) or Cuts()
        last = "The pages begin on the board's own lines, so what lies between two lines is whole on one page." \
            if cuts.x or cuts.y else ""
        return [Page(assembly_page(scene, plan, title, "the board", last=last), label="assembly")] + \
               [Page(tile_page(scene, plan, tile, title), label=tile.name) for tile in plan.tiles]


def load_board(game: Any, raw: dict, file: str, index: int) -> Board:
    """Validate a board entry of game.yaml and load its layout (and rows) like a deck."""
    from generator.layout.deck import load_layout_kind

    return load_layout_kind(game, raw, file, index, BoardSpec, Board)
