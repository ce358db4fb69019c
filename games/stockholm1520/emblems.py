"""Stockholm 1520's counter emblems, by name: the symbols on its units' counters (rules 3.1 and
3.2: cavalry, crossbowmen, pikemen, militia, Kristina, the propagandist) and its markers.
Designed: the rulebook gives each unit a name and a colour and draws no symbol; these are
ours. A counters file names an emblem for each piece type (``types: {cavalry: {emblem:
horseshoe}}``); every emblem is drawn centred on (x, y), ``size`` mm across, in ``colour`` (cream on a dark
counter, ink on a light one); ``accent`` is a second colour some use (a ship's flag, the nail
holes of a horseshoe). Registered for the game's counters by ``register``."""

from __future__ import annotations

import math

from generator.draw.scene import Scene, Style
from generator.hexart import symbols as sym
from generator.hexart.emblems import ring
from generator.hexart.style import INK
from generator.hexmap.counterlook import Emblem


def horseshoe(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """Cavalry: a horseshoe, open end down, its nail holes in ``accent``."""
    u = size / 10.0
    s.path([("M", x - 3.2 * u, y + 4.0 * u), ("L", x - 3.6 * u, y - 0.5 * u),
            ("C", x - 3.6 * u, y - 5.2 * u, x + 3.6 * u, y - 5.2 * u, x + 3.6 * u, y - 0.5 * u),
            ("L", x + 3.2 * u, y + 4.0 * u)], Style(stroke=colour, stroke_width=1.7 * u, cap="butt", join="round"))
    for px, py in ((-3.5, 0.6), (-3.1, -2.4), (3.5, 0.6), (3.1, -2.4)):
        s.circle(x + px * u, y + py * u, 0.35 * u, Style(fill=accent))


def crossbow(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """Crossbowmen: a crossbow seen from above, bolt up."""
    u = size / 10.0
    pen = Style(stroke=colour, stroke_width=0.9 * u, cap="round", join="round")
    s.path([("M", x - 4.2 * u, y - 0.5 * u), ("Q", x, y - 4.6 * u, x + 4.2 * u, y - 0.5 * u)], pen)
    s.line(x - 4.2 * u, y - 0.5 * u, x + 4.2 * u, y - 0.5 * u, Style(stroke=colour, stroke_width=0.35 * u))
    s.line(x, y - 3.2 * u, x, y + 4.5 * u, Style(stroke=colour, stroke_width=1.3 * u, cap="round"))
    s.polygon([(x, y - 4.8 * u), (x - 0.8 * u, y - 3.0 * u), (x + 0.8 * u, y - 3.0 * u)], Style(fill=colour))


def pikes(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """Pikemen: two crossed pikes."""
    u = size / 10.0
    for sx in (-1, 1):
        s.line(x - sx * 3.6 * u, y + 4.4 * u, x + sx * 3.0 * u, y - 3.8 * u, Style(stroke=colour, stroke_width=0.8 * u, cap="round"))
        tip = (x + sx * 3.9 * u, y - 5.0 * u)
        sym.arrowhead(s, tip, (sx * 0.62, -0.78), 2.2 * u, Style(fill=colour))


def pitchfork(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """Militia: a pitchfork."""
    u = size / 10.0
    pen = Style(stroke=colour, stroke_width=0.9 * u, cap="round", join="round")
    s.line(x, y - 1.6 * u, x, y + 4.8 * u, Style(stroke=colour, stroke_width=0.8 * u, cap="round"))
    s.path([("M", x - 2.4 * u, y - 4.6 * u), ("L", x - 2.4 * u, y - 1.6 * u), ("L", x + 2.4 * u, y - 1.6 * u),
            ("L", x + 2.4 * u, y - 4.6 * u)], pen)
    s.line(x, y - 1.6 * u, x, y - 4.8 * u, pen)


def three_crowns(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    sym.three_crowns(s, x, y, 0.9 * size)


def crown(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    sym.crown(s, x, y + 0.06 * size, 0.65 * size)


def trumpet(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """A herald's trumpet, always outlined in ink (it is gold)."""
    sym.trumpet(s, x, y, size, colour=INK)


def ship(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """A cog flying ``accent``."""
    sym.ship(s, x, y, 0.9 * size, flag=accent)


def castle(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    sym.castle(s, x, y, 0.85 * size, flag=None)


def bridge(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """A bridge deck over three arches."""
    u = size / 10.0
    s.rect(x - 4.5 * u, y - 1.2 * u, 9.0 * u, 2.4 * u, Style(fill="#d8c7a0", stroke=INK, stroke_width=0.2 * u))
    for k in (-1, 0, 1):
        s.path([("M", x + (k * 3 - 1.2) * u, y + 3.4 * u), ("Q", x + k * 3 * u, y + 1.4 * u, x + (k * 3 + 1.2) * u, y + 3.4 * u)],
               Style(stroke=colour, stroke_width=0.4 * u))


def dial(s: Scene, x: float, y: float, size: float, colour: str, accent: str) -> None:
    """A sundial face: the passing rounds."""
    u = size / 10.0
    s.circle(x, y, 3.6 * u, Style(stroke=colour, stroke_width=0.6 * u))
    for i in range(8):
        a = math.radians(i * 45)
        s.line(x + 3.6 * u * math.cos(a), y + 3.6 * u * math.sin(a), x + 4.6 * u * math.cos(a),
               y + 4.6 * u * math.sin(a), Style(stroke=colour, stroke_width=0.5 * u))
    s.line(x, y, x, y - 2.6 * u, Style(stroke=colour, stroke_width=0.5 * u, cap="round"))
    s.line(x, y, x + 1.8 * u, y + 0.6 * u, Style(stroke=colour, stroke_width=0.5 * u, cap="round"))


EMBLEMS: dict[str, Emblem] = {
    "horseshoe": horseshoe, "crossbow": crossbow, "pikes": pikes, "pitchfork": pitchfork,
    "three_crowns": three_crowns, "crown": crown, "trumpet": trumpet, "ship": ship, "castle": castle,
    "bridge": bridge, "dial": dial, "ring": ring,
}




def register() -> None:
    """Let Stockholm 1520's counters files name these emblems. (The game's other modules are
    imported here, not above: a picture of a position kept with its counters unpickles this
    module's painters alone.)"""
    from generator.hexmap.gameart import register_emblems
    from games.stockholm1520.overlay import GAME

    register_emblems(GAME, EMBLEMS)
