"""A Stockholm 1520 position drawn for the page with string work (``bot.web.sketch``), in the
terminal's server and in the offline app alike: over the board's art (baked once), the status
line, the marks of the game (defected castles, the open bridge), the hexes a question marks,
the counters (each face's shapes baked once as a definition, ``<use>``d at each piece's place;
its words set with the baked glyphs), and the last Danish moves as numbered arrows.

It draws what ``generator.hexart.position.position_layer`` draws for ``bot show`` (the same
places, sizes, colours and words), from ``LayerArt``: what does not change during a game,
baked at export time by ``bot.stockholm1520.layer_bake``. Standard library only.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any, Iterable, Mapping, Sequence

from generator.core.errors import DataError, Problem
from generator.hexmap.position_check import off_the_map, unit_lists
from games.stockholm1520.palette import DANISH_RED

from bot.web.picture import PagePicture, Region, page_svg
from bot.web.sketch import Glyphs, Layer, Paint, Sketch, element
from bot.web.view import board_href

Point = tuple[float, float]
FACE_TITLE, FACE_LABEL, FACE_BOLD = "title-bold", "title", "serif-bold"
#: The faces the layer's words are set in (the baked glyph table holds these).
FACES = (FACE_TITLE, FACE_LABEL, FACE_BOLD)
INK, CREAM = "#4a3422", "#f6eedb"
ARROW, PAPER = "#8b1e1e", "#f4ead0"
HIGHLIGHT = {"reach": ("#3f7fbf", "#1f4f80"), "target": ("", "#b0201c"), "note": ("#d9a400", "#6b5200")}
#: The hexes the Danes could attack next turn: tinted in this red, with a dashed edge.
THREAT = "#c0281c"
MM_PER_PT = 25.4 / 72
Position = Mapping[str, Any]


@dataclass(frozen=True)
class FaceArt:
    """A counter face: its shapes at the origin (SVG elements, ``size`` mm square), the word on
    it, its movement (or None) and the colour of its words."""

    shapes: str
    label: str
    movement: int | None
    ink: str


@dataclass(frozen=True)
class LayerArt:
    """What a position is drawn over and with, for one map: the layer's size, the status
    line's height, where the grid starts, a hex's flat width, a counter's size; each hex's
    centre and corners (grid mm); the map's title, its castles and bridge, Kristina and the
    ship's lane; the counters' faces by ``side/type`` (``/plain``: without a note under), the
    Danish banner of a defected castle, the glyphs, and the board's art (an SVG document)."""

    width: float
    height: float
    header: float
    origin: Point
    flat: float
    size: float
    title: str
    hexes: dict[str, tuple[Point, tuple[Point, ...]]]
    castles: dict[str, tuple[str, ...]]
    bridge: tuple[str, ...]
    kristina: str
    ship_lane: tuple[str, ...]
    faces: dict[str, FaceArt]
    banner: str
    glyphs: Glyphs
    board: bytes
    _placed: dict[str, tuple[Point, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)
    _taps: dict[str, Region] = field(default_factory=dict, init=False, repr=False, compare=False)

    @classmethod
    def from_json(cls, data: bytes, glyphs: bytes, board: bytes) -> "LayerArt":
        """The art as baked (``bot.stockholm1520.layer_bake``)."""
        raw: dict[str, Any] = json.loads(data)
        hexes = {h: ((float(c[0]), float(c[1])), tuple((float(x), float(y)) for x, y in corners))
                 for h, (c, corners) in raw["hexes"].items()}
        faces = {k: FaceArt(str(f["shapes"]), str(f["label"]), f["movement"], str(f["ink"])) for k, f in raw["faces"].items()}
        return cls(float(raw["width"]), float(raw["height"]), float(raw["header"]),
                   (float(raw["origin"][0]), float(raw["origin"][1])), float(raw["flat"]), float(raw["size"]),
                   str(raw["title"]), hexes, {k: tuple(v) for k, v in raw["castles"].items()}, tuple(raw["bridge"]),
                   str(raw["kristina"]), tuple(raw["ship_lane"]), faces, str(raw["banner"]), Glyphs.from_json(glyphs),
                   board)

    def centre(self, hex_id: str) -> Point:
        return self.hexes[hex_id][0]

    def corners(self, hex_id: str) -> tuple[Point, ...]:
        return self.hexes[hex_id][1]

    def placed_corners(self, hex_id: str) -> tuple[Point, ...]:
        """The hex's corners on the layer (the grid moved by its origin, under the status line):
        kept, as every page draws a region over each hex."""
        found = self._placed.get(hex_id)
        if found is None:
            ox, dy = self.origin[0], self.origin[1] + self.header
            found = self._placed[hex_id] = tuple((x + ox, y + dy) for x, y in self.corners(hex_id))
        return found

    def tap_region(self, hex_id: str) -> Region:
        """The region over the hex that a tap on it names (``data-tap``): kept, as above."""
        found = self._taps.get(hex_id)
        if found is None:
            found = self._taps[hex_id] = Region(self.placed_corners(hex_id), tap=hex_id)
        return found


def castle_hexes(art: LayerArt, ref: str) -> list[str]:
    """A castle given by hex id or by name (positions may use either)."""
    if ref in art.hexes:
        return [ref]
    for name, hexes in art.castles.items():
        if name.casefold() == str(ref).casefold():
            return list(hexes)
    return []


def problems(art: LayerArt, position: Position) -> list[Problem]:
    """What of ``position`` is not on the map."""
    found = off_the_map(art.hexes, position)
    found += [Problem("position", f"defected castle {h!r} is neither a hex nor a castle of the map")
              for h in position.get("defected_castles") or [] if not castle_hexes(art, h)]
    return found


def road_commands(points: list[Point]) -> list[tuple[Any, ...]]:
    """A smooth line through hex centres, ending at its last point (as the map's roads are
    drawn: straight across each hexside midpoint, curving inside each hex)."""
    mids = [((a[0] + b[0]) / 2, (a[1] + b[1]) / 2) for a, b in zip(points, points[1:])]
    cmds: list[tuple[Any, ...]] = [("M", *points[0]), ("L", *mids[0])]
    for i in range(1, len(points) - 1):
        c = points[i]
        cmds.append(("C", c[0], c[1], c[0], c[1], *mids[i]))
    cmds.append(("L", *points[-1]))
    return cmds


class _Layer:
    """One position's layer being drawn."""

    def __init__(self, art: LayerArt) -> None:
        self.art = art
        self.sketch = Sketch(art.glyphs)

    def fitted(self, text: str, face: str, start_pt: float, width: float, step: float, least: float) -> float:
        pt = start_pt
        f = self.art.glyphs.faces[face]
        while pt > least and f.width(text, pt * MM_PER_PT) > width:
            pt -= step
        return pt

    def ring(self, hex_id: str, colour: str, width: float, inset: float) -> None:
        (cx, cy), corners = self.art.hexes[hex_id]
        t = max(0.0, 1.0 - inset / (self.art.flat / 2))
        points = [(cx + (x - cx) * t, cy + (y - cy) * t) for x, y in corners]
        self.sketch.polygon(points, Paint(stroke=colour, stroke_width=width, cap="round", join="round"))

    def header(self, position: Position) -> None:
        art = self.art
        parts = [art.title]
        if position.get("round") is not None:
            parts.append(f"Round {position['round']}" + (f", turn {position['turn']}" if position.get("turn") else ""))
        if position.get("propaganda") is not None:
            parts.append(f"Propaganda {position['propaganda']}")
        if art.bridge:
            parts.append("Bridge open to the Danes" if position.get("bridge_open") else "Bridge closed to the Danes")
        ship = position.get("ship")
        if ship:
            parts.append(f"Ship lands in {ship.get('turns_left')} turn(s)")
        if position.get("result"):
            parts.append(f"Result: {position['result']}")
        self.sketch.rect(0, 0, art.width, art.header, Paint(fill="#4a3422"))
        text = "  ·  ".join(parts)
        pt = self.fitted(text, FACE_TITLE, 13.0, art.width - 12, 0.5, 6)
        self.sketch.text(art.width / 2, art.header * 0.66, text, FACE_TITLE, pt, "#f4ead0", "middle")

    def marks(self, position: Position) -> None:
        """Defected castles (a red ring and the Danish flag, 6.2) and the open bridge (6.2)."""
        art, flat = self.art, self.art.flat
        for h in [h for ref in position.get("defected_castles") or [] for h in castle_hexes(art, ref)]:
            self.ring(h, DANISH_RED, 1.6, 1.2)
            x, y = art.centre(h)
            self.use("banner", x + flat * 0.22, y + flat * 0.05)
            self.sketch.text(x, y + flat * 0.44, "DEFECTED", FACE_BOLD, 6, DANISH_RED, "middle")
        if position.get("bridge_open"):
            for h in art.bridge:
                self.ring(h, DANISH_RED, 1.2, 0.9)
                x, y = art.centre(h)
                self.sketch.text(x, y + flat * 0.44, "OPEN", FACE_BOLD, 6.5, DANISH_RED, "middle")

    def use(self, ident: str, x: float, y: float) -> None:
        """A baked definition (a face, the banner) placed at (x, y)."""
        self.sketch.raw(element("use", {"transform": f"translate({_n(x)} {_n(y)})", "xlink:href": f"#{ident}"}))
        self.sketch.define(ident, self._definition(ident))

    def _definition(self, ident: str) -> str:
        if ident == "banner":
            return element("g", {"id": ident}, self.art.banner)
        return element("g", {"id": ident}, self.art.faces[ident.removeprefix("face-")].shapes)

    def highlights(self, marks: Sequence[Mapping[str, Any]], under: bool) -> None:
        """Hexes marked for a question: a tinted hex under the pieces, a ring and a label over them."""
        flat = self.art.flat
        for mark in marks:
            fill, ink = HIGHLIGHT.get(str(mark.get("kind", "note")), HIGHLIGHT["note"])
            hex_id = mark["hex"]
            x, y = self.art.centre(hex_id)
            if under:
                if fill:
                    self.sketch.polygon(self.art.corners(hex_id), Paint(fill=fill, opacity=0.28))
                continue
            self.ring(hex_id, ink, 0.9, 0.9)
            label = str(mark.get("label") or "")
            if label:
                w = self.art.glyphs.faces[FACE_BOLD].width(label, 7.0 * MM_PER_PT) + 2.0
                self.sketch.rect(x - w / 2, y - flat * 0.5 + 0.6, w, 3.4, Paint("#fffdf6", ink, 0.3), 1.0)
                self.sketch.text(x, y - flat * 0.5 + 3.2, label, FACE_BOLD, 7.0, ink, "middle")

    def pieces(self, position: Position) -> None:
        """Kristina, the ship on its course, and every unit: counters centred in their hexes, a
        second piece in a hex offset like a stack."""
        art = self.art
        placed: list[tuple[str, str, str]] = []              # hex, face key, note
        if art.kristina:
            placed.append((art.kristina, "swedish/kristina/plain", ""))
        ship = position.get("ship")
        if ship and art.ship_lane:
            lane = art.ship_lane
            index = max(0, min(len(lane) - 1, len(lane) - 1 - int(ship.get("turns_left", 0))))
            placed.append((lane[index], "danish/ship", f"{ship.get('troop', '')} · {ship.get('zone', '')}{ship.get('road', '')}"))
        for side, units in unit_lists(position).items():
            for unit in units:
                note = str(unit.get("id", ""))
                if unit.get("zone") and unit.get("road"):
                    note = f"{note} · {unit['zone']}{unit['road']}" if note else f"{unit['zone']}{unit['road']}"
                key = f"{side}/{unit.get('type')}"
                placed.append((str(unit["hex"]), key if note else key + "/plain", note))
        count: dict[str, int] = {}
        size = art.size
        for hex_id, key, note in placed:
            k = count.get(hex_id, 0)
            count[hex_id] = k + 1
            x, y = art.centre(hex_id)
            left, top = x - size / 2 + 3.0 * k, y - size / 2 - 3.0 * k
            self.sketch.rect(left + 0.6, top + 0.8, size, size, Paint(fill="#000000", opacity=0.25), 1.2)
            self.face(key, note, left, top)

    def face(self, key: str, note: str, x: float, y: float) -> None:
        face = self.art.faces.get(key)
        if face is None:
            raise DataError([Problem("position", f"no counter of {key!r} in the baked art")])
        size = self.art.size
        u = size / 20.0
        self.use(f"face-{key}", x, y)
        if face.movement:
            self.sketch.text(x + size - 4.0 * u, y + 1.6 * u + 4.6 * u / 2 + 1.05 * u, str(face.movement), FACE_BOLD,
                             8.0 * u, INK, "middle")
        label = face.label.upper()
        self.sketch.text(x + size / 2, y + size - 2.3 * u, label, FACE_LABEL,
                         self.fitted(label, FACE_LABEL, 6.0 * u, size - 2.8 * u, 0.2, 3.0), face.ink, "middle")
        if note:
            self.sketch.text(x + size / 2, y + 3.9 * u + 4.6 * u, note, FACE_BOLD,
                             self.fitted(note, FACE_BOLD, 5.0 * u, size - 3.4 * u, 0.2, 3.0), face.ink, "middle")

    def arrows(self, moves: Sequence[Sequence[str]]) -> None:
        """The last moves: a red line through the hexes walked, an arrowhead at the counter's
        edge, and the move's number in a disc where it started."""
        numbered = [(n, list(path)) for n, path in enumerate(moves, start=1) if len(path) >= 2]
        for _, path in numbered:
            pts = [self.art.centre(h) for h in path]
            end, before = pts[-1], pts[-2]
            dx, dy = end[0] - before[0], end[1] - before[1]
            n = math.hypot(dx, dy) or 1.0
            stop = self.art.size / 2 + 1.2
            tip = (end[0] - dx / n * stop, end[1] - dy / n * stop)
            cmds = road_commands(pts[:-1] + [tip])
            self.sketch.path(cmds, Paint(stroke=PAPER, stroke_width=2.4, cap="round", join="round", opacity=0.8))
            self.sketch.path(cmds, Paint(stroke=ARROW, stroke_width=1.3, cap="round", join="round", opacity=0.9))
            head = (tip[0] + dx / n * 1.2, tip[1] + dy / n * 1.2)
            ux, uy, size = dx / n, dy / n, 3.6
            bx, by = head[0] - ux * size, head[1] - uy * size
            self.sketch.polygon([head, (bx - uy * size * 0.5, by + ux * size * 0.5),
                                 (bx + uy * size * 0.5, by - ux * size * 0.5)], Paint(fill=ARROW))
        for number, path in numbered:                  # over every line: a later arrow never hides a number
            x, y = self.art.centre(path[0])
            self.sketch.circle(x, y, 2.6, Paint(ARROW, PAPER, 0.5))
            self.sketch.text(x, y + 1.05, str(number), FACE_BOLD, 7.5 if number < 10 else 6.0, "#ffffff", "middle")


def _n(value: float) -> str:
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def position_layer(art: LayerArt, position: Position) -> Layer:
    """The position's layer (status line, marks, pieces, arrows) over the board's art;
    DataError when it names a hex the map does not have."""
    found = problems(art, position)
    if found:
        raise DataError(found)
    layer = _Layer(art)
    layer.header(position)
    ox, oy = art.origin
    marks = position.get("highlight") or []
    with layer.sketch.moved(ox, oy + art.header):
        layer.marks(position)
        layer.highlights(marks, under=True)
        layer.pieces(position)
        layer.highlights(marks, under=False)
        layer.arrows(position.get("last_moves") or [])
    return Layer(art.width, art.height + art.header, *layer.sketch.parts(), title=f"{art.title} - position")


def position_svg(art: LayerArt, position: Position, tappable: Iterable[str], threats: Iterable[str] = (),
                 crop: Iterable[str] = ()) -> str:
    """The position over the board picture (``board_href``: its URL keyed by its art), cropped to the hexes of
    ``crop`` (all, when empty), a polygon over each hex of ``tappable`` that a tap names
    (``data-tap="HEX"``), ``threats`` tinted red with a dashed edge: one picture (``bot.web.picture``)."""
    layer = position_layer(art, position)
    ox, oy = art.origin
    dy = oy + art.header
    regions = [Region(art.placed_corners(h), fill=THREAT, opacity=0.22, stroke=THREAT, stroke_width=0.5, dash="1.2 0.8")
               for h in sorted(set(threats)) if h in art.hexes]
    regions += [art.tap_region(h) for h in sorted(set(tappable)) if h in art.hexes]
    view = None
    hexes = [h for h in crop if h in art.hexes]
    if hexes:
        xs, ys = zip(*(art.centre(h) for h in hexes))
        pad = art.flat * 1.3
        x0, x1 = max(min(xs) + ox - pad, 0.0), min(max(xs) + ox + pad, layer.width)
        y0, y1 = max(min(ys) + dy - pad, 0.0), min(max(ys) + dy + pad, layer.height)
        view = (x0, y0, x1 - x0, y1 - y0)
    return page_svg(PagePicture(board_href(art.board), layer, regions, view))
