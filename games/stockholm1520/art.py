"""Vector art of the period for Stockholm 1520: troop emblems, flags, event emblems, frames.

All drawn from paths (no clip-art files, no font glyphs that the faces may lack). Each
function draws centred at (cx, cy) and scales with ``s`` (mm), so cards, counters and the
map can share them.
"""

from __future__ import annotations

import math

from generator.draw.colour import mix
from generator.draw.scene import Scene, Style
from games.stockholm1520.palette import CARD_DANISH_RED as DANISH_RED
from games.stockholm1520.palette import CARD_SWEDISH_BLUE as SWEDISH_BLUE
from games.stockholm1520.palette import CARD_SWEDISH_YELLOW as SWEDISH_YELLOW
from games.stockholm1520.palette import CREAM, GOLD, INK, INK_FADED, PARCHMENT, PARCHMENT_DARK

__all__ = ["CREAM", "DANISH_RED", "GOLD", "INK", "INK_FADED", "PARCHMENT", "PARCHMENT_DARK", "SWEDISH_BLUE",
           "SWEDISH_YELLOW"]


def shield(scene: Scene, cx: float, cy: float, w: float, fill: str, stroke: str = INK) -> None:
    """A heater shield, w wide and 1.15 w tall, centred."""
    h = 1.15 * w
    top = cy - h / 2
    x0, x1 = cx - w / 2, cx + w / 2
    scene.path([("M", x0, top), ("L", x1, top), ("L", x1, top + 0.45 * h),
                ("C", x1, top + 0.78 * h, cx + 0.18 * w, top + 0.92 * h, cx, top + h),
                ("C", cx - 0.18 * w, top + 0.92 * h, x0, top + 0.78 * h, x0, top + 0.45 * h), ("Z",)],
               Style(fill=fill, stroke=stroke, stroke_width=max(0.25, w * 0.025), join="round"))
    inset = w * 0.07
    wi = w - 2 * inset
    scene.path([("M", x0 + inset, top + inset), ("L", x1 - inset, top + inset), ("L", x1 - inset, top + 0.45 * h),
                ("C", x1 - inset, top + 0.75 * h, cx + 0.16 * wi, top + 0.88 * h, cx, top + h - inset * 1.3),
                ("C", cx - 0.16 * wi, top + 0.88 * h, x0 + inset, top + 0.75 * h, x0 + inset, top + 0.45 * h), ("Z",)],
               Style(stroke=mix(fill, CREAM, 0.55), stroke_width=max(0.15, w * 0.012), join="round"))


def horseshoe(scene: Scene, cx: float, cy: float, s: float, colour: str) -> None:
    """Cavalry: a horseshoe, open end down, with nail holes."""
    r_out, r_in = 0.5 * s, 0.3 * s
    start, end = math.radians(200), math.radians(-20)  # an arc of 220 degrees over the top

    def arc(r: float, a0: float, a1: float, steps: int = 24) -> list[tuple[float, float]]:
        return [(cx + r * math.cos(a0 + (a1 - a0) * i / steps), cy - r * math.sin(a0 + (a1 - a0) * i / steps))
                for i in range(steps + 1)]

    outer = arc(r_out, start, end)
    inner = arc(r_in, end, start)
    scene.polygon(outer + [(outer[-1][0] - 0.02 * s, outer[-1][1] + 0.12 * s), (inner[0][0], inner[0][1] + 0.12 * s)]
                  + inner + [(inner[-1][0], inner[-1][1] + 0.12 * s), (outer[0][0] + 0.02 * s, outer[0][1] + 0.12 * s)],
                  Style(fill=colour, stroke=INK, stroke_width=0.04 * s, join="round"))
    r_mid = (r_out + r_in) / 2
    for deg in (165, 130, 50, 15):
        a = math.radians(deg)
        scene.circle(cx + r_mid * math.cos(a), cy - r_mid * math.sin(a), 0.035 * s, Style(fill=INK))


def crossbow(scene: Scene, cx: float, cy: float, s: float, colour: str) -> None:
    """Crossbowmen: a crossbow seen from above, bow across, stock down, bolt up."""
    top = cy - 0.45 * s
    bow = Style(stroke=colour, stroke_width=0.09 * s, cap="round")
    outline = Style(stroke=INK, stroke_width=0.13 * s, cap="round")
    bow_path = [("M", cx - 0.48 * s, top + 0.32 * s), ("Q", cx, top - 0.05 * s, cx + 0.48 * s, top + 0.32 * s)]
    scene.path(bow_path, outline)
    scene.path(bow_path, bow)
    scene.polyline([(cx - 0.48 * s, top + 0.32 * s), (cx, top + 0.36 * s), (cx + 0.48 * s, top + 0.32 * s)],
                   Style(stroke=INK, stroke_width=0.025 * s))
    scene.rect(cx - 0.06 * s, top + 0.1 * s, 0.12 * s, 0.78 * s, Style(fill=colour, stroke=INK, stroke_width=0.03 * s), radius=0.03 * s)
    scene.polygon([(cx, top - 0.08 * s), (cx - 0.07 * s, top + 0.06 * s), (cx + 0.07 * s, top + 0.06 * s)],
                  Style(fill=INK))
    scene.line(cx, top + 0.05 * s, cx, top + 0.34 * s, Style(stroke=INK, stroke_width=0.03 * s))


def pikes(scene: Scene, cx: float, cy: float, s: float, colour: str) -> None:
    """Pikemen: two crossed pikes with leaf-shaped heads."""
    for sign in (-1, 1):
        angle = math.radians(90 + sign * 28)
        dx, dy = math.cos(angle), -math.sin(angle)
        x0, y0 = cx - dx * 0.5 * s, cy - dy * 0.5 * s
        x1, y1 = cx + dx * 0.38 * s, cy + dy * 0.38 * s
        scene.line(x0, y0, x1, y1, Style(stroke=INK, stroke_width=0.1 * s, cap="round"))
        scene.line(x0, y0, x1, y1, Style(stroke=colour, stroke_width=0.055 * s, cap="round"))
        tip = (cx + dx * 0.58 * s, cy + dy * 0.58 * s)
        px, py = -dy, dx
        w = 0.07 * s
        scene.path([("M", x1, y1), ("Q", x1 + dx * 0.08 * s + px * w, y1 + dy * 0.08 * s + py * w, *tip),
                    ("Q", x1 + dx * 0.08 * s - px * w, y1 + dy * 0.08 * s - py * w, x1, y1), ("Z",)],
                   Style(fill=mix(colour, CREAM, 0.35), stroke=INK, stroke_width=0.025 * s, join="round"))
        cross = 0.07 * s
        scene.line(x1 - px * cross, y1 - py * cross, x1 + px * cross, y1 + py * cross,
                   Style(stroke=INK, stroke_width=0.035 * s, cap="round"))


TROOP_EMBLEMS = {"cavalry": horseshoe, "crossbowmen": crossbow, "pikemen": pikes}


def troop_emblem(scene: Scene, troop: str, cx: float, cy: float, s: float, colour: str) -> None:
    """A shield of the troop's colour carrying its emblem in cream."""
    shield(scene, cx, cy, s, colour)
    TROOP_EMBLEMS[troop](scene, cx, cy - 0.04 * s, 0.62 * s, CREAM)


def flag(scene: Scene, x: float, y: float, w: float, nation: str) -> None:
    """A Nordic cross flag, w wide (3:2 proportions less the tail), top-left at (x, y)."""
    h = w * 0.66
    field, cross = (DANISH_RED, "#ffffff") if nation == "danish" else (SWEDISH_BLUE, SWEDISH_YELLOW)
    scene.rect(x, y, w, h, Style(fill=field, stroke=INK, stroke_width=0.2))
    bar = h * 0.2
    scene.rect(x + w * 0.3, y, bar, h, Style(fill=cross))
    scene.rect(x, y + (h - bar) / 2, w, bar, Style(fill=cross))
    scene.rect(x, y, w, h, Style(stroke=INK, stroke_width=0.2))
    scene.line(x, y, x, y + h + w * 0.45, Style(stroke=INK, stroke_width=0.35, cap="round"))


def crown(scene: Scene, cx: float, cy: float, s: float, fill: str = GOLD) -> None:
    """An open royal crown, s wide."""
    w, h = s, 0.62 * s
    x0, y0 = cx - w / 2, cy - h / 2
    points = [(x0, y0 + h), (x0, y0 + 0.3 * h), (x0 + 0.2 * w, y0 + 0.55 * h), (x0 + 0.32 * w, y0 + 0.1 * h),
              (cx, y0 + 0.45 * h), (x0 + 0.68 * w, y0 + 0.1 * h), (x0 + 0.8 * w, y0 + 0.55 * h),
              (x0 + w, y0 + 0.3 * h), (x0 + w, y0 + h)]
    scene.polygon(points, Style(fill=fill, stroke=INK, stroke_width=0.04 * s, join="round"))
    scene.rect(x0, y0 + 0.82 * h, w, 0.18 * h, Style(fill=mix(fill, INK, 0.25), stroke=INK, stroke_width=0.03 * s))
    for px, py in ((x0, y0 + 0.3 * h), (x0 + 0.32 * w, y0 + 0.1 * h), (x0 + 0.68 * w, y0 + 0.1 * h), (x0 + w, y0 + 0.3 * h)):
        scene.circle(px, py, 0.06 * s, Style(fill=fill, stroke=INK, stroke_width=0.025 * s))
    for gx in (0.3, 0.5, 0.7):
        scene.circle(x0 + gx * w, y0 + 0.91 * h, 0.045 * s, Style(fill=DANISH_RED))


def ship(scene: Scene, cx: float, cy: float, s: float) -> None:
    """A cog under sail on waves."""
    hull = [("M", cx - 0.5 * s, cy + 0.1 * s), ("L", cx + 0.5 * s, cy + 0.1 * s),
            ("Q", cx + 0.42 * s, cy + 0.32 * s, cx + 0.3 * s, cy + 0.34 * s), ("L", cx - 0.3 * s, cy + 0.34 * s),
            ("Q", cx - 0.42 * s, cy + 0.32 * s, cx - 0.5 * s, cy + 0.1 * s), ("Z",)]
    scene.line(cx, cy + 0.1 * s, cx, cy - 0.52 * s, Style(stroke=INK, stroke_width=0.035 * s, cap="round"))
    scene.path([("M", cx - 0.3 * s, cy - 0.44 * s), ("Q", cx - 0.22 * s, cy - 0.15 * s, cx - 0.3 * s, cy + 0.04 * s),
                ("L", cx + 0.3 * s, cy + 0.04 * s), ("Q", cx + 0.38 * s, cy - 0.15 * s, cx + 0.3 * s, cy - 0.44 * s), ("Z",)],
               Style(fill=CREAM, stroke=INK, stroke_width=0.025 * s, join="round"))
    scene.rect(cx - 0.06 * s, cy - 0.44 * s, 0.12 * s, 0.48 * s, Style(fill=DANISH_RED))
    scene.rect(cx - 0.3 * s, cy - 0.2 * s, 0.6 * s, 0.08 * s, Style(fill=DANISH_RED))
    scene.path(hull, Style(fill="#6d4a2a", stroke=INK, stroke_width=0.03 * s, join="round"))
    wave = Style(stroke=SWEDISH_BLUE, stroke_width=0.03 * s, cap="round")
    for dy in (0.42, 0.5):
        scene.path([("M", cx - 0.55 * s, cy + dy * s)] + [
            ("Q", cx + (-0.55 + 0.1375 * (2 * i + 1)) * s, cy + (dy - 0.05) * s, cx + (-0.55 + 0.275 * (i + 1)) * s, cy + dy * s)
            for i in range(4)], wave)


def bridge(scene: Scene, cx: float, cy: float, s: float) -> None:
    """A stone arch bridge over water, its deck dotted as on the board."""
    deck_y = cy - 0.1 * s
    scene.path([("M", cx - 0.55 * s, deck_y), ("L", cx + 0.55 * s, deck_y), ("L", cx + 0.55 * s, cy + 0.25 * s),
                ("L", cx + 0.38 * s, cy + 0.25 * s), ("Q", cx + 0.38 * s, cy, cx + 0.19 * s, cy),
                ("Q", cx, cy, cx, cy + 0.25 * s), ("Q", cx, cy, cx - 0.19 * s, cy),
                ("Q", cx - 0.38 * s, cy, cx - 0.38 * s, cy + 0.25 * s), ("L", cx - 0.55 * s, cy + 0.25 * s), ("Z",)],
               Style(fill="#b9a27a", stroke=INK, stroke_width=0.03 * s, join="round"))
    scene.line(cx - 0.55 * s, deck_y - 0.04 * s, cx + 0.55 * s, deck_y - 0.04 * s,
               Style(stroke=INK, stroke_width=0.04 * s, dash=(0.06 * s, 0.05 * s)))
    wave = Style(stroke=SWEDISH_BLUE, stroke_width=0.03 * s, cap="round")
    scene.path([("M", cx - 0.6 * s, cy + 0.33 * s)] + [
        ("Q", cx + (-0.6 + 0.15 * (2 * i + 1)) * s, cy + 0.28 * s, cx + (-0.6 + 0.3 * (i + 1)) * s, cy + 0.33 * s)
        for i in range(4)], wave)


def scroll(scene: Scene, cx: float, cy: float, s: float) -> None:
    """Propaganda: an unrolled proclamation with a red seal."""
    w, h = 0.7 * s, 0.8 * s
    x0, y0 = cx - w / 2, cy - h / 2
    scene.rect(x0, y0 + 0.05 * s, w, h - 0.1 * s, Style(fill=CREAM, stroke=INK, stroke_width=0.025 * s))
    for y in (y0, y0 + h - 0.1 * s):
        scene.rect(x0 - 0.06 * s, y, w + 0.12 * s, 0.1 * s, Style(fill=PARCHMENT_DARK, stroke=INK, stroke_width=0.025 * s),
                   radius=0.05 * s)
    for i in range(5):
        y = y0 + 0.2 * s + i * 0.09 * s
        scene.line(x0 + 0.08 * s, y, x0 + w - (0.08 + 0.12 * (i % 2)) * s, y, Style(stroke=INK_FADED, stroke_width=0.02 * s))
    scene.circle(cx + 0.18 * s, y0 + h - 0.2 * s, 0.09 * s, Style(fill=DANISH_RED, stroke=INK, stroke_width=0.02 * s))


def boot(scene: Scene, cx: float, cy: float, s: float, colour: str) -> None:
    """Additional movement: a forward chevron arrow of three steps."""
    for i in range(3):
        x = cx - 0.35 * s + i * 0.25 * s
        scene.polyline([(x, cy - 0.3 * s), (x + 0.2 * s, cy), (x, cy + 0.3 * s)],
                       Style(stroke=colour if i == 2 else INK_FADED, stroke_width=0.09 * s, cap="round", join="round"))


def corner_ornaments(scene: Scene, x: float, y: float, w: float, h: float, colour: str = GOLD) -> None:
    """Small lozenges at the corners of a frame."""
    d = 1.4
    for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h)):
        scene.polygon([(px, py - d), (px + d, py), (px, py + d), (px - d, py)], Style(fill=colour, stroke=INK, stroke_width=0.15))


def frame(scene: Scene, x: float, y: float, w: float, h: float, colour: str = INK, gap: float = 0.6) -> None:
    """A double rule with corner lozenges: the card's border."""
    scene.rect(x, y, w, h, Style(stroke=colour, stroke_width=0.5), radius=1.2)
    scene.rect(x + gap, y + gap, w - 2 * gap, h - 2 * gap, Style(stroke=colour, stroke_width=0.18), radius=0.8)
    corner_ornaments(scene, x, y, w, h)


def parchment(scene: Scene, w: float, h: float, seed: int = 1520) -> None:
    """A parchment ground with a soft darker rim: the look of an old sheet."""
    scene.rect(0, 0, w, h, Style(fill=PARCHMENT))
    for i in range(6):
        inset = i * 1.2
        scene.rect(inset, inset, w - 2 * inset, h - 2 * inset,
                   Style(stroke=PARCHMENT_DARK, stroke_width=1.2, opacity=0.45 - i * 0.07))
