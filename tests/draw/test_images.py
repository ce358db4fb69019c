"""Kit images: PNG and JPEG only, checked before decoding, placed alike in PDF, SVG and PNG."""

from __future__ import annotations

import io
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image

from generator.core.errors import DataError
from generator.core.inputs import recording
from generator.draw.images import load_image
from generator.draw.scene import Scene
from generator.draw.svg import render_svg
from tests.draw.raster import RENDERERS, at, near


def two_halves(path: Path, fmt: str = "PNG", right: tuple[int, ...] = (0, 0, 255), mode: str = "RGB") -> Path:
    """A 20 x 10 px image: red left half, ``right`` right half."""
    image = Image.new(mode, (20, 10), (255, 0, 0, 255)[: len(mode)])
    image.paste(right, (10, 0, 20, 10))
    image.save(path, format=fmt, quality=95)
    return path


@pytest.fixture
def halves(tmp_path: Path) -> Path:
    return two_halves(tmp_path / "halves.png")


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_contain_shows_all_of_the_image_centred(halves: Path, backend: str) -> None:
    scene = Scene(60, 60)
    scene.image(load_image(halves), 10, 10, 40, 40)          # drawn 40 x 20 at y 20..40
    image = RENDERERS[backend](scene)
    assert near(at(image, 20, 30), "#ff0000") and near(at(image, 40, 30), "#0000ff")
    assert near(at(image, 30, 16), "#ffffff") and near(at(image, 30, 44), "#ffffff")


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_cover_fills_the_box_and_is_clipped_to_it(halves: Path, backend: str) -> None:
    scene = Scene(60, 60)
    scene.image(load_image(halves), 10, 10, 40, 40, fit="cover")   # drawn 80 x 40 from x -10, clipped
    image = RENDERERS[backend](scene)
    assert near(at(image, 12, 30), "#ff0000") and near(at(image, 48, 30), "#0000ff")
    assert near(at(image, 24, 12), "#ff0000") and near(at(image, 36, 48), "#0000ff")
    assert near(at(image, 6, 30), "#ffffff") and near(at(image, 54, 30), "#ffffff")


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_stretch_fills_the_box_ignoring_the_aspect(halves: Path, backend: str) -> None:
    scene = Scene(60, 60)
    scene.image(load_image(halves), 10, 10, 40, 40, fit="stretch")
    image = RENDERERS[backend](scene)
    assert near(at(image, 12, 12), "#ff0000") and near(at(image, 28, 48), "#ff0000")
    assert near(at(image, 32, 12), "#0000ff") and near(at(image, 48, 48), "#0000ff")


@pytest.mark.parametrize("backend", ["pdf", "png"])   # MuPDF's SVG reader ignores opacity
def test_opacity_and_transparent_pixels(tmp_path: Path, backend: str) -> None:
    path = two_halves(tmp_path / "alpha.png", right=(0, 0, 255, 0), mode="RGBA")
    scene = Scene(60, 30)
    scene.image(load_image(path), 0, 0, 60, 30, fit="stretch", opacity=0.5)
    image = RENDERERS[backend](scene)
    assert near(at(image, 15, 15), "#ff8080", tolerance=16)
    assert near(at(image, 45, 15), "#ffffff")
    assert 'opacity="0.5"' in render_svg(scene)


def test_a_jpeg_is_embedded_as_it_is(tmp_path: Path) -> None:
    path = two_halves(tmp_path / "photo.jpg", fmt="JPEG")
    image = load_image(path)
    assert (image.mime, image.width_px, image.height_px) == ("image/jpeg", 20, 10)
    assert image.data == path.read_bytes()
    scene = Scene(40, 20)
    scene.image(image, 0, 0, 40, 20)
    assert "data:image/jpeg;base64," in render_svg(scene)
    assert near(at(RENDERERS["pdf"](scene), 5, 10), "#ff0000", tolerance=30)


def test_a_cmyk_jpeg_and_a_turned_photo_are_made_plain_pngs(tmp_path: Path) -> None:
    cmyk = tmp_path / "cmyk.jpg"
    Image.new("CMYK", (8, 4), (0, 255, 255, 0)).save(cmyk, format="JPEG")
    assert load_image(cmyk).mime == "image/png"
    turned = tmp_path / "turned.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6   # rotate 90 degrees to stand upright
    Image.new("RGB", (20, 10), (0, 128, 0)).save(turned, format="JPEG", exif=exif)
    upright = load_image(turned)
    assert (upright.mime, upright.width_px, upright.height_px) == ("image/png", 10, 20)


def test_reading_an_image_is_noted(halves: Path) -> None:
    load_image(halves)
    with recording() as reads:
        load_image(halves)
    assert reads == {halves.resolve()}


def png_claiming(width: int, height: int) -> bytes:
    """A PNG header claiming a huge canvas, with a few bytes of data: a decompression bomb."""
    def chunk(kind: bytes, body: bytes) -> bytes:
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(b"\0" * 64)) + chunk(b"IEND", b"")


def gif(path: Path) -> Path:
    Image.new("RGB", (4, 4)).save(path, format="GIF")
    return path


def truncated(path: Path) -> Path:
    buffer = io.BytesIO()
    Image.new("RGB", (200, 200), (10, 20, 30)).save(buffer, format="PNG")
    path.write_bytes(buffer.getvalue()[:80])
    return path


@pytest.mark.parametrize("make, expected", [
    (lambda p: gif(p / "a.png"), "not a PNG or JPEG"),
    (lambda p: (p / "a.png").write_text("hello") and p / "a.png", "not a PNG or JPEG"),
    (lambda p: (p / "a.png").write_bytes(png_claiming(8_000, 6_000)) and p / "a.png", "8000 x 6000 pixels"),
    (lambda p: (p / "a.png").write_bytes(png_claiming(200_000, 200_000)) and p / "a.png", "too many pixels"),
    (lambda p: truncated(p / "a.png"), "damaged"),
], ids=["gif", "text", "big canvas", "bomb", "truncated"])
def test_other_formats_bombs_and_broken_files_are_refused_naming_the_file(tmp_path: Path, make, expected: str) -> None:
    path = make(tmp_path)
    with pytest.raises(DataError) as caught:
        load_image(path, shown="art/a.png")
    assert str(caught.value).startswith("art/a.png: ") and expected in str(caught.value), str(caught.value)


def test_an_oversized_file_is_refused_unread(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import generator.draw.images as images
    monkeypatch.setattr(images, "MAX_IMAGE_BYTES", 10)
    path = two_halves(tmp_path / "big.png")
    with pytest.raises(DataError, match="images may have at most 10"):
        load_image(path)


def test_the_same_scene_with_an_image_gives_the_same_pdf_bytes(halves: Path) -> None:
    from generator.draw.page import Page
    from generator.draw.pdf import render_pdf

    def pdf() -> bytes:
        scene = Scene(60, 60)
        image = load_image(halves)
        for i in range(3):
            scene.image(image, 5 + 15 * i, 5, 12, 12, fit="cover")
        return render_pdf([Page(scene)])
    first = pdf()
    assert first == pdf()
    assert first.count(b"/Subtype /Image") == 1      # drawn three times, stored once
