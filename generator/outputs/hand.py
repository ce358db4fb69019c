"""``--format hand``: a few cards fanned as a player holds them, as Squib's ``hand``: to see a
deck's faces side by side, to post a preview. Beside ``showcase`` (faces on a table, for a
store page), sharing its fan (``generator.outputs.fanned``).

One PNG per pieced component, ``<game>/hand/<component>.png``: its first ``MOST_FACES``
distinct fronts (``build --rows/--where`` choose which), each at its printed size at
``DPI``, turned about a pivot below the hand, on a transparent ground.
"""

from __future__ import annotations

from pathlib import PurePosixPath
from typing import Iterator

from generator.core.units import MM_PER_INCH
from generator.draw.scene import Scene
from generator.outputs import fanned
from generator.outputs.fanned import Placed
from generator.pieces.faces import Face, Piece
from generator.pieces.job import PREVIEW_DPI, BuildOptions, OutputJob
from generator.pieces.offers import PiecedComponent as Component, Pieces, Writer

MOST_FACES = 7
STEP_DEG = 12.0             # between two cards of the hand
PIVOT = 1.1                 # the pivot lies this many card heights below the middle card's middle
MARGIN_MM = 6.0             # round the hand, for the shadows
DPI = float(PREVIEW_DPI)


def chosen(component: Component) -> list[tuple[Face, Piece]]:
    """The fronts held: the component's first distinct fronts, at most MOST_FACES."""
    fronts: dict[int, tuple[Face, Piece]] = {}
    for piece in component.pieces:
        if len(fronts) >= MOST_FACES:
            break
        fronts.setdefault(id(piece.front_face), (piece.front_face, piece))
    return list(fronts.values())


def layout(component: Component) -> tuple[list[Placed], tuple[float, float]]:
    """Where each card lies in the picture (at its printed size), and the picture's size (mm)."""
    fronts = chosen(component)
    if not fronts:
        return [], (0.0, 0.0)
    spread = fanned.fan([piece for _, piece in fronts], STEP_DEG, PIVOT)
    x0, y0, x1, y1 = fanned.extent(spread)
    width, height = x1 - x0 + 2 * MARGIN_MM, y1 - y0 + 2 * MARGIN_MM
    moved = [(cx - x0 + MARGIN_MM, cy - y0 + MARGIN_MM, w, h, a) for cx, cy, w, h, a in spread]
    return [Placed(face, piece, *where) for (face, piece), where in zip(fronts, moved)], (width, height)


def hand_scene(component: Component) -> Scene:
    """The picture: each card's shadow and the card, left to right, on nothing."""
    placed, (width, height) = layout(component)
    s = Scene(width, height, title=f"{component.title} - hand")
    fanned.lay(s, placed, component.piece_shape == "round")
    return s


def render(component: Component) -> bytes:
    from generator.draw.png import png_bytes, render_image

    scene = hand_scene(component)
    size = (round(scene.width / MM_PER_INCH * DPI), round(scene.height / MM_PER_INCH * DPI))
    return png_bytes(render_image(scene, dpi=DPI, size=size), DPI)


def write(offer: Pieces, options: BuildOptions) -> Iterator[OutputJob]:
    component = offer.component
    fronts = chosen(component)
    if not fronts:
        return
    key = component.key(offer.code_hash, "hand", DPI, STEP_DEG, PIVOT, [p.data_hash for _, p in fronts])
    path = PurePosixPath(component.game_id) / "hand" / f"{component.id}.png"
    yield component.job(path, f"{component.id} hand", "png", key, lambda: render(component),
                        [face for face, _ in fronts], items=0, role="hand")


WRITER = Writer("hand", Pieces, "a few cards of each deck or set fanned as held in a hand, as PNG on a transparent "
                "ground (--rows and --where choose which)", write)
