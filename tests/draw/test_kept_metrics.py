"""A cut face's numbers (character map, advance widths, heights) kept beside its file: the next
process reads them back instead of reading the font's tables, and sets text the same."""

from __future__ import annotations

import json
import shutil

from fontTools.ttLib import TTFont

from generator.draw import fonts


def test_numbers_kept_are_those_the_font_holds(tmp_path):
    path = tmp_path / "serif.ttf"
    shutil.copyfile(fonts.font_file("serif"), path)
    assert fonts._measured(path) is None                    # nothing kept yet
    read = fonts._measure(TTFont(path))
    fonts._keep_measured(path, read)
    kept = fonts._measured(path)
    assert kept == read and list(kept["advances"]) == list(read["advances"])    # the glyph order too
    assert kept["cmap"][ord("A")] == "A" and kept["advances"]["A"] == fonts.metrics("serif").advances["A"]


def test_numbers_kept_for_another_file_or_damaged_are_read_anew(tmp_path):
    path = tmp_path / "serif.ttf"
    shutil.copyfile(fonts.font_file("serif"), path)
    fonts._keep_measured(path, fonts._measure(TTFont(path)))
    with path.open("ab") as grown:                          # the file is not the one measured
        grown.write(b"\0")
    assert fonts._measured(path) is None
    fonts._keep_measured(path, fonts._measure(TTFont(path)))
    kept_file = fonts._measured_file(path)
    damaged = json.loads(kept_file.read_text())
    damaged["advances"]["A"] = "wide"
    kept_file.write_text(json.dumps(damaged))
    assert fonts._measured(path) is None
    kept_file.write_text("{")
    assert fonts._measured(path) is None


def test_a_face_read_from_its_kept_numbers_opens_its_font_for_outlines():
    fonts.metrics.cache_clear()
    try:
        face = fonts.metrics("serif")
        assert face.text_width("Stockholm", 10) > 0
        assert face.outline("S").startswith("M") and face.font["head"].unitsPerEm == face.units_per_em
    finally:
        fonts.metrics.cache_clear()


def test_a_face_says_its_weight_and_italic_from_its_kept_numbers():
    assert fonts.weight_and_italic("serif") == (400, False)
    assert fonts.weight_and_italic("serif-bold") == (700, False)
    assert fonts.weight_and_italic("serif-italic") == (400, True)
    assert fonts.weight_and_italic("serif-bold-italic") == (700, True)
    assert fonts.weight_and_italic("title-bold") == (700, False)
