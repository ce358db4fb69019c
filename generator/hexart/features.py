"""Areas and feature symbols on the map, and the smooth line through hex centres that a
course or a road follows.

Each feature kind has a painter (``FeatureArt``): the generic map words here, a game's own
kinds from its code (``generator.hexmap.gameart``); kinds without one get a plain ring and
their name, so a new map can invent kinds without code.
"""

from __future__ import annotations

import math
from generator.draw.colour import mix
from generator.draw.scene import Command, Scene, Style
from generator.hexart import symbols as sym
from generator.hexart.style import FACE_ITALIC, INK, PALETTE, PARCHMENT
from generator.hexmap.edges import boundary, chain, shrink
from generator.hexmap.gameart import FeatureArt, game_art
from generator.hexmap.model import Feature, HexMap
from generator.hexmap.options import COORDINATE_BAND

Point = tuple[float, float]


def _mid(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def road_commands(points: list[Point], end_at_edge: bool = True) -> list[Command]:
    """A smooth line through hex centres: straight across each hexside midpoint, curving
    inside each hex with both control points at its centre. The piece inside a hex depends
    only on the hexes before and after it, so roads sharing hexes share their line exactly."""
    if len(points) < 2:
        return []
    mids = [_mid(a, b) for a, b in zip(points, points[1:])]
    cmds: list[Command] = [("M", *points[0]), ("L", *mids[0])]
    for i in range(1, len(points) - 1):
        c = points[i]
        cmds.append(("C", c[0], c[1], c[0], c[1], *mids[i]))
    if not end_at_edge:
        cmds.append(("L", *points[-1]))
    else:
        # just inside the last hex: the road reaches its goal's ring, clear of the name at its foot
        last, end = points[-1], mids[-1]
        cmds.append(("L", end[0] + (last[0] - end[0]) * 0.08, end[1] + (last[1] - end[1]) * 0.08))
    return cmds


def draw_area(s: Scene, hexmap: HexMap, hexes: list[str], colour: str, width: float,
              dash: tuple[float, ...] | None) -> None:
    """Outline a set of hexes along their outer edges."""
    for line in chain(boundary(hexmap, set(hexes))):
        s.polyline(line, Style(stroke=colour, stroke_width=width, dash=dash, cap="round", join="round"))


def hex_ring(s: Scene, hexmap: HexMap, hex_id: str, colour: str, width: float, inset: float,
             dash: tuple[float, ...] | None = None) -> None:
    """A hex outline drawn ``inset`` mm inside the hex edge."""
    cell = hexmap.cells[hex_id]
    centre = hexmap.centre(hex_id)
    pts = shrink(hexmap.layout.corners(cell.col, cell.row), centre, inset, hexmap.layout.flat_mm / 2)
    s.polygon(pts, Style(stroke=colour, stroke_width=width, dash=dash, join="round", cap="round"))


def feature_name(s: Scene, hexmap: HexMap, hex_id: str, text: str) -> None:
    if not text:
        return
    from generator.hexart.ground import knock_out, word_corners

    x, y = hexmap.centre(hex_id)
    knock_out(s, hexmap, word_corners(x, y + hexmap.layout.flat_mm * 0.34, text, FACE_ITALIC, 6))
    s.text(x, y + hexmap.layout.flat_mm * 0.34, text, face=FACE_ITALIC, size_pt=6, fill=INK, anchor="middle")


def bridge_angle(hexmap: HexMap, hex_id: str) -> float:
    """Direction of the deck (degrees on paper): across the hex between two opposite land
    neighbours, the one nearest north-south when there is a choice."""
    land = [n for n in hexmap.neighbours(hex_id) if hexmap.passable(n)]
    x, y = hexmap.centre(hex_id)
    best: tuple[float, float] | None = None
    for a in land:
        for b in land:
            if a < b and hexmap.distance(a, b) == 2:
                (ax, ay), (bx, by) = hexmap.centre(a), hexmap.centre(b)
                if abs((ax + bx) / 2 - x) + abs((ay + by) / 2 - y) > 0.5:
                    continue              # not opposite each other across this hex
                angle = math.degrees(math.atan2(by - ay, bx - ax)) % 180
                score = abs(angle - 90)
                if best is None or score < best[0]:
                    best = (score, angle)
    return best[1] if best else 90.0


def draw_bridge(s: Scene, hexmap: HexMap, hex_id: str) -> None:
    """A stone bridge between the two land hexes it joins, inside a dotted hex."""
    x, y = hexmap.centre(hex_id)
    angle = bridge_angle(hexmap, hex_id)
    half = hexmap.layout.flat_mm / 2 + 0.6
    with s.group(translate=(x, y), rotate=angle - 90):
        for side in (-1, 1):
            s.path([("M", side * 4.2, -half), ("L", side * 4.2, half)], Style(stroke=INK, stroke_width=0.5))
        s.rect(-3.9, -half, 7.8, 2 * half, Style(fill="#d8c7a0", stroke=INK, stroke_width=0.25))
        for k in range(-3, 4):
            s.line(-3.9, k * half / 3.6, 3.9, k * half / 3.6, Style(stroke=INK, stroke_width=0.12, opacity=0.6))
        for side in (-1, 1):
            for k in (-1, 0, 1):
                cy = k * half * 0.6
                s.path([("M", side * 4.2, cy - 2.6), ("Q", side * 6.2, cy, side * 4.2, cy + 2.6)],
                       Style(stroke=INK, stroke_width=0.3))
    hex_ring(s, hexmap, hex_id, PALETTE["bridge_ring"], 0.9, 0.9, dash=(0.1, 1.3))


def _castle(s: Scene, m: HexMap, f: Feature) -> None:
    for h in f.hexes:
        x, y = m.centre(h)
        sym.castle(s, x, y - 0.5, m.layout.flat_mm * 0.5)
        feature_name(s, m, h, f.name)


def _port(s: Scene, m: HexMap, f: Feature) -> None:
    for h in f.hexes:
        x, y = m.centre(h)
        sym.anchor(s, x + m.layout.flat_mm * 0.22, y - 1, m.layout.flat_mm * 0.3)
        feature_name(s, m, h, f.name)


def _bridge(s: Scene, m: HexMap, f: Feature) -> None:
    for h in f.hexes:
        draw_bridge(s, m, h)


LABEL_OUT = 3.5     # mm from the numbers' band to the middle of an exit's name, in the margin


def _exit_edge(s: Scene, m: HexMap, f: Feature) -> None:
    """A map edge units may leave by: a red band along the grid's rim, named in the margin."""
    rim = [seg for seg in boundary(m, set(f.hexes)) if seg not in boundary(m, set(f.hexes), grid_edge=False)]
    lines = chain(rim)
    for line in lines:
        s.polyline(line, Style(stroke=PALETTE["rubric"], stroke_width=1.6, cap="round", join="round", opacity=0.85))
    if not f.name or not rim:
        return
    xs = [p[0] for seg in rim for p in seg]
    ys = [p[1] for seg in rim for p in seg]
    cx, cy = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    gw, gh = m.layout.grid_size(m.cols, m.rows)
    vertical = (max(ys) - min(ys)) > (max(xs) - min(xs))
    away = COORDINATE_BAND + LABEL_OUT      # past the band of row and column numbers: never over them
    if vertical:
        outward = -1 if cx < gw / 2 else 1
        x = (min(xs) if outward < 0 else max(xs)) + outward * away
        rotate, y = (-90 if outward < 0 else 90), cy
    else:
        outward = -1 if cy < gh / 2 else 1
        y = (min(ys) if outward < 0 else max(ys)) + outward * away
        rotate, x = 0, cx
    with s.group(translate=(x, y), rotate=rotate):
        s.text(0, 1.2, f"Exit: {f.name}", face=FACE_ITALIC, size_pt=8, fill=PALETTE["rubric"], anchor="middle")


def _generic(s: Scene, m: HexMap, f: Feature) -> None:
    for h in f.hexes:
        hex_ring(s, m, h, INK, 0.5, 2.0, dash=(1.0, 0.8))
    if f.name:
        feature_name(s, m, f.hexes[0], f.name)


def hexagon(x: float, y: float, r: float = 4.0) -> list[Point]:
    """A small flat-topped hexagon centred on (x, y): the legend's hex."""
    return [(x + r * math.cos(math.radians(60 * i)), y + r * math.sin(math.radians(60 * i))) for i in range(6)]


def _bridge_swatch(s: Scene, x: float, y: float) -> None:
    pts = hexagon(x, y)
    s.polygon(pts, Style(fill=mix(PALETTE["water_ink"], PARCHMENT, 0.6)))
    s.rect(x - 1.4, y - 4.0, 2.8, 8.0, Style(fill="#d8c7a0", stroke=INK, stroke_width=0.2))
    s.polygon(pts, Style(stroke=PALETTE["bridge_ring"], stroke_width=0.8, dash=(0.1, 1.1), cap="round"))


def generic_swatch(s: Scene, x: float, y: float) -> None:
    s.circle(x, y, 3.0, Style(stroke=INK, stroke_width=0.5, dash=(1.0, 0.8)))


#: Map words any game may use, painted the same on every map.
GENERIC: dict[str, FeatureArt] = {
    "bridge": FeatureArt(_bridge, _bridge_swatch, "Bridge", rank=2),
    "port": FeatureArt(_port, lambda s, x, y: sym.anchor(s, x, y, 7.0), "Port", rank=4, plain=True),
    "castle": FeatureArt(_castle, lambda s, x, y: sym.castle(s, x, y, 7.5), "Castle", rank=5, plain=True),
    "exit_edge": FeatureArt(_exit_edge, lambda s, x, y: s.line(x - 4.5, y, x + 4.5, y, Style(
        stroke=PALETTE["rubric"], stroke_width=1.6, cap="round")), "Exit hexrow (map edge)"),
}
FALLBACK = FeatureArt(_generic, generic_swatch)


def feature_art(hexmap: HexMap, kind: str) -> FeatureArt:
    """How ``kind`` is drawn on ``hexmap``: its game's art, else the generic symbol, else a ring."""
    return game_art(hexmap.art).features.get(kind) or GENERIC.get(kind) or FALLBACK


#: Features drawn along the grid's rim, over the playfield outline (which would hide them).
RIM_KINDS = frozenset({"exit_edge"})


def draw_features(s: Scene, hexmap: HexMap, rim: bool = False) -> None:
    """Every feature with its painter, areas first: those of the grid's rim (``RIM_KINDS``)
    when ``rim``, the others when not."""
    for f in sorted(hexmap.features, key=lambda f: feature_art(hexmap, f.kind).rank):
        if (f.kind in RIM_KINDS) == rim:
            feature_art(hexmap, f.kind).paint(s, hexmap, f)


def draw_cell_labels(s: Scene, hexmap: HexMap) -> None:
    """A hex's own label (hexes: ... label:) at its foot, unless a named feature is there."""
    named = {h for f in hexmap.features if f.name for h in f.hexes}
    for hid, cell in hexmap.cells.items():
        if cell.label and hid not in named:
            feature_name(s, hexmap, hid, cell.label)
