"""Write Stockholm 1520's art (games/stockholm1520/art.py) as SVG icon files of the kit.

Run from the repository root: ``python tools/export_stockholm_icons.py [out_dir]`` (default
data/stockholm1520/icons). Each drawing is made at the size the cards use, through the SVG
backend, cropped to its own bounds (strokes included). Parts drawn in a troop's colour are
painted ``currentColor``, so a layout tints them; a colour mixed from the troop colour (the
shield's inner rim) becomes ``currentColor`` with the mixed-in colour laid over it at the
mix's strength, which looks the same whatever the tint.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path
from typing import Callable

from games.stockholm1520 import art
from generator.draw.colour import mix
from generator.draw.scene import CircleItem, Command, Item, PathItem, Scene, Style
from generator.draw.svg import render_svg

TINT = "#fe01fe"                      # stands for the troop colour while drawing; becomes currentColor
OVERLAYS = (art.CREAM, art.INK, "#ffffff", "#000000")
MARGIN = 0.02                         # of the larger side, so antialiasing is not cut off

Drawing = Callable[[Scene], None]

ICONS: dict[str, tuple[str, Drawing]] = {
    "cavalry": ("Cavalry: a horseshoe on a shield", lambda s: art.troop_emblem(s, "cavalry", 0, 0, 25.0, TINT)),
    "crossbowmen": ("Crossbowmen: a crossbow on a shield", lambda s: art.troop_emblem(s, "crossbowmen", 0, 0, 25.0, TINT)),
    "pikemen": ("Pikemen: crossed pikes on a shield", lambda s: art.troop_emblem(s, "pikemen", 0, 0, 25.0, TINT)),
    "boot": ("Additional movement: three chevrons", lambda s: art.boot(s, 0, 0, 12.0, TINT)),
    "bridge": ("A stone bridge over water", lambda s: art.bridge(s, 0, 0, 30.0)),
    "crown": ("An open royal crown", lambda s: art.crown(s, 0, 0, 24.0)),
    "scroll": ("A proclamation with a red seal", lambda s: art.scroll(s, 0, 0, 24.0)),
    "ship": ("A cog under sail", lambda s: art.ship(s, 0, 0, 28.0)),
    "flag-danish": ("The Danish flag", lambda s: art.flag(s, 0, 0, 6.5, "danish")),
    "flag-swedish": ("The Swedish flag", lambda s: art.flag(s, 0, 0, 6.5, "swedish")),
    "corner": ("A corner lozenge of the card frame", lambda s: art.corner_ornaments(s, 0, 0, 0, 0)),
}


def mixed_from_tint(colour: str | None) -> tuple[str, float] | None:
    """(overlay colour, strength) if ``colour`` is the tint mixed toward an overlay colour."""
    if colour is None or colour == TINT:
        return None
    for overlay in OVERLAYS:
        for step in range(1, 20):
            t = step / 20
            if mix(TINT, overlay, t) == colour:
                return overlay, t
    return None


def untangle(items: list[Item]) -> list[Item]:
    """Items whose paint is mixed from the tint become tint + overlay at the mix's strength."""
    out: list[Item] = []
    for item in items:
        if not isinstance(item, PathItem):
            out.append(item)
            continue
        style = item.style
        fill, stroke = mixed_from_tint(style.fill), mixed_from_tint(style.stroke)
        if fill is None and stroke is None:
            out.append(item)
            continue
        base = replace(style, fill=TINT if fill else style.fill, stroke=TINT if stroke else style.stroke)
        out.append(replace(item, style=base))
        if fill:
            out.append(replace(item, style=Style(fill=fill[0], opacity=fill[1] * style.opacity,
                                                 fill_rule=style.fill_rule)))
        if stroke:
            out.append(replace(item, style=replace(style, fill=None, stroke=stroke[0],
                                                   opacity=stroke[1] * style.opacity)))
    return out


def bounds(items: list[Item]) -> tuple[float, float, float, float]:
    """min x, min y, max x, max y of the drawing, strokes included (control points bound curves)."""
    xs: list[float] = []
    ys: list[float] = []
    for item in items:
        if isinstance(item, PathItem):
            half = item.style.stroke_width / 2 if item.style.stroke else 0.0
            for command in item.commands:
                for x, y in zip(command[1::2], command[2::2]):
                    xs += [x - half, x + half]
                    ys += [y - half, y + half]
        elif isinstance(item, CircleItem):
            r = item.r + (item.style.stroke_width / 2 if item.style.stroke else 0.0)
            xs += [item.cx - r, item.cx + r]
            ys += [item.cy - r, item.cy + r]
    return min(xs), min(ys), max(xs), max(ys)


def moved(item: Item, dx: float, dy: float) -> Item:
    if isinstance(item, PathItem):
        commands: list[Command] = []
        for command in item.commands:
            values = [v + (dx if i % 2 == 0 else dy) for i, v in enumerate(command[1:])]
            commands.append((command[0], *values))
        return replace(item, commands=tuple(commands))
    if isinstance(item, CircleItem):
        return replace(item, cx=item.cx + dx, cy=item.cy + dy)
    raise TypeError(f"cannot move {type(item).__name__}")


def icon_svg(title: str, draw: Drawing) -> str:
    sketch = Scene(1, 1)
    draw(sketch)
    items = untangle(list(dict.fromkeys(sketch.items)))   # the corner lozenges are drawn four times over
    x0, y0, x1, y1 = bounds(items)
    pad = MARGIN * max(x1 - x0, y1 - y0)
    scene = Scene(round(x1 - x0 + 2 * pad, 3), round(y1 - y0 + 2 * pad, 3), title=title)
    for item in items:
        scene.add(moved(item, pad - x0, pad - y0))
    svg = render_svg(scene).replace(TINT, "currentColor")
    for clutter in (' baseProfile="full"', ' xmlns:ev="http://www.w3.org/2001/xml-events"',
                    ' xmlns:xlink="http://www.w3.org/1999/xlink"', "<defs />"):
        svg = svg.replace(clutter, "")
    return svg


def main(out_dir: Path) -> None:
    out_dir.mkdir(parents=True, exist_ok=True)
    for name, (title, draw) in ICONS.items():
        (out_dir / f"{name}.svg").write_text(icon_svg(title, draw), encoding="utf-8")
        print(f"wrote {out_dir / f'{name}.svg'}")


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("data/stockholm1520/icons"))
