"""Gradients and drop shadows (issue 24, card faces): drawn alike in PDF, SVG and PNG, written
in layouts, and read by the preflight's contrast rule."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from generator.core.errors import DataError
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import svg_to_png
from generator.draw.scene import GroupItem, ImageItem, PathItem, Scene, Style, TextItem, Gradient
from generator.draw.svg import render_svg
from generator.loading.games import load_game
from generator.preflight.findings import Limits
from generator.preflight.run import page_findings
from generator.preflight.wcag import ratio
from tests.draw.raster import DPI, at, near, via_pdf, via_png
from tests.layout.conftest import replace_in

RED_TO_BLUE = Gradient("linear", ((0, "#ff0000"), (1, "#0000ff")), (5, 0), (55, 0))
WHITE_TO_GREEN = Gradient("radial", ((0, "#ffffff"), (1, "#008000")), (20, 29), radius=15)


def _gradients() -> Scene:
    scene = Scene(60, 40)
    scene.rect(5, 5, 50, 12, Style(gradient=RED_TO_BLUE, stroke="#000000", stroke_width=0.5))
    scene.rect(5, 20, 30, 18, Style(gradient=WHITE_TO_GREEN))
    return scene


def _via_resvg(scene: Scene) -> Image.Image:
    return Image.open(io.BytesIO(svg_to_png(render_svg(scene), dpi=DPI, background="#ffffff"))).convert("RGB")


@pytest.mark.parametrize("render", [via_pdf, via_png, _via_resvg], ids=["pdf", "png", "svg"])
def test_linear_and_radial_gradients_blend_alike_in_every_backend(render) -> None:
    image = render(_gradients())
    assert near(at(image, 6, 11), "#fa0005", 14) and near(at(image, 54, 11), "#0500fa", 14)
    assert near(at(image, 30, 11), RED_TO_BLUE.at((30, 11)), 14)          # halfway: purple
    assert near(at(image, 20, 29), "#ffffff", 14)                         # the radial centre
    assert near(at(image, 27, 29), WHITE_TO_GREEN.at((27, 29)), 14)
    assert near(at(image, 34, 21), "#008000", 14)                         # past the radius: the end colour
    assert near(at(image, 30, 5.1), "#000000", 40), "the stroke is drawn over the gradient"


def test_the_pdf_holds_shadings_and_the_svg_gradient_elements() -> None:
    pdf = PdfReader(io.BytesIO(render_pdf([Page(_gradients())])))
    shadings = pdf.pages[0]["/Resources"]["/Shading"]
    kinds = sorted(int(shading.get_object()["/ShadingType"]) for shading in shadings.values())
    assert kinds == [2, 3]                      # axial and radial
    svg = render_svg(_gradients())
    assert '<linearGradient gradientUnits="userSpaceOnUse" id="gr1" x1="5" x2="55" y1="0" y2="0">' in svg
    assert '<stop offset="1" stop-color="#0000ff" />' in svg and 'fill="url(#gr2)"' in svg


def _front(item: str = "H-BJORN") -> Scene:
    deck = load_game("heroes").components[0]
    return next(p for p in deck.pieces if p.id == item).front()


def _paths(scene: Scene) -> list[PathItem]:
    found = []

    def visit(items) -> None:
        for item in items:
            if isinstance(item, GroupItem):
                visit(item.items)
            elif isinstance(item, PathItem):
                found.append(item)
    visit(scene.items)
    return found


def test_a_layouts_gradient_spans_the_shapes_box_at_its_angle(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", 'w: 69.5, h: 20, fill: "{{ band }}"',
               'w: 69.5, h: 20, fill: {gradient: linear, angle: 0, stops: ["{{ band }}", [0.8, paper], gold]}')
    replace_in(kit / "layouts" / "hero-front.yaml", "fill: \"{{ band | mix('paper', 0.6) }}\"",
               "fill: {gradient: radial, centre: [0.5, 0.5], radius: 0.5, stops: [paper, ink]}")
    band, circle = [p.style.gradient for p in _paths(_front()) if p.style.gradient is not None]
    assert band is not None and circle is not None
    assert band.kind == "linear" and band.start == pytest.approx((0, 10)) and band.end == pytest.approx((69.5, 10))
    assert [offset for offset, _ in band.stops] == [0, 0.8, 1] and band.stops[1][1] == "#f4ecd8"
    assert circle.kind == "radial" and circle.start == pytest.approx((34.75, 43))
    assert circle.radius == pytest.approx(0.5 * (11 ** 2 * 2) ** 0.5)        # half the way to a corner


def test_a_gradient_stop_out_of_order_names_the_field(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", 'w: 69.5, h: 20, fill: "{{ band }}"',
               'w: 69.5, h: 20, fill: {gradient: linear, stops: [[0.6, paper], [0.2, gold]]}')
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    [problem] = [p for p in caught.value.problems if p.field == "layers.0.fill"]
    assert "stop offsets must grow from 0 to 1" in problem.message


def test_a_sharp_shadow_is_the_layer_again_in_its_colour_beneath_it(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", 'font: title-bold, size: 20, colour: ink, align: center}',
               'font: title-bold, size: 20, colour: ink, align: center, shadow: {x: 0.6, y: 0.4, colour: gold, opacity: 0.7}}')
    scene = _front()
    index = next(i for i, item in enumerate(scene.items) if isinstance(item, GroupItem) and item.name == "shadow")
    shadow, text = scene.items[index], scene.items[index + 1]
    assert isinstance(shadow, GroupItem) and isinstance(text, TextItem) and text.text == "5"
    [copy] = shadow.items
    assert isinstance(copy, TextItem) and copy.text == "5" and copy.fill == "#b08a3e" and copy.face == text.face
    assert shadow.matrix[4:] == (0.6, 0.4) and shadow.opacity == 0.7


def test_a_blurred_shadow_is_a_soft_picture_beneath_the_shape(kit: Path) -> None:
    plain = via_png(_front())
    replace_in(kit / "layouts" / "hero-front.yaml", "    stroke: ink\n    stroke_width: 0.4",
               "    stroke: ink\n    stroke_width: 0.4\n    shadow: {x: 1.5, y: 1.5, blur: 1, opacity: 0.6}")
    scene = _front()
    [shadow] = [i for i in scene.items if isinstance(i, GroupItem) and i.name == "shadow"]
    [picture] = shadow.items
    assert isinstance(picture, ImageItem) and picture.opacity == 0.6
    # the circle (centre 34.75, 43 on the canvas, r 11) with 3 mm of blur room around it, moved 1.5 mm
    assert (picture.x, picture.y) == pytest.approx((34.75 - 11 - 3 + 1.5, 43 - 11 - 3 + 1.5), abs=0.3)
    shaded = via_png(scene)
    below_right, far_out, above_left = (34.75 + 9.5, 43 + 9.5), (34.75 + 14, 43 + 14), (34.75 - 8.6, 43 - 8.6)
    assert sum(at(shaded, *below_right)) < sum(at(plain, *below_right)) - 30, "darker where the shadow falls"
    assert at(shaded, *far_out) == at(plain, *far_out) and at(shaded, *above_left) == at(plain, *above_left)
    svg = render_svg(scene)
    assert svg.count("data:image/png;base64,") == 1


GRADIENT = Gradient("linear", ((0, "#1f3f6e"), (1, "#ffffff")), (0, 0), (100, 0))


def test_the_preflight_reads_text_over_a_gradient_at_its_worst_and_skips_shadows() -> None:
    page = Scene(100, 60)
    page.rect(0, 0, 100, 30, Style(gradient=GRADIENT))
    page.text(5, 12, "Dark end", size_pt=9, fill="#ffffff")               # over navy: fine
    page.text(60, 25, "Pale end", size_pt=9, fill="#ffffff")             # over the pale half: poor
    page.add(GroupItem((TextItem(5, 50, "Shadow", "serif", 9, "#f8f8f8"),), name="shadow"))
    found = page_findings(Page(page, label="fronts 1"), "game/cards/deck-sheets-a4.pdf", 1, Limits())
    found = [f for f in found if f.rule == "contrast"]
    assert [f.what.split(" (")[0] for f in found] == ["text 'Pale end'"]
    right = 60 + TextItem(60, 25, "Pale end", "serif", 9, "#ffffff").width()
    palest = ratio("#ffffff", GRADIENT.at((right, 25)))
    middle = ratio("#ffffff", GRADIENT.at(((60 + right) / 2, 25)))
    assert found[0].measured == f"{palest:.2f}:1" and palest < middle       # the palest point under it


def test_a_shadow_coloured_none_is_no_shadow_and_one_too_far_names_the_field(kit: Path) -> None:
    layout = kit / "layouts" / "hero-front.yaml"
    replace_in(layout, 'font: title-bold, size: 20, colour: ink, align: center}',
               'font: title-bold, size: 20, colour: ink, align: center, '
               'shadow: {colour: "{{ \'none\' if strength > 4 else \'ink\' }}"}}')
    shadows = [len([i for i in _front(item).items if isinstance(i, GroupItem) and i.name == "shadow"])
               for item in ("H-BJORN", "H-EIR")]
    assert shadows == [0, 1]                        # Björn's strength is 5, Eir's 1
    replace_in(layout, "shadow: {colour:", "shadow: {x: 80, colour:")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    [problem] = [p for p in caught.value.problems if p.field == "layers.5.shadow.x"]     # found as the file is read
    assert "expected a number from -50 to 50 mm, got 80" in problem.message


def test_a_texts_colour_may_be_a_gradient_over_its_box_in_every_backend(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", 'font: title-bold, size: 20, colour: ink, align: center}',
               'font: title-bold, size: 20, align: center, '
               'colour: {gradient: linear, angle: 90, stops: ["#ff0000", "#0000ff"]}}')
    replace_in(kit / "layouts" / "hero-front.yaml", 'text: "{{ text }}", font: serif, size: 10, min_size: 7,\n     colour: ink,',
               'text: "{{ text }} **Now.**", font: serif, size: 10, min_size: 7,\n'
               '     colour: {gradient: radial, stops: [ink, gold]},')
    scene = _front()
    [strength] = [t for t in scene.walk_text() if t.text == "5"]
    assert strength.gradient is not None and strength.gradient.kind == "linear"
    top, bottom = strength.gradient.start[1], strength.gradient.end[1]
    assert top < 47 - 5 and 47 < bottom < 47 + 3         # from the ascender to the descender of the baseline 47
    rule = [t for t in scene.walk_text() if t.y > 60 and t.y < 80]
    assert {t.gradient for t in rule} != {None} and len({t.gradient for t in rule}) == 1   # one gradient, every line
    assert any(t.face == "serif-bold" for t in rule)
    left, right = strength.start_x(), strength.start_x() + strength.width()
    for render in (via_pdf, via_png, _via_resvg):
        image = render(scene)
        inked = [(y, at(image, x, y)) for x in _steps(left, right, 0.2) for y in _steps(47 - 6.5, 47, 0.2)]
        inked = [(y, rgb) for y, rgb in inked if rgb[1] < 60]                  # red to blue: no green
        upper = [rgb for y, rgb in inked if y < 47 - 4.5]
        lower = [rgb for y, rgb in inked if y > 47 - 2]
        assert upper and lower, render.__name__
        assert min(r - b for r, g, b in upper) > 0 > max(r - b for r, g, b in lower), render.__name__   # red above, blue below


def _steps(start: float, end: float, step: float) -> list[float]:
    return [start + i * step for i in range(int((end - start) / step) + 1)]


def test_the_preflight_reads_gradient_text_at_its_palest_ink() -> None:
    page = Scene(100, 40)
    ink = Gradient("linear", ((0, "#000000"), (1, "#dddddd")), (10, 0), (30, 0))
    page.text(10, 20, "Fading away", size_pt=12, fill="#000000", gradient=ink)
    page.text(10, 35, "Fading away", size_pt=12, fill="#000000",
              gradient=Gradient("linear", ((0, "#000000"), (1, "#333333")), (10, 0), (30, 0)))
    found = [f for f in page_findings(Page(page, label="fronts 1"), "game/cards/deck-sheets-a4.pdf", 1, Limits())
             if f.rule == "contrast"]
    assert len(found) == 1 and found[0].item == "" and "on #ffffff" in found[0].what
    right = 10 + TextItem(10, 20, "Fading away", "serif", 12, "#000000").width()
    assert found[0].measured == f"{ratio(ink.at((right, 20)), '#ffffff'):.2f}:1"
