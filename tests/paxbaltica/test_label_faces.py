"""The block labels as drawn: pips that read 1..max on the top edge as the block turns,
the movement badge black or white, the nation's label colour (rules 0.1, 2.1)."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from generator.draw.png import render_png
from generator.loading.games import load_game
from tests.paxbaltica.conftest import data

DPI = 600
PX = DPI / 25.4          # pixels per mm
BLEED = 1.5
LABEL = 16.0


@pytest.fixture(scope="module")
def labels() -> Any:
    game = load_game("paxbaltica")
    return next(c for c in game.components if c.id == "labels")


def _image(labels: Any, block_id: str) -> Image.Image:
    piece = next(p for p in labels.pieces if p.id == block_id)
    return Image.open(io.BytesIO(render_png(piece.front(), dpi=DPI))).convert("RGB")


def _hex(colour: str) -> tuple[int, int, int]:
    return int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16)


def _blobs(image: Image.Image, box: tuple[float, float, float, float], ink: tuple[int, int, int]) -> int:
    """Connected patches of the ink colour inside box (mm from the trim's top-left)."""
    x0, y0, x1, y1 = (int(round((v + BLEED) * PX)) for v in box)
    pixels = image.load()
    hits = {(x, y) for x in range(x0, x1) for y in range(y0, y1)
            if sum(abs(a - b) for a, b in zip(pixels[x, y], ink)) < 60}
    count = 0
    while hits:
        count += 1
        stack = [hits.pop()]
        while stack:
            x, y = stack.pop()
            for near in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if near in hits:
                    hits.remove(near)
                    stack.append(near)
    return count


@pytest.mark.parametrize("block_id", ["se-karl-xii", "ru-botsis", "dk-prins-christian", "gb-rooke", "sx-flemming"])
def test_the_top_edge_shows_strength_max_down_to_1_as_the_block_turns_counter_clockwise(labels: Any, block_id: str) -> None:
    block = next(b for b in data_blocks() if b["id"] == block_id)
    strength = int(block["strength"])
    ink = _hex(data("nations.yaml")[block["nation"]]["ink"])
    image = _image(labels, block_id)
    scale = (image.width / PX - 2 * BLEED) / 16        # the label is drawn in a 16 mm square, printed at its trim
    seen = []
    for turns in range(4):
        # one hit: the block turns a quarter counter-clockwise (2.1); PIL turns counter-clockwise too
        turned = image.rotate(90 * turns, expand=True)
        seen.append(_blobs(turned, tuple(v * scale for v in (4.75, 0.8, 11.1, 2.3)), ink))  # type: ignore[arg-type]
    assert seen == [max(strength - k, 0) for k in range(4)], seen


def test_label_colours_are_the_nations(labels: Any) -> None:
    nations = data("nations.yaml")
    for block_id, nation in [("se-karl-xii", "sweden"), ("ru-pjotr-i", "russia"), ("sx-august-ii", "saxony"),
                             ("pl-lubomirski", "poland"), ("dk-reventlov", "denmark"), ("pr-preussen", "prussia"),
                             ("hn-hannover", "hannover"), ("gb-rooke", "britain"), ("ua-mazepa", "ukraine"),
                             ("ot-tatars", "ottoman"), ("ho-friedrich-iv", "holstein")]:
        image = _image(labels, block_id)
        corner = image.getpixel((int(0.5 * PX), int(0.5 * PX)))        # the bleed, outside every mark
        expected = _hex(nations[nation]["label"])
        # the rasteriser may round a channel by a step or two; another nation's colour is far off
        assert all(abs(a - b) <= 2 for a, b in zip(corner, expected)), (block_id, corner, expected)


@pytest.mark.parametrize("block_id, badge", [("se-sodra-skanska", "black"), ("se-dalregementet", "white"),
                                             ("ru-cossacks", "black"), ("se-karl-xii", "white")])
def test_movement_badge_white_numeral_on_black_for_cavalry(labels: Any, block_id: str, badge: str) -> None:
    image = _image(labels, block_id)
    # the badge's corner just inside its rounded square, bottom left of the label
    scale = (image.width / PX - 2 * BLEED) / 16        # drawn in a 16 mm square, printed at its trim
    pixel = image.getpixel((int((BLEED + 1.5 * scale) * PX), int((BLEED + 12.9 * scale) * PX)))
    assert (sum(pixel) < 120) == (badge == "black"), pixel


def data_blocks() -> list[dict[str, str]]:
    from tests.paxbaltica.conftest import blocks

    return blocks()
