"""Bad data gets one clear message naming file, line or row, field and value; never a
traceback, and nothing written. ``check`` refuses whatever ``build`` would."""

from __future__ import annotations

import re

import pytest

from tests.hostile.conftest import GAME, STOCKHOLM, Kit


def test_a_movement_that_is_not_a_number(stockholm: Kit) -> None:
    stockholm.replace(f"{STOCKHOLM}/counters.yaml", "movement: 2}", "movement: fast}")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert re.search(r"data/stockholm1520/counters\.yaml:\d+: field 'types\.militia\.movement': .*'fast'", output)


def test_a_yaml_file_whose_top_level_is_a_list(kit: Kit) -> None:
    kit.path(f"{GAME}/game.yaml").write_text("- a\n- b\n", encoding="utf-8")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/game.yaml:1: expected a mapping (name: value lines), got a list" in output
        assert "GameFile" not in output and "instance of" not in output


def test_a_map_file_whose_top_level_is_a_list(stockholm: Kit) -> None:
    stockholm.path(f"{STOCKHOLM}/map.yaml").write_text("- a\n", encoding="utf-8")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert "data/stockholm1520/map.yaml:1: expected a mapping (name: value lines), got a list" in output
        assert "MapFile" not in output


def test_a_binary_file_named_as_yaml(kit: Kit) -> None:
    kit.path(f"{GAME}/layouts/card-front.yaml").write_bytes(b"\xff\xfe\x00bin\x80\x81")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/layouts/card-front.yaml:1: not UTF-8 text: byte 0xFF, byte 1 of line 1" in output, output
        assert "saved as UTF-16?" in output


def test_deeply_nested_yaml(kit: Kit) -> None:
    kit.path(f"{GAME}/palette.yaml").write_text("ink: " + "[" * 20000 + "]" * 20000, encoding="utf-8")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/palette.yaml: nested more than 64 levels deep" in output


def test_yaml_nested_past_the_limit_but_parseable(kit: Kit) -> None:
    kit.path(f"{GAME}/palette.yaml").write_text("ink: " + "[" * 100 + "]" * 100, encoding="utf-8")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/palette.yaml: nested more than 64 levels deep" in output


def test_a_symlink_loop_as_a_source(kit: Kit) -> None:
    kit.path(f"{GAME}/cards/loop.csv").symlink_to("loop.csv")
    kit.replace(f"{GAME}/game.yaml", "cards/cards.csv", "cards/loop.csv")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/game.yaml:11: field 'components.0.source': 'cards/loop.csv' cannot be followed" in output


def test_a_card_larger_than_the_paper(kit: Kit) -> None:
    kit.replace(f"{GAME}/layouts/card-front.yaml", "size: poker ", "size: {width: 250, height: 250} ")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/game.yaml: cards 'cards' (sheet 'cards'): a 250 x 250 mm piece does not fit on A4" in output
    assert kit.run("check", "mygame", "--paper", "a3").code == 0     # it fits on A3


def test_a_label_sheet_made_for_another_paper(kit: Kit) -> None:
    kit.replace(f"{GAME}/game.yaml", "sheet: cards ", "sheet: avery-5160 ")
    for output in kit.check_and_build_refuse("mygame"):
        assert "cards 'cards' (sheet 'avery-5160'): this sticker sheet is made for letter, not A4; " \
               "build with --paper letter" in output


def test_a_width_of_1e308(kit: Kit) -> None:
    kit.replace(f"{GAME}/layouts/card-front.yaml", "size: poker ", "size: {width: 1e308, height: 80} ")
    for output in kit.check_and_build_refuse("mygame"):
        assert re.search(r"data/mygame/layouts/card-front\.yaml:\d+: field 'size\.width': "
                         r"input should be less than or equal to 500, got '?1e\+?308", output)
        assert len(output) < 600            # no number of 300 digits


def test_a_quantity_of_a_billion(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "scout,Scout,3", "scout,Scout,1000000000")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/cards/cards.csv, row 6: field 'quantity': expected a whole number of copies " \
               "from 0 to 1000, got '1000000000'" in output


def test_a_hex_of_99999999_mm(stockholm: Kit) -> None:
    text = stockholm.path(f"{STOCKHOLM}/map.yaml").read_text(encoding="utf-8")
    stockholm.path(f"{STOCKHOLM}/map.yaml").write_text(re.sub(r"flat_mm: [0-9.]+", "flat_mm: 99999999", text),
                                                       encoding="utf-8")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert re.search(r"data/stockholm1520/map\.yaml:\d+: field 'grid\.flat_mm': input should be less than "
                         r"or equal to 100", output)
    output = stockholm.refused("map", "check", str(stockholm.path(f"{STOCKHOLM}/map.yaml")))
    assert "field 'grid.flat_mm'" in output


def test_a_map_label_of_1e308_pt(stockholm: Kit) -> None:
    stockholm.replace(f"{STOCKHOLM}/map.yaml", "size_pt: 20,", "size_pt: 1e308,")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert re.search(r"data/stockholm1520/map\.yaml:\d+: field 'labels\.\d+\.size_pt': input should be less "
                         r"than or equal to 200", output)


def test_a_back_offset_of_nan(kit: Kit) -> None:
    output = kit.refused("build", "mygame", "--back-offset", "nan,0", "--out", str(kit.out))
    assert "Invalid value for '--back-offset': expected two numbers in mm" in output


def test_emoji_and_hebrew_the_font_cannot_draw(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "Scout,3", "Sc\U0001F600ut \u05e9\u05dc\u05d5\u05dd,3")
    for output in kit.check_and_build_refuse("mygame"):
        assert re.search(r"data/mygame/layouts/card-front\.yaml:\d+: field 'layers\.\d+\.text': item scout "
                         r"\(data/mygame/cards/cards\.csv row 6, column name\): the font 'title-bold' cannot draw", output)
        assert "\U0001F600" in output and "\u05e9" in output


def test_control_characters_in_a_csv_cell(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "Scout,3", "Sc\x01out,3")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/cards/cards.csv, row 6: field 'name': a control character in 'Sc\\x01out'" in output
        assert "\x01" not in output


def test_an_unknown_map_pattern(stockholm: Kit) -> None:
    text = stockholm.path(f"{STOCKHOLM}/map.yaml").read_text(encoding="utf-8")
    stockholm.path(f"{STOCKHOLM}/map.yaml").write_text(re.sub(r"pattern: \w+", "pattern: zigzag", text, count=1),
                                                       encoding="utf-8")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert re.search(r"data/stockholm1520/map\.yaml:\d+: field 'terrains\.\d+\.pattern': input should be "
                         r"'waves', .*got 'zigzag'", output)


def test_a_colour_error_shows_an_example_not_a_regex(kit: Kit) -> None:
    kit.path(f"{GAME}/palette.yaml").write_text("ink: '#zz'\n", encoding="utf-8")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/palette.yaml:1: field 'ink': expected a colour like '#7a1f1f', got '#zz'" in output
        assert "[0-9" not in output


def test_a_counter_colour_error_shows_an_example_not_a_regex(stockholm: Kit) -> None:
    stockholm.replace(f"{STOCKHOLM}/counters.yaml", 'colour: "#586a80"', 'colour: "blue"')
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert "field 'types.militia.colour': expected a colour like '#1f4e79', got 'blue'" in output
        assert "[0-9" not in output


def test_csv_errors_count_the_header_and_notes(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "guard,Guard,2", "guard,Guard,two")
    lines = kit.path(f"{GAME}/cards/cards.csv").read_text(encoding="utf-8").splitlines()
    row = next(i for i, line in enumerate(lines, start=1) if line.startswith("guard,"))
    for output in kit.check_and_build_refuse("mygame"):
        assert f"data/mygame/cards/cards.csv, row {row}: field 'quantity'" in output


def test_duplicate_card_ids(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "guard,Guard,2", "scout,Guard,2")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/cards/cards.csv, row 7: field 'id': duplicate id 'scout' (first at " \
               "data/mygame/cards/cards.csv row 6)" in output


def test_duplicate_track_ids(stockholm: Kit) -> None:
    stockholm.replace(f"{STOCKHOLM}/tracks.yaml", "  - id: rounds", "  - id: propaganda")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert "data/stockholm1520/tracks.yaml:22: field 'tracks.1.id': duplicate track id 'propaganda' " \
               "(first at track 1)" in output


def test_duplicate_component_ids(kit: Kit) -> None:
    text = kit.path(f"{GAME}/game.yaml").read_text(encoding="utf-8")
    components = text[text.index("  - kind: cards"):]
    kit.path(f"{GAME}/game.yaml").write_text(text + components, encoding="utf-8")
    for output in kit.check_and_build_refuse("mygame"):
        assert re.search(r"data/mygame/game\.yaml:\d+: field 'components\.1\.id': duplicate component id 'cards'",
                         output)


def test_one_broken_file_gives_no_follow_on_errors(stockholm: Kit) -> None:
    stockholm.path(f"{STOCKHOLM}/troops.yaml").write_text("- not a mapping\n", encoding="utf-8")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        problems = [line for line in output.splitlines() if line.startswith("  ")]
        assert problems and all("data/stockholm1520/troops.yaml" in line for line in problems), output


def test_text_shrunk_below_8_pt_is_warned_of(kit: Kit) -> None:
    kit.replace(f"{GAME}/cards/cards.csv", "Blocks one attack each round.", "Blocks one attack each round. " * 12)
    run = kit.run("check", "mygame")
    assert run.code == 0 and not run.crashed, run.output
    assert re.search(r"warning: data/mygame/layouts/card-front\.yaml:\d+: field 'layers\.\d+\.text': .*guard.*"
                     r"the text shrank to [0-7](\.\d+)? pt to fit", run.output), run.output
    assert "scout" not in run.output.split("warning:", 1)[1].split("\n", 1)[0]     # only the long card


def test_text_at_its_own_size_is_not_warned_of(kit: Kit) -> None:
    run = kit.run("check", "mygame")
    assert run.code == 0 and "warning" not in run.output


def test_a_control_character_in_a_layout_is_quoted_escaped(kit: Kit) -> None:
    kit.replace(f"{GAME}/layouts/card-front.yaml", 'text: "{{ id }}"', 'text: "\\e[31m{{ id }}"')
    for output in kit.check_and_build_refuse("mygame"):
        assert re.search(r"data/mygame/layouts/card-front\.yaml:\d+: field 'layers\.\d+\.text': .*\\x1b", output)
        assert "\x1b" not in output


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_build_warns_of_shrunk_text_whatever_the_processes(kit: Kit, jobs: str) -> None:
    """Warnings given while drawing in a forked worker reach the command's output too."""
    kit.replace(f"{GAME}/cards/cards.csv", "Blocks one attack each round.", "Blocks one attack each round. " * 12)
    run = kit.run("build", "mygame", "--format", "svg", "--jobs", jobs, "--out", str(kit.out))
    assert run.code == 0 and not run.crashed, run.output
    assert re.search(r"warning: .*guard.*the text shrank to [0-7](\.\d+)? pt to fit", run.output), run.output
