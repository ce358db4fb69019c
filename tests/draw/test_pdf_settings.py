"""A PDF page writes a colour or stroke setting once while it is in force, and after a group
(saved and restored state) the settings are those from before it."""

from __future__ import annotations

import io

from pypdf import PdfReader

from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import pdf_image
from generator.draw.scene import Scene, Style

RED = Style(fill="#ff0000", stroke="#000000", stroke_width=0.5)
BLUE = Style(fill="#0000ff", stroke="#000000", stroke_width=1.5)


def _operators(pdf: bytes, page_index: int = 0) -> list[bytes]:
    return PdfReader(io.BytesIO(pdf)).pages[page_index].get_contents().get_data().split()


def test_settings_in_force_are_not_written_again_and_a_group_gives_them_back() -> None:
    scene = Scene(60, 20)
    scene.rect(0, 0, 20, 20, RED)
    inner = Scene(20, 20)
    inner.rect(0, 0, 20, 20, BLUE)
    scene.place(inner, 20, 0)
    scene.rect(40, 0, 20, 20, RED)                  # red again: in force once the group is closed
    pdf = render_pdf([Page(scene)])
    operators = _operators(pdf)
    assert operators.count(b"rg") == 2             # red once, blue once
    assert operators.count(b"w") == 2              # 0.5 mm once, 1.5 mm once
    assert operators.count(b"RG") == 1             # black, set once, never changed
    image = pdf_image(pdf, (60, 20))
    assert image.getpixel((10, 10))[:3] == (255, 0, 0)
    assert image.getpixel((30, 10))[:3] == (0, 0, 255)
    assert image.getpixel((50, 10))[:3] == (255, 0, 0)


def test_each_page_sets_its_own_colours() -> None:
    first, second = Scene(20, 20), Scene(20, 20)
    first.rect(0, 0, 20, 20, RED)
    second.rect(0, 0, 20, 20, RED)
    pdf = render_pdf([Page(first), Page(second)])
    assert [_operators(pdf, index).count(b"rg") for index in (0, 1)] == [1, 1]
    for index in (0, 1):
        assert pdf_image(pdf, (20, 20), page_index=index).getpixel((5, 5))[:3] == (255, 0, 0)
