"""The pictures of ``--format tts``: a deck's sheets (a grid of faces whose last slot is the
hidden face) and backs, and one picture per face of the pieces that are no cards (a tile's,
a board's, a figurine's), each at most 4096 px a side, RGB.

A deck sheet is at most 10 x 7 faces (Tabletop Simulator's Custom Deck); a deck of few cards
gets the grid that holds them with the largest faces, then the fewest empty slots, then the
smallest sheet: 3 cards and the hidden face sit in a 2 x 2 sheet, not a row of 10.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

from generator.core.units import MM_PER_INCH
from generator.pieces.faces import Face, Piece
from generator.pieces.offers import PiecedComponent as Component

if TYPE_CHECKING:
    from PIL import Image

    from generator.components.base import StandeeHalves

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1       # the last slot is the hidden face
BLANK = "#9a9a9a"                                   # the back of pieces that have none


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: which pieces, in which grid, at what cell size in pixels."""

    number: int                      # 1, 2, ... within the component
    pieces: tuple[Piece, ...]
    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1


def grid(slots: int, width_mm: float, height_mm: float, dpi: int) -> tuple[int, int, float]:
    """Columns, rows and pixels per mm of the sheet that holds ``slots`` cells of that size:
    the largest cells (``dpi``, or less where 4096 px would be passed), then the fewest empty
    slots, then the smallest sheet."""
    best: tuple[tuple[float, int, float], tuple[int, int, float]] | None = None
    for columns in range(1, MAX_COLUMNS + 1):
        rows = math.ceil(slots / columns)
        if rows > MAX_ROWS or (columns > 1 and (columns - 1) * rows >= slots):
            continue                              # too many rows, or a whole empty column
        per_mm = min(dpi / MM_PER_INCH, MAX_PIXELS / (columns * width_mm), MAX_PIXELS / (rows * height_mm))
        cells = (int(width_mm * per_mm), int(height_mm * per_mm))
        score = (-float(cells[0] * cells[1]), columns * rows - slots, max(columns * cells[0], rows * cells[1]))
        if best is None or score < best[0]:
            best = (score, (columns, rows, per_mm))
    assert best is not None, f"{slots} slots do not fit {MAX_COLUMNS} x {MAX_ROWS}"
    return best[1]


def sheets(component: Component, dpi: int) -> list[Sheet]:
    """The component's pieces, 69 to a sheet, each sheet the grid ``grid`` chooses."""
    pieces = component.pieces
    first = pieces[0]
    out = []
    for number, start in enumerate(range(0, len(pieces), FACES_PER_SHEET), 1):
        chunk = tuple(pieces[start:start + FACES_PER_SHEET])
        columns, rows, per_mm = grid(len(chunk) + 1, first.width, first.height, dpi)
        out.append(Sheet(number, chunk, columns, rows, (int(first.width * per_mm), int(first.height * per_mm))))
    return out


def picture_size(width_mm: float, height_mm: float, dpi: int) -> tuple[int, int]:
    """A face's picture in pixels: at ``dpi``, or 4096 px on its long side if that is less."""
    per_mm = min(dpi / MM_PER_INCH, MAX_PIXELS / max(width_mm, height_mm))
    return max(1, round(width_mm * per_mm)), max(1, round(height_mm * per_mm))


def full_size(width_mm: float, height_mm: float) -> tuple[int, int]:
    """A board's picture: 4096 px on its long side, whatever the build's dpi."""
    scale = MAX_PIXELS / max(width_mm, height_mm)
    return max(1, round(width_mm * scale)), max(1, round(height_mm * scale))


def cell_image(face: "Face | None", piece: Piece, size: tuple[int, int]) -> "Image.Image":
    """The face's trim (no bleed) stretched to ``size`` pixels; a grey blank without a face."""
    from PIL import Image

    from generator.draw.png import render_image
    from generator.outputs.fitting import trimmed

    if face is None:
        return Image.new("RGB", size, BLANK)
    return render_image(trimmed(face.scene(), piece, piece.width, piece.height), size=size,
                        background="#ffffff").convert("RGB")


def _grid_png(images: "Sequence[Image.Image | None]", sheet: Sheet, hidden: "Image.Image") -> bytes:
    from PIL import Image

    from generator.draw.png import png_bytes

    width, height = sheet.cell
    canvas = Image.new("RGB", (sheet.columns * width, sheet.rows * height), "#ffffff")
    for slot, image in enumerate(images):
        if image is not None:
            canvas.paste(image, ((slot % sheet.columns) * width, (slot // sheet.columns) * height))
    slot = sheet.hidden_slot
    canvas.paste(hidden, ((slot % sheet.columns) * width, (slot // sheet.columns) * height))
    return png_bytes(canvas, 72)


def shared_back(component: Component) -> Face | None | bool:
    """The one back all pieces share (None: they have none); False when backs differ."""
    backs = {id(p.back_face): p.back_face for p in component.pieces}
    return next(iter(backs.values())) if len(backs) == 1 else False


def face_sheet(component: Component, sheet: Sheet) -> bytes:
    back = shared_back(component)
    hidden_face = back if isinstance(back, Face) else None
    return _grid_png([cell_image(p.front_face, p, sheet.cell) for p in sheet.pieces], sheet,
                     cell_image(hidden_face, sheet.pieces[0], sheet.cell))


def back_sheet(component: Component, sheet: Sheet) -> bytes:
    """The backs laid out as their fronts are (``UniqueBack``)."""
    from PIL import Image

    blank = Image.new("RGB", sheet.cell, BLANK)
    return _grid_png([cell_image(p.back_face, p, sheet.cell) for p in sheet.pieces], sheet, blank)


def back_image(component: Component, dpi: int) -> bytes:
    """The deck's one back (a grey card when its pieces have none)."""
    from generator.draw.png import png_bytes

    piece = component.pieces[0]
    back = shared_back(component)
    return png_bytes(cell_image(back if isinstance(back, Face) else None, piece,
                                picture_size(piece.width, piece.height, dpi)), 72)


def face_png(face: "Face | None", piece: Piece, size: tuple[int, int]) -> bytes:
    """One face's picture (a tile's, a token's, a board's side), its trim at ``size`` px; a
    shaped piece's (generator.pieces.outline) transparent outside its outline, which a
    ``Custom_Token`` is cut to (a hex or round tile's own shape is cut by the table)."""
    from generator.draw.png import png_bytes

    image = cell_image(face, piece, size)
    if piece.outline is not None:
        image = outlined(image, piece)
    return png_bytes(image, 72)


def outlined(image: "Image.Image", piece: Piece) -> "Image.Image":
    """``image`` (the piece's trim) with what lies outside the piece's outline made transparent."""
    from PIL import Image, ImageDraw

    assert piece.outline is not None
    sx, sy = image.width / piece.width, image.height / piece.height
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon([(x * sx, y * sy) for x, y in piece.outline.ring(piece.width, piece.height)], fill=255)
    shaped = image.convert("RGBA")
    shaped.putalpha(mask)
    return shaped


def standee_span(piece: Piece, halves: "StandeeHalves | None", side: str) -> tuple[float, float, bool] | None:
    """The mm (top, bottom, printed upside down) of the strip that a figurine shows on ``side``
    (front, back); None for a back a standee has not. Without halves, the whole face."""
    if halves is None:
        return (0.0, piece.height, False) if side == "front" or piece.back_face is not None else None
    span = halves.front if side == "front" else halves.back
    if span is None:
        return None
    return min(span[0], piece.height), min(span[1], piece.height), side == "back"


def standee_size(piece: Piece, halves: "StandeeHalves | None", dpi: int) -> tuple[int, int]:
    span = standee_span(piece, halves, "front")
    assert span is not None
    return picture_size(piece.width, span[1] - span[0], dpi)


def standee_png(piece: Piece, halves: "StandeeHalves | None", side: str, dpi: int) -> bytes:
    """What a figurine shows on ``side``: that half of the strip (the back half turned upright),
    at the front half's pixel size (a figurine's two pictures are one shape)."""
    from PIL import Image

    from generator.draw.png import png_bytes

    span = standee_span(piece, halves, side)
    assert span is not None
    top, bottom, turned = span
    size = standee_size(piece, halves, dpi)
    face = piece.front_face if halves is not None else (piece.front_face if side == "front" else piece.back_face)
    per_mm = size[1] / (bottom - top)
    whole = cell_image(face, piece, (size[0], max(1, round(piece.height * per_mm))))
    part = whole.crop((0, round(top * per_mm), size[0], round(top * per_mm) + size[1]))
    if turned:
        part = part.transpose(Image.Transpose.ROTATE_180)
    return png_bytes(part.resize(size) if part.size != size else part, 72)
