"""The legend of a map: a swatch and a few words for every terrain and feature kind it uses."""

from __future__ import annotations

from generator.draw.scene import Scene, Style
from generator.hexmap import features as feat
from generator.hexmap import ornaments as orn
from generator.hexmap import symbols as sym
from generator.hexmap.model import HexMap
from generator.hexmap.style import INK, PALETTE


def legend_entries(hexmap: HexMap) -> list[orn.LegendEntry]:
    """Every terrain in the map and every feature kind it uses, with its symbol."""
    entries: list[orn.LegendEntry] = []
    used = {c.terrain for c in hexmap.cells.values()}

    def terrain_swatch(name: str):
        t = hexmap.terrains[name]

        def draw(s: Scene, x: float, y: float) -> None:
            s.polygon(feat.hexagon(x, y, 4.2), Style(fill=t.fill, stroke=INK, stroke_width=0.25))
            if t.pattern == "trees":
                sym.tree(s, x - 1.2, y - 0.4, 2.4); sym.tree(s, x + 1.3, y + 0.6, 2.4)
            elif t.pattern == "forest":
                sym.conifer(s, x - 1.3, y, 2.8); sym.conifer(s, x + 1.3, y + 0.4, 2.8)
            elif t.pattern == "waves":
                sym.wave(s, x, y - 0.8, 3.4); sym.wave(s, x, y + 1.2, 3.4)
            elif t.pattern == "marsh":
                sym.marsh_tuft(s, x, y + 0.8, 3.2)
            elif t.pattern in ("hills", "hilltop"):
                sym.hill(s, x, y + 0.6, 5.0)
            elif t.pattern in ("houses", "town"):
                sym.house(s, x - 1.2, y + 0.6, 2.2); sym.house(s, x + 1.4, y - 0.2, 2.2)
            elif t.pattern == "bridge":
                s.rect(x - 1.5, y - 4.2, 3.0, 8.4, Style(fill="#d8c7a0", stroke=INK, stroke_width=0.25))
        return draw

    for name, t in hexmap.terrains.items():
        if name in used and not (t.pattern == "bridge" and hexmap.features_of("bridge")):
            entries.append(orn.LegendEntry(t.label, terrain_swatch(name)))

    if hexmap.roads:
        def road(s: Scene, x: float, y: float) -> None:
            cmds = [("M", x - 3.8, y + 1.5), ("C", x - 1.5, y - 2.5, x + 1.5, y + 2.5, x + 3.8, y - 1.5)]
            s.path(cmds, Style(stroke=PALETTE["road_casing"], stroke_width=2.6, cap="round"))
            s.path(cmds, Style(stroke=PALETTE["road_fill"], stroke_width=1.5, cap="round"))
        entries.append(orn.LegendEntry("Road to the goal", road))

        def entry(s: Scene, x: float, y: float) -> None:
            feat._badge(s, x, y, "A1", r=3.4)
        entries.append(orn.LegendEntry("Entry: zone A, road 1", entry))

        def lineup(s: Scene, x: float, y: float) -> None:
            s.polygon(feat.hexagon(x, y), Style(stroke=PALETTE["zone"], stroke_width=0.45, dash=(1.2, 0.8)))
            s.text(x, y + 1.0, "2nd", face="serif-italic", size_pt=6, fill=PALETTE["zone"], anchor="middle")
        entries.append(orn.LegendEntry("Lineup behind the entry", lineup))

    if any(not c.playfield for c in hexmap.cells.values()):
        def outline(s: Scene, x: float, y: float) -> None:
            s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["playfield"], stroke_width=1.2, cap="round"))
        entries.append(orn.LegendEntry("Edge of the playfield", outline))

    if any(t.pattern in ("waves", "bridge") for t in hexmap.terrains.values()):
        def coast(s: Scene, x: float, y: float) -> None:
            s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["coast"], stroke_width=0.7))
            for i in range(3):
                s.line(x - 4.5, y + 1.1 * (i + 1), x + 4.5, y + 1.1 * (i + 1),
                       Style(stroke=PALETTE["water_ink"], stroke_width=0.18, opacity=0.7 - 0.2 * i))
        entries.append(orn.LegendEntry("Coast", coast))

    kinds = {side.kind for side in hexmap.hexsides}
    for kind in sorted(kinds):
        def side_swatch(s: Scene, x: float, y: float, kind: str = kind) -> None:
            if kind in ("river", "stream"):
                s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["coast"], stroke_width=2.0, cap="round"))
                s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["river"], stroke_width=1.4, cap="round"))
            else:
                s.line(x - 4.5, y, x + 4.5, y, Style(stroke=INK, stroke_width=0.8, dash=(1.2, 0.6)))
        entries.append(orn.LegendEntry(kind.capitalize() + " (hexside)", side_swatch))

    entries.extend(_feature_entries(hexmap))
    return entries


def _feature_entries(hexmap: HexMap) -> list[orn.LegendEntry]:
    """One entry per feature kind on the map: those the map's ``legend:`` names first, in its
    order and words, then the others in file order with their painter's words."""
    kinds: list[str] = []
    for f in hexmap.features:
        if f.kind not in kinds:
            kinds.append(f.kind)
    order = list(hexmap.legend)
    kinds.sort(key=lambda k: order.index(k) if k in order else len(order))
    entries = []
    for kind in kinds:
        art = feat.feature_art(hexmap, kind)
        words = hexmap.legend.get(kind) or art.label or kind.replace("_", " ").capitalize()
        entries.append(orn.LegendEntry(words, art.swatch or feat.generic_swatch))
    return entries
