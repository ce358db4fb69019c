"""Blocks of pieces on a game's shared sheets keep all their bleed towards each other (issue 38
item 4): two blocks are set ``BLOCK_GAP`` apart, each block's full 3 mm bleed and a short crop
mark on each side of the cut that parts them, so that a backs page the printer shifts by a
millimetre or two shows no white at a block's inner edge. (At 7 mm apart a block showed 1.75
mm of bleed towards the next.) Where the page's label sits on the bleed between two blocks (a
page filled to its margins), on white paper at least 1.5 mm from either trim, the bleed is not
measured. Measured on Batalj's card sheets, whose backs are coloured to
the trim and differ deck to deck (they cannot share one cut line)."""

from __future__ import annotations

import pytest

from generator.draw.png import render_image
from generator.loading.games import load_games
from generator.outputs.packed import offers
from generator.pieces.job import BuildOptions
from generator.printing.packing import BLOCK_BLEED, BLOCK_GAP

LABEL_CLEAR = 1.5              # mm a label on the bleed keeps from a trim
SHORT = 0.2                    # mm a piece's bleed may fall short of its own (pixels, antialiasing)
DPI = 150
SAME = 24                      # a pixel within this of 255 in every channel is the white paper


def _facing_another_block(box, others) -> list[tuple[str, float, float, float, float]]:
    """The sides of ``box`` that face a piece of another block across the gap between blocks:
    (side, x, y, dx, dy) at the side's middle, outward."""
    x, y, w, h = box
    found = []
    for ox, oy, ow, oh in others:
        if oy < y + h and y < oy + oh:
            if 0 < ox - (x + w) <= BLOCK_GAP + 0.01:
                found.append(("right", x + w, y + h / 2, 1.0, 0.0))
            if 0 < x - (ox + ow) <= BLOCK_GAP + 0.01:
                found.append(("left", x, y + h / 2, -1.0, 0.0))
        if ox < x + w and x < ox + ow:
            if 0 < oy - (y + h) <= BLOCK_GAP + 0.01:
                found.append(("bottom", x + w / 2, y + h, 0.0, 1.0))
            if 0 < y - (oy + oh) <= BLOCK_GAP + 0.01:
                found.append(("top", x + w / 2, y, 0.0, -1.0))
    return found


def _knockouts(scene) -> list[tuple[float, float, float, float]]:
    """The white boxes a page label is set on over the bleed (x0, y0, x1, y1)."""
    from generator.draw.scene import PathItem

    boxes = []
    for item in scene.items:
        if isinstance(item, PathItem) and item.style.fill == "#ffffff" and item.style.stroke is None:
            xs = [p for c in item.commands for p in c[1::2]]
            ys = [p for c in item.commands for p in c[2::2]]
            if xs and ys:
                boxes.append((min(xs), min(ys), max(xs), max(ys)))
    return boxes


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_each_block_shows_its_full_bleed_towards_the_next(paper: str) -> None:
    [game] = load_games(["batalj"])
    options = BuildOptions(paper=paper)
    pieced = [c for c in game.components if c.pieces]
    sheets = [o for o in offers(game, pieced, options, "code") if o.duplex]
    assert sheets
    bleeds = {p.id: p.bleed for c in pieced for p in c.pieces}
    assert max(bleeds.values()) == BLOCK_BLEED
    measured = 0
    per_mm = DPI / 25.4
    for sheet in sheets:
        for number, page in enumerate(sheet.pages(), start=1):
            image = render_image(page.scene, DPI, background="#ffffff").convert("RGB")

            def colour(x: float, y: float) -> tuple[int, int, int]:
                return image.getpixel((round(x * per_mm), round(y * per_mm)))
            boxes = [box for _, box in page.pieces]
            labels = _knockouts(page.scene)
            for name, box in page.pieces:
                shown = bleeds[name] - SHORT
                for side, sx, sy, dx, dy in _facing_another_block(box, [b for b in boxes if b is not box]):
                    px, py = sx + dx * shown, sy + dy * shown
                    under = [b for b in labels if b[0] <= px <= b[2] and b[1] <= py <= b[3]]
                    if under:       # the label on the bleed: white paper, a cut's error from the trim
                        x0, y0, x1, y1 = under[0]
                        off = (y0 - sy if dy > 0 else sy - y1) if dy else (x0 - sx if dx > 0 else sx - x1)
                        assert off >= LABEL_CLEAR - 1e-6, f"{sheet.stem} page {number}, {name}: a label {off:.2f} mm from the trim"
                        continue
                    own, past = colour(sx - dx * 0.4, sy - dy * 0.4), colour(px, py)
                    if min(own) >= 255 - SAME:          # white at its edge: nothing to bleed
                        continue
                    assert min(past) < 255 - SAME, \
                        f"{sheet.stem} page {number}, {name}: {side} bleed short of {shown:g} mm ({own} | {past})"
                    measured += 1
    assert measured > 10          # blocks do face each other on these sheets
