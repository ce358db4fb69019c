"""Where a map's ornaments go: the legend, the cartouche (the map's title), the compass and
the scale, as boxes on the board (mm from its top-left), at the hexes the map's ``decor``
names or side by side in the panel below the grid.

The painter draws each ornament in its box; the tiler keeps every box whole (no seam of a
tiled board crosses one). The panel's ornaments may move: ``panel_places`` sets them
between the seams of a tiling when the usual arrangement would put a seam through one.
"""

from __future__ import annotations

from itertools import permutations
from typing import Sequence

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.hexart.legend import legend_entries
from generator.hexart.ornaments import COMPASS_PLATE, HEX_ID_FACE, hex_id_clearance, hex_id_size
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions
from generator.printing.tiling import SEAM_CLEAR, Region

Box = tuple[float, float, float, float]        # x0, y0, x1, y1

PANEL_MM = 74.0
PANEL_GAP = 6.0         # between ornaments side by side in the panel
LEGEND_ROW = 7.4
CARTOUCHE_W = 106.0     # the panel's title: 100 mm and its scrolled ends
COMPASS_W = 44.0        # the panel's compass rose and the parchment disc under it
ORDER = ("cartouche", "legend", "compass", "scale")


def panel_height(hexmap: HexMap) -> float:
    """Height of the ornament panel below the grid (0 when the map has none): a row of
    ``PANEL_MM`` for as many rows as its ornaments take side by side across the grid's width
    (a narrow map stacks them rather than laying one over another)."""
    if hexmap.decor.get("panel") != "bottom":
        return 0.0
    return PANEL_MM * max(1, len(_rows(_panel_items(hexmap, PANEL_MM - 6), _panel_width(hexmap))))


def _panel_width(hexmap: HexMap) -> float:
    return hexmap.layout.grid_size(hexmap.cols, hexmap.rows)[0]


def _rows(items: list[tuple[str, float, float, float]], width: float) -> list[list[tuple[str, float, float, float]]]:
    """The panel's ornaments in rows, in their usual order, as many a row as fit side by side
    (an ornament wider than the panel has a row of its own: ``ornament_problems`` names it)."""
    rows: list[list[tuple[str, float, float, float]]] = []
    used = 0.0
    for item in items:
        if rows and used + PANEL_GAP + item[1] <= width + 1e-9:
            rows[-1].append(item)
            used += PANEL_GAP + item[1]
        else:
            rows.append([item])
            used = item[1]
    return rows


def legend_box(hexmap: HexMap, max_h: float | None = None, columns: int = 3) -> tuple[int, float, float, float]:
    """Columns, width, height and column width of a legend that fits its longest label."""
    entries = legend_entries(hexmap)
    if max_h is not None:
        rows = max(1, int((max_h - 14) // LEGEND_ROW))
        columns = max(1, -(-len(entries) // rows))
    rows = -(-len(entries) // columns)
    col_w = max(fonts.text_width(e.label, "serif", 7.5 * MM_PER_PT) for e in entries) + 14 if entries else 40.0
    return columns, columns * col_w + 6, rows * LEGEND_ROW + 14, col_w


def scale_width(hexmap: HexMap, hexes: int) -> float:
    """The scale bar's box: ``hexes`` hexes or the 100 mm ruler, whichever is longer."""
    return max(hexes * hexmap.layout.flat_mm, 100.0) + 12


def panel_frame(hexmap: HexMap, options: MapOptions = MapOptions()) -> Box:
    """The panel's room for ornaments on the board."""
    gw, gh = hexmap.layout.grid_size(hexmap.cols, hexmap.rows)
    x, y = options.outer_mm, 2 * options.outer_mm + gh
    return x, y, x + gw, y + panel_height(hexmap) - 6


def hex_places(hexmap: HexMap, options: MapOptions = MapOptions()) -> tuple[Region, ...]:
    """The ornaments set at hexes, each centred on its hex."""
    if not options.ornaments or options.plain:
        return ()
    ox, oy = options.outer_mm, options.outer_mm
    flat = hexmap.layout.flat_mm
    found: list[Region] = []
    for name in ORDER:
        at = hexmap.decor.get(name)
        if at is None or at == "panel":
            continue
        cx, cy = hexmap.centre(at)
        x, y = cx + ox, cy + oy
        if name == "compass":
            cx, cy, radius = compass_at(hexmap, x, y)
            r = radius * COMPASS_PLATE
            found.append((name, (cx - r, cy - r, cx + r, cy + r)))
        elif name == "legend":
            _, w, h, _ = legend_box(hexmap)
            found.append((name, (x - w / 2, y - h / 2, x + w / 2, y + h / 2)))
        elif name == "cartouche":
            found.append((name, (x - 55, y - 27, x + 55, y + 27)))
        else:
            found.append((name, (x - 56, y - 11, x - 56 + scale_width(hexmap, 5), y + 16)))
    return tuple(found)


def _panel_items(hexmap: HexMap, h: float) -> list[tuple[str, float, float, float]]:
    """The panel's ornaments in their usual order: name, width, and their top and bottom
    from the panel's top."""
    wanted = [k for k in ORDER if hexmap.decor.get(k) == "panel"]
    items = []
    for name in wanted:
        if name == "cartouche":
            items.append((name, CARTOUCHE_W, 3.0, h - 3.0))
        elif name == "legend":
            _, lw, lh, _ = legend_box(hexmap, max_h=h - 4)
            items.append((name, lw, (h - lh) / 2, (h + lh) / 2))
        elif name == "compass":
            items.append((name, COMPASS_W, h / 2 - 20, h / 2 + 20))
        else:
            items.append((name, scale_width(hexmap, 4), h - 35, h - 8))
    return items


def _usual(items: list[tuple[str, float, float, float]], x0: float, x1: float) -> dict[str, float]:
    """Where each ornament starts in the usual panel: the title at the left, the scale at the
    right with the compass beside it, the legend centred in the room between."""
    at: dict[str, float] = {}
    widths = {name: w for name, w, _, _ in items}
    cursor, right = x0, x1
    if "cartouche" in widths:
        at["cartouche"] = cursor - 1
        cursor += CARTOUCHE_W - 2 + PANEL_GAP
    if "scale" in widths:
        at["scale"] = right - widths["scale"]
        right -= widths["scale"] + PANEL_GAP
    if "compass" in widths:
        at["compass"] = right - COMPASS_W
        right -= COMPASS_W + PANEL_GAP
    if "legend" in widths:
        at["legend"] = cursor + (right - cursor - widths["legend"]) / 2
    return at


def _between(items: list[tuple[str, float, float, float]], x0: float, x1: float,
             seams: Sequence[float]) -> dict[str, float] | None:
    """The ornaments set in the spans between the seams, in the usual order if they fit so,
    else in the first order that fits, each span's ornaments spread evenly across it."""
    cuts = sorted(s for s in seams if x0 < s < x1)
    spans = list(zip([x0, *(s + SEAM_CLEAR for s in cuts)], [*(s - SEAM_CLEAR for s in cuts), x1]))
    for order in permutations(items):
        groups: list[list[tuple[str, float]]] = [[] for _ in spans]
        span, used = 0, 0.0
        for name, w, _, _ in order:
            while span < len(spans) and used + w > spans[span][1] - spans[span][0] + 1e-9:
                span, used = span + 1, 0.0
            if span == len(spans):
                break
            groups[span].append((name, w))
            used += w + PANEL_GAP
        else:
            at: dict[str, float] = {}
            for (a, b), group in zip(spans, groups):
                space = (b - a - sum(w for _, w in group)) / (len(group) + 1)
                cursor = a + space
                for name, w in group:
                    at[name] = cursor
                    cursor += w + space
            return at
    return None


def panel_places(hexmap: HexMap, seams: Sequence[float] = (), options: MapOptions = MapOptions()
                 ) -> tuple[Region, ...] | None:
    """The panel's ornaments: the usual arrangement when no seam (x, on the board) crosses
    it, else one set between the seams; None when they cannot all be set between them."""
    if not options.ornaments or options.plain or not panel_height(hexmap):
        return ()
    x0, y0, x1, _ = panel_frame(hexmap, options)
    placed: list[Region] = []
    for row, items in enumerate(_rows(_panel_items(hexmap, PANEL_MM - 6), x1 - x0)):
        top = y0 + row * PANEL_MM

        def regions(at: dict[str, float]) -> tuple[Region, ...]:
            return tuple((name, (at[name], top + t, at[name] + w, top + b)) for name, w, t, b in items)

        usual = regions(_usual(items, x0, x1))
        if _apart(usual, x0, x1) and not any(b[0] - SEAM_CLEAR < s < b[2] + SEAM_CLEAR for _, b in usual for s in seams):
            placed.extend(usual)
            continue
        found = _between(items, x0, x1, seams)
        if found is None:
            return None
        placed.extend(regions(found))
    return tuple(placed)


def _apart(regions: Sequence[Region], x0: float, x1: float) -> bool:
    """Whether the panel's ornaments lie within it, none over another (a narrow map's usual
    arrangement would lay the legend over the title and the scale)."""
    boxes = [b for _, b in regions]
    inside = all(x0 - 1.0 - 1e-6 <= b[0] and b[2] <= x1 + 1e-6 for b in boxes)
    return inside and not any(_meets(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:])


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def compass_at(hexmap: HexMap, x: float, y: float) -> tuple[float, float, float]:
    """A compass set at a hex centred on (x, y): its centre and the radius of its rose, so that
    its plate lies between its hex's id and the id of the hex below (never over a hex number)."""
    flat = hexmap.layout.flat_mm
    clear = hex_id_clearance(flat)
    room = (flat - clear) / 2 - 0.5
    return x, y + clear / 2, min(flat * 0.55, room / COMPASS_PLATE)


def id_box(hexmap: HexMap, hid: str, ox: float = 0.0, oy: float = 0.0) -> Box:
    """Where a hex's id and its plate are drawn (``generator.hexart.ornaments.draw_hex_ids``)."""
    flat = hexmap.layout.flat_mm
    size = hex_id_size(flat) * MM_PER_PT
    w = fonts.text_width("0000", HEX_ID_FACE, size) + 1.4
    x, y = hexmap.centre(hid)
    top = y - flat / 2 + 0.7 - 0.35
    return x + ox - w / 2, top + oy, x + ox + w / 2, top + oy + size * 0.72 + 0.8


def hidden_ids(hexmap: HexMap, options: MapOptions = MapOptions()) -> set[str]:
    """The hexes whose ids an ornament set on the grid lies over: they are its hexes, and
    their ids are not drawn (a number half under a legend is read by no one)."""
    boxes = [b for _, b in hex_places(hexmap, options)]
    ox, oy = options.outer_mm, options.outer_mm
    return {hid for hid in hexmap.cells if any(_meets(id_box(hexmap, hid, ox, oy), b) for b in boxes)}


def ornament_problems(hexmap: HexMap, options: MapOptions = MapOptions()) -> list[tuple[str, str]]:
    """What keeps the ornaments from being set as a set, as (the ornament to move, why): one
    set on the grid that runs past the grid's edge or lies over another, a panel too narrow for
    its ornaments side by side (the last that does not fit is named)."""
    if not options.ornaments or options.plain:
        return []
    problems: list[tuple[str, str]] = []
    gw, gh = hexmap.layout.grid_size(hexmap.cols, hexmap.rows)
    ox, oy = options.outer_mm, options.outer_mm
    on_grid = hex_places(hexmap, options)
    for i, (name, (x0, y0, x1, y1)) in enumerate(on_grid):
        at = hexmap.decor[name]
        if x0 < ox - 1e-6 or y0 < oy - 1e-6 or x1 > ox + gw + 1e-6 or y1 > oy + gh + 1e-6:
            problems.append((name, f"the {name} at {at} runs past the map's edge ({x1 - x0:.0f} x {y1 - y0:.0f} mm): "
                                   f"move it to a hex further in, or to the panel (decor: {name}: panel)"))
        for other, box in on_grid[i + 1:]:
            if _meets((x0, y0, x1, y1), box):
                problems.append((other, f"the {other} at {hexmap.decor[other]} lies over the {name} at {at}: "
                                        f"move the {other} to another hex, or to the panel (decor: {other}: panel)"))
    if panel_height(hexmap):
        px0, _, px1, _ = panel_frame(hexmap, options)
        for name, w, _, _ in _panel_items(hexmap, PANEL_MM - 6):
            if w > px1 - px0 + 1.0 + 1e-9:
                problems.append((name, f"the panel below the grid is {px1 - px0:.0f} mm wide and the {name} needs "
                                       f"{w:.0f} mm: move the {name} to a hex (decor: {name}: a hex id) or leave it out"))
    return problems


def places(hexmap: HexMap, options: MapOptions = MapOptions()) -> tuple[Region, ...]:
    """Every ornament's box on the board as the map is usually drawn (no seams)."""
    return hex_places(hexmap, options) + (panel_places(hexmap, (), options) or ())

