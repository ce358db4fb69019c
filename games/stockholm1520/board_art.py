"""Stockholm 1520's own marks on the board and in position views.

The generic map painter draws castles, the port and the bridge; this module adds what only
this game has: Kristina in Tre Kronor, the Stockholm setup area, the militia space, the
training zone, the propagandists' spawn spaces and the ship's course (rules 1.1, 2.0, 3.1,
6.2), and in positions the defected castles, the open bridge, Kristina's counter and the ship
under way. ``register`` hands them to ``generator.hexmap.gameart`` under the game's code name.
"""

from __future__ import annotations

from typing import Any, Mapping

from generator.core.errors import Problem
from generator.draw.scene import Scene, Style
from generator.hexart import symbols as sym
from generator.hexart.features import draw_area, feature_name, hex_ring, hexagon, road_commands
from generator.hexart.style import FACE_BOLD, FACE_ITALIC, INK, PALETTE
from generator.hexmap.counterlook import CounterLook, Face
from generator.hexmap.gameart import FeatureArt, Piece, PositionArt, register_feature_art, register_position_art
from generator.hexmap.model import Feature, HexMap
from games.stockholm1520.palette import CROWN_GOLD, DANISH_RED, DANISH_WHITE, KRISTINA_STONE, LANE_INK, SPAWN_YELLOW, \
    SWEDISH_BLUE

GAME = "stockholm1520"
Position = Mapping[str, Any]


def _kristina(s: Scene, m: HexMap, f: Feature) -> None:
    """Kristina's castle with the three crowns, in a gold ring: the Danes' goal (1.1)."""
    for h in f.hexes:
        x, y = m.centre(h)
        sym.castle(s, x, y - 1.0, m.layout.flat_mm * 0.58, fill=KRISTINA_STONE, flag=None)
        sym.three_crowns(s, x, y - m.layout.flat_mm * 0.2, m.layout.flat_mm * 0.28)
        hex_ring(s, m, h, CROWN_GOLD, 0.8, 0.8)
        feature_name(s, m, h, f.name)


def _militia(s: Scene, m: HexMap, f: Feature) -> None:
    """The militia's muster space (rounds 3, 5, 7): a Swedish banner in a dashed blue ring."""
    for h in f.hexes:
        x, y = m.centre(h)
        sym.banner(s, x, y, m.layout.flat_mm * 0.38, colour=SWEDISH_BLUE)
        hex_ring(s, m, h, SWEDISH_BLUE, 0.6, 1.0, dash=(1.8, 0.9))
        feature_name(s, m, h, f.name)


def _training(s: Scene, m: HexMap, f: Feature) -> None:
    """Where a militia trains into a troop (3.1): a dashed blue area with crossed swords."""
    draw_area(s, m, f.hexes, SWEDISH_BLUE, 0.7, (2.2, 1.0))
    for h in f.hexes:
        x, y = m.centre(h)
        sym.crossed_swords(s, x, y - 2, m.layout.flat_mm * 0.3, SWEDISH_BLUE)
    if f.name:
        feature_name(s, m, f.hexes[0], f.name)


def _spawn(s: Scene, m: HexMap, f: Feature) -> None:
    """A propagandist's spawn space: the rulebook's yellow border (6.2) and a trumpet."""
    for h in f.hexes:
        hex_ring(s, m, h, INK, 2.2, 1.5)
        hex_ring(s, m, h, SPAWN_YELLOW, 1.6, 1.5)
        x, y = m.centre(h)
        sym.trumpet(s, x + m.layout.flat_mm * 0.2, y + m.layout.flat_mm * 0.16, m.layout.flat_mm * 0.2)


def _setup_area(s: Scene, m: HexMap, f: Feature) -> None:
    """The Stockholm area, where the Swedes set up (2.0): a dotted red outline."""
    draw_area(s, m, f.hexes, DANISH_RED, 0.5, (0.1, 0.9))


def _ship_lane(s: Scene, m: HexMap, f: Feature) -> None:
    """The course Christian II's ship sails to the port, numbered by the turns it takes (6.2)."""
    pts = [m.centre(h) for h in f.hexes]
    cmds = road_commands(pts, end_at_edge=True)
    s.path(cmds, Style(stroke=PALETTE["water_ink"], stroke_width=0.6, dash=(0.1, 1.4), cap="round"))
    for i, (x, y) in enumerate(pts[1:], start=1):
        if i < len(pts) - 1:
            s.circle(x, y, 2.4, Style(fill="#e9e2cc", stroke=PALETTE["water_ink"], stroke_width=0.3))
            s.text(x, y + 1.0, str(i), face=FACE_BOLD, size_pt=7, fill=LANE_INK, anchor="middle")
    end, before = pts[-1], pts[-2]
    tip = ((end[0] + before[0]) / 2 + (end[0] - before[0]) * 0.15, (end[1] + before[1]) / 2 + (end[1] - before[1]) * 0.15)
    sym.arrowhead(s, tip, (end[0] - before[0], end[1] - before[1]), 2.4, Style(fill=PALETTE["water_ink"]))
    x, y = pts[0]
    sym.ship(s, x, y - 1, m.layout.flat_mm * 0.4)
    if f.name:
        s.text(x, y + m.layout.flat_mm * 0.34, f.name, face=FACE_ITALIC, size_pt=6, fill=LANE_INK, anchor="middle")


def _ship_lane_swatch(s: Scene, x: float, y: float) -> None:
    s.line(x - 4.5, y, x + 2.5, y, Style(stroke=PALETTE["water_ink"], stroke_width=0.6, dash=(0.1, 1.4), cap="round"))
    sym.arrowhead(s, (x + 4.5, y), (1, 0), 2.2, Style(fill=PALETTE["water_ink"]))


def _spawn_swatch(s: Scene, x: float, y: float) -> None:
    pts = hexagon(x, y)
    s.polygon(pts, Style(stroke=INK, stroke_width=1.9))
    s.polygon(pts, Style(stroke=SPAWN_YELLOW, stroke_width=1.3))


def _setup_area_swatch(s: Scene, x: float, y: float) -> None:
    s.rect(x - 4.0, y - 3.0, 8.0, 6.0, Style(stroke=DANISH_RED, stroke_width=0.5, dash=(0.1, 0.9), cap="round"))


FEATURES: dict[str, FeatureArt] = {
    "stockholm": FeatureArt(_setup_area, _setup_area_swatch, rank=0),
    "training": FeatureArt(_training, lambda s, x, y: sym.crossed_swords(s, x, y, 6.5, SWEDISH_BLUE), rank=1),
    "ship_lane": FeatureArt(_ship_lane, _ship_lane_swatch, "Ship's course", rank=3),
    "militia": FeatureArt(_militia, lambda s, x, y: sym.banner(s, x, y, 7.0, colour=SWEDISH_BLUE), rank=6, plain=True),
    "kristina": FeatureArt(_kristina, lambda s, x, y: sym.three_crowns(s, x, y, 7.0), rank=7, plain=True),
    "propagandist_spawn": FeatureArt(_spawn, _spawn_swatch, rank=8),
}


# -- positions ---------------------------------------------------------------------------

def castle_hexes(hexmap: HexMap, ref: str) -> list[str]:
    """A castle given by hex id or by name (positions may use either)."""
    if ref in hexmap.cells:
        return [ref]
    for f in hexmap.features_of("castle"):
        if f.name.casefold() == str(ref).casefold():
            return list(f.hexes)
    return []


def _problems(hexmap: HexMap, position: Position) -> list[Problem]:
    return [Problem("position", f"defected castle {h!r} is neither a hex nor a castle of map {hexmap.id}")
            for h in position.get("defected_castles") or [] if not castle_hexes(hexmap, h)]


def _status(hexmap: HexMap, position: Position) -> list[str]:
    """The propaganda meter, the bridge and the ship for the status line."""
    words = []
    if position.get("propaganda") is not None:
        words.append(f"Propaganda {position['propaganda']}")
    if hexmap.features_of("bridge"):
        words.append("Bridge open to the Danes" if position.get("bridge_open") else "Bridge closed to the Danes")
    ship = position.get("ship")
    if ship:
        words.append(f"Ship lands in {ship.get('turns_left')} turn(s)")
    return words


def _marks(s: Scene, hexmap: HexMap, position: Position) -> None:
    """Defected castles (a red ring and the Danish flag, 6.2) and the open bridge (a solid red
    ring: the Danes may cross, 6.2)."""
    flat = hexmap.layout.flat_mm
    for h in [h for ref in position.get("defected_castles") or [] for h in castle_hexes(hexmap, ref)]:
        hex_ring(s, hexmap, h, DANISH_RED, 1.6, 1.2)
        x, y = hexmap.centre(h)
        sym.banner(s, x + flat * 0.22, y + flat * 0.05, flat * 0.36, colour=DANISH_RED, cross=DANISH_WHITE)
        s.text(x, y + flat * 0.44, "DEFECTED", face=FACE_BOLD, size_pt=6, fill=DANISH_RED, anchor="middle")
    if position.get("bridge_open"):
        for h in hexmap.hexes_of("bridge"):
            hex_ring(s, hexmap, h, DANISH_RED, 1.2, 0.9)
            x, y = hexmap.centre(h)
            s.text(x, y + flat * 0.44, "OPEN", face=FACE_BOLD, size_pt=6.5, fill=DANISH_RED, anchor="middle")


def _pieces(hexmap: HexMap, position: Position, look: CounterLook) -> list[Piece]:
    """Kristina's counter on her space, and the ship on its course (6.2)."""
    pieces: list[Piece] = []
    kristina = hexmap.hexes_of("kristina")
    if kristina:
        pieces.append((kristina[0], Face("swedish", "kristina", look.type("kristina").name), "kristina"))
    ship = position.get("ship")
    lanes = hexmap.features_of("ship_lane")
    if ship and lanes:
        lane = lanes[0].hexes
        index = max(0, min(len(lane) - 1, len(lane) - 1 - int(ship.get("turns_left", 0))))
        note = f"{ship.get('troop', '')} · {ship.get('zone', '')}{ship.get('road', '')}"
        pieces.append((lane[index], Face("danish", "ship", look.type("ship").name, None, note), "ship"))
    return pieces


def _unit_note(unit: Position) -> str:
    """A unit's id, and the road it walks ('A2'), under its counter."""
    note = str(unit.get("id", ""))
    if unit.get("zone") and unit.get("road"):
        note = f"{note} · {unit['zone']}{unit['road']}" if note else f"{unit['zone']}{unit['road']}"
    return note


def register() -> None:
    """Hand the board's marks and the position view's additions to the generic painter."""
    for kind, art in FEATURES.items():
        register_feature_art(GAME, kind, art)
    register_position_art(GAME, PositionArt(status=_status, marks=_marks, pieces=_pieces, problems=_problems,
                                                 unit_note=_unit_note))
