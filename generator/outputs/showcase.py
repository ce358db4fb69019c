"""``--format showcase``: a picture of a component for a store or BoardGameGeek page: a few of
its faces fanned on a wooden table, each with a shadow, and its back in a stack beside them.

One PNG per pieced component (a deck, tiles, counters, labels), ``SIZE_PX`` pixels, written
to ``<game>/showcase/<component>.png``. The faces are those game.yaml's ``showcase:`` names,
else the component's first distinct fronts, drawn from the same scenes as every other file.
"""

from __future__ import annotations

import math
from pathlib import PurePosixPath
from typing import Iterator, Sequence

from generator.components.base import SHOWCASE_FACES
from generator.core.units import MM_PER_INCH
from generator.draw.scene import Scene, Style
from generator.outputs import fanned
from generator.outputs.fanned import Placed
from generator.pieces.faces import Face, Piece
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import PiecedComponent as Component, Pieces, Writer

SIZE_PX = (1600, 1000)              # 16:10, wide enough for a store page's header
WIDTH_MM = 320.0
HEIGHT_MM = WIDTH_MM * SIZE_PX[1] / SIZE_PX[0]
DPI = SIZE_PX[0] / (WIDTH_MM / MM_PER_INCH)
MOST_FACES = SHOWCASE_FACES
STEP_DEG = 9.0                      # between two faces of the fan
PIVOT = 1.7                         # the fan's pivot lies this many face heights below its middle face
BACKS = 3                           # the stack of backs: this many, each a little askew
FILL = 0.88                         # the share of its room the fan (or the stack) fills

# the table: planks of oiled wood, their seams, grain and a darker rim
PLANK_MM = 26.0
PLANKS = ("#7a5234", "#845b3a", "#714b2f", "#7e5636")
SEAM = Style(stroke="#4a301d", stroke_width=0.5)
GRAIN = Style(stroke="#5b3b23", stroke_width=0.25, opacity=0.45)
RIM = "#000000"
RIM_MM = 40.0
RIM_STEPS = 40


def chosen(component: Component) -> tuple[list[tuple[Face, Piece]], tuple[Face, Piece] | None]:
    """The fronts to fan: the pieces game.yaml's ``showcase:`` names, in its order, else the
    first distinct fronts (at most MOST_FACES); and the back of the first of them that has one."""
    named = list(getattr(getattr(component, "spec", None), "showcase", None) or ())
    by_id = {piece.id: piece for piece in component.pieces}
    pieces = [by_id[name] for name in named if name in by_id] if named else component.pieces
    fronts: dict[int, tuple[Face, Piece]] = {}
    back: tuple[Face, Piece] | None = None
    for piece in pieces:
        if len(fronts) < MOST_FACES:
            fronts.setdefault(id(piece.front_face), (piece.front_face, piece))
        if back is None and piece.back_face is not None:
            back = (piece.back_face, piece)
    return list(fronts.values()), back


def layout(component: Component) -> list[Placed]:
    """Where each face lies: the fronts fanned about a pivot below them, on the left when a
    stack of backs stands on the right; the backs, last, each turned a little."""
    fronts, back = chosen(component)
    if not fronts:
        return []
    fan_room = (0.0, 0.0, WIDTH_MM * (0.64 if back else 1.0), HEIGHT_MM)
    spread = fanned.fan([piece for _, piece in fronts], STEP_DEG, PIVOT)
    placed = [Placed(face, piece, *where)
              for (face, piece), where in zip(fronts, fanned.fitted(spread, fan_room, FILL))]
    if back is not None:
        face, piece = back
        stack = [(i * 1.2, -i * 1.6, piece.width, piece.height, -6.0 + 4.0 * i) for i in range(BACKS)]
        tall = 0.85 * max(p.h for p in placed) / FILL     # the stack a little lower than the fan
        room = (fan_room[2], (HEIGHT_MM - tall) / 2, WIDTH_MM - 4.0, (HEIGHT_MM + tall) / 2)
        placed += [Placed(face, piece, *where) for where in fanned.fitted(stack, room, FILL)]
    return placed


def table(s: Scene) -> None:
    """Planks of wood with their seams and grain, darker towards the rim (as lit from above)."""
    planks = int(math.ceil(HEIGHT_MM / PLANK_MM))
    for i in range(planks):
        y = i * PLANK_MM
        s.rect(0, y, WIDTH_MM, PLANK_MM, Style(fill=PLANKS[i % len(PLANKS)]))
        for j in range(4):
            gy = y + PLANK_MM * (0.2 + 0.2 * j)
            wave = 1.2 + 0.4 * ((i + j) % 3)
            s.path((("M", 0.0, gy), ("C", WIDTH_MM * 0.3, gy - wave, WIDTH_MM * 0.6, gy + wave, WIDTH_MM, gy - wave / 2)),
                   GRAIN)
        if i:
            s.line(0, y, WIDTH_MM, y, SEAM)
    for k in range(RIM_STEPS):          # each a band a little wider: darker towards the edge, smoothly
        width = (k + 1) * RIM_MM / RIM_STEPS
        s.rect(0, 0, WIDTH_MM, HEIGHT_MM, Style(stroke=RIM, stroke_width=2 * width, opacity=0.35 / RIM_STEPS))


def showcase_scene(component: Component, title: str = "") -> Scene:
    """The picture: the table, then each face's shadow and the face, in order."""
    s = Scene(WIDTH_MM, HEIGHT_MM, title=title or f"{component.title} - showcase")
    table(s)
    fanned.lay(s, layout(component), component.piece_shape == "round")
    return s


def render(component: Component) -> bytes:
    from generator.draw.png import png_bytes, render_image

    image = render_image(showcase_scene(component), dpi=DPI, size=SIZE_PX).convert("RGB")
    return png_bytes(image, DPI)


def write(offer: Pieces, options: BuildOptions) -> Iterator[OutputJob]:
    component = offer.component
    fronts, back = chosen(component)
    if not fronts:
        return
    faces = [face for face, _ in fronts] + ([back[0]] if back else [])
    key = component.key(offer.code_hash, "showcase", SIZE_PX, [p.data_hash for _, p in fronts],
                        back[1].data_hash if back else "")
    path = PurePosixPath(component.game_id) / "showcase" / f"{component.id}.png"
    yield component.job(path, f"{component.id} showcase", "png", key, lambda: render(component), faces, items=0,
                        role="showcase")


WRITER = Writer("showcase", Pieces, "a picture of each deck or set for a store or BoardGameGeek page: a few faces "
                "fanned on a table, as PNG", write)
