"""The faction and set symbols are vector icons that differ by shape, not only by colour, so that
players who cannot tell the colours apart can tell the factions apart (issue 10)."""

from __future__ import annotations

import io
import itertools

from PIL import Image, ImageChops

from generator.draw.png import svg_to_png

from tests.christinaregina.conftest import GAME, SECTION_6, data

SYMBOLS = [symbol for _, symbol, _ in SECTION_6.values()]


def _silhouette(name: str) -> Image.Image:
    """The icon drawn in black, as a 1-bit mask of its shape (50 x 50 px for a 20 mm icon)."""
    svg = (GAME / "icons" / f"{name}.svg").read_text(encoding="utf-8")
    assert "<path" in svg and "<image" not in svg, name              # vector art, not a picture
    image = Image.open(io.BytesIO(svg_to_png(svg.replace("currentColor", "#000000"), dpi=64)))
    return image.convert("RGBA").getchannel("A").point(lambda a: 255 if a > 127 else 0).convert("1")


def _count(mask: Image.Image) -> int:
    return sum(1 for px in mask.convert("L").tobytes() if px)


def test_every_faction_has_a_shape_of_its_own() -> None:
    assert len(SYMBOLS) == len(set(SYMBOLS)) == 5
    masks = {name: _silhouette(name) for name in SYMBOLS}
    assert len({m.size for m in masks.values()}) == 1
    for a, b in itertools.combinations(SYMBOLS, 2):
        overlap = _count(ImageChops.logical_and(masks[a], masks[b]))
        union = _count(ImageChops.logical_or(masks[a], masks[b]))
        assert overlap / union < 0.75, (a, b, round(overlap / union, 2))   # the closest pair today: 0.68
