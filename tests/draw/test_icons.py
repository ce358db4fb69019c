"""Kit icons: parsed safely, drawn alike in PDF, SVG and PNG, tinted as the layout asks."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.core.inputs import recording
from generator.draw.icons import load_icon
from generator.draw.scene import PathItem, Scene
from generator.draw.svg import render_svg
from tests.draw.raster import RENDERERS, at, near

# 40 x 20 units: a red circle on the left, a currentColor square, a green half-disc drawn with an
# arc and moved by a transform, a blue bar placed by a rotation, and a currentColor stroke.
SAMPLE = """<?xml version="1.0"?>
<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="100 50 40 20"
     width="400" height="200">
  <g transform="translate(100 50)">
    <circle cx="10" cy="10" r="8" fill="#ff0000"/>
    <rect x="20" y="2" width="6" height="6" style="fill: currentColor"/>
    <path d="M 16 13 A 4 4 0 0 0 24 13 Z" fill="#00aa00" transform="translate(4 0)"/>
    <g transform="translate(33 10) rotate(90)">  <!-- lands on x 34..37, y 8..12 -->
      <rect x="-2" y="-4" width="4" height="3" fill="#0000ff"/>
    </g>
    <line x1="28" y1="18" x2="39" y2="18" stroke="currentColor" stroke-width="1.5"/>
  </g>
</svg>
"""


def write(tmp_path: Path, text: str, name: str = "sample.svg") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_an_icon_keeps_its_viewbox_units_colours_and_shapes(tmp_path: Path) -> None:
    icon = load_icon(write(tmp_path, SAMPLE))
    assert (icon.name, icon.width, icon.height, icon.aspect) == ("sample", 40.0, 20.0, 2.0)
    assert icon.has_current_colour
    fills = [item.style.fill for item in icon.items if isinstance(item, PathItem)]
    assert fills == ["#ff0000", "currentColor", "#00aa00", "#0000ff", None]
    circle = icon.items[0]
    assert isinstance(circle, PathItem)
    assert {c[0] for c in circle.commands} <= {"M", "C", "Z"}    # a circle: cubic curves
    xs = [v for c in circle.commands for v in c[1::2]]
    assert min(xs) == pytest.approx(2.0) and max(xs) == pytest.approx(18.0)
    line = icon.items[-1]
    assert isinstance(line, PathItem) and line.style.stroke == "currentColor"
    assert line.style.stroke_width == pytest.approx(1.5)


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_an_icon_draws_at_its_place_in_every_backend(tmp_path: Path, backend: str) -> None:
    icon = load_icon(write(tmp_path, SAMPLE))
    scene = Scene(100, 60)
    # an 80 x 60 box: the 2:1 icon is 80 x 40, centred 10 mm down
    scene.icon(icon, 10, 0, 80, 60, tint="#aa00aa")
    image = RENDERERS[backend](scene)
    def sample(x: float, y: float) -> tuple[int, int, int]:
        return at(image, 10 + 2 * x, 10 + 2 * y)
    assert near(sample(10, 10), "#ff0000"), "circle"
    assert near(sample(23, 5), "#aa00aa"), "currentColor square takes the tint"
    assert near(sample(24, 14.5), "#00aa00"), "arc moved by its transform"
    assert near(sample(35.5, 10), "#0000ff"), "bar turned by its rotation"
    assert near(sample(34, 18), "#aa00aa"), "currentColor stroke"
    assert near(sample(20, 1), "#ffffff") and near(sample(1, 1), "#ffffff"), "nothing drawn between"
    assert near(at(image, 50, 5), "#ffffff"), "the icon is centred: nothing above it"


def test_without_a_tint_current_colour_is_black(tmp_path: Path) -> None:
    icon = load_icon(write(tmp_path, SAMPLE))
    scene = Scene(40, 20)
    scene.icon(icon, 0, 0, 40, 20)
    image = RENDERERS["png"](scene)
    assert near(at(image, 23, 5), "#000000")
    assert near(at(image, 10, 10), "#ff0000")


def test_an_icon_without_current_colour_is_tinted_whole(tmp_path: Path) -> None:
    path = write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" fill="#ff0000">'
                           '<rect width="5" height="10"/><rect x="5" width="5" height="10" fill="#00ff00"'
                           ' stroke="#0000ff"/></svg>')
    icon = load_icon(path)
    assert not icon.has_current_colour
    placed = Scene(10, 10)
    placed.icon(icon, 0, 0, 10, 10, tint="#123456")
    image = RENDERERS["png"](placed)
    assert near(at(image, 2, 5), "#123456") and near(at(image, 7, 5), "#123456")
    untinted = Scene(10, 10)
    untinted.icon(icon, 0, 0, 10, 10)
    image = RENDERERS["png"](untinted)
    assert near(at(image, 2, 5), "#ff0000") and near(at(image, 7, 5), "#00ff00")


def test_opacity_and_fill_rule_are_kept(tmp_path: Path) -> None:
    path = write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                           '<g opacity="0.5"><g style="opacity:0.5"><rect width="10" height="10" fill="#000000"/></g></g>'
                           '<path fill-rule="evenodd" fill="#ff0000" fill-opacity="0.5" stroke="#0000ff"'
                           ' d="M0 0H10V10H0Z M2 2H8V8H2Z"/></svg>')
    icon = load_icon(path)
    square, ring_fill, ring_stroke = icon.items
    assert isinstance(square, PathItem) and square.style.opacity == pytest.approx(0.25)
    assert isinstance(ring_fill, PathItem) and ring_fill.style.fill_rule == "evenodd"
    assert ring_fill.style.opacity == pytest.approx(0.5, abs=0.01) and ring_fill.style.stroke is None
    assert isinstance(ring_stroke, PathItem) and ring_stroke.style.opacity == 1.0 and ring_stroke.style.fill is None


def test_reading_an_icon_is_noted_for_cache_keys(tmp_path: Path) -> None:
    path = write(tmp_path, SAMPLE)
    load_icon(path)
    with recording() as reads:
        load_icon(path)        # cached, still noted
    assert reads == {path.resolve()}


def test_an_edited_icon_is_read_again(tmp_path: Path) -> None:
    path = write(tmp_path, SAMPLE)
    assert load_icon(path).items[0].style.fill == "#ff0000"   # type: ignore[union-attr]
    write(tmp_path, SAMPLE.replace("#ff0000", "#ff8800").replace('viewBox="100 50 40 20"', 'viewBox="100 50 40 20" '))
    assert load_icon(path).items[0].style.fill == "#ff8800"   # type: ignore[union-attr]


HOSTILE = {
    "entities": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaa"><!ENTITY b "&a;&a;&a;">]>'
                 '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><desc>&b;</desc></svg>', "DTD"),
    "external entity": ('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]>'
                        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><desc>&x;</desc></svg>', "DTD"),
    "script": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><script>alert(1)</script>'
               '<rect width="1" height="1"/></svg>', "<script> is not allowed"),
    "handler": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1" onload="alert(1)">'
                '<rect width="1" height="1"/></svg>', "event handler 'onload'"),
    "use outside": ('<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
                    'viewBox="0 0 1 1"><use xlink:href="other.svg#shape"/></svg>', "refers outside the file"),
    "image": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="/etc/passwd" '
              'width="1" height="1"/></svg>', "refers outside the file"),
    "embedded image": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><image href="#x" '
                       'width="1" height="1"/></svg>', "images inside icons are not drawn"),
    "css import": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><style>@import "x.css";</style>'
                   '<rect width="1" height="1"/></svg>', "imports another style sheet"),
    "url paint": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><rect width="1" height="1" '
                  'style="fill:url(https://example.org/x.svg#g)"/></svg>', "refers outside the file"),
    "gradient": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><linearGradient id="g"/>'
                 '<rect width="1" height="1" fill="url(#g)"/></svg>', "gradients and patterns are not drawn"),
    "use bomb": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><defs><rect id="a" width="1" height="1"/>'
                 + "".join(f'<g id="{chr(98 + i)}">' + f'<use href="#{chr(97 + i)}"/>' * 10 + "</g>" for i in range(6))
                 + '</defs><use href="#g"/></svg>', "expands to more than"),
    "use cycle": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><g id="a"><use href="#a"/></g></svg>',
                  "uses itself"),
    "not xml": ("this is not an svg", "not well-formed XML at line 1"),
    "not svg": ('<html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', "expected an <svg> document"),
    "no size": ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"/></svg>', "no viewBox"),
    "empty": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>', "draws nothing"),
    "bad path": ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><path d="M 0 0 L 1 1e999"/></svg>',
                 "not finite"),
}


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_a_bad_or_hostile_icon_is_a_data_error_naming_the_file_and_the_fault(tmp_path: Path, case: str) -> None:
    text, expected = HOSTILE[case]
    path = write(tmp_path, text, name="bad.svg")
    with pytest.raises(DataError) as caught:
        load_icon(path, shown="icons/bad.svg")
    message = str(caught.value)
    assert message.startswith("icons/bad.svg: "), message
    assert expected in message, message


def test_an_oversized_icon_is_refused_before_it_is_parsed(tmp_path: Path) -> None:
    path = write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">' + " " * 1_100_000 + "</svg>")
    with pytest.raises(DataError, match="at most 1,000,000"):
        load_icon(path)


def test_a_missing_icon_is_a_data_error(tmp_path: Path) -> None:
    with pytest.raises(DataError, match="cannot read the icon"):
        load_icon(tmp_path / "nowhere.svg")


def test_the_svg_output_carries_no_current_colour(tmp_path: Path) -> None:
    scene = Scene(40, 20)
    scene.icon(load_icon(write(tmp_path, SAMPLE)), 0, 0, 40, 20, tint="#00ccff")
    svg = render_svg(scene)
    assert "currentColor" not in svg and "#00ccff" in svg


def test_use_style_sheets_and_editor_clutter_are_understood(tmp_path: Path) -> None:
    path = write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"'
                           ' xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape" viewBox="0 0 10 10">'
                           '<style>.a{fill:#00ff00}</style><!-- a comment --><inkscape:grid/>'
                           '<defs><rect id="r" width="2" height="2" fill="#0000ff"/></defs>'
                           '<use xlink:href="#r" x="5" y="1"/><rect class="a" y="5" width="3" height="3"/></svg>')
    icon = load_icon(path)
    starts = [(item.style.fill, item.commands[0]) for item in icon.items if isinstance(item, PathItem)]
    assert starts == [("#0000ff", ("M", 5.0, 1.0)), ("#00ff00", ("M", 0.0, 5.0))]
    assert not icon.clip


@pytest.mark.parametrize("backend", sorted(RENDERERS))
def test_art_beyond_the_viewbox_is_clipped_as_svg_does(tmp_path: Path, backend: str) -> None:
    icon = load_icon(write(tmp_path, '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
                                     '<circle cx="10" cy="5" r="4" fill="#ff0000"/></svg>'))
    assert icon.clip
    scene = Scene(30, 10)
    scene.icon(icon, 0, 0, 30, 10)      # the 10 x 10 icon is centred: x 10..20
    image = RENDERERS[backend](scene)
    assert near(at(image, 18, 5), "#ff0000")
    if backend != "svg":                # MuPDF's SVG reader ignores clip paths
        assert near(at(image, 22, 5), "#ffffff")
