"""The ``reference`` kind on a small kit: what it writes, how it fits, and how it fails."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.build.engine import build
from generator.cli.app import main
from generator.core.errors import BuildError, DataError
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions
from generator.reference.sheet import MIN_SIZE_PT
from tests.reference.conftest import replace_in

OPTIONS = BuildOptions(formats=frozenset({"pdf", "svg"}))


def _sheet():
    return next(c for c in load_game("mini").components if c.kind == "reference")


def test_the_sheet_is_built_as_searchable_pdf_and_svg(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    result = build(["mini"], OPTIONS, out, only={"reference"})
    assert {str(j.path) for j in result.written} >= {"mini/reference/aid-a4.pdf", "mini/reference/aid-a4.svg"}
    page = pymupdf.open(out / "mini/reference/aid-a4.pdf")[0]
    assert (round(page.rect.width), round(page.rect.height)) == (595, 842)
    text = page.get_text()
    for words in ("Sequence", "Draw a card", "Move", "Horse", "Guns", "beats", "(1.3)"):
        assert words in text
    svg = (out / "mini/reference/aid-a4.svg").read_text()
    assert 'aria-label="Horse"' in svg and 'aria-label="Draw a card"' in svg


def test_letter_paper_and_landscape(kit: Path, tmp_path: Path) -> None:
    replace_in(kit / "reference.yaml", "orientation: portrait", "orientation: landscape")
    out = tmp_path / "out"
    build(["mini"], BuildOptions(paper="letter", formats=frozenset({"pdf"})), out, only={"reference"})
    page = pymupdf.open(out / "mini/reference/aid-letter.pdf")[0]
    assert (round(page.rect.width), round(page.rect.height)) == (792, 612)


def test_rows_come_from_the_games_tables(kit: Path) -> None:
    replace_in(kit / "units.yaml", "name: Guns", "name: Cannon")
    scene = _sheet().typeset("a4").pages[0]
    words = {item.text for item in scene.walk_text()}
    assert "Cannon" in words and "Guns" not in words


def test_content_that_does_not_fit_names_its_section(kit: Path) -> None:
    long = " ".join(["The rules go on and on."] * 1200)
    replace_in(kit / "reference.yaml", '      - steps: ["Draw a card"', f'      - text: "{long}"\n      - steps: ["Draw a card"')
    with pytest.raises(BuildError) as err:
        _sheet().typeset("a4")
    message = str(err.value)
    assert "section 'Sequence' does not fit on 1 page" in message and f"{MIN_SIZE_PT:g} pt" in message
    assert "reference.yaml" in message


def test_a_sheet_that_is_too_full_is_set_smaller_but_never_below_7_pt(kit: Path) -> None:
    more = "\n".join(f'      - text: "Paragraph {i}: the enemy moves along its road toward the capital and attacks '
                     f'whatever it can beat, unless the road is blocked."' for i in range(60))
    replace_in(kit / "reference.yaml", "      - table:", more + "\n      - table:")
    result = _sheet().typeset("a4")
    assert MIN_SIZE_PT <= result.body_size < 9
    assert len(result.pages) == 1
    assert min(item.size_pt for item in result.pages[0].walk_text()) >= MIN_SIZE_PT - 1e-6


def test_a_page_count_the_content_does_not_fill_is_an_error(kit: Path) -> None:
    replace_in(kit / "reference.yaml", "pages: 1", "pages: 2")
    with pytest.raises(BuildError, match="set for 2 pages but its content fills 1"):
        _sheet().typeset("a4")


def test_a_bad_table_path_is_a_data_error_at_its_line(kit: Path) -> None:
    replace_in(kit / "reference.yaml", "from: units.units, each: [", "from: units.troops, each: [")
    with pytest.raises(DataError) as err:
        load_game("mini")
    problem = err.value.problems[0]
    assert problem.line == 14 and "units has no 'troops'" in problem.message


def test_an_expression_naming_a_missing_column_is_a_data_error(kit: Path) -> None:
    replace_in(kit / "reference.yaml", '"{{ moves }}"', '"{{ speed }}"')
    with pytest.raises(DataError, match="no column or name 'speed'"):
        load_game("mini")


def test_a_sections_rule_is_required(kit: Path) -> None:
    replace_in(kit / "reference.yaml", '    rule: "2.0"\n', "")
    with pytest.raises(DataError, match="rule"):
        load_game("mini")


def test_check_sets_the_sheet_on_both_papers(kit: Path) -> None:
    long = " ".join(["Words."] * 2500)
    replace_in(kit / "reference.yaml", '      - steps: ["Draw a card"', f'      - note: "{long}"\n      - steps: ["Draw a card"')
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code != 0
    assert "(A4)" in result.output and "(US Letter)" in result.output and "Traceback" not in result.output


def test_a_bad_diagram_is_named_by_section_and_setting(kit: Path) -> None:
    replace_in(kit / "reference.yaml", "          kind: cycle\n", "          kind: cycle\n          verb: [beats]\n")
    replace_in(kit / "reference.yaml", "      - table:", "      - diagram: {kind: track, last: 5, marks: [{at: 9}]}\n      - table:")
    with pytest.raises(BuildError) as err:
        _sheet().typeset("a4")
    message = str(err.value)
    assert "section 'Units': diagram 'track': a mark at 9 is off the track (1-5)" in message
    assert "raised by" not in message and "handle_" not in message


def test_a_track_box_note_is_printed_in_its_box_and_must_fit(kit: Path) -> None:
    """A mark's note goes inside its box (two lines at most), without tinting it; too long a note
    for the box is an error naming it."""
    from generator.reference.diagrams import draw_diagram
    from generator.reference.flowables import DiagramText
    from generator.reference.sheet import DEFAULT_STYLES, Colours, SheetError

    text = DiagramText(DEFAULT_STYLES["body"], DEFAULT_STYLES["label"], DEFAULT_STYLES["heading"], {}, Colours())
    spec = {"first": 0, "last": 2, "box": 24, "legend": False,
            "marks": [{"at": 1, "note": "5 zone cards"}, {"at": 2, "note": "Christian II · propaganda 5", "tag": "C"}]}
    scene = draw_diagram("track", spec, 100, text, lambda name: None)
    notes = {t.text: t for t in scene.walk_text() if t.text not in {"0", "1", "2", "C"}}
    assert "5 zone cards" in notes and len(notes) == 3              # the long note in two lines
    assert all(24 < t.x < 72 and t.y > 15 for t in notes.values())   # in boxes 1 and 2, at their foot
    fills = [item.style.fill for item in scene.items if getattr(item, "style", None) and item.style.stroke_width == 0.3]
    assert fills[:2] == ["#ffffff", "#f6efe0"] and fills[2] not in ("#ffffff", "#f6efe0")   # a note alone: plain
    with pytest.raises(SheetError, match="does not fit a 24 mm box"):
        draw_diagram("track", {**spec, "marks": [{"at": 1, "note": "a note far too long " * 4}]}, 100, text,
                     lambda name: None)


def test_a_track_whose_boxes_are_smaller_than_its_marker_is_an_error(kit: Path) -> None:
    """A track is played on: boxes declared smaller than the marker they hold (``min_box``) are an
    error naming both sizes, whatever the column's width."""
    from generator.reference.diagrams import draw_diagram
    from generator.reference.flowables import DiagramText
    from generator.reference.sheet import DEFAULT_STYLES, Colours, SheetError

    text = DiagramText(DEFAULT_STYLES["body"], DEFAULT_STYLES["label"], DEFAULT_STYLES["heading"], {}, Colours())
    spec = {"first": 1, "last": 8, "per_row": 4, "box": 10, "min_box": 20, "legend": False}
    with pytest.raises(SheetError, match="10 mm boxes are smaller than the 20 mm marker"):
        draw_diagram("track", spec, 200, text, lambda name: None)
    scene = draw_diagram("track", {**spec, "box": 24}, 200, text, lambda name: None)
    assert scene.width >= 4 * 20
