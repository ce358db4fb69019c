"""A tall picture drawn in bands (generator.draw.png_bands): a PNG any reader opens, whose
bands are redrawn only where items changed, with the bytes of a picture drawn afresh."""

from __future__ import annotations

import io
import zlib

import pytest
from PIL import Image

from generator.draw import png_bands
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.scene import Scene, Style

DPI = 100.0
ROWS = 12           # rows of boxes down the page, 20 mm apart (79 px: more than a band)


def _scene(colours: dict[int, str] | None = None, tall: float = 250.0) -> Scene:
    scene = Scene(60.0, tall, title="bands")
    scene.rect(0, 0, 60.0, tall, Style(fill="#ffffff"))
    for row in range(ROWS):
        scene.rect(5.0, 5.0 + 20.0 * row, 50.0, 15.0, Style(fill=(colours or {}).get(row, "#3060a0"), stroke="#000000"))
        scene.text(8.0, 12.0 + 20.0 * row, f"row {row}", size_pt=9)
    return scene


def _png(scene: Scene, keep: str = "test") -> bytes:
    return png_bands.banded_png(render_pdf([Page(scene)]), scene, DPI, keep=keep)


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The bands drawn, as they are drawn."""
    bands: list[int] = []
    original = png_bands._rows

    def counted(page: object, size: tuple[int, int], index: int) -> memoryview:
        bands.append(index)
        return original(page, size, index)
    monkeypatch.setattr(png_bands, "_rows", counted)
    png_bands.forget()
    return bands


def test_a_banded_png_opens_with_its_size_resolution_and_pixels(drawn: list[int]) -> None:
    scene = _scene()
    image = Image.open(io.BytesIO(_png(scene)))
    image.load()
    assert image.mode == "RGB" and image.size == (236, 984)
    assert round(image.info["dpi"][0]) == 100
    assert image.getpixel((100, 5)) == (255, 255, 255)            # the paper
    assert image.getpixel((100, round(12.5 / 25.4 * DPI))) == (48, 96, 160)   # row 0's box
    assert sorted(drawn) == list(range(16))                        # 984 rows: 16 bands of 64 (the last shorter)


def test_a_changed_item_redraws_the_bands_it_touches_and_the_bytes_are_those_drawn_afresh(drawn: list[int]) -> None:
    _png(_scene())
    drawn.clear()
    changed = _scene({6: "#a03030"})            # row 6's box: 125-140 mm, rows 492-551 at 100 dpi
    again = _png(changed)
    assert sorted(drawn) == [7, 8]
    png_bands.forget()
    assert _png(changed) == again
    image = Image.open(io.BytesIO(again))
    assert image.getpixel((100, round(132 / 25.4 * DPI))) == (160, 48, 48)


def test_a_picture_of_another_size_or_other_items_is_drawn_whole(drawn: list[int]) -> None:
    _png(_scene())
    drawn.clear()
    _png(_scene(tall=280.0))
    assert len(drawn) == 18                     # another size (1102 rows)
    drawn.clear()
    other = _scene(tall=280.0)
    other.rect(0, 0, 1, 1, Style(fill="#000000"))
    _png(other)
    assert len(drawn) == 18                     # another number of items
    drawn.clear()
    _png(_scene(), keep="elsewhere")            # nothing kept under that name
    assert len(drawn) == 16


def test_adler32_of_parts_combines_into_the_whole() -> None:
    first, second = b"pnpkit " * 999, bytes(range(256)) * 77
    assert png_bands.adler32_combine(zlib.adler32(first), zlib.adler32(second), len(second)) == \
        zlib.adler32(first + second)
    assert png_bands.adler32_combine(1, zlib.adler32(second), len(second)) == zlib.adler32(second)
