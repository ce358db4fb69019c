"""Stockholm 1520's roads drawn on its board: the cased roads to Kristina, the entry badges
('A2', 1st) and the numbered lineup spaces behind them (rules 2.0), a name plate on each
road's own stretch, the zone names in the margin, and their legend entries. The map overlay
(``games.stockholm1520.overlay``) hands them to the generic painter's layers."""

from __future__ import annotations

from generator.draw.scene import Command, Scene, Style
from generator.hexart.board import grid_origin
from generator.hexart.features import hexagon, road_commands
from generator.hexart.ground import knock_out, word_corners
from generator.hexart.ornaments import LegendEntry, hex_id_clearance
from generator.hexart.style import FACE_ITALIC, FACE_TITLE, PARCHMENT
from generator.hexmap.edges import shrink
from generator.hexmap.model import HexMap
from generator.hexmap.options import MapOptions
from generator.kit.language import words
from games.stockholm1520.palette import ORDINAL_RED, ROAD_CASING, ROAD_FILL, ZONE_RED
from games.stockholm1520.roads import road_network


def draw_roads(s: Scene, hexmap: HexMap) -> None:
    """All roads, cased like an engraved highway: every casing first, then every fill."""
    paths = [road_commands([hexmap.centre(h) for h in r.path]) for r in road_network(hexmap).roads]
    for cmds in paths:
        s.path(cmds, Style(stroke=ROAD_CASING, stroke_width=2.6, cap="round", join="round"))
    for cmds in paths:
        s.path(cmds, Style(stroke=ROAD_FILL, stroke_width=1.5, cap="round", join="round"))
    for cmds in paths:
        s.path(cmds, Style(stroke=ROAD_CASING, stroke_width=0.2, dash=(1.2, 1.6), opacity=0.6))


def badge(s: Scene, x: float, y: float, text: str, r: float = 3.6, fill: str = ZONE_RED) -> None:
    s.circle(x, y, r, Style(fill=fill, stroke="#f4ead0", stroke_width=0.5))
    s.circle(x, y, r - 0.55, Style(stroke="#f4ead0", stroke_width=0.15))
    size = 7.0 if len(text) <= 2 else 6.0
    s.text(x, y + size * 0.352778 * 0.36, text, face=FACE_TITLE, size_pt=size, fill="#f6eedb", anchor="middle")


def draw_road_marks(s: Scene, hexmap: HexMap) -> None:
    """Entry badges ('A2') and the numbered lineup spaces behind each entry (rules 2.0)."""
    flat = hexmap.layout.flat_mm
    for road in road_network(hexmap).roads:
        x, y = hexmap.centre(road.entry)
        badge(s, x, y, road.name)
        knock_out(s, hexmap, word_corners(x, y + flat * 0.34, ordinal(1), FACE_ITALIC, 6))
        s.text(x, y + flat * 0.34, ordinal(1), face=FACE_ITALIC, size_pt=6, fill=ORDINAL_RED, anchor="middle")
        for i, h in enumerate(road.lineup, start=2):
            lx, ly = hexmap.centre(h)
            cell = hexmap.cells[h]
            # inset below the hex id, so the dashed outline never crosses it
            corners = shrink(hexmap.layout.corners(cell.col, cell.row), (lx, ly), hex_id_clearance(flat), flat / 2)
            s.polygon(corners, Style(stroke=ZONE_RED, stroke_width=0.45, dash=(1.4, 1.0), join="round"))
            knock_out(s, hexmap, word_corners(lx, ly + 1.2, road.name, FACE_TITLE, 8))
            s.text(lx, ly + 1.2, road.name, face=FACE_TITLE, size_pt=8, fill=ZONE_RED, anchor="middle", opacity=0.85)
            knock_out(s, hexmap, word_corners(lx, ly + flat * 0.34, ordinal(i), FACE_ITALIC, 6))
            s.text(lx, ly + flat * 0.34, ordinal(i), face=FACE_ITALIC, size_pt=6,
                   fill=ORDINAL_RED, anchor="middle")


def road_plaque_edges(hexmap: HexMap) -> dict[str, tuple[str, str]]:
    """For each road, the hexside where its name is repeated along the way: an edge no other
    road uses, nearest the middle of the road. Edge midpoints stay clear of counters; a
    slanted edge is preferred, as the middle of a hex's top edge holds its id."""
    roads = road_network(hexmap).roads
    use: dict[frozenset[str], int] = {}
    for road in roads:
        for a, b in zip(road.path, road.path[1:]):
            key = frozenset((a, b))
            use[key] = use.get(key, 0) + 1
    chosen: dict[str, tuple[str, str]] = {}
    for road in roads:
        steps = list(zip(road.path, road.path[1:]))[1:-1]
        own = [(hexmap.cells[a].col == hexmap.cells[b].col, abs(i - len(steps) / 2), a, b)
               for i, (a, b) in enumerate(steps) if use[frozenset((a, b))] == 1]
        if own:
            _, _, a, b = min(own)
            chosen[road.name] = (a, b)
    return chosen


def draw_road_plaques(s: Scene, hexmap: HexMap) -> None:
    """Small name plates on each road's own stretch, so a road can be followed by eye."""
    for name, (a, b) in road_plaque_edges(hexmap).items():
        (ax, ay), (bx, by) = hexmap.centre(a), hexmap.centre(b)
        x, y = (ax + bx) / 2, (ay + by) / 2
        if hexmap.cells[a].col == hexmap.cells[b].col:
            y -= 2.3                     # on the road just above the edge: the lower hex's id is below it
        s.rect(x - 3.4, y - 2.0, 6.8, 4.0, Style(fill="#f4ead0", stroke=ZONE_RED, stroke_width=0.35), radius=0.8)
        s.text(x, y + 1.2, name, face=FACE_TITLE, size_pt=6, fill=ZONE_RED, anchor="middle")


def draw_road_labels(s: Scene, hexmap: HexMap) -> None:
    """Entry badges, lineup spaces and name plates, over the feature symbols."""
    if road_network(hexmap).roads:
        draw_road_marks(s, hexmap)
        draw_road_plaques(s, hexmap)


def draw_zone_names(s: Scene, hexmap: HexMap, options: MapOptions) -> None:
    """'ZONE A · NORRMALM' in the margin beside the zone's entries, turned to face its edge
    (outside the band of row and column numbers)."""
    ox, oy = grid_origin(options)
    band = options.band_mm
    gw, gh = hexmap.layout.grid_size(hexmap.cols, hexmap.rows)
    network = road_network(hexmap)
    for letter, zone in network.zones.items():
        roads = [r for r in network.roads if r.zone == letter]
        if not roads:
            continue
        pts = [hexmap.centre(h) for r in roads for h in [r.entry] + r.lineup]
        cx = sum(p[0] for p in pts) / len(pts)
        cy = sum(p[1] for p in pts) / len(pts)
        gaps = {"top": cy, "bottom": gh - cy, "left": cx, "right": gw - cx}
        side = min(gaps, key=lambda k: gaps[k])
        text = (words("ZONE {zone} · {name}", zone=letter, name=zone.name.upper()) if zone.name
                else words("ZONE {zone}", zone=letter))
        m = options.margin_mm
        if side == "top":
            x, y, rot = ox + cx, m * 0.72, 0.0
        elif side == "bottom":
            x, y, rot = ox + cx, oy + gh + band + m * 0.62, 0.0
        elif side == "left":
            x, y, rot = m * 0.62, oy + cy, -90.0
        else:
            x, y, rot = ox + gw + band + m * 0.38, oy + cy, 90.0
        with s.group(translate=(x, y), rotate=rot):
            w = len(text) * 3.3 + 10
            s.rect(-w / 2, -4.6, w, 6.6, Style(fill=PARCHMENT, stroke=ZONE_RED, stroke_width=0.4), radius=1.0)
            s.text(0, 0.6, text, face=FACE_TITLE, size_pt=11, fill=ZONE_RED, anchor="middle", letter_spacing=0.4)


# -- the legend ---------------------------------------------------------------------------

def _road(s: Scene, x: float, y: float) -> None:
    cmds: list[Command] = [("M", x - 3.8, y + 1.5), ("C", x - 1.5, y - 2.5, x + 1.5, y + 2.5, x + 3.8, y - 1.5)]
    s.path(cmds, Style(stroke=ROAD_CASING, stroke_width=2.6, cap="round"))
    s.path(cmds, Style(stroke=ROAD_FILL, stroke_width=1.5, cap="round"))


def _entry(s: Scene, x: float, y: float) -> None:
    badge(s, x, y, "A1", r=3.4)


def ordinal(place: int) -> str:
    """A lineup space's place (1st, 2nd, ...) in the build's language."""
    return words({1: "1st", 2: "2nd", 3: "3rd"}.get(place, "{place}th"), place=place)


def _lineup(s: Scene, x: float, y: float) -> None:
    s.polygon(hexagon(x, y), Style(stroke=ZONE_RED, stroke_width=0.45, dash=(1.2, 0.8)))
    s.text(x, y + 1.0, ordinal(2), face="serif-italic", size_pt=6, fill=ZONE_RED, anchor="middle")


def road_legend(hexmap: HexMap) -> list[LegendEntry]:
    """The road, an entry badge and a lineup space, when the map has roads."""
    if not road_network(hexmap).roads:
        return []
    return [LegendEntry(words("Road to the goal"), _road), LegendEntry(words("Entry: zone A, road 1"), _entry),
            LegendEntry(words("Lineup behind the entry"), _lineup)]
