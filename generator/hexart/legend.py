"""The legend of a map: a swatch and a few words for every terrain and feature kind it uses."""

from __future__ import annotations

from generator.draw.scene import Scene, Style
from generator.hexart import features as feat
from generator.hexart import ornaments as orn
from generator.hexart import symbols as sym
from generator.hexart.style import INK, PALETTE
from generator.hexmap.gameart import Swatch, game_art
from generator.hexmap.model import HexMap, Terrain
from generator.kit.language import words


def legend_entries(hexmap: HexMap) -> list[orn.LegendEntry]:
    """Every terrain in the map, the entries of its game's overlay, its edges and hexsides,
    and every feature kind it uses, with its symbol."""
    return (_terrain_entries(hexmap) + game_art(hexmap.art).overlay.legend(hexmap) + _edge_entries(hexmap)
            + _hexside_entries(hexmap) + _feature_entries(hexmap))


def _terrain_swatch(t: Terrain) -> Swatch:
    def draw(s: Scene, x: float, y: float) -> None:
        s.polygon(feat.hexagon(x, y, 4.2), Style(fill=t.fill, stroke=INK, stroke_width=0.25))
        if t.pattern == "trees":
            sym.tree(s, x - 1.2, y - 0.4, 2.4)
            sym.tree(s, x + 1.3, y + 0.6, 2.4)
        elif t.pattern == "forest":
            sym.conifer(s, x - 1.3, y, 2.8)
            sym.conifer(s, x + 1.3, y + 0.4, 2.8)
        elif t.pattern == "waves":
            sym.wave(s, x, y - 0.8, 3.4)
            sym.wave(s, x, y + 1.2, 3.4)
        elif t.pattern == "marsh":
            sym.marsh_tuft(s, x, y + 0.8, 3.2)
        elif t.pattern in ("hills", "hilltop"):
            sym.hill(s, x, y + 0.6, 5.0)
        elif t.pattern in ("houses", "town"):
            sym.house(s, x - 1.2, y + 0.6, 2.2)
            sym.house(s, x + 1.4, y - 0.2, 2.2)
        elif t.pattern == "bridge":
            s.rect(x - 1.5, y - 4.2, 3.0, 8.4, Style(fill="#d8c7a0", stroke=INK, stroke_width=0.25))
    return draw


def _terrain_entries(hexmap: HexMap) -> list[orn.LegendEntry]:
    """The terrains the map uses (a bridge terrain is left to the bridge feature's entry)."""
    used = {c.terrain for c in hexmap.cells.values()}
    return [orn.LegendEntry(t.label, _terrain_swatch(t)) for name, t in hexmap.terrains.items()
            if name in used and not (t.pattern == "bridge" and hexmap.features_of("bridge"))]


def _outline(s: Scene, x: float, y: float) -> None:
    s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["playfield"], stroke_width=1.2, cap="round"))


def _coast(s: Scene, x: float, y: float) -> None:
    s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["coast"], stroke_width=0.7))
    for i in range(3):
        s.line(x - 4.5, y + 1.1 * (i + 1), x + 4.5, y + 1.1 * (i + 1),
               Style(stroke=PALETTE["water_ink"], stroke_width=0.18, opacity=0.7 - 0.2 * i))


def _edge_entries(hexmap: HexMap) -> list[orn.LegendEntry]:
    """The playfield's outline and the coast, when the map has them."""
    entries = []
    if any(not c.playfield for c in hexmap.cells.values()):
        entries.append(orn.LegendEntry(words("Edge of the playfield"), _outline))
    if any(t.pattern in ("waves", "bridge") for t in hexmap.terrains.values()):
        entries.append(orn.LegendEntry(words("Coast"), _coast))
    return entries


def _hexside_swatch(kind: str) -> Swatch:
    def draw(s: Scene, x: float, y: float) -> None:
        if kind in ("river", "stream"):
            s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["coast"], stroke_width=2.0, cap="round"))
            s.line(x - 4.5, y, x + 4.5, y, Style(stroke=PALETTE["river"], stroke_width=1.4, cap="round"))
        else:
            s.line(x - 4.5, y, x + 4.5, y, Style(stroke=INK, stroke_width=0.8, dash=(1.2, 0.6)))
    return draw


def _hexside_entries(hexmap: HexMap) -> list[orn.LegendEntry]:
    kinds = sorted({side.kind for side in hexmap.hexsides})
    return [orn.LegendEntry(words("{kind} (hexside)", kind=kind.capitalize()), _hexside_swatch(kind)) for kind in kinds]


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
