"""Each game's proof sheet, always built: every unique face to scale (trim only; actual size
unless a face is wider than the sheet or the sheet longer than a PDF page), labelled with
its id and how many copies the game has, and under it the designer's note of what in it is
our design (a piece's ``note``: faces print only the designed mark), one PDF page and its PNG,
so that a designer sees the whole game at a glance."""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Any, Iterator, Sequence

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import pixel_size
from generator.draw.png_bands import banded_png
from generator.draw.scene import Scene, Style
from generator.outputs.fitting import trimmed
from generator.pieces.faces import Face, Piece, fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import GamePieces, PiecedComponent as Component, Writer
from generator.printing.notes import counted

PAGE_WIDTH = 297.0          # mm: A4's long side, as wide as the page is
MARGIN = 10.0
MAX_HEIGHT = 5000.0         # mm: a PDF page is at most 200 inches long (5080 mm)
GAP = 4.0
LABEL = 4.5                 # room under a face for its label
NOTE_PT = 6.0               # the designer's note under the label, wrapped to the face's width (6 pt: the print floor)
NOTE_LINE = 2.5             # mm a line of it takes
NOTE_LINES = 4              # at most this many lines (the rest is cut with an ellipsis)
HEADING = 9.0
PNG_DPI = 100
PNG_MAX_PIXELS = 16_000_000     # a proof of thousands of faces is drawn coarser, not in gigabytes of memory
OUTLINE = Style(fill=None, stroke="#999999", stroke_width=0.2)
# The sheet's ground: white paper, on which its picture is drawn (generator.draw.png_bands).
PAPER = "#ffffff"


def unique_faces(component: Component) -> list[tuple[str, Face, Piece, int]]:
    """(label, face, a piece it belongs to, copies) for every front, then every back once."""
    entries: list[tuple[str, Face, Piece, int]] = []
    for piece in component.pieces:
        entries.append((piece.id, piece.front_face, piece, piece.quantity))
    backs: dict[int, list[Any]] = {}
    for piece in component.pieces:
        if piece.back_face is not None:
            entry = backs.setdefault(id(piece.back_face), [piece.back_face, piece, 0, piece.id])
            entry[2] += piece.quantity
    shared = len(backs) == 1
    for face, piece, copies, first in backs.values():
        entries.append(("back" if shared else f"{first} back", face, piece, copies))
    return entries


def proof_scale(components: Sequence[Component]) -> float:
    """The one scale of every face on the sheet: 1 (actual size), unless the widest face is
    wider than the sheet (then as wide as it is)."""
    widest = max((p.width for c in components for p in c.pieces), default=1.0)
    return min(1.0, (PAGE_WIDTH - 2 * MARGIN) / widest)


def scale_text(scale: float) -> str:
    """'actual size (1:1)', or '1:1.5 of actual size'."""
    return "actual size (1:1)" if scale >= 0.9999 else f"1:{1 / scale:.3g} of actual size"


def proof_scene(game: Any, components: Sequence[Component]) -> Scene:
    """One tall page: a heading per component, then its faces left to right, row by row,
    every face at one scale (``proof_scale``), so that their sizes compare as printed;
    a sheet that would pass ``MAX_HEIGHT`` is drawn again at a smaller scale, said in its title."""
    scale = proof_scale(components)
    scene = _proof_scene(game, components, scale)
    if scene.height > MAX_HEIGHT:
        scene = _proof_scene(game, components, scale * MAX_HEIGHT / scene.height * 0.95)
    return scene


def _proof_scene(game: Any, components: Sequence[Component], scale: float) -> Scene:
    def _thumb_size(piece: Piece) -> tuple[float, float]:
        return piece.width * scale, piece.height * scale

    placements: list[tuple[str, float, float]] = []          # headings: text, x, y
    thumbs: list[tuple[tuple[str, Face, Piece, int], float, float, float, float]] = []
    y = MARGIN + HEADING
    for component in components:
        total = component.item_count()
        placements.append((f"{component.title} ({component.id}): {counted(len(component.pieces), 'faces')}, {counted(total, 'pieces')}",
                           MARGIN, y))
        y += 3.0
        x, row_height = MARGIN, 0.0
        for entry in unique_faces(component):
            w, h = _thumb_size(entry[2])
            notes = len(note_lines(entry[2].note, w)) * NOTE_LINE if entry[0] == entry[2].id else 0.0
            if x + w > PAGE_WIDTH - MARGIN and x > MARGIN:
                x, y = MARGIN, y + row_height + LABEL + GAP
                row_height = 0.0
            thumbs.append((entry, x, y, w, h))
            x += w + GAP
            row_height = max(row_height, h + notes)
        y += row_height + LABEL + GAP + HEADING
    scene = Scene(PAGE_WIDTH, y, title=f"{game.title} - proof")
    scene.rect(0, 0, PAGE_WIDTH, y, Style(fill=PAPER))
    scene.text(MARGIN, MARGIN, f"{game.title} - proof sheet: every unique face at {scale_text(scale)}; "
               "x copies in the game", face="serif", size_pt=12)
    for text, hx, hy in placements:
        scene.text(hx, hy, text, face="serif", size_pt=9)
    for (label, face, piece, copies), tx, ty, w, h in thumbs:
        scene.place(trimmed(face.scene(), piece, w, h), tx, ty)
        scene.rect(tx, ty, w, h, OUTLINE)
        scene.text(tx, ty + h + 3.2, f"{label}  x{copies}", face="serif", size_pt=6.5)
        if label == piece.id:
            for i, line in enumerate(note_lines(piece.note, w)):
                scene.text(tx, ty + h + 3.2 + (i + 1) * NOTE_LINE, line, face="serif-italic", size_pt=NOTE_PT, fill="#5a4a7a")
    return scene


def write(offer: GamePieces, options: BuildOptions) -> Iterator[OutputJob]:
    if offer.components:
        yield from game_jobs(offer.game, offer.components, options, offer.code_hash)


def note_lines(note: str, width: float) -> list[str]:
    """A designer's note wrapped to a face's width, at most NOTE_LINES lines."""
    if not note:
        return []
    size = NOTE_PT * MM_PER_PT
    lines: list[str] = []
    for word in f"designed: {note}".split():
        if lines and fonts.text_width(f"{lines[-1]} {word}", "serif-italic", size) <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    if len(lines) > NOTE_LINES:
        lines = lines[:NOTE_LINES]
        lines[-1] += " …"
    return lines


def game_jobs(game: Any, components: Sequence[Component], options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
    faces = [face for c in components for _, face, _, _ in unique_faces(c)]
    key = fingerprint(code_hash, "proof", game.title, [c.key(code_hash, [(p.id, p.data_hash, p.quantity)
                                                                         for p in c.pieces]) for c in components])
    declared = frozenset().union(*(c.inputs for c in components), *(f.declared for f in faces))
    key = fingerprint(key, sorted(str(p) for p in declared))
    kept: list[Scene] = []
    pdf_kept: list[bytes] = []

    def scene() -> Scene:
        if not kept:
            kept.append(proof_scene(game, components))
        return kept[0]

    def pdf() -> bytes:
        """The sheet's PDF, made once: its PNG is rasterised from it (the same page)."""
        if not pdf_kept:
            pdf_kept.append(render_pdf([Page(scene())], title=f"{game.title} - proof sheet"))
        return pdf_kept[0]

    def inputs() -> frozenset:
        return frozenset().union(*(c.inputs for c in components), *(f.inputs() for f in faces))

    stem = PurePosixPath(game.id) / f"{game.id}-proof"
    yield OutputJob(stem.with_suffix(".pdf"), game.id, "proof", "proof sheet", "pdf", key,
                    pdf, items=0, inputs=inputs, role="proof")
    yield OutputJob(stem.with_suffix(".png"), game.id, "proof", "proof sheet", "png", key,
                    lambda: banded_png(pdf(), scene(), png_dpi(scene()), keep=str(stem)), items=0,
                    inputs=inputs, role="proof")


def png_dpi(scene: Scene) -> float:
    """``PNG_DPI``, or less for a sheet so long that its image would pass ``PNG_MAX_PIXELS``
    (a deck of 2,000 cards: an 11 m sheet, whose image took 700 MB to make)."""
    width, height = pixel_size(scene, PNG_DPI)
    return PNG_DPI * min(1.0, (PNG_MAX_PIXELS / (width * height)) ** 0.5)


WRITER = Writer(None, GamePieces, "each game's proof sheet (every unique face to scale), PDF and PNG: always", write)
