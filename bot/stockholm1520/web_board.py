"""A position drawn for the page, with the painter ``bot show`` uses
(``generator.hexart.position``): the printed board's art once (``board_svg``, served as
``/board.svg`` and kept by the browser), and after every tap only the layer above it (status
line, pieces, arrows, marks), cropped to the playfield, with a tappable polygon on each hex
(``data-tap``) and tints for the hexes a question marks: one scene (``bot.web.picture``)."""

from __future__ import annotations

from typing import Any, Iterable, Mapping

from generator.draw.scene import GroupItem, Scene
from generator.draw.svg import render_svg, svg_parts
from generator.hexart.board import grid_origin
from generator.hexart.position import HEADER, board_picture, position_layer
from generator.hexmap.counters import CounterSet
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions

from bot.web.picture import PagePicture, Region, page_svg
from bot.web.sketch import Layer
from bot.web.view import board_href

#: The hexes the Danes could attack next turn: tinted in this red, with a dashed edge.
THREAT = "#c0281c"

#: The name the layer's part is written under.
LAYER = "position"

_boards: dict[int, tuple[HexMap, bytes]] = {}


def scene_layer(layer: Scene) -> Layer:
    """A scene as a page's layer: written by the project's SVG writer as a part (its elements
    and the definitions they use)."""
    holder = Scene(layer.width, layer.height)
    holder.add(GroupItem(tuple(layer.items), name=LAYER))
    _, parts = svg_parts(holder, [LAYER])
    return Layer(layer.width, layer.height, parts[LAYER].elements, parts[LAYER].defs, layer.title)


def board_svg(hexmap: HexMap) -> bytes:
    """The board's art as an SVG document (drawn once per map while the server runs)."""
    kept = _boards.get(id(hexmap))
    if kept is None or kept[0] is not hexmap:
        kept = _boards[id(hexmap)] = (hexmap, render_svg(board_picture(hexmap)).encode())
    return kept[1]


def _corners(hexmap: HexMap, hex_id: str, dx: float, dy: float) -> tuple[tuple[float, float], ...]:
    cell = hexmap.cells[hex_id]
    return tuple((x + dx, y + dy) for x, y in hexmap.layout.corners(cell.col, cell.row))


def position_svg(hexmap: HexMap, position: Mapping[str, Any], counters: CounterSet | None, tappable: Iterable[str],
                 threats: Iterable[str] = (), crop: Iterable[str] = ()) -> str:
    """The position over the board picture (``board_href``: its URL keyed by its art), cropped to the hexes of ``crop``
    (all, when empty), a polygon over each hex of ``tappable`` that a tap names
    (``data-tap="HEX"``), ``threats`` tinted red with a dashed edge: one scene (``bot.web.picture``)."""
    layer = position_layer(hexmap, position, counters)
    ox, oy = grid_origin(MapOptions(ornaments=False))
    dy = oy + HEADER
    regions = [Region(_corners(hexmap, h, ox, dy), fill=THREAT, opacity=0.22, stroke=THREAT, stroke_width=0.5,
                      dash="1.2 0.8") for h in sorted(set(threats)) if h in hexmap.cells]
    regions += [Region(_corners(hexmap, h, ox, dy), tap=h) for h in sorted(set(tappable)) if h in hexmap.cells]
    view = None
    hexes = [h for h in crop if h in hexmap.cells]
    if hexes:
        xs, ys = zip(*(hexmap.centre(h) for h in hexes))
        pad = hexmap.layout.flat_mm * 1.3
        x0, x1 = max(min(xs) + ox - pad, 0.0), min(max(xs) + ox + pad, layer.width)
        y0, y1 = max(min(ys) + dy - pad, 0.0), min(max(ys) + dy + pad, layer.height)
        view = (x0, y0, x1 - x0, y1 - y0)
    return page_svg(PagePicture(board_href(board_svg(hexmap)), scene_layer(layer), regions, view))
