"""A game position drawn on its board: ``draw_position(hexmap, position) -> Scene``.

The position is the bot's position JSON (see docs/map-format.md, "Positions"): units as
counters in their hexes, defected castles, the bridge state, the ship under way, and
arrows for the last moves. It is drawn over the same board the players print.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

from generator.draw import fonts
from generator.draw.scene import Scene, Style
from generator.units import MM_PER_PT
from generator.errors import DataError, Problem
from generator.hexmap import symbols as sym
from generator.hexmap.counters import BODY, Face, draw_face, load_counters
from generator.hexmap.draw import MapOptions, draw_map, grid_origin
from generator.hexmap.features import hex_ring, road_commands
from generator.hexmap.model import HexMap
from generator.hexmap.style import FACE_BOLD, FACE_TITLE, PALETTE, PARCHMENT

HEADER = 16.0
MOVES = {"cavalry": 3, "crossbowmen": 2, "pikemen": 2, "militia": 2, "propagandist": 1, "christian": 0}
NAMES = {"cavalry": "Cavalry", "crossbowmen": "Crossbowmen", "pikemen": "Pikemen", "militia": "Militia",
         "propagandist": "Propagandist", "christian": "Christian II", "kristina": "Kristina"}


def _counter_style(hexmap: HexMap) -> tuple[float, dict[str, str]]:
    """Counter size and colours from the counters file beside the map, else from the hex size."""
    if hexmap.source is not None:
        path = Path(hexmap.source).parent / "counters.yaml"
        if path.exists():
            try:
                cs = load_counters(path)
                return cs.size_mm, cs.colours
            except DataError:
                pass
    return round(hexmap.layout.flat_mm * 0.77, 1), dict(BODY)


def _castle_hexes(hexmap: HexMap, ref: str) -> list[str]:
    """A castle given by hex id or by name (positions may use either)."""
    if ref in hexmap.cells:
        return [ref]
    for f in hexmap.features_of("castle"):
        if f.name.casefold() == str(ref).casefold():
            return list(f.hexes)
    return []


def _check(hexmap: HexMap, position: dict[str, Any]) -> list[Problem]:
    problems = []
    for side in ("swedish", "danish"):
        for i, unit in enumerate(position.get(side) or []):
            if unit.get("hex") not in hexmap.cells:
                problems.append(Problem("position", f"{side}[{i}] ({unit.get('id')}): hex {unit.get('hex')!r} is not on map {hexmap.id}"))
    for h in position.get("defected_castles") or []:
        if not _castle_hexes(hexmap, h):
            problems.append(Problem("position", f"defected castle {h!r} is neither a hex nor a castle of map {hexmap.id}"))
    for i, path in enumerate(position.get("last_moves") or []):
        bad = [h for h in path if h not in hexmap.cells]
        if bad:
            problems.append(Problem("position", f"last_moves[{i}]: {', '.join(map(str, bad))} not on the map"))
    return problems


def draw_position(hexmap: HexMap, position: dict[str, Any], out: Path | None = None,
                  dpi: float = 100.0) -> Scene | list[Path]:
    """Picture of ``position`` on ``hexmap``. With ``out`` (an .svg path) the SVG and a PNG
    beside it are written and their paths returned; without, the Scene is returned."""
    problems = _check(hexmap, position)
    if problems:
        raise DataError(problems)
    scene = position_scene(hexmap, position)
    if out is None:
        return scene
    from generator.draw.png import render_png
    from generator.draw.svg import render_svg

    from generator.atomic import write_all

    out = Path(out)
    svg_path = out if out.suffix == ".svg" else out.with_suffix(".svg")
    return write_all({svg_path: render_svg(scene), svg_path.with_suffix(".png"): render_png(scene, dpi=dpi)})


def position_scene(hexmap: HexMap, position: dict[str, Any]) -> Scene:
    """The board without its ornament panel, a status line above, the pieces on top."""
    options = MapOptions(ornaments=False)
    board = draw_map(hexmap, options)
    s = Scene(board.width, board.height + HEADER, title=f"{hexmap.title} - position")
    s.rect(0, 0, s.width, s.height, Style(fill=PARCHMENT))
    s.place(board, 0, HEADER)
    _header(s, hexmap, position)
    ox, oy = grid_origin(options)
    size, colours = _counter_style(hexmap)
    with s.group(translate=(ox, oy + HEADER)):
        _castles(s, hexmap, position)
        _bridge(s, hexmap, position)
        _units(s, hexmap, position, size, colours)
        _arrows(s, hexmap, position.get("last_moves") or [], size)
    return s


def _header(s: Scene, hexmap: HexMap, position: dict[str, Any]) -> None:
    parts = [hexmap.title]
    if position.get("round") is not None:
        parts.append(f"Round {position['round']}" + (f", turn {position['turn']}" if position.get("turn") else ""))
    if position.get("propaganda") is not None:
        parts.append(f"Propaganda {position['propaganda']}")
    if hexmap.features_of("bridge"):
        parts.append("Bridge open to the Danes" if position.get("bridge_open") else "Bridge closed to the Danes")
    ship = position.get("ship")
    if ship:
        parts.append(f"Ship lands in {ship.get('turns_left')} turn(s)")
    if position.get("result"):
        parts.append(f"Result: {position['result']}")
    s.rect(0, 0, s.width, HEADER, Style(fill="#4a3422"))
    text = "  ·  ".join(parts)
    pt = 13.0
    while pt > 6 and fonts.text_width(text, FACE_TITLE, pt * MM_PER_PT) > s.width - 12:
        pt -= 0.5
    s.text(s.width / 2, HEADER * 0.66, text, face=FACE_TITLE, size_pt=pt, fill="#f4ead0", anchor="middle")


def _castles(s: Scene, hexmap: HexMap, position: dict[str, Any]) -> None:
    """Defected castles: a red ring and the Danish flag over the castle."""
    flat = hexmap.layout.flat_mm
    for h in [h for ref in position.get("defected_castles") or [] for h in _castle_hexes(hexmap, ref)]:
        hex_ring(s, hexmap, h, PALETTE["danish_red"], 1.6, 1.2)
        x, y = hexmap.centre(h)
        sym.banner(s, x + flat * 0.22, y + flat * 0.05, flat * 0.36, colour=PALETTE["danish_red"], cross=PALETTE["danish_white"])
        s.text(x, y + flat * 0.44, "DEFECTED", face=FACE_BOLD, size_pt=6, fill=PALETTE["danish_red"], anchor="middle")


def _bridge(s: Scene, hexmap: HexMap, position: dict[str, Any]) -> None:
    """An open bridge gets a solid red ring: the Danes may cross (rules 6.2)."""
    if not position.get("bridge_open"):
        return
    for h in hexmap.hexes_of("bridge"):
        hex_ring(s, hexmap, h, PALETTE["danish_red"], 1.2, 0.9)
        x, y = hexmap.centre(h)
        s.text(x, y + hexmap.layout.flat_mm * 0.44, "OPEN", face=FACE_BOLD, size_pt=6.5, fill=PALETTE["danish_red"],
               anchor="middle")


def _faces(hexmap: HexMap, position: dict[str, Any]) -> list[tuple[str, Face, str]]:
    """(hex, face, unit id) of every piece to draw, Kristina first."""
    pieces: list[tuple[str, Face, str]] = []
    kristina = hexmap.hexes_of("kristina")
    if kristina and position.get("kristina", True) is not False:
        pieces.append((kristina[0], Face("swedish", "kristina", "Kristina"), "kristina"))
    for side in ("swedish", "danish"):
        for unit in position.get(side) or []:
            utype = str(unit.get("type"))
            note = str(unit.get("id", ""))
            if side == "danish" and unit.get("zone") and unit.get("road"):
                note = f"{note} · {unit['zone']}{unit['road']}" if note else f"{unit['zone']}{unit['road']}"
            pieces.append((unit["hex"], Face(side, utype, NAMES.get(utype, utype.capitalize()), MOVES.get(utype), note),
                           str(unit.get("id", ""))))
    ship = position.get("ship")
    lanes = hexmap.features_of("ship_lane")
    if ship and lanes:
        lane = lanes[0].hexes
        index = max(0, min(len(lane) - 1, len(lane) - 1 - int(ship.get("turns_left", 0))))
        troop = ship.get("troop", "")
        pieces.append((lane[index], Face("danish", "ship", "Ship", None, f"{troop} · {ship.get('zone', '')}{ship.get('road', '')}"),
                       "ship"))
    return pieces


def _units(s: Scene, hexmap: HexMap, position: dict[str, Any], size: float, colours: dict[str, str]) -> None:
    """Counters centred in their hexes; a second piece in a hex is offset like a stack."""
    count: dict[str, int] = {}
    for hex_id, face, _ in _faces(hexmap, position):
        k = count.get(hex_id, 0)
        count[hex_id] = k + 1
        x, y = hexmap.centre(hex_id)
        dx, dy = 3.0 * k, -3.0 * k
        s.rect(x - size / 2 + dx + 0.6, y - size / 2 + dy + 0.8, size, size, Style(fill="#000000", opacity=0.25), radius=1.2)
        draw_face(s, face, x - size / 2 + dx, y - size / 2 + dy, size, colours)


def _arrows(s: Scene, hexmap: HexMap, moves: list[list[str]], size: float) -> None:
    """The last moves: a red line through the hexes walked, arrowhead at the counter's edge."""
    style = Style(stroke=PALETTE["arrow"], stroke_width=1.3, cap="round", join="round", opacity=0.9)
    for path in moves:
        if len(path) < 2:
            continue
        pts = [hexmap.centre(h) for h in path]
        end, before = pts[-1], pts[-2]
        dx, dy = end[0] - before[0], end[1] - before[1]
        n = math.hypot(dx, dy) or 1.0
        stop = size / 2 + 1.2
        tip = (end[0] - dx / n * stop, end[1] - dy / n * stop)
        cmds = road_commands(pts[:-1] + [tip], end_at_edge=False)
        s.path(cmds, Style(stroke="#f4ead0", stroke_width=2.4, cap="round", join="round", opacity=0.8))
        s.path(cmds, style)
        s.circle(*pts[0], 1.4, Style(fill=PALETTE["arrow"]))
        sym.arrowhead(s, (tip[0] + dx / n * 1.2, tip[1] + dy / n * 1.2), (dx, dy), 3.6, Style(fill=PALETTE["arrow"]))
