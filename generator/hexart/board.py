"""A hex map as a picture: ``draw_map(hexmap) -> Scene``, a pure function of the map data.

Layers, bottom to top: parchment, terrain fills and patterns, shore lines, grid, coasts and
rivers, the game overlay's layer under the features, feature symbols (areas first), its layer
over them, playfield outline, place names, hex ids; then column and row numbers along the
grid's edges, the frame, the overlay's margin art, and the ornaments (legend, cartouche,
compass, scale) where the map's ``decor`` puts them. A game's overlay: generator.hexmap.overlay.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from generator.core.units import MM_PER_PT
from generator.draw import fonts
from generator.draw.scene import Scene, Style
from generator.hexart import features as feat
from generator.hexart import ornaments as orn
from generator.hexart import terrain as ter
from generator.hexart.legend import legend_entries
from generator.hexart.places import (CARTOUCHE_W, hex_places, LEGEND_ROW, PANEL_MM, compass_at, hidden_ids, legend_box, ornament_problems,
                                     panel_frame, panel_height, panel_places)
from generator.hexart.style import FACE_LABEL, INK
from generator.hexmap.gameart import game_art
from generator.hexmap.model import HexMap
from generator.hexmap.options import COORDINATE_BAND, MapOptions
from generator.printing.tiling import Region
from generator.kit.language import words


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
    feat.draw_features(s, hexmap, rim=True)        # an exit's band over the outline, never under it
    feat.draw_cell_labels(s, hexmap)
    orn.draw_labels(s, hexmap, hexmap.labels)
    if options.hex_ids:
        orn.draw_hex_ids(s, hexmap, hidden=hidden_ids(hexmap, options))


def draw_map(hexmap: HexMap, options: MapOptions = MapOptions(), panel: Sequence[Region] | None = None) -> Scene:
    """The full board: parchment, hexes, frame, the game's margin art and ornaments.
    ``panel``: where the panel's ornaments go (``generator.hexart.places``; by default their
    usual places), e.g. set between the seams of a tiled board."""
    refuse_unplaced(hexmap, options)
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
    room = panel_height(hexmap) if options.ornaments and not options.plain else 0.0
    if room:
        _, py, _, bottom = panel_frame(hexmap, options)
        draw_panel(s, hexmap, py, bottom - py, panel_places(hexmap, (), options) or () if panel is None else panel)
    if options.plain:
        s.text(ox, height - options.margin_mm / 2, words("{title} · hexes {size} mm across the flats", title=hexmap.title, size=f"{hexmap.layout.flat_mm:g}"),
               face="serif", size_pt=8, fill="#000000")
    elif options.frame:
        orn.draw_frame(s, 2.0, 2.0, width - 4.0, height - 4.0)
        if room:
            s.line(2.0, height - room - 4.0, width - 2.0, height - room - 4.0, Style(stroke=INK, stroke_width=0.6))
        game_art(hexmap.art).overlay.margin(s, hexmap, options)
    check_glyphs(s, hexmap)
    return s


def refuse_unplaced(hexmap: HexMap, options: MapOptions = MapOptions()) -> None:
    """Refuse a map whose ornaments cannot be set as a set (DataError naming the ornament to
    move and its ``decor`` entry): drawn, they would lie over one another or off the map."""
    problems = ornament_problems(hexmap, options) + _over_words(hexmap, options)
    if problems:
        from generator.core.errors import DataError, Problem
        from generator.kit.datafiles import display_path

        where = display_path(hexmap.source) if hexmap.source is not None else f"map {hexmap.id}"
        raise DataError([Problem(where, why, field=f"decor.{name}") for name, why in problems])


def _over_words(hexmap: HexMap, options: MapOptions) -> list[tuple[str, str]]:
    """An ornament set at a hex that lies over a word or symbol of the map (a place's name, a
    feature's symbol), found from the map's drawing: (the ornament, why)."""
    on_grid = hex_places(hexmap, options)
    if not on_grid:
        return []
    from generator.draw.read import readables

    s = Scene(*board_size(hexmap, options))
    with s.group(translate=grid_origin(options)):
        draw_board_layers(s, hexmap, replace(options, hex_ids=False))
    found = readables(s.items)
    problems = []
    for name, (x0, y0, x1, y1) in on_grid:
        under = [r.what for r in found if r.box[0] < x1 and x0 < r.box[2] and r.box[1] < y1 and y0 < r.box[3]]
        if under:
            more = f" and {len(under) - 3} more" if len(under) > 3 else ""
            problems.append((name, f"the {name} at {hexmap.decor[name]} lies over the {', '.join(under[:3])}{more}: "
                                   f"move it to a hex clear of them, or to the panel (decor: {name}: panel)"))
    return problems


def check_glyphs(s: Scene, hexmap: HexMap) -> None:
    """Refuse text the typefaces cannot draw (it would print as empty boxes)."""
    from generator.draw.glyphs import GlyphGap, gaps

    found = gaps([s])
    if found:
        raise GlyphGap(found, f"map {hexmap.id}")


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


def draw_ornaments(s: Scene, hexmap: HexMap) -> None:
    """Legend, cartouche, compass and scale at the hexes the map's decor names (grid coordinates)."""
    decor = hexmap.decor
    flat = hexmap.layout.flat_mm
    at = {k: v for k, v in decor.items() if k != "panel" and v not in ("panel",)}
    if "compass" in at:
        # between its hex's id and the id of the hex below: never over a hex number
        orn.draw_compass(s, *compass_at(hexmap, *hexmap.centre(at["compass"])))
    if "legend" in at:
        entries = legend_entries(hexmap)
        columns, w, h, col_w = legend_box(hexmap)
        x, y = hexmap.centre(at["legend"])
        orn.draw_legend(s, x - w / 2, y - h / 2, entries, columns, col_w=col_w, row_h=LEGEND_ROW)
    if "cartouche" in at:
        x, y = hexmap.centre(at["cartouche"])
        orn.draw_cartouche(s, x, y, 104, 48, _title(hexmap), hexmap.subtitle, _map_note(hexmap),
                           hexmap.notes)
    if "scale" in at:
        x, y = hexmap.centre(at["scale"])
        orn.draw_scale(s, hexmap, x - 50, y)


def _title(hexmap: HexMap) -> str:
    """The map's title as its cartouche sets it: with the designed mark when the map says its
    geography is ours (``designed: "title: why"``)."""
    from generator.kit.designed import DesignedError, designed_fields

    try:
        ours = "title" in designed_fields(hexmap.designed)
    except DesignedError:
        ours = False        # refused when the map is read (generator.hexmap.checks)
    return hexmap.title + (":designed:" if ours else "")


def _map_note(hexmap: HexMap) -> str:
    return words("Hexes {size} mm across the flats · {cols} × {rows} hexes", size=f"{hexmap.layout.flat_mm:g}",
                 cols=hexmap.cols, rows=hexmap.rows)


PANEL_DRAWN = ("cartouche", "scale", "compass", "legend")


def draw_panel(s: Scene, hexmap: HexMap, top: float, _: float, placed: Sequence[Region]) -> None:
    """The ornaments of the panel below the map (top ``top``), each in its box
    (``generator.hexart.places``) on its row of the panel: cartouche, legend, compass, scale."""
    h = PANEL_MM - 6
    for name, (x0, y0, x1, y1) in sorted(placed, key=lambda region: PANEL_DRAWN.index(region[0])):
        y = top + ((y0 - top) // PANEL_MM) * PANEL_MM         # the top of its row
        if name == "cartouche":
            orn.draw_cartouche(s, (x0 + x1) / 2, y + h / 2, CARTOUCHE_W - 6, h - 12, _title(hexmap), hexmap.subtitle,
                               _map_note(hexmap), hexmap.notes)
        elif name == "scale":
            orn.draw_scale(s, hexmap, x0 + 6, y + h - 24, hexes=4)
        elif name == "compass":
            # beside the scale, not above it: the panel is too low for both stacked
            orn.draw_compass(s, (x0 + x1) / 2, y + h / 2, 16)
        elif name == "legend":
            columns, lw, lh, col_w = legend_box(hexmap, max_h=h - 4)
            orn.draw_legend(s, x0, y + (h - lh) / 2, legend_entries(hexmap), columns, col_w=col_w, row_h=LEGEND_ROW)
