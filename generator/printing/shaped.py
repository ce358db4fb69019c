"""Pieces of an outline on a sheet (``generator.pieces.outline``: a hex, a disc, a path): each
drawn clipped to its outline grown by its bleed, with its cut line along the outline, and the
cut lines as a cut file takes them (``generator.printing.cuts``). One module for the packed
sheets and a component's own sheets, so that what is printed and what is cut are one line."""

from __future__ import annotations

from generator.draw.scene import GroupItem, Scene, Style, make_matrix
from generator.pieces.faces import Piece
from generator.pieces.outline import Outline
from generator.printing.cuts import CutSheet
from generator.printing.imposition import Slot

#: The cut line drawn along a shaped piece's outline: thin, on the trim.
CUT_LINE = Style(stroke="#4d4d4d", stroke_width=0.1)

Point = tuple[float, float]


def shaped_piece(scene: Scene, piece: Piece, slot: Slot, back: bool, line: Style, bleed: float | None = None) -> None:
    """The piece's face clipped to its outline grown by ``bleed`` (default its own; less where its
    neighbours are nearer), a back's outline mirrored so that it lies behind its front; on the
    front, its cut line in ``line``. Backs carry no cut line: it would show where duplex
    misregisters, and the cut is made from the front."""
    outline = piece.outline
    assert outline is not None
    b = piece.bleed
    grow = b if bleed is None else min(b, bleed)
    art = piece.back() if back else piece.front()
    clip = outline.commands(piece.width, piece.height, grow, at=(b, b))
    if back:    # a shape that is not symmetric left-right is mirrored on the back
        clip = tuple((c[0], *[v if i % 2 else piece.width + 2 * b - v for i, v in enumerate(c[1:])]) for c in clip)
    scene.add(GroupItem(tuple(art.items), make_matrix((slot.x - b, slot.y - b)), clip, name=piece.id))
    if not back:
        scene.polygon(cut_ring(piece, slot), line)


def cut_ring(piece: Piece, slot: Slot) -> list[Point]:
    """The piece's cut line on the sheet, in the sheet's mm: its outline (else its trim box) at ``slot``."""
    outline = piece.outline or Outline("rect")
    return [(slot.x + x, slot.y + y) for x, y in outline.ring(piece.width, piece.height)]


def sheet_cuts(width: float, height: float, placed: list[tuple[Piece, Slot]]) -> CutSheet:
    """A printed page's cut lines: every piece at its slot."""
    return CutSheet(width, height, tuple((piece.id, tuple(cut_ring(piece, slot))) for piece, slot in placed))


def shop_cut_sheet(piece: Piece) -> CutSheet:
    """The cut line of a piece's own print file (its page the piece with its bleed), with the
    print shop's corner registration marks."""
    b = piece.bleed
    return CutSheet(piece.width + 2 * b, piece.height + 2 * b,
                    ((piece.id, tuple(cut_ring(piece, Slot(b, b, piece.width, piece.height, 0, 0)))),), registration=True)
