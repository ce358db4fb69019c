"""PNG routes: an opaque face is RGB with the same pixels, a picture of a page is on white
paper, and a page of a many-page PDF is rasterised as its own scene would be."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import opaque, pdf_png, render_png
from generator.draw.scene import Scene, Style

GROUND = "#c8a050"


def card(ground: bool = True, radius: float = 0.0) -> Scene:
    scene = Scene(20.0, 30.0)
    if ground:
        scene.rect(0, 0, 20, 30, Style(fill=GROUND), radius=radius)
    scene.circle(10, 15, 6, Style(fill="#203060"))
    return scene


def image(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png))


def test_a_face_whose_ground_covers_it_is_rgb_with_the_same_colours() -> None:
    assert opaque(card())
    picture = image(render_png(card(), dpi=150))
    assert picture.mode == "RGB"
    assert picture.getpixel((2, 2)) == (0xc8, 0xa0, 0x50)                  # the ground
    assert picture.getpixel((picture.width // 2, picture.height // 2)) == (0x20, 0x30, 0x60)
    assert picture.getpixel((picture.width - 1, picture.height // 3)) == (0xc8, 0xa0, 0x50)   # the edge too


def test_a_face_that_does_not_cover_itself_keeps_its_transparency() -> None:
    for scene in (card(ground=False), card(radius=3.0)):       # nothing behind, rounded corners
        assert not opaque(scene)
        picture = image(render_png(scene, dpi=150))
        assert picture.mode == "RGBA"
        assert picture.getpixel((0, 0))[3] == 0


def test_a_translucent_or_partial_ground_is_not_opaque() -> None:
    scene = Scene(20.0, 30.0)
    scene.rect(0, 0, 20, 30, Style(fill=GROUND, opacity=0.5))
    assert not opaque(scene)
    scene = Scene(20.0, 30.0)
    scene.rect(0, 0, 20, 29, Style(fill=GROUND))
    assert not opaque(scene)
    scene = Scene(20.0, 30.0)
    scene.rect(0, 0, 20, 30, Style(stroke=GROUND))
    assert not opaque(scene)


def test_a_picture_on_white_paper_is_rgb_and_white_where_nothing_is_drawn() -> None:
    picture = image(render_png(card(ground=False), dpi=150, background="#ffffff"))
    assert picture.mode == "RGB"
    assert picture.getpixel((0, 0)) == (255, 255, 255)
    assert round(picture.info["dpi"][0]) == 150             # pHYs holds dots per metre


def test_a_page_of_a_longer_pdf_is_rasterised_as_its_own_scene() -> None:
    first, second = card(), card(ground=False)
    document = render_pdf([Page(first), Page(second)])
    for index, scene in enumerate((first, second)):
        for paper in (None, "#ffffff"):
            from_document = image(pdf_png(document, scene, dpi=100, background=paper, page_index=index))
            alone = image(render_png(scene, dpi=100, background=paper))
            assert from_document.size == alone.size and from_document.mode == alone.mode
            assert ImageChops.difference(from_document, alone).getbbox() is None


def test_png_bytes_keeps_every_pixel_and_records_the_dpi_in_every_mode() -> None:
    from generator.draw import png as png_module

    gradient = Image.radial_gradient("L").resize((203, 150))      # more rows than are copied at once
    assert gradient.height > png_module._ROWS_AT_ONCE
    pictures = {"L": gradient, "LA": Image.merge("LA", [gradient, gradient.rotate(90)]),
                "RGB": Image.merge("RGB", [gradient, gradient.rotate(90), gradient.rotate(180)]),
                "RGBA": Image.merge("RGBA", [gradient, gradient.rotate(90), gradient.rotate(180), gradient.rotate(270)]),
                "P": gradient.convert("P")}
    for mode, picture in pictures.items():
        written = image(png_module.png_bytes(picture, 254))
        written.load()
        assert written.size == picture.size
        assert written.info["dpi"] == (254.0, 254.0)             # 10,000 pixels a metre, exactly
        assert written.mode == picture.mode                        # a palette picture keeps its palette
        assert written.convert("RGB").tobytes() == picture.convert("RGB").tobytes(), mode
        if mode != "P":
            assert written.tobytes() == picture.tobytes(), mode
