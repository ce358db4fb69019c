"""A hex map as a picture: ``draw_map(hexmap) -> Scene``, a pure function of the map data.

Layers, bottom to top: parchment, terrain fills and patterns, shore lines, grid, coasts and
rivers, the game overlay's layer under the features, feature symbols (areas first), its layer
over them, playfield outline, place names, hex ids; then column and row numbers along the
grid's edges, the frame, the overlay's margin art, and the ornaments (legend, cartouche,
compass, scale) where the map's ``decor`` puts them. A game's overlay: generator.hexmap.overlay.
"""

from __future__ import annotations

from dataclasses import dataclass

from generator.draw import fonts
from generator.draw.scene import Scene, Style
from generator.hexmap import features as feat
from generator.hexmap import ornaments as orn
from generator.hexmap import terrain as ter
from generator.hexmap.gameart import game_art
from generator.hexmap.legend import legend_entries
from generator.hexmap.model import HexMap
from generator.hexmap.style import FACE_LABEL, INK
from generator.units import MM_PER_PT


@dataclass(frozen=True)
class MapOptions:
    """What to draw around the hexes."""

    margin_mm: float = 16.0
    hex_ids: bool = True
    ornaments: bool = True
    frame: bool = True
    plain: bool = False          # a designer's blank grid: white paper, black lines, no texture
    coordinates: bool = True     # column numbers above and below the grid, row numbers beside it

    @property
    def band_mm(self) -> float:
        """The strip between the grid and the margin that holds the column and row numbers."""
        return COORDINATE_BAND if self.coordinates else 0.0

    @property
    def outer_mm(self) -> float:
        """Everything between the grid and the board's edge: the numbers' band and the margin."""
        return self.margin_mm + self.band_mm


#: Width of the band of column and row numbers along the grid's edges, in mm.
COORDINATE_BAND = 5.0


def grid_origin(options: MapOptions = MapOptions()) -> tuple[float, float]:
    """Where the grid's top-left corner sits on the board scene."""
    return options.outer_mm, options.outer_mm


def board_size(hexmap: HexMap, options: MapOptions = MapOptions()) -> tuple[float, float]:
    """Width and height of the whole board in mm (grid, margins, ornament panel)."""
    w, h = hexmap.layout.grid_size(hexmap.cols, hexmap.rows)
    panel = panel_height(hexmap) if options.ornaments and not options.plain else 0.0
    return w + 2 * options.outer_mm, h + 2 * options.outer_mm + panel


def draw_board_layers(s: Scene, hexmap: HexMap, options: MapOptions = MapOptions()) -> None:
    """The hexes and everything on them, in grid coordinates (origin at the grid's top-left)."""
    if options.plain:
        ter.draw_fills(s, hexmap)
        ter.draw_grid(s, hexmap, colour="#000000", opacity=1.0)
        ter.draw_hexsides(s, hexmap)
        if options.hex_ids:
            orn.draw_hex_ids(s, hexmap, colour="#000000", halo=False)
        return
    ter.draw_fills(s, hexmap)
    ter.draw_patterns(s, hexmap)
    ter.draw_shore_lines(s, hexmap)
    ter.draw_grid(s, hexmap)
    ter.draw_coast(s, hexmap)
    ter.draw_hexsides(s, hexmap)
    overlay = game_art(hexmap.art).overlay
    overlay.under_features(s, hexmap)
    feat.draw_features(s, hexmap)
    overlay.over_features(s, hexmap)
    ter.draw_playfield_outline(s, hexmap)
    feat.draw_cell_labels(s, hexmap)
    orn.draw_labels(s, hexmap, hexmap.labels)
    if options.hex_ids:
        orn.draw_hex_ids(s, hexmap)


def draw_map(hexmap: HexMap, options: MapOptions = MapOptions()) -> Scene:
    """The full board: parchment, hexes, frame, the game's margin art and ornaments."""
    width, height = board_size(hexmap, options)
    s = Scene(width, height, title=hexmap.title)
    if options.plain:
        s.rect(0, 0, width, height, Style(fill="#ffffff"))
    else:
        orn.draw_parchment(s, width, height)
    ox, oy = grid_origin(options)
    with s.group(translate=(ox, oy)):
        draw_board_layers(s, hexmap, options)
        if options.coordinates:
            draw_coordinates(s, hexmap, options.band_mm, "#000000" if options.plain else INK)
        if options.ornaments and not options.plain:
            draw_ornaments(s, hexmap)
    panel = panel_height(hexmap) if options.ornaments and not options.plain else 0.0
    if panel:
        gw, gh = hexmap.layout.grid_size(hexmap.cols, hexmap.rows)
        py = oy + gh + options.outer_mm
        draw_panel(s, hexmap, ox, py, gw, panel - 6)
    if options.plain:
        s.text(ox, height - options.margin_mm / 2, f"{hexmap.title} · hexes {hexmap.layout.flat_mm:g} mm across the flats",
               face="serif", size_pt=8, fill="#000000")
    elif options.frame:
        orn.draw_frame(s, 2.0, 2.0, width - 4.0, height - 4.0)
        if panel:
            s.line(2.0, height - panel - 4.0, width - 2.0, height - panel - 4.0, Style(stroke=INK, stroke_width=0.6))
        game_art(hexmap.art).overlay.margin(s, hexmap, options)
    check_glyphs(s, hexmap)
    return s


def check_glyphs(s: Scene, hexmap: HexMap) -> None:
    """Refuse text the typefaces cannot draw (it would print as empty boxes)."""
    missing: dict[str, set[str]] = {}
    for item in s.walk_text():
        gaps = fonts.missing_chars(item.text, item.face)
        if gaps:
            missing.setdefault(item.text, set()).update(gaps)
    if missing:
        from generator.errors import BuildError
        lines = [f"{text!r}: no glyph for {' '.join(sorted(chars))}" for text, chars in sorted(missing.items())]
        raise BuildError(f"map {hexmap.id}: text the map's typefaces cannot draw:\n" + "\n".join(lines))


def draw_coordinates(s: Scene, hexmap: HexMap, band: float, colour: str) -> None:
    """Column numbers above and below the grid, row numbers left and right of it (the XX and
    YY of a hex id), so a player finds a hex at a glance. Rows follow the outermost column's
    hexes, which sit half a hex up or down with their column."""
    gw, gh = hexmap.layout.grid_size(hexmap.cols, hexmap.rows)
    pt = 8.0
    cap = pt * MM_PER_PT * 0.7

    def number(x: float, y: float, n: int) -> None:
        s.text(x, y, f"{n:02d}", face=FACE_LABEL, size_pt=pt, fill=colour, anchor="middle")

    for col in range(1, hexmap.cols + 1):
        x, _ = hexmap.layout.centre(col, 1)
        number(x, -(band - cap) / 2, col)
        number(x, gh + (band + cap) / 2, col)
    for row in range(1, hexmap.rows + 1):
        _, left = hexmap.layout.centre(1, row)
        _, right = hexmap.layout.centre(hexmap.cols, row)
        number(-band / 2, left + cap / 2, row)
        number(gw + band / 2, right + cap / 2, row)


PANEL_MM = 74.0
LEGEND_ROW = 7.4


def panel_height(hexmap: HexMap) -> float:
    """Height of the ornament panel below the grid (0 when the map has none)."""
    return PANEL_MM if hexmap.decor.get("panel") == "bottom" else 0.0


def _legend_box(entries: list[orn.LegendEntry], max_h: float | None = None, columns: int = 3) -> tuple[int, float, float, float]:
    """Columns, width, height and column width of a legend that fits its longest label."""
    if max_h is not None:
        rows = max(1, int((max_h - 14) // LEGEND_ROW))
        columns = max(1, -(-len(entries) // rows))
    rows = -(-len(entries) // columns)
    col_w = max(fonts.text_width(e.label, "serif", 7.5 * MM_PER_PT) for e in entries) + 14 if entries else 40.0
    return columns, columns * col_w + 6, rows * LEGEND_ROW + 14, col_w


def draw_ornaments(s: Scene, hexmap: HexMap) -> None:
    """Legend, cartouche, compass and scale at the hexes the map's decor names (grid coordinates)."""
    decor = hexmap.decor
    flat = hexmap.layout.flat_mm
    at = {k: v for k, v in decor.items() if k != "panel" and v not in ("panel",)}
    if "compass" in at:
        x, y = hexmap.centre(at["compass"])
        orn.draw_compass(s, x, y, flat * 0.55)
    if "legend" in at:
        entries = legend_entries(hexmap)
        columns, w, h, col_w = _legend_box(entries)
        x, y = hexmap.centre(at["legend"])
        orn.draw_legend(s, x - w / 2, y - h / 2, entries, columns, col_w=col_w, row_h=LEGEND_ROW)
    if "cartouche" in at:
        x, y = hexmap.centre(at["cartouche"])
        orn.draw_cartouche(s, x, y, 104, 48, hexmap.title, hexmap.subtitle, _map_note(hexmap),
                           hexmap.notes)
    if "scale" in at:
        x, y = hexmap.centre(at["scale"])
        orn.draw_scale(s, hexmap, x - 50, y)


def _map_note(hexmap: HexMap) -> str:
    return f"Hexes {hexmap.layout.flat_mm:g} mm across the flats · {hexmap.cols} × {hexmap.rows} hexes"


def draw_panel(s: Scene, hexmap: HexMap, x: float, y: float, w: float, h: float) -> None:
    """Ornaments set side by side in the panel below the map: cartouche, legend, compass, scale."""
    wanted = [k for k in ("cartouche", "legend", "compass", "scale") if hexmap.decor.get(k) == "panel"]
    gap = 6.0
    cursor = x
    if "cartouche" in wanted:
        orn.draw_cartouche(s, cursor + 52, y + h / 2, 100, h - 12, hexmap.title, hexmap.subtitle, _map_note(hexmap),
                           hexmap.notes)
        cursor += 104 + gap
    right = x + w
    if "scale" in wanted:
        sw = max(4 * hexmap.layout.flat_mm, 100.0) + 12
        orn.draw_scale(s, hexmap, right - sw + 6, y + h - 24, hexes=4)
        right -= sw + gap
    if "compass" in wanted:
        # beside the scale, not above it: the panel is too low for both stacked
        orn.draw_compass(s, right - 22, y + h / 2, 16)
        right -= 44 + gap
    if "legend" in wanted:
        entries = legend_entries(hexmap)
        columns, lw, lh, col_w = _legend_box(entries, max_h=h - 4)
        room = right - cursor
        orn.draw_legend(s, cursor + (room - lw) / 2, y + (h - lh) / 2, entries, columns, col_w=col_w, row_h=LEGEND_ROW)
