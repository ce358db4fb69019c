"""The shape library (issue 41): regular polygons, stars, arcs and pie slices, arrows, pips and
rounded polygons as layout layers, placed where the layout says in PDF, SVG and PNG alike, and
every number they take held to a range with the file, line and field named."""

from __future__ import annotations

import math
from pathlib import Path

import pymupdf as fitz
import pytest

from generator.core.errors import DataError
from generator.draw import shapes
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.scene import GroupItem, PathItem, Scene
from generator.loading.games import load_game
from tests.draw.raster import RENDERERS, at, near
from tests.layout.conftest import line_of, replace_in

BLEED = 3.0
SHAPES = """extends: frame.yaml
layers:
  - {type: regular, x: 16, y: 16, radius: 10, sides: 6, fill: "#b08a3e", stroke: ink, stroke_width: 0.5}
  - {type: regular, x: 44, y: 16, radius: 10, sides: 8, rotate: 22.5, corner: 2, fill: "#2255cc"}
  - {type: star, x: 16, y: 40, radius: 10, points: 5, inner: 0.45, fill: "#cc2222", dash: [1, 0.5], stroke: ink}
  - {type: arc, x: 44, y: 40, radius: 10, start: -90, end: 0, pie: true, fill: "#2255cc"}
  - {type: arc, x: 44, y: 40, radius: 10, start: 90, end: 180, stroke: ink, stroke_width: 1}
  - {type: arrow, x1: 6, y1: 60, x2: 56, y2: 60, width: 1.5, head_width: 5, head_length: 4, fill: ink,
     shadow: {x: 1, y: 1, colour: "#888888"}}
  - {type: pips, x: 8, y: 70, count: 10, columns: 5, step_x: 5, step_y: 5, size: 3.5, filled: "{{ strength }}",
     fill: "#2255cc", empty: "#ffffff", stroke: ink, stroke_width: 0.2}
  - {type: polygon, points: [[40, 70], [58, 70], [49, 82]], corner: 2, fill: {gradient: linear, stops: [paper, ink]}}
"""


@pytest.fixture
def shaped(kit: Path) -> Path:
    (kit / "layouts" / "hero-front.yaml").write_text(SHAPES, encoding="utf-8")
    return kit


def _front(item: str = "H-BJORN") -> Scene:
    deck = load_game("heroes").components[0]
    return next(p for p in deck.pieces if p.id == item).front()


def _paths(items) -> list[PathItem]:
    out: list[PathItem] = []
    for item in items:
        if isinstance(item, GroupItem):
            out.extend(_paths(item.items))
        elif isinstance(item, PathItem):
            out.append(item)
    return out


def _corners(path: PathItem) -> list[tuple[float, float]]:
    return [(c[-2], c[-1]) for c in path.commands if c[0] in "MLC"]


def test_a_hexagon_has_six_corners_on_its_radius_the_first_pointing_up(shaped: Path) -> None:
    hexagon = next(p for p in _paths(_front().items) if p.style.fill == "#b08a3e")
    corners = _corners(hexagon)
    assert len(corners) == 6
    cx, cy = 16 + BLEED, 16 + BLEED
    assert all(math.hypot(x - cx, y - cy) == pytest.approx(10) for x, y in corners)
    assert corners[0] == pytest.approx((cx, cy - 10))
    assert hexagon.style.stroke == "#2b2118" and hexagon.style.stroke_width == 0.5


def test_a_star_alternates_tips_and_notches() -> None:
    corners = shapes.star_points(0, 0, 10, 5, 0.45)
    reaches = [round(math.hypot(x, y), 6) for x, y in corners]
    assert reaches == [10, 4.5] * 5
    assert corners[0] == pytest.approx((0, -10))


def test_rounded_corners_stay_inside_the_sharp_polygon_and_touch_its_sides() -> None:
    square = [(0.0, 0.0), (10.0, 0.0), (10.0, 10.0), (0.0, 10.0)]
    commands = shapes.rounded(square, 2)
    points = [(c[-2], c[-1]) for c in commands if c[0] in "ML C"]
    assert (2.0, 0.0) in [tuple(map(lambda v: round(v, 6), p)) for p in points]     # the arc begins 2 mm along
    assert all(-1e-9 <= x <= 10 + 1e-9 and -1e-9 <= y <= 10 + 1e-9 for x, y in points)
    assert shapes.rounded(square, 50) == shapes.rounded(square, 5)   # no larger than half a side


def test_an_arc_and_a_pie_slice_lie_on_their_circle() -> None:
    slice_ = shapes.arc(0, 0, 10, -90, 0, pie=True)
    assert slice_[0] == ("M", pytest.approx(0), pytest.approx(-10))
    assert slice_[-2] == ("L", 0, 0) and slice_[-1] == ("Z",)
    # the curve's midpoint (t = 0.5) is on the circle: a cubic within 0.03 % of a quarter circle
    (_, x0, y0), (_, a, b, c, d, x1, y1) = slice_[0], slice_[1]
    mx = (x0 + 3 * a + 3 * c + x1) / 8
    my = (y0 + 3 * b + 3 * d + y1) / 8
    assert math.hypot(mx, my) == pytest.approx(10, rel=3e-4)
    ring = shapes.arc(0, 0, 10, 0, 360, pie=True, inner=0.5)
    assert sum(1 for c in ring if c[0] == "C") == 8          # four quarters out, four back


def test_an_arrow_ends_at_its_tip() -> None:
    outline = shapes.arrow_points(0, 0, 20, 0, 2, 6, 4)
    assert (20, 0) in [tuple(round(v, 9) + 0.0 for v in p) for p in outline]
    assert max(abs(y) for _, y in outline) == pytest.approx(3)
    double = shapes.arrow_points(0, 0, 20, 0, 2, 6, 4, double=True)
    assert {round(p[0], 9) + 0.0 for p in double if abs(p[1]) < 1e-9} == {0.0, 20.0}


def test_pips_are_filled_up_to_the_items_value_and_empty_after(shaped: Path) -> None:
    scene = _front()                        # Björn: strength 5
    blue = max((p for p in _paths(scene.items) if p.style.fill == "#2255cc"),
               key=lambda p: sum(1 for c in p.commands if c[0] == "M"))
    white = next(p for p in _paths(scene.items) if p.style.fill == "#ffffff")
    assert sum(1 for c in blue.commands if c[0] == "M") == 5
    assert sum(1 for c in white.commands if c[0] == "M") == 5
    eir = next(p for p in _paths(_front("H-EIR").items) if p.style.fill == "#ffffff")
    assert sum(1 for c in eir.commands if c[0] == "M") == 9


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_the_shapes_print_where_the_layout_puts_them_in_every_backend(shaped: Path, backend: str) -> None:
    image = RENDERERS[backend](_front())
    b = BLEED
    assert near(at(image, 16 + b, 16 + b), "#b08a3e", 20), "the hexagon's middle"
    assert not near(at(image, 16 + b + 9.5, 16 + b), "#b08a3e", 40), "beyond a flat side of the hexagon"
    assert near(at(image, 16 + b, 40 + b), "#cc2222", 20), "the star's middle"
    assert not near(at(image, 16 + b + 7, 40 + b + 7), "#cc2222", 40), "between two of the star's tips"
    assert near(at(image, 44 + b + 4, 40 + b - 4), "#2255cc", 20), "inside the pie slice"
    assert not near(at(image, 44 + b - 4, 40 + b - 4), "#2255cc", 40), "outside the slice"
    assert near(at(image, 55 + b, 60 + b), "#2b2118", 30), "the arrow's head"
    assert near(at(image, 8 + b, 70 + b), "#2255cc", 20) and near(at(image, 8 + b, 75 + b), "#ffffff", 20)


def test_the_pdf_holds_the_hexagon_at_its_place(shaped: Path) -> None:
    document = fitz.open(stream=render_pdf([Page(_front())]), filetype="pdf")
    mm = 72 / 25.4
    gold = [d for d in document[0].get_drawings() if d.get("fill") and
            tuple(round(v * 255) for v in d["fill"]) == (0xb0, 0x8a, 0x3e)]
    assert gold
    rect = gold[0]["rect"]
    assert rect.x0 / mm == pytest.approx(16 + BLEED - 10 * math.sqrt(3) / 2, abs=0.05)
    assert rect.y0 / mm == pytest.approx(16 + BLEED - 10, abs=0.05)
    assert rect.y1 / mm == pytest.approx(16 + BLEED + 10, abs=0.05)


@pytest.mark.parametrize(("layer", "field", "message"), [
    ("{type: regular, x: 5, y: 5, radius: 3, sides: 2}", "sides", "from 3 to 64"),
    ("{type: star, x: 5, y: 5, radius: 3, inner: 0}", "inner", "more than 0"),
    ("{type: regular, x: 5, y: 5, radius: 0}", "radius", "more than 0"),
    ("{type: arc, x: 5, y: 5, radius: 3, end: 1000}", "end", "-720 to 720"),
    ("{type: pips, x: 5, y: 5, count: 5000}", "count", "from 0 to 1000"),
    ("{type: arrow, x1: 0, y1: 0, x2: 5, y2: 5, head_width: -1}", "head_width", "more than 0"),
])
def test_a_number_out_of_range_names_the_file_line_and_field(kit: Path, layer: str, field: str,
                                                             message: str) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "layers:\n", f"layers:\n  - {layer}\n")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    [problem] = caught.value.problems
    assert problem.field == f"layers.0.{field}" and message in problem.message
    assert problem.line == line_of(text, layer) and problem.file.endswith("hero-front.yaml")


@pytest.mark.parametrize(("layer", "message"), [
    ("{type: arc, x: 5, y: 5, radius: 3}", "give it a stroke"),
    ("{type: arc, x: 5, y: 5, radius: 3, stroke: ink, fill: gold}", "give it pie: true to fill a slice"),
])
def test_an_arc_that_would_draw_nothing_or_ignore_its_fill_is_refused(kit: Path, layer: str, message: str) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "layers:\n", f"layers:\n  - {layer}\n")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    [problem] = caught.value.problems
    assert problem.field == "layers.0" and message in problem.message and problem.line == line_of(text, layer)


def test_a_count_an_expression_gives_is_held_to_the_same_range(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "layers:\n",
               "layers:\n  - {type: regular, x: 5, y: 5, radius: 3, sides: \"{{ strength * 20 }}\"}\n"
               "  - {type: star, x: 5, y: 5, radius: 3, points: \"{{ strength + 0.5 }}\"}\n")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    messages = {(p.field, p.message.split(": ")[-1]) for p in caught.value.problems}
    assert any(f == "layers.0.sides" and "from 3 to 64" in m for f, m in messages)
    assert any(f == "layers.1.points" and "whole number" in m for f, m in messages)
