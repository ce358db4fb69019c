"""Layout mistakes are reported like data mistakes: file, line, field, what was expected."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build.engine import check
from generator.cli.app import main
from generator.core.errors import BuildError, DataError, Problem
from generator.loading.games import load_game

from tests.layout.conftest import line_of, replace_in


def _problems(**_: object) -> list[Problem]:
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    return caught.value.problems


def _one(problems: list[Problem], field: str) -> Problem:
    found = [p for p in problems if p.field == field]
    assert len(found) == 1, problems
    return found[0]


def test_unknown_layer_type(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "- {type: rect, x: -3", "- {type: rectangle, x: -3")
    problem = _one(_problems(), "layers.0.type")
    assert problem.file.endswith("hero-front.yaml")
    assert problem.line == line_of(text, "type: rectangle")
    assert problem.message == ("unknown layer type 'rectangle'; expected one of rect, ellipse, line, polygon, "
                               "regular, star, arc, arrow, pips, text, textbox, icon, image, group")


def test_a_layer_without_type(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "- {type: rect, x: -3", "- {x: -3")
    assert "every layer needs a type: one of rect, ellipse" in _one(_problems(), "layers.0").message


def test_an_unknown_key_of_a_layer(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "stroke_width: 0.4", "stroke_wdth: 0.4")
    problem = _one(_problems(), "layers.3.stroke_wdth")
    assert "unknown field" in problem.message


def test_a_box_needs_its_place(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "x: 6, y: 58, w: 51.5,", "x: 6, y: 58,")
    assert "needs x, y, w and h (or area: bleed, trim or safe); missing w" in _one(_problems(), "layers.7").message


def test_missing_column_names_the_field_line_and_item(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "{{ strength }}", "{{ strenght }}")
    problem = _one(_problems(), "layers.5.text")
    assert problem.line == line_of(text, "strenght")
    assert problem.message.startswith("items H-ASA, H-BJORN, H-EIR: no column or name 'strenght'")
    assert "this item's columns: house, id, name, quantity, strength, text, title" in problem.message


def test_missing_column_of_one_item_names_its_row(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "{{ tables.houses[house].name }}",
               "{{ tables.houses[house].name if house != 'raven' else missing }}")
    problem = _one(_problems(), "layers.2.text")
    assert problem.message.startswith("item H-EIR (")
    assert "heroes.csv row 4): no column or name 'missing'" in problem.message


def test_unknown_colour(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "stroke: ink", "stroke: inky")
    problem = _one(_problems(), "layers.3.stroke")
    assert problem.line == line_of(text, "stroke: inky")
    assert "unknown colour 'inky': expected a palette name (bear, gold, ink, paper, raven, wolf), '#rrggbb' or 'none'" \
        in problem.message


def test_unknown_colour_from_an_expression_names_the_item(kit: Path) -> None:
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace(",raven,", ",crow,"))
    problem = _one(_problems(), "vars.band")
    assert problem.message.startswith("item H-EIR (") and problem.message.endswith(
        "heroes.csv row 4): no 'crow' in the mapping (a table, the palette, a column...) it is looked up in")
    replace_in(kit / "layouts" / "hero-front.yaml", 'band: "{{ palette[house] }}"', 'band: "{{ house }}"')
    problem = _one(_problems(), "layers.0.fill")
    assert problem.message.startswith("item H-EIR (") and "heroes.csv row 4): unknown colour 'crow'" in problem.message


def test_unknown_font(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "font: title-bold, size: 20", "font: titel-bold, size: 20")
    problem = _one(_problems(), "layers.5.font")
    assert "unknown font 'titel-bold'; known: serif, serif-bold" in problem.message


def test_unknown_icon(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "layers:\n",
               "layers:\n  - {type: icon, name: dragon, x: 1, y: 1, w: 5, h: 5}\n")
    problem = _one(_problems(), "layers.0.name")
    assert "unknown icon 'dragon'" in problem.message


def test_unknown_inline_icon(kit: Path) -> None:
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace("Björn cannot", "Björn :axe: cannot"))
    problem = _one(_problems(), "layers.7.text")
    assert problem.message.startswith("item H-BJORN") and "inline icon :axe:" in problem.message


def test_a_character_the_font_cannot_draw(kit: Path) -> None:
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace("Eir never", "Eir ★ never"))
    problem = _one(_problems(), "layers.7.text")
    assert "the font 'serif' cannot draw ★" in problem.message


def test_text_box_outside_the_canvas(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "x: 6, y: 58, w: 51.5", "x: 6, y: 58, w: 71.5")
    problem = _one(_problems(), "layers.7.x")
    assert problem.line == line_of(text, "w: 71.5")
    assert "the text box reaches outside the canvas" in problem.message
    assert "the face is 63.5 x 88.9 mm with 3 mm bleed" in problem.message


def test_expression_syntax_error_is_found_before_any_item(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "hero-front.yaml", "{{ strength }}", "{{ strength + }}")
    problem = _one(_problems(), "layers.5.text")
    assert problem.line == line_of(text, "strength + ")
    assert problem.message.startswith("expression syntax:")


def test_extends_cycle(kit: Path) -> None:
    text = replace_in(kit / "layouts" / "frame.yaml", "size: poker", "extends: hero-back.yaml\nsize: poker")
    problems = _problems()
    # the back meets the circle in frame.yaml; the front (front -> frame -> back -> frame) in hero-back.yaml
    (problem,) = [p for p in problems if p.file.endswith("frame.yaml")]
    assert problem.field == "extends" and problem.line == line_of(text, "extends:")
    assert problem.message.startswith("extends goes round in a circle:")
    assert problem.message.endswith("frame.yaml -> " + problem.message.split(": ", 1)[1].split(" -> ")[0])
    assert "hero-back.yaml -> " in problem.message


def test_extends_a_missing_file(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "extends: frame.yaml", "extends: frames.yaml")
    assert "no layout file 'frames.yaml' (the path is relative to layouts/)" in _one(_problems(), "extends").message


def test_a_missing_layout_file_is_reported_in_game_yaml(kit: Path) -> None:
    text = replace_in(kit / "game.yaml", "front: layouts/hero-front.yaml", "front: layouts/front.yaml")
    problem = _one(_problems(), "components.0.front")
    assert problem.file.endswith("game.yaml") and problem.line == line_of(text, "front: layouts/front.yaml")
    assert "no file 'layouts/front.yaml'" in problem.message


def test_unknown_size(kit: Path) -> None:
    replace_in(kit / "layouts" / "frame.yaml", "size: poker", "size: pokker")
    assert "unknown size 'pokker'; known: poker" in _one(_problems(), "size").message


def test_bad_length(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "y: 58,", "y: 58mm,")
    assert "expected a length: a number (mm), a percentage of the trim like '50%'" in \
        _one(_problems(), "layers.7.y").message


def test_bad_palette_colour_in_the_game(kit: Path) -> None:
    text = replace_in(kit / "palette.yaml", 'gold: "#b08a3e"', 'gold: golden')
    problem = _one(_problems(), "gold")
    assert problem.file.endswith("palette.yaml") and problem.line == line_of(text, "gold:")
    assert "expected a colour like '#7a1f1f', got 'golden'" in problem.message


def test_bad_rows_are_reported_at_their_row(kit: Path) -> None:
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace("3,2,", "3,two,").replace("H-EIR", "H-ASA"))
    problems = _problems()
    assert any(p.row == 2 and p.field == "quantity" and "whole number of copies" in p.message for p in problems)
    assert any(p.row == 4 and p.field == "id" and "duplicate id 'H-ASA'" in p.message for p in problems)


def test_unknown_rows_maker(kit: Path) -> None:
    replace_in(kit / "game.yaml", "source: heroes.csv", "rows: heroes.generated")
    assert "unknown rows 'heroes.generated'" in _one(_problems(), "components.0.rows").message


def test_design_and_layouts_are_not_mixed(kit: Path) -> None:
    replace_in(kit / "game.yaml", "source: heroes.csv", "source: heroes.csv\n    design: heroes.python")
    messages = [p.message for p in _problems()]
    assert any("unknown design 'heroes.python'" in m for m in messages)


def test_text_that_does_not_fit_is_a_data_problem_naming_game_deck_item_and_field(kit: Path) -> None:
    long = "So long a text that it cannot fit. " * 12
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace(
        "Heal one hero of your house. Eir never attacks.", long.strip()))
    with pytest.raises(DataError) as caught:
        check(["heroes"])
    [problem] = caught.value.problems
    assert problem.file.endswith("hero-front.yaml") and problem.field == "layers.7.text" and problem.line
    assert problem.message.startswith("Heroes of the North, Hero cards, item H-EIR: ")
    assert "even at 7 pt" in problem.message


def test_a_title_that_does_not_fit_its_max_width(kit: Path) -> None:
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace("Björn,", "Björn Ironside of the Long Ships,"))
    with pytest.raises(DataError, match=r"item H-BJORN: text does not fit 52.0 mm"):
        check(["heroes"])


def _a_second_deck_with_a_data_error(kit: Path) -> None:
    """A second deck whose back names an unknown colour, beside the heroes."""
    (kit / "layouts" / "bad-back.yaml").write_text("extends: frame.yaml\nlayers:\n  - {type: rect, area: trim, fill: crow}\n")
    (kit / "game.yaml").write_text((kit / "game.yaml").read_text() + (
        "  - kind: cards\n    id: more\n    title: More heroes\n    source: heroes.csv\n"
        "    front: layouts/hero-front.yaml\n    back: layouts/bad-back.yaml\n"))


def test_check_reports_text_that_does_not_fit_with_the_data_errors_in_one_run(kit: Path) -> None:
    _a_second_deck_with_a_data_error(kit)
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace("Björn,", "Björn Ironside of the Long Ships,"))
    for command in (["check", "heroes"], ["build", "heroes", "--out", str(kit.parent.parent / "out")]):
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2, result.output
        assert "unknown colour 'crow'" in result.output
        assert "Hero cards, item H-BJORN: text does not fit 52.0 mm" in result.output


def test_a_build_stopped_by_text_alone_exits_as_check_does(kit: Path, tmp_path: Path) -> None:
    (kit / "heroes.csv").write_text((kit / "heroes.csv").read_text().replace("Björn,", "Björn Ironside of the Long Ships,"))
    result = CliRunner().invoke(main, ["build", "heroes", "--out", str(tmp_path / "out")])
    assert result.exit_code == 2, result.output
    assert "item H-BJORN: text does not fit 52.0 mm" in result.output
    assert not (tmp_path / "out" / "heroes").exists()


def test_pnpkit_check_lists_every_layout_problem_without_a_traceback_and_writes_nothing(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", "{{ strength }}", "{{ strenght }}")
    replace_in(kit / "layouts" / "hero-back.yaml", "fill: raven", "fill: crow")
    before = sorted(p for p in kit.parent.parent.rglob("*"))
    result = CliRunner().invoke(main, ["check", "heroes"])
    assert result.exit_code == 2
    assert "Traceback" not in result.output
    assert "hero-front.yaml:" in result.output and "field 'layers.5.text'" in result.output
    assert "hero-back.yaml:" in result.output and "the back: unknown colour 'crow'" in result.output
    assert sorted(p for p in kit.parent.parent.rglob("*")) == before


def test_pnpkit_build_writes_nothing_when_a_layout_is_wrong(kit: Path, tmp_path: Path) -> None:
    replace_in(kit / "layouts" / "hero-back.yaml", "fill: raven", "fill: crow")
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "heroes", "--out", str(out)])
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert not out.exists()
