"""What each key of a layout file does, read from the Scene it draws."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.draw.scene import CircleItem, GroupItem, PathItem, TextItem
from generator.layout.values import coerce_cell, to_flag, to_length
from generator.loading.games import load_game

from tests.layout.conftest import replace_in

FRONT = "layouts/hero-front.yaml"


def _write_front(kit: Path, layers: str, head: str = "") -> None:
    (kit / FRONT).write_text(f"extends: frame.yaml\n{head}layers:\n{layers}", encoding="utf-8")


def _front(kit: Path, item: int = 0) -> list:
    deck = load_game("heroes").components[0]
    return deck.pieces[item].front().items


def _own(items: list) -> list:
    """The items the test's layers drew (after the frame's two rectangles)."""
    return items[2:]


def test_positions_are_mm_from_the_trim_or_percent_of_it_and_origin_names_the_point(kit: Path) -> None:
    _write_front(kit, "  - {type: rect, x: 50%, y: 10, w: 20, h: 10%, origin: center, fill: ink}\n")
    (rect,) = _own(_front(kit))
    xs = [c[1] for c in rect.commands if c[0] != "Z"]
    ys = [c[2] for c in rect.commands if c[0] != "Z"]
    assert min(xs) == pytest.approx(3 + 63.5 / 2 - 10) and max(xs) == pytest.approx(3 + 63.5 / 2 + 10)
    assert min(ys) == pytest.approx(3 + 10 - 8.89 / 2) and max(ys) == pytest.approx(3 + 10 + 8.89 / 2)
    assert rect.style.fill == "#2b2118"


def test_areas_and_inset(kit: Path) -> None:
    _write_front(kit, "  - {type: rect, area: bleed, fill: gold}\n"
                      "  - {type: rect, area: safe, inset: -1, stroke: ink}\n")
    bleed, safe = _own(_front(kit))
    assert {c[1:3] for c in bleed.commands if c[0] != "Z"} == {(0, 0), (69.5, 0), (69.5, 94.9), (0, 94.9)}
    corners = {tuple(round(v, 6) for v in c[1:3]) for c in safe.commands if c[0] != "Z"}
    assert corners == {(5, 5), (64.5, 5), (64.5, 89.9), (5, 89.9)}


def test_expressions_bind_columns_numbers_filters_tables_and_vars(kit: Path) -> None:
    _write_front(kit, "  - {type: text, x: 5, y: '{{ strength * 2 + 10 }}', text: '{{ name | upper }} of "
                      "{{ tables.houses[house].name }}', colour: '{{ shade }}'}\n",
                 head="vars:\n  shade: \"{{ palette[house] | mix('paper', 0.5) }}\"\n")
    (text,) = _own(_front(kit, item=1))
    assert text.text == "BJÖRN of House of the Bear"
    assert text.y == pytest.approx(3 + 5 * 2 + 10)            # "5" in the CSV is the number 5
    assert text.fill == "#b79b81"                                # bear mixed half-way to paper


def test_when_skips_a_layer_for_false_no_zero_and_empty(kit: Path) -> None:
    layers = "".join(f"  - {{type: text, x: 5, y: 20, text: {word}, when: \"{cond}\"}}\n" for word, cond in [
        ("a", "{{ strength > 4 }}"), ("b", "strength > 4"), ("c", "{{ '' }}"), ("d", "{{ 'no' }}"), ("e", "{{ 0 }}"),
        ("f", "{{ house }}")])
    _write_front(kit, layers)
    assert [t.text for t in _own(_front(kit, item=1))] == ["a", "b", "f"]   # Björn, strength 5
    assert [t.text for t in _own(_front(kit, item=0))] == ["f"]             # Åsa, strength 3


def test_extends_draws_the_base_first_and_the_extending_file_wins_size_palette_and_vars(kit: Path) -> None:
    (kit / "layouts" / "frame.yaml").write_text(
        "size: {width: 50, height: 70}\nbleed: 2\npalette: {accent: '#ff0000'}\nvars: {word: base}\n"
        "layers:\n  - {type: text, x: 1, y: 10, text: '{{ word }}', colour: accent}\n")
    _write_front(kit, "  - {type: text, x: 1, y: 20, text: '{{ word }}', colour: accent}\n",
                 head="bleed: 1\npalette: {accent: gold}\nvars: {word: mine}\n")
    deck = load_game("heroes").components[0]
    items = deck.pieces[0].front().items
    assert [(t.text, t.fill) for t in items] == [("mine", "#b08a3e"), ("mine", "#b08a3e")]
    assert (deck.frame.width, deck.frame.height, deck.frame.bleed) == (50, 70, 1)
    assert items[0].y == pytest.approx(11) and items[1].y == pytest.approx(21)


def test_the_deck_size_overrides_the_layouts(kit: Path) -> None:
    _write_front(kit, "  - {type: textbox, area: safe, text: '{{ name }}'}\n")
    replace_in(kit / "game.yaml", "source: heroes.csv", "source: heroes.csv\n    size: mini")
    deck = load_game("heroes").components[0]
    assert (deck.frame.width, deck.frame.height) == (44.45, 63.5)


def test_lines_polygons_ellipses_and_dashes(kit: Path) -> None:
    _write_front(kit, "  - {type: line, x1: 0, y1: 0, x2: 100%, y2: 0, stroke: ink, stroke_width: 0.5, dash: [1, '{{ 1 + 1 }}']}\n"
                      "  - {type: polygon, points: [[0, 0], [10, 0], [5, 8]], fill: gold}\n"
                      "  - {type: polygon, points: [[0, 0], [10, 0]], closed: false, stroke: ink}\n"
                      "  - {type: ellipse, x: 0, y: 0, w: 10, h: 4, fill: ink, opacity: 0.5}\n")
    line, triangle, open_line, ellipse = _own(_front(kit))
    assert line.commands == (("M", 3, 3), ("L", 66.5, 3)) and line.style.dash == (1.0, 2.0)
    assert triangle.commands[-1] == ("Z",) and open_line.commands[-1] != ("Z",)
    assert ellipse.style.opacity == 0.5 and [c[0] for c in ellipse.commands] == ["M", "C", "C", "C", "C", "Z"]


def test_groups_move_their_layers_and_turn_them(kit: Path) -> None:
    _write_front(kit, "  - type: group\n    x: 10\n    y: 20\n    layers:\n"
                      "      - {type: text, x: 1, y: 2, text: moved}\n"
                      "  - type: group\n    x: 10\n    y: 20\n    rotate: 90\n    layers:\n"
                      "      - {type: rect, x: 0, y: 0, w: 5, h: 5, fill: ink}\n")
    moved, turned = _own(_front(kit))
    assert isinstance(moved, TextItem) and (moved.x, moved.y) == (3 + 10 + 1, 3 + 20 + 2)
    assert isinstance(turned, GroupItem) and turned.matrix[4:] == (13, 23)
    assert isinstance(turned.items[0], PathItem)


def test_icons_are_fitted_and_tinted(kit: Path) -> None:
    _write_front(kit, "  - {type: icon, name: sword, x: 0, y: 0, w: 12, h: 12, tint: '#ff0000'}\n")
    (icon,) = _own(_front(kit))
    fills = {item.style.fill for item in icon.items if isinstance(item, (PathItem, CircleItem))}
    assert "#ff0000" in fills and "#b08a3e" in fills                # currentColor tinted, the rest as drawn


@pytest.mark.parametrize("text, expected", [("3", 3), ("2.5", 2.5), ("-1", -1), ("007", "007"), ("E-1", "E-1"),
                                            ("", ""), (" 4 ", 4)])
def test_csv_cells_that_read_as_numbers_are_numbers(text: str, expected: object) -> None:
    assert coerce_cell(text) == expected


def test_lengths_and_flags() -> None:
    assert to_length("25%", 80) == 20 and to_length(" 4.5 ", 80) == 4.5
    with pytest.raises(ValueError, match="expected a length"):
        to_length("4mm", 80)
    assert [to_flag(v) for v in ("True", "False", "0", "none", "", "yes", "2", True)] == \
        [True, False, False, False, False, True, True, True]


def test_kit_fonts_from_a_file_or_an_installed_package(kit: Path) -> None:
    import shutil

    from generator.draw import fonts

    (kit / "fonts").mkdir()
    shutil.copy(fonts.font_file("serif-italic"), kit / "fonts" / "Mine.ttf")
    replace_in(kit / "game.yaml", "palette: palette.yaml",
               "palette: palette.yaml\nfonts:\n  mine: fonts/Mine.ttf\n  heavy: 'fontpkg_cinzel:Cinzel[wght].ttf@900'")
    _write_front(kit, "  - {type: text, x: 5, y: 20, text: '{{ name }}', font: mine}\n"
                      "  - {type: text, x: 5, y: 30, text: '{{ name }}', font: heavy, max_width: 40}\n"
                      "  - {type: text, x: 5, y: 40, text: \"{{ text_width(name, 'heavy', 10) | round(1) }}\"}\n")
    mine, heavy, width = _own(_front(kit))
    builtin = {"serif", "serif-semibold", "serif-bold", "serif-italic", "title", "title-bold"}
    assert mine.face not in builtin and heavy.face not in builtin and mine.face != heavy.face
    assert float(width.text) == pytest.approx(heavy.width(), abs=0.05)
    deck = load_game("heroes").components[0]
    assert (kit / "fonts" / "Mine.ttf").resolve() in deck.front_inputs


def test_inline_icons_in_text_and_text_boxes(kit: Path) -> None:
    _write_front(kit, "  - {type: text, x: 5, y: 20, text: 'Attack :sword: {{ strength }}'}\n"
                      "  - {type: textbox, x: 5, y: 30, w: 50, h: 20, text: 'Each :sword: is one blow\\: strike!'}\n")
    items = _own(_front(kit))
    groups = [item for item in items if isinstance(item, GroupItem)]
    texts = [item.text for item in items if isinstance(item, TextItem)]
    assert len(groups) == 2                                       # one sword in each
    assert texts[:2] == ["Attack ", " 3"] and "".join(texts[2:]) == "Each  is one blow: strike!"
