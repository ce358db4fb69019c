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
    """Height of the ornament panel below the grid (0 when the map has none)."""
    return PANEL_MM if hexmap.decor.get("panel") == "bottom" else 0.0


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
            r = flat * 0.55 * 1.25
            found.append((name, (x - r, y - r, x + r, y + r)))
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
    x0, y0, x1, y1 = panel_frame(hexmap, options)
    items = _panel_items(hexmap, y1 - y0)

    def regions(at: dict[str, float]) -> tuple[Region, ...]:
        return tuple((name, (at[name], y0 + top, at[name] + w, y0 + bottom)) for name, w, top, bottom in items)

    usual = regions(_usual(items, x0, x1))
    if not any(b[0] - SEAM_CLEAR < s < b[2] + SEAM_CLEAR for _, b in usual for s in seams):
        return usual
    found = _between(items, x0, x1, seams)
    return None if found is None else regions(found)


def places(hexmap: HexMap, options: MapOptions = MapOptions()) -> tuple[Region, ...]:
    """Every ornament's box on the board as the map is usually drawn (no seams)."""
    return hex_places(hexmap, options) + (panel_places(hexmap, (), options) or ())

