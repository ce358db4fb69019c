"""Faces fanned about a pivot and laid on a picture, each with a shadow: what ``showcase``
(a few faces on a wooden table) and ``hand`` (cards held in a hand) both draw.

Not a writer: the two writers choose the faces, the room and the ground; this module places
the faces in a fan, fits them to the room and lays them down.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Sequence

from generator.draw.scene import Scene, Style, rect_commands
from generator.pieces.faces import Face, Piece

Place = tuple[float, float, float, float, float]    # cx, cy, w, h, angle (degrees, clockwise)
SHADOW = Style(fill="#1b120b", opacity=0.38)
EDGE = Style(stroke="#2a1b10", stroke_width=0.25, opacity=0.6)


@dataclass(frozen=True)
class Placed:
    """One face on the picture: its centre, its size and its turn (degrees, clockwise)."""

    face: Face
    piece: Piece
    cx: float
    cy: float
    w: float
    h: float
    angle: float


def extent(places: Sequence[Place]) -> tuple[float, float, float, float]:
    """The box round faces (cx, cy, w, h, angle) turned about their centres."""
    xs, ys = [], []
    for cx, cy, w, h, angle in places:
        rad = math.radians(angle)
        for dx, dy in ((-w / 2, -h / 2), (w / 2, -h / 2), (w / 2, h / 2), (-w / 2, h / 2)):
            xs.append(cx + dx * math.cos(rad) - dy * math.sin(rad))
            ys.append(cy + dx * math.sin(rad) + dy * math.cos(rad))
    return min(xs), min(ys), max(xs), max(ys)


def fitted(places: list[Place], room: tuple[float, float, float, float], fill: float) -> list[Place]:
    """``places`` scaled and moved to fill ``fill`` of ``room`` (x0, y0, x1, y1), centred in it."""
    x0, y0, x1, y1 = extent(places)
    rx0, ry0, rx1, ry1 = room
    k = fill * min((rx1 - rx0) / (x1 - x0), (ry1 - ry0) / (y1 - y0))
    mx, my = (x0 + x1) / 2, (y0 + y1) / 2
    cx, cy = (rx0 + rx1) / 2, (ry0 + ry1) / 2
    return [(cx + (px - mx) * k, cy + (py - my) * k, w * k, h * k, a) for px, py, w, h, a in places]


def fan(pieces: Sequence[Piece], step: float, pivot: float) -> list[Place]:
    """The pieces turned ``step`` degrees apart about a point ``pivot`` face heights below the
    middle one, as a hand holds cards: the middle upright, the outer ones leaning out."""
    if not pieces:
        return []
    height = max(pieces[0].height, pieces[0].width)
    radius = pivot * height
    places = []
    for i, piece in enumerate(pieces):
        angle = (i - (len(pieces) - 1) / 2) * step
        rad = math.radians(angle)
        places.append((radius * math.sin(rad), radius * (1 - math.cos(rad)), piece.width, piece.height, angle))
    return places


def lay(s: Scene, placed: Sequence[Placed], round_pieces: bool = False, shadow: Style = SHADOW) -> None:
    """Each face in order, over its shadow, with a thin edge (a round piece as a disc)."""
    from generator.outputs.fitting import trimmed

    for p in placed:
        rad = math.radians(p.angle)
        # the top-left corner that puts the face's centre on (cx, cy) once turned
        x = p.cx - (p.w / 2 * math.cos(rad) - p.h / 2 * math.sin(rad))
        y = p.cy - (p.w / 2 * math.sin(rad) + p.h / 2 * math.cos(rad))
        lift = max(p.h * 0.012, 0.8)
        corner = min(p.w, p.h) / 2 if round_pieces else min(p.w, p.h) * 0.04
        with s.group(translate=(x + lift, y + lift * 1.6), rotate=p.angle):
            s.rect(0, 0, p.w, p.h, shadow, radius=corner)
        face = trimmed(p.face.scene(), p.piece, p.w, p.h)
        if round_pieces:            # a round marker lies as a disc, not its square
            with s.group(translate=(x, y), rotate=p.angle, clip=rect_commands(0, 0, p.w, p.h, corner)):
                s.place(face, 0, 0, name=p.piece.id)
        else:
            s.place(face, x, y, rotate=p.angle, name=p.piece.id)
        with s.group(translate=(x, y), rotate=p.angle):
            s.rect(0, 0, p.w, p.h, EDGE, radius=corner if round_pieces else 0.0)
