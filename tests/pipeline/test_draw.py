"""The drawing core: SVG escaping, colours, calibration geometry."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from generator.draw.colour import mix, normalise
from generator.draw.scene import Scene, Style
from generator.draw.svg import render_svg
from generator.printing.calibration import TARGETS, duplex_test_pages
from generator.printing.layouts import paper


def test_svg_escapes_text_from_data() -> None:
    scene = Scene(50, 20, title='Kings & "Queens" <1520>')
    scene.text(2, 10, 'Vi ær røde & <blå> "Preußen"', size_pt=8)
    root = ET.fromstring(render_svg(scene).split("\n", 1)[1])
    labels = [el.get("aria-label") for el in root.iter() if el.get("aria-label")]
    assert labels == ['Vi ær røde & <blå> "Preußen"']


def test_colours_are_normalised_and_checked() -> None:
    assert normalise("#A33") == "#aa3333"
    assert mix("#000000", "#ffffff", 0.5) == "#808080"
    with pytest.raises(ValueError, match="expected a colour"):
        Style(fill="red")


def test_duplex_test_back_crosses_mirror_the_front_dots() -> None:
    sheet = paper("a4")
    front, back = duplex_test_pages(sheet)
    dots = [(round(i.cx, 3), round(i.cy, 3)) for i in front.scene.items if type(i).__name__ == "CircleItem"]
    assert dots == [(round(sheet.width * fx, 3), round(sheet.height * fy, 3)) for fx, fy in TARGETS]
    verticals = sorted({round(i.commands[0][1], 3) for i in back.scene.items
                        if type(i).__name__ == "PathItem" and i.commands[0][1] == i.commands[1][1]})
    assert verticals == sorted({round(sheet.width - x, 3) for x, _ in dots})
