"""What a Stockholm 1520 position is drawn over and with on the page (``page_layer.LayerArt``),
baked from the kit at export time (and once per map in the server): the board's art as SVG,
each hex's centre and corners, the counters' faces (their shapes only: their words are set on
the page with the baked glyphs), the Danish banner of a defected castle, and the glyph table."""

from __future__ import annotations

import json
from typing import Any

from generator.draw.scene import GroupItem, Item, Scene, TextItem
from generator.draw.svg import render_svg, svg_parts
from generator.hexart import symbols as sym
from generator.hexart.board import board_size, grid_origin
from generator.hexart.counters import draw_face
from generator.hexart.position import HEADER, board_picture
from generator.hexart.style import INK
from generator.hexmap.counterlook import CREAM, CounterLook, Face
from generator.hexmap.options import MapOptions
from games.stockholm1520.palette import DANISH_RED, DANISH_WHITE

from bot.stockholm1520.baked import BOARD, GLYPHS, LAYER
from bot.stockholm1520.data import GameData
from bot.stockholm1520.page_layer import FACES, LayerArt
from bot.stockholm1520.units import DANISH_TYPES, SWEDISH_TYPES
from bot.web.glyph_bake import bake_glyphs

#: The pieces a page shows: each side's units (with their movement), Kristina and the ship (without).
PIECES = [("swedish", t, True) for t in SWEDISH_TYPES] + [("danish", t, True) for t in DANISH_TYPES] + \
    [("swedish", "kristina", False), ("danish", "ship", False)]
PART = "part"


def _shapes(items: tuple[Item, ...]) -> tuple[Item, ...]:
    """``items`` without their words (set on the page with the glyphs)."""
    kept: list[Item] = []
    for item in items:
        if isinstance(item, TextItem):
            continue
        if isinstance(item, GroupItem):
            item = GroupItem(_shapes(item.items), item.matrix, item.clip, item.opacity, item.name)
        kept.append(item)
    return tuple(kept)


def _part(scene: Scene) -> str:
    """A scene's shapes as SVG elements (no definitions: each part stands alone)."""
    holder = Scene(scene.width, scene.height)
    holder.add(GroupItem(_shapes(tuple(scene.items)), name=PART))
    _, parts = svg_parts(holder, [PART])
    if parts[PART].defs:
        raise ValueError("a baked piece uses definitions (a gradient, a clip): it cannot stand alone")
    return parts[PART].elements


def layer_files(data: GameData) -> dict[str, bytes]:
    """The files of ``LayerArt`` for the game's map and counters."""
    hexmap, counters = data.board.map, data.counters
    options = MapOptions(ornaments=False)
    width, height = board_size(hexmap, options)
    flat = hexmap.layout.flat_mm
    size = counters.size_mm if counters else round(flat * 0.77, 1)
    look = counters.look if counters else CounterLook()
    faces: dict[str, Any] = {}
    for side, utype, moves in PIECES:
        kind = look.type(utype)
        movement = kind.movement if moves else None
        for plain in (False, True):
            s = Scene(size, size)
            draw_face(s, Face(side, utype, kind.name, movement, "" if plain else "x"), 0.0, 0.0, size, look)
            faces[f"{side}/{utype}" + ("/plain" if plain else "")] = {
                "shapes": _part(s), "label": kind.name, "movement": movement,
                "ink": INK if kind.dark_text else CREAM}
    banner = Scene(flat, flat)
    sym.banner(banner, 0.0, 0.0, flat * 0.36, colour=DANISH_RED, cross=DANISH_WHITE)
    lanes = hexmap.features_of("ship_lane")
    document = {
        "width": width, "height": height, "header": HEADER, "origin": list(grid_origin(options)), "flat": flat,
        "size": size, "title": hexmap.title,
        "hexes": {h: [list(hexmap.centre(h)), [list(p) for p in hexmap.layout.corners(c.col, c.row)]]
                  for h, c in hexmap.cells.items()},
        "castles": {f.name: list(f.hexes) for f in hexmap.features_of("castle") if f.name},
        "bridge": list(hexmap.hexes_of("bridge")), "kristina": (hexmap.hexes_of("kristina") or [""])[0],
        "ship_lane": list(lanes[0].hexes) if lanes else [], "faces": faces, "banner": _part(banner)}
    return {LAYER: json.dumps(document, sort_keys=True, ensure_ascii=False, separators=(",", ":")).encode(),
            GLYPHS: bake_glyphs(FACES), BOARD: render_svg(board_picture(hexmap)).encode()}


def layer_art(files: dict[str, bytes]) -> LayerArt:
    """The art read back as the app reads it."""
    return LayerArt.from_json(files[LAYER], files[GLYPHS], files[BOARD])


_KEPT: dict[int, tuple[GameData, LayerArt]] = {}
KEPT_ARTS = 4              # game data whose art the server keeps (a kit's files edited while it runs: a new one)


def terminal_art(data: GameData) -> LayerArt:
    """The art the server's page draws ``data``'s positions with: baked once per game data
    while the server runs, and read back as the app reads it (one way to draw a position)."""
    kept = _KEPT.get(id(data))
    if kept is None or kept[0] is not data:
        while len(_KEPT) >= KEPT_ARTS:
            del _KEPT[next(iter(_KEPT))]
        kept = _KEPT[id(data)] = (data, layer_art(layer_files(data)))
    return kept[1]
