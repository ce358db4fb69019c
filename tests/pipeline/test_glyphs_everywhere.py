"""Every text a kit draws is checked for glyphs its font lacks (issue 33): a track's tag, a
map's title and legend, a reference sheet's table, as a card's text already was. ``check``
and ``build`` name the data file, line and key that hold the text; nothing prints a gap."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from generator.build.engine import check
from generator.cli.app import main
from generator.core.errors import DataError

STAR = "\u2605"
CASES = {
    "a track's tag": ("stockholm1520", "tracks.yaml", 'tag: M, colour: "#2f5a8a"}',
                      f'tag: "{STAR}", colour: "#2f5a8a"}}', "tracks.yaml:29: field 'tracks.1.boxes.2.tag'"),
    "a map's legend": ("breitenfeld1631", "map.yaml", "label: Clear,", f"label: Clear {STAR},",
                       "map.yaml:27: field 'terrains.0.label'"),
    "a track's note": ("stockholm1520", "tracks.yaml", '{label: "3", note: "Militia"', f'{{label: "3", note: "Militia {STAR}"',
                       "tracks.yaml:29: field 'tracks.1.boxes.2.note'"),
    "a reference table's heading": ("christinaregina", "reference.yaml", "{title: Effect}", f'{{title: "Effect {STAR}"}}',
                                    "reference.yaml:48: field 'sections.2.blocks.1.table.columns.1.title'"),
    "a map's title": ("breitenfeld1631", "map.yaml", "title: Breitenfeld 1631", f"title: Breitenfeld 1631 {STAR}",
                      "map.yaml:19: field 'title'"),
}


def _plant(root: Path, game: str, file: str, old: str, new: str) -> None:
    path = root / "data" / game / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_glyph_the_font_lacks_is_named_with_its_key(project_copy: Path, case: str) -> None:
    game, file, old, new, where = CASES[case]
    _plant(project_copy, game, file, old, new)
    with pytest.raises(DataError) as caught:
        check([game])
    lines = [str(p) for p in caught.value.problems]
    assert any(where in line and "no glyph for" in line and "(U+2605)" in line for line in lines), lines
    assert len(lines) == 1, lines           # one text, one message (not one per paper or file)


def test_the_build_refuses_the_gap_too_and_writes_nothing(project_copy: Path) -> None:
    game, file, old, new, where = CASES["a track's tag"]
    _plant(project_copy, game, file, old, new)
    result = CliRunner().invoke(main, ["build", game, "--format", "pdf", "--out", str(project_copy / "out")])
    assert result.exit_code == 2, result.output
    assert where in result.output
    assert not any((project_copy / "out").rglob("*.pdf"))


def test_the_writers_refuse_a_gap_that_reaches_them() -> None:
    from generator.draw.glyphs import GlyphGap
    from generator.draw.page import Page
    from generator.draw.pdf import render_pdf
    from generator.draw.scene import Scene
    from generator.draw.svg import render_svg

    scene = Scene(50, 20, "gap")
    scene.text(5, 10, f"A {STAR}", face="serif")
    with pytest.raises(GlyphGap, match="U\\+2605"):
        render_pdf([Page(scene)])
    with pytest.raises(GlyphGap, match="U\\+2605"):
        render_svg(scene)
