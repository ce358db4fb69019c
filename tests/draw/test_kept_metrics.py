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


def test_kept_numbers_hold_the_pdf_descriptors_slant_and_box(tmp_path):
    path = tmp_path / "serif-italic.ttf"
    shutil.copyfile(fonts.font_file("serif-italic"), path)
    font = TTFont(path)
    fonts._keep_measured(path, fonts._measure(font))
    kept = fonts._measured(path)
    assert kept["italic_angle"] == font["post"].italicAngle != 0
    head = font["head"]
    assert kept["box"] == [head.xMin, head.yMin, head.xMax, head.yMax]
    kept_file = fonts._measured_file(path)
    damaged = json.loads(kept_file.read_text())
    damaged["box"] = [0, 0, "wide", 0]
    kept_file.write_text(json.dumps(damaged))
    assert fonts._measured(path) is None


def test_the_pdf_writer_reads_a_kept_face_without_a_font_library():
    from generator.draw import pdffont

    fonts.metrics.cache_clear()
    pdffont._font_program.cache_clear()
    try:
        face = fonts.metrics("serif-bold-italic")
        program = pdffont._font_program("serif-bold-italic", fonts.font_file("serif-bold-italic"))
        assert face._font is None                               # glyph ids, slant and box from the kept numbers
        assert program.gid_of("A") == face.font.getGlyphOrder().index("A")
        assert "/ItalicAngle -" in program.descriptor
    finally:
        fonts.metrics.cache_clear()
        pdffont._font_program.cache_clear()
