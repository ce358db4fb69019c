"""A game position drawn on its board: ``position_scene(hexmap, position) -> Scene``.

The position is JSON (see docs/map-format.md, "Positions"): a list of units per side (each
``{"id", "type", "hex"}``, drawn as the side's counters in their hexes), ``round``, ``turn``,
``result``, arrows for ``last_moves`` (numbered in their order) and ``highlight`` marks
(``{"hex", "label", "kind"}``: ``reach`` a space a unit may move to, ``target`` a unit it may
attack, ``note`` anything else). What else a game keeps in its positions (a meter,
a state of the board) its code draws (``generator.hexmap.gameart.PositionArt``). It is drawn
over the same board the players print, with the counters of the game's counters file.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Protocol, Sequence

from generator.core.errors import DataError, Problem
from generator.core.units import MM_PER_INCH, MM_PER_PT
from generator.draw import fonts
from generator.draw.scene import Item, Scene, Style
from generator.hexart import symbols as sym
from generator.hexart.board import board_size, draw_map, grid_origin
from generator.hexmap.position_check import off_the_map, unit_lists
from generator.hexart.counters import draw_face
from generator.hexart.features import hex_ring, road_commands
from generator.hexart.style import FACE_BOLD, FACE_TITLE, PALETTE, PARCHMENT
from generator.hexmap.counterlook import CounterLook, Face
from generator.hexmap.counters import CounterSet
from generator.hexmap.gameart import Piece, UnitNote, game_art
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions

if TYPE_CHECKING:
    from PIL import Image

    from generator.draw.svg import SvgPart

HEADER = 16.0
Position = Mapping[str, Any]


def _check(hexmap: HexMap, position: Position) -> list[Problem]:
    return off_the_map(hexmap.cells, position, f"map {hexmap.id}") + game_art(hexmap.art).position.problems(hexmap, position)


def position_scene(hexmap: HexMap, position: Position, counters: CounterSet | None = None,
                   crop: bool = False) -> Scene:
    """Picture of ``position`` on ``hexmap`` with the faces of ``counters`` (plain faces sized
    to the hexes without): the board without its ornament panel, a status line above, the
    pieces on top; ``crop``: only the part of the board where the action is (``action_area``).
    DataError when the position names hexes the map does not have."""
    layer = position_layer(hexmap, position, counters)          # checks the position first
    whole = _whole_position(board_picture(hexmap), layer)
    area = action_area(hexmap, position) if crop else None
    return whole if area is None else _cropped(whole, _kept_area(whole, area), hexmap, position)


#: Hexes of board shown around the action in a cropped picture.
CROP_MARGIN_HEXES = 2.0


def action_area(hexmap: HexMap, position: Position) -> tuple[float, float, float, float] | None:
    """Where the action is, as (x0, y0, x1, y1) mm on the board's picture: the hexes of the
    last moves and of the highlight marks (else of every unit), with a margin of
    ``CROP_MARGIN_HEXES`` hexes. None when the position has nothing on the board."""
    hexes = [h for path in position.get("last_moves") or [] for h in path]
    hexes += [mark["hex"] for mark in position.get("highlight") or []]
    if not hexes:
        hexes = [unit["hex"] for units in unit_lists(position).values() for unit in units]
    if not hexes:
        return None
    ox, oy = grid_origin(MapOptions(ornaments=False))
    centres = [hexmap.centre(h) for h in hexes]
    reach = hexmap.layout.flat_mm * (CROP_MARGIN_HEXES + 0.6)
    return (ox + min(x for x, _ in centres) - reach, oy + HEADER + min(y for _, y in centres) - reach,
            ox + max(x for x, _ in centres) + reach, oy + HEADER + max(y for _, y in centres) + reach)


def _kept_area(whole: Scene, area: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    """``area`` kept on the board's picture (``whole``, or the board or the position's layer
    alone: the same size), below the status line: (x0, y0, x1, y1) mm."""
    return max(0.0, area[0]), max(HEADER, area[1]), min(whole.width, area[2]), min(whole.height, area[3])


def _cropped(whole: Scene, area: tuple[float, float, float, float], hexmap: HexMap, position: Position,
             ground: bool = True) -> Scene:
    """The part ``area`` of the whole picture (``_kept_area``), under a status line of its
    own; only the items that show there are drawn (printing.tiling.cull). ``ground``: on the
    board's parchment (else transparent, a layer over the board's picture)."""
    from generator.printing.tiling import cull

    return _crop_of(cull(whole.items, area), area, whole.title, (hexmap, position), ground)


def _crop_of(inside: Sequence[Item], area: tuple[float, float, float, float], title: str,
             header: tuple[HexMap, Position] | None, ground: bool = True) -> Scene:
    """``_cropped``'s scene of the items ``inside`` (already culled to ``area``); ``header``:
    the map and position of its status line (None: none)."""
    from generator.draw.scene import rect_commands

    x0, y0, x1, y1 = area
    s = Scene(x1 - x0, y1 - y0 + HEADER, title=title)
    if ground:
        s.rect(0, 0, s.width, s.height, Style(fill=PARCHMENT))
    with s.group(translate=(-x0, HEADER - y0), clip=rect_commands(x0, y0, x1 - x0, y1 - y0)):
        for item in inside:
            s.add(item)
    if header is not None:
        _header(s, *header)
    return s


#: The name of the group standing for the board's items in a cropped picture whose SVG takes
#: the board's part kept (``board_svg_part``).
BOARD_PART = "board"


def board_svg_part(board: Scene, area: tuple[float, float, float, float]) -> "SvgPart":
    """The SVG text of the board's items in a picture cropped to ``area`` (``_cropped``), to
    write in each such picture (``BoardCache.svg_part``): the board's part of its SVG does not
    change between positions cropped alike."""
    from generator.draw.scene import GroupItem
    from generator.draw.svg import svg_parts
    from generator.printing.tiling import cull

    scene = _crop_of([GroupItem(tuple(cull(board.items, area)), name=BOARD_PART)], area, board.title, None)
    return svg_parts(scene, [BOARD_PART])[1][BOARD_PART]


def _cropped_svg(layer: Scene, area: tuple[float, float, float, float], hexmap: HexMap,
                 position: Position, board_cache: "BoardCache") -> str:
    """``render_svg(_cropped(whole, area, ...))`` with the board's part kept (the same text):
    only the position's items are culled and written (the board's scene is read only when
    the part kept meets other ids: then the whole picture is written anew)."""
    from generator.draw.scene import GroupItem
    from generator.draw.svg import SvgPartMismatch, render_svg
    from generator.printing.tiling import cull

    scene = _crop_of([GroupItem((), name=BOARD_PART), *cull(layer.items, area)], area, layer.title, (hexmap, position))
    try:
        return render_svg(scene, {BOARD_PART: board_cache.svg_part(hexmap, area)})
    except SvgPartMismatch:
        return render_svg(_cropped(_whole_position(board_cache.picture(hexmap), layer), area, hexmap, position))


def _whole_position(board: Scene, layer: Scene) -> Scene:
    """``layer`` (``position_layer``) over ``board`` (``board_picture``), in one scene."""
    s = Scene(board.width, board.height, title=layer.title)
    for item in board.items:
        s.add(item)
    for item in layer.items:
        s.add(item)
    return s


#: How each kind of highlight mark looks: fill of the hex (under the pieces), ring and label
#: colour (over them).
HIGHLIGHT = {"reach": ("#3f7fbf", "#1f4f80"), "target": (None, "#b0201c"), "note": ("#d9a400", "#6b5200")}


def _highlights(s: Scene, hexmap: HexMap, marks: list[dict[str, Any]], under: bool) -> None:
    """Hexes marked for a question (where a unit may go, what it may attack): a tinted hex
    under the pieces, a ring and a label over them (at the hex's top, clear of a counter)."""
    flat = hexmap.layout.flat_mm
    for mark in marks:
        fill, ink = HIGHLIGHT.get(str(mark.get("kind", "note")), HIGHLIGHT["note"])
        hex_id = mark["hex"]
        cell = hexmap.cells[hex_id]
        x, y = hexmap.centre(hex_id)
        if under:
            if fill:
                s.polygon(hexmap.layout.corners(cell.col, cell.row), Style(fill=fill, opacity=0.28))
            continue
        hex_ring(s, hexmap, hex_id, ink, 0.9, 0.9)
        label = str(mark.get("label") or "")
        if label:
            pt = 7.0
            w = fonts.text_width(label, FACE_BOLD, pt * MM_PER_PT) + 2.0
            s.rect(x - w / 2, y - flat * 0.5 + 0.6, w, 3.4, Style(fill="#fffdf6", stroke=ink, stroke_width=0.3), radius=1.0)
            s.text(x, y - flat * 0.5 + 3.2, label, face=FACE_BOLD, size_pt=pt, fill=ink, anchor="middle")


class BoardCache(Protocol):
    """The board's art kept between runs (a bot's board cache): a position's picture then draws
    only its pieces, marks and arrows over a board drawn and rasterised once."""

    def picture(self, hexmap: HexMap) -> Scene:
        """``board_picture(hexmap)``."""

    def raster(self, hexmap: HexMap, dpi: float, box: tuple[int, int, int, int] | None = None) -> "Image.Image":
        """``board_image(board_picture(hexmap), dpi)``; ``box``: only its part in the box
        (left, top, right, bottom pixels), cut to the raster."""

    def svg_part(self, hexmap: HexMap, area: tuple[float, float, float, float]) -> "SvgPart":
        """``board_svg_part(board_picture(hexmap), area)``."""


def write_position(hexmap: HexMap, position: Position, out: Path, dpi: float = 100.0,
                   counters: CounterSet | None = None, crop: bool = False,
                   board_cache: BoardCache | None = None) -> list[Path]:
    """The position's SVG (``out``, made .svg) and a PNG beside it, written atomically;
    ``crop``: where the action is (see ``position_scene``); ``board_cache``: the board's scene
    is the one kept, and a cropped PNG is the position's layer drawn over the board's raster
    kept (the same pixels), else the whole scene rasterised."""
    from generator.core.atomic import write_all
    from generator.draw.png import png_bytes, render_png, screen_colours
    from generator.draw.svg import render_svg

    layer = position_layer(hexmap, position, counters)          # checks the position first
    area = action_area(hexmap, position) if crop else None
    if area is not None:
        area = _on_pixels(_kept_area(layer, area), dpi)             # the layer is the board's size
    svg_path = Path(out).with_suffix(".svg")
    if board_cache is None or area is None:
        board = board_picture(hexmap) if board_cache is None else board_cache.picture(hexmap)
        whole = _whole_position(board, layer)
        scene = whole if area is None else _cropped(whole, area, hexmap, position)
        svg, png = render_svg(scene), render_png(scene, dpi=dpi, screen=True)
    else:
        svg = _cropped_svg(layer, area, hexmap, position, board_cache)
        png = png_bytes(screen_colours(_layered_image(layer, area, hexmap, position, dpi, board_cache)), dpi)
    return write_all({svg_path: svg, svg_path.with_suffix(".png"): png})


def _whole_pixels(length: float, pixel: float) -> float:
    """``length`` rounded up to whole pixels (a hair under one is one)."""
    return math.ceil(length / pixel - 1e-6) * pixel


def _on_pixels(area: tuple[float, float, float, float], dpi: float) -> tuple[float, float, float, float]:
    """``area`` widened (by under a pixel) to the board picture's pixel grid at ``dpi``, its
    picture (under a status line) whole pixels wide and high: the cropped picture's pixels are
    then the whole board's, which ``_layered_image`` copies from ``board_image``."""
    pixel = MM_PER_INCH / dpi
    x0, y0 = math.floor(area[0] / pixel) * pixel, HEADER + math.floor((area[1] - HEADER) / pixel) * pixel
    return x0, y0, x0 + _whole_pixels(area[2] - x0, pixel), y0 - HEADER + _whole_pixels(area[3] - y0 + HEADER, pixel)


def board_image(board: Scene, dpi: float) -> "Image.Image":
    """``board`` (``board_picture``) as an RGB image at ``dpi``, widened with parchment to whole
    pixels (exactly ``dpi``: the pixels of a picture cropped ``_on_pixels``)."""
    from generator.draw.png import render_image

    pixel = MM_PER_INCH / dpi
    s = Scene(_whole_pixels(board.width, pixel), _whole_pixels(board.height, pixel), title=board.title)
    s.rect(0, 0, s.width, s.height, Style(fill=PARCHMENT))
    for item in board.items:
        s.add(item)
    return render_image(s, dpi).convert("RGB")


def _layered_image(layer: Scene, area: tuple[float, float, float, float], hexmap: HexMap,
                   position: Position, dpi: float, board_cache: BoardCache) -> "Image.Image":
    """The position's picture cropped to ``area`` (``_on_pixels``) as ``render_image`` draws it,
    from the board's raster kept (``board_image``) with the position's layer (transparent but for its
    pieces, marks and status line) rasterised over it."""
    from PIL import Image

    from generator.draw.png import render_image

    top = render_image(_cropped(layer, area, hexmap, position, ground=False), dpi)
    pixels_per_mm = dpi / MM_PER_INCH
    left, first = round(area[0] * pixels_per_mm), round((area[1] - HEADER) * pixels_per_mm)
    board = board_cache.raster(hexmap, dpi, (left, first, left + top.width, first + top.height))
    if board.size != top.size:                      # the crop runs past the board: parchment there
        picture = Image.new("RGB", top.size, PARCHMENT)
        picture.paste(board, (max(0, -left), max(0, -first)))
        board = picture
    picture = board.convert("RGBA")
    picture.alpha_composite(top.convert("RGBA"))
    return picture.convert("RGB")


def _header(s: Scene, hexmap: HexMap, position: Position) -> None:
    parts = [hexmap.title]
    if position.get("round") is not None:
        parts.append(f"Round {position['round']}" + (f", turn {position['turn']}" if position.get("turn") else ""))
    parts += game_art(hexmap.art).position.status(hexmap, position)
    if position.get("result"):
        parts.append(f"Result: {position['result']}")
    s.rect(0, 0, s.width, HEADER, Style(fill="#4a3422"))
    text = "  ·  ".join(parts)
    pt = 13.0
    while pt > 6 and fonts.text_width(text, FACE_TITLE, pt * MM_PER_PT) > s.width - 12:
        pt -= 0.5
    s.text(s.width / 2, HEADER * 0.66, text, face=FACE_TITLE, size_pt=pt, fill="#f4ead0", anchor="middle")


def _units(position: Position, look: CounterLook, unit_note: UnitNote) -> list[Piece]:
    """(hex, face, unit id) of every unit of every side, each with the note its game writes
    under it (its id, unless the game's PositionArt says more)."""
    pieces: list[Piece] = []
    for side, units in unit_lists(position).items():
        for unit in units:
            utype = str(unit.get("type"))
            note = unit_note(unit)
            kind = look.type(utype)
            pieces.append((unit["hex"], Face(side, utype, kind.name, kind.movement, note), str(unit.get("id", ""))))
    return pieces


def _pieces(s: Scene, hexmap: HexMap, pieces: list[Piece], size: float, look: CounterLook) -> None:
    """Counters centred in their hexes; a second piece in a hex is offset like a stack."""
    count: dict[str, int] = {}
    for hex_id, face, _ in pieces:
        k = count.get(hex_id, 0)
        count[hex_id] = k + 1
        x, y = hexmap.centre(hex_id)
        dx, dy = 3.0 * k, -3.0 * k
        s.rect(x - size / 2 + dx + 0.6, y - size / 2 + dy + 0.8, size, size, Style(fill="#000000", opacity=0.25), radius=1.2)
        draw_face(s, face, x - size / 2 + dx, y - size / 2 + dy, size, look)


def _arrows(s: Scene, hexmap: HexMap, moves: list[list[str]], size: float) -> None:
    """The last moves: a red line through the hexes walked, arrowhead at the counter's edge,
    and the move's number (their order) in a disc where it started."""
    style = Style(stroke=PALETTE["arrow"], stroke_width=1.3, cap="round", join="round", opacity=0.9)
    numbered = [(n, path) for n, path in enumerate(moves, start=1) if len(path) >= 2]
    for _, path in numbered:
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
        sym.arrowhead(s, (tip[0] + dx / n * 1.2, tip[1] + dy / n * 1.2), (dx, dy), 3.6, Style(fill=PALETTE["arrow"]))
    for number, path in numbered:                  # over every line: a later arrow never hides a number
        x, y = hexmap.centre(path[0])
        s.circle(x, y, 2.6, Style(fill=PALETTE["arrow"], stroke="#f4ead0", stroke_width=0.5))
        s.text(x, y + 1.05, str(number), face=FACE_BOLD, size_pt=7.5 if number < 10 else 6.0, fill="#ffffff",
               anchor="middle")


def position_layer(hexmap: HexMap, position: Position, counters: CounterSet | None = None) -> Scene:
    """The picture of ``position_scene`` without the board (a transparent layer of the same
    size: status line, marks, pieces, arrows), for a page that draws the board once and the
    position after every tap (``bot.web``); ``board_picture`` is the board under it."""
    problems = _check(hexmap, position)
    if problems:
        raise DataError(problems)
    options = MapOptions(ornaments=False)
    width, height = board_size(hexmap, options)
    s = Scene(width, height + HEADER, title=f"{hexmap.title} - position")
    _header(s, hexmap, position)
    ox, oy = grid_origin(options)
    size = counters.size_mm if counters else round(hexmap.layout.flat_mm * 0.77, 1)
    look = counters.look if counters else CounterLook()
    art = game_art(hexmap.art).position
    with s.group(translate=(ox, oy + HEADER)):
        art.marks(s, hexmap, position)
        _highlights(s, hexmap, position.get("highlight") or [], under=True)
        _pieces(s, hexmap, art.pieces(hexmap, position, look) + _units(position, look, art.unit_note), size, look)
        _highlights(s, hexmap, position.get("highlight") or [], under=False)
        _arrows(s, hexmap, position.get("last_moves") or [], size)
    return s


def board_picture(hexmap: HexMap) -> Scene:
    """The board under ``position_layer``: as ``position_scene`` draws it, without a position."""
    board = draw_map(hexmap, MapOptions(ornaments=False))
    s = Scene(board.width, board.height + HEADER, title=hexmap.title)
    s.rect(0, 0, s.width, s.height, Style(fill=PARCHMENT))
    s.place(board, 0, HEADER)
    return s
