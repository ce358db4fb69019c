"""Every image mode Pillow reads prints the same colours in the PDF, the SVG and the PNG: a
picture of each is made, drawn through each writer and read back (PDFium for the PDF, the
SVG's embedded picture as a browser decodes it, the PNG's pixels) and compared with the
colour it means. An embedded ICC profile is converted to sRGB, in every writer alike."""

from __future__ import annotations

import base64
import io
import re
import struct
import zlib
from typing import Callable

import pypdfium2
import pytest
from PIL import Image

from generator.draw.imagecolour import normalised
from generator.draw.images import RasterImage, decode_image, image_from_pixels
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import render_png
from generator.draw.scene import Scene
from generator.draw.svg import render_svg
from tests.draw.iccmaker import linear_to_srgb, rgb_profile

Colour = tuple[int, int, int]
SIDE = 16       # px of each test picture; drawn 16 mm wide, read back in its middle


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png16(colour_type: int, sample: tuple[int, ...]) -> bytes:
    """A 16-bit PNG (grey 0, RGB 2, grey+alpha 4, RGBA 6) of one colour, written by hand:
    Pillow writes 16 bits only for grey."""
    row = b"\0" + struct.pack(">" + "H" * len(sample) * SIDE, *(sample * SIDE))
    header = struct.pack(">IIBBBBB", SIDE, SIDE, 16, colour_type, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(row * SIDE)) + _chunk(b"IEND", b"")


def saved(image: Image.Image, fmt: str = "PNG", **options: object) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format=fmt, **options)
    return buffer.getvalue()


def palette_with_transparency() -> bytes:
    image = Image.new("P", (SIDE, SIDE), 1)
    image.putpalette([0, 0, 0, 200, 40, 40] + [0] * 762)
    image.paste(0, (SIDE // 2, 0, SIDE, SIDE))          # the right half: the transparent entry
    return saved(image, transparency=0)


LINEAR = rgb_profile(1.0)
GREY_MID = linear_to_srgb(128)      # 128 in linear light is 188 in sRGB

# name -> (the file's bytes, the colour of its left half on white paper, of its right half)
FILES: dict[str, tuple[Callable[[], bytes], Colour, Colour]] = {
    "16-bit grey": (lambda: png16(0, (32768,)), (128, 128, 128), (128, 128, 128)),
    "16-bit RGB": (lambda: png16(2, (65535, 32768, 0)), (255, 128, 0), (255, 128, 0)),
    "16-bit grey and alpha": (lambda: png16(4, (0, 32768)), (127, 127, 127), (127, 127, 127)),
    "16-bit RGBA": (lambda: png16(6, (0, 32768, 65535, 65535)), (0, 128, 255), (0, 128, 255)),
    "grey": (lambda: saved(Image.new("L", (SIDE, SIDE), 90)), (90, 90, 90), (90, 90, 90)),
    "grey and alpha": (lambda: saved(Image.new("LA", (SIDE, SIDE), (0, 128))), (127, 127, 127), (127, 127, 127)),
    "palette with transparency": (palette_with_transparency, (200, 40, 40), (255, 255, 255)),
    "black and white": (lambda: saved(Image.new("1", (SIDE, SIDE), 0)), (0, 0, 0), (0, 0, 0)),
    "RGBA": (lambda: saved(Image.new("RGBA", (SIDE, SIDE), (20, 60, 200, 255))), (20, 60, 200), (20, 60, 200)),
    "CMYK JPEG": (lambda: saved(Image.new("CMYK", (SIDE, SIDE), (0, 255, 255, 0)), "JPEG", quality=95),
                  (255, 0, 0), (255, 0, 0)),
    "grey JPEG": (lambda: saved(Image.new("L", (SIDE, SIDE), 70), "JPEG", quality=95), (70, 70, 70), (70, 70, 70)),
    "linear-light PNG": (lambda: saved(Image.new("RGB", (SIDE, SIDE), (128, 128, 128)), icc_profile=LINEAR),
                         (GREY_MID,) * 3, (GREY_MID,) * 3),
    "linear-light JPEG": (lambda: saved(Image.new("RGB", (SIDE, SIDE), (128, 128, 128)), "JPEG", quality=95,
                                        icc_profile=LINEAR), (GREY_MID,) * 3, (GREY_MID,) * 3),
}


def _lab_red() -> Image.Image:
    return Image.new("LAB", (SIDE, SIDE), (136, 208, 195))     # L 53.2, a 80, b 67: sRGB's red


def _wide(mode: str, value: float) -> Image.Image:
    return Image.new(mode, (SIDE, SIDE), value)


# Modes no PNG or JPEG file gives, made in memory: name -> (the image, its colour)
PIXELS: dict[str, tuple[Callable[[], Image.Image], Colour]] = {
    "LAB": (_lab_red, (250, 3, 11)),
    "32-bit integer grey (read as 16-bit)": (lambda: _wide("I", 32768), (128, 128, 128)),
    "32-bit integer past 16 bits": (lambda: _wide("I", 70000), (255, 255, 255)),
    "floating-point grey": (lambda: _wide("F", 64.0), (64, 64, 64)),
    "16-bit grey, big-endian": (lambda: _wide("I;16B", 16448), (64, 64, 64)),
    "YCbCr": (lambda: Image.new("RGB", (SIDE, SIDE), (30, 160, 90)).convert("YCbCr"), (30, 160, 90)),
    "HSV": (lambda: Image.new("HSV", (SIDE, SIDE), (0, 255, 255)), (255, 0, 0)),
    "premultiplied RGBa": (lambda: Image.new("RGBA", (SIDE, SIDE), (200, 100, 50, 255)).convert("RGBa"),
                           (200, 100, 50)),
}


def _scene(image: RasterImage) -> Scene:
    scene = Scene(20, 20)
    scene.image(image, 2, 2, 16, 16, fit="stretch")
    return scene


DPI = 72.0
LEFT, RIGHT, MIDDLE = (7.0, 10.0), (13.0, 10.0), (10.0, 10.0)     # mm: the picture's left and right halves


def _sample(image: Image.Image, at: tuple[float, float]) -> Colour:
    rgb = image.convert("RGB").getpixel((int(at[0] / 25.4 * DPI), int(at[1] / 25.4 * DPI)))
    assert isinstance(rgb, tuple)
    return (int(rgb[0]), int(rgb[1]), int(rgb[2]))


def from_pdf(scene: Scene) -> Image.Image:
    document = pypdfium2.PdfDocument(render_pdf([Page(scene)]))
    return document[0].render(scale=DPI / 72).to_pil()


def from_png(scene: Scene) -> Image.Image:
    return Image.open(io.BytesIO(render_png(scene, dpi=DPI, background="#ffffff")))


def from_svg(scene: Scene) -> Image.Image:
    """The picture the SVG embeds, decoded as a browser would (its 8-bit modes as they are),
    laid on white paper where the picture is placed."""
    uri = re.search(r'xlink:href="data:image/(png|jpeg);base64,([^"]+)"', render_svg(scene))
    assert uri is not None
    embedded = Image.open(io.BytesIO(base64.b64decode(uri.group(2))))
    assert embedded.mode in ("1", "L", "LA", "P", "RGB", "RGBA"), embedded.mode    # no mode a browser reads otherwise
    assert "icc_profile" not in embedded.info or uri.group(1) == "jpeg"
    paper = Image.new("RGBA", (round(20 / 25.4 * DPI), round(20 / 25.4 * DPI)), "#ffffff")
    box = (round(2 / 25.4 * DPI), round(2 / 25.4 * DPI), round(18 / 25.4 * DPI), round(18 / 25.4 * DPI))
    picture = embedded.convert("RGBA").resize((box[2] - box[0], box[3] - box[1]), Image.Resampling.NEAREST)
    paper.alpha_composite(picture, box[:2])
    return paper


WRITERS = {"pdf": from_pdf, "svg": from_svg, "png": from_png}


def _close(actual: Colour, expected: Colour, tolerance: int) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(actual, expected))


@pytest.mark.parametrize("name", sorted(FILES))
def test_each_file_mode_prints_its_colours_in_every_writer(name: str) -> None:
    make, left, right = FILES[name]
    image = decode_image(make(), source=name)
    tolerance = 6 if "JPEG" in name else 2
    seen = {writer: (_sample(read(_scene(image)), LEFT), _sample(read(_scene(image)), RIGHT))
            for writer, read in WRITERS.items()}
    for writer, (at_left, at_right) in seen.items():
        assert _close(at_left, left, tolerance) and _close(at_right, right, tolerance), (writer, seen)


@pytest.mark.parametrize("name", sorted(PIXELS))
def test_each_mode_made_in_memory_prints_its_colour_in_every_writer(name: str) -> None:
    make, colour = PIXELS[name]
    pixels = make()
    assert normalised(pixels).mode in ("L", "LA", "RGB", "RGBA")
    image = image_from_pixels(pixels, source=name)
    for writer, read in WRITERS.items():
        assert _close(_sample(read(_scene(image)), MIDDLE), colour, 3), (writer, _sample(read(_scene(image)), MIDDLE))


def test_a_jpeg_in_srgb_keeps_its_bytes_and_one_in_another_space_is_converted_once() -> None:
    from PIL import ImageCms
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
    plain = saved(Image.new("RGB", (SIDE, SIDE), (128, 128, 128)), "JPEG", quality=95, icc_profile=srgb)
    assert decode_image(plain).data == plain                       # nothing to convert: the file as it is
    linear = decode_image(FILES["linear-light JPEG"][0]())
    assert linear.mime == "image/png"
    again = Image.open(io.BytesIO(linear.data))
    assert "icc_profile" not in again.info                          # sRGB numbers, read once, never converted twice
    assert _close(_sample(again.resize((100, 100)), (1, 1)), (GREY_MID,) * 3, 3)


def test_a_damaged_profile_is_refused_in_words() -> None:
    from generator.draw.images import ImageFault
    broken = saved(Image.new("RGB", (SIDE, SIDE), (1, 2, 3)), icc_profile=b"not a profile at all" * 8)
    with pytest.raises(ImageFault, match=r"the PNG image's embedded colour profile \(ICC\) cannot be used"):
        decode_image(broken)
