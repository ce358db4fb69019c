"""Big input stays linear: the pieces that made it superlinear, each against a plain version.
(Figures of whole runs: benchmarks/big_input.py.)"""

from __future__ import annotations

import random

from generator.draw.extent import leaf_box
from generator.draw.png import pixel_size
from generator.draw.scene import CircleItem, GroupItem, Item, Scene, Style
from generator.outputs.proof import PNG_DPI, PNG_MAX_PIXELS, png_dpi
from generator.printing.tiling import Culler


def _plain_cull(items: list[Item], rect: tuple[float, float, float, float]) -> list[Item]:
    """Every item's box against the rectangle, one by one (what culling did per tile)."""
    x0, y0, x1, y1 = rect
    kept: list[Item] = []
    for item in items:
        if isinstance(item, GroupItem):
            e, f = item.matrix[4], item.matrix[5]
            inner = _plain_cull(list(item.items), (x0 - e, y0 - f, x1 - e, y1 - f))
            if inner:
                kept.append(GroupItem(tuple(inner), item.matrix, None, item.opacity))
            continue
        box = leaf_box(item)
        if box is None or (box[0] <= x1 and box[2] >= x0 and box[1] <= y1 and box[3] >= y0):
            kept.append(item)
    return kept


def test_the_culling_index_keeps_exactly_what_each_tile_shows() -> None:
    rng = random.Random(1520)
    scene = Scene(2000, 1500)
    for _ in range(3000):
        scene.rect(rng.uniform(0, 1990), rng.uniform(0, 1490), rng.uniform(1, 30), rng.uniform(1, 30), Style(fill="#123456"))
    for _ in range(300):
        hexagon = Scene(30, 30)
        hexagon.rect(0, 0, 25, 25, Style(fill="#654321"))
        scene.items.append(GroupItem((CircleItem(10, 10, 5, Style(fill="#abcdef")), *hexagon.items),
                                     (1.0, 0.0, 0.0, 1.0, rng.uniform(0, 1970), rng.uniform(0, 1470))))
    index = Culler(scene.items)
    for _ in range(40):
        x, y = rng.uniform(-50, 1900), rng.uniform(-50, 1400)
        rect = (x, y, x + rng.uniform(10, 300), y + rng.uniform(10, 300))
        assert index.cull(rect) == _plain_cull(scene.items, rect)


def test_a_proof_of_thousands_of_faces_is_held_to_its_pixel_budget() -> None:
    usual, long = Scene(297, 2400), Scene(297, 11_700)      # a bundled game's sheet; 2,000 cards'
    assert png_dpi(usual) == PNG_DPI
    width, height = pixel_size(long, png_dpi(long))
    assert png_dpi(long) < PNG_DPI and width * height <= PNG_MAX_PIXELS * 1.001


def test_a_map_png_past_the_pixel_limit_is_refused_before_drawing(tmp_path, monkeypatch) -> None:
    import generator.draw.png as png
    from click.testing import CliRunner

    from benchmarks.big_input import map_file
    from generator.cli.app import main

    monkeypatch.setattr(png, "MAX_IMAGE_PIXELS", 1_000_000)
    path = map_file(tmp_path, 4)
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["map", "build", str(path), "--dpi", "600", "--out", str(out)])
    assert result.exit_code == 2 and not isinstance(result.exception, MemoryError), result.output   # bad input: the dpi
    assert "big4.png: " in result.output and "pixels at 600 dpi is past the limit of 1 million pixels" in result.output
    assert not out.exists()
