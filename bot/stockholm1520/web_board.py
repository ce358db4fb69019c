"""A position drawn for the page, with the painter ``bot show`` uses
(``generator.hexart.position``): the printed board's art once (``board_svg``, served as
``/board.svg`` and kept by the browser), and after every tap only the layer above it (status
line, pieces, arrows, marks), cropped to the playfield, with a tappable polygon on each hex
(``data-tap``) and tints for the hexes a question marks."""

from __future__ import annotations

import re
from typing import Any, Iterable, Mapping

from generator.draw.svg import render_svg
from generator.hexart.board import grid_origin
from generator.hexart.position import HEADER, board_picture, position_layer
from generator.hexmap.counters import CounterSet
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions

from bot.web.view import board_href

#: The hexes the Danes could attack next turn: tinted in this red, with a dashed edge.
THREAT = "#c0281c"

_boards: dict[int, tuple[HexMap, bytes]] = {}


def board_svg(hexmap: HexMap) -> bytes:
    """The board's art as an SVG document (drawn once per map while the server runs)."""
    kept = _boards.get(id(hexmap))
    if kept is None or kept[0] is not hexmap:
        kept = _boards[id(hexmap)] = (hexmap, render_svg(board_picture(hexmap)).encode())
    return kept[1]


def _points(hexmap: HexMap, hex_id: str, dx: float, dy: float) -> str:
    cell = hexmap.cells[hex_id]
    return " ".join(f"{x + dx:.1f},{y + dy:.1f}" for x, y in hexmap.layout.corners(cell.col, cell.row))


def _unsized(svg: str) -> str:
    """The SVG element without its XML header and its width and height (the page sizes it)."""
    svg = re.sub(r"^<\?xml[^>]*>\s*", "", svg)
    head_end = svg.index(">")
    head = re.sub(r'\s(width|height)="[^"]*"', "", svg[:head_end])
    return head + svg[head_end:]


def position_svg(hexmap: HexMap, position: Mapping[str, Any], counters: CounterSet | None, tappable: Iterable[str],
                 threats: Iterable[str] = (), crop: Iterable[str] = ()) -> str:
    """The position over the board picture (``board_href``: its URL keyed by its art), cropped to the hexes of ``crop``
    (all, when empty), a polygon over each hex of ``tappable`` that a tap names
    (``data-tap="HEX"``), ``threats`` tinted red with a dashed edge."""
    layer = position_layer(hexmap, position, counters)
    svg = _unsized(render_svg(layer).strip())
    ox, oy = grid_origin(MapOptions(ornaments=False))
    dy = oy + HEADER
    over = []
    for h in sorted(set(threats)):
        if h in hexmap.cells:
            over.append(f'<polygon points="{_points(hexmap, h, ox, dy)}" fill="{THREAT}" fill-opacity="0.22" '
                        f'stroke="{THREAT}" stroke-width="0.5" stroke-dasharray="1.2 0.8" pointer-events="none"/>')
    for h in sorted(set(tappable)):
        if h in hexmap.cells:
            over.append(f'<polygon data-tap="{h}" points="{_points(hexmap, h, ox, dy)}" fill="#fff" fill-opacity="0"/>')
    under = f'<image href="{board_href(board_svg(hexmap))}" x="0" y="0" width="{layer.width:.2f}" height="{layer.height:.2f}"/>'
    head_end = svg.index(">") + 1
    svg = svg[:head_end] + under + svg[head_end:].replace("</svg>", "<g>" + "".join(over) + "</g></svg>")
    hexes = [h for h in crop if h in hexmap.cells]
    if hexes:
        xs, ys = zip(*(hexmap.centre(h) for h in hexes))
        pad = hexmap.layout.flat_mm * 1.3
        x0, x1 = max(min(xs) + ox - pad, 0.0), min(max(xs) + ox + pad, layer.width)
        y0, y1 = max(min(ys) + dy - pad, 0.0), min(max(ys) + dy + pad, layer.height)
        svg = re.sub(r'viewBox="[^"]*"', f'viewBox="{x0:.1f} {y0:.1f} {x1 - x0:.1f} {y1 - y0:.1f}"', svg, count=1)
    return svg
