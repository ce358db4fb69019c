"""Glyph outlines kept in the user cache beside a face's cut file (``fonts.keep_outlines``):
the next process reads them instead of drawing them, and gets the same path data."""

from __future__ import annotations

import dataclasses
import json

from generator.draw import fonts


def _fresh(kept_file):
    return dataclasses.replace(fonts.metrics("serif"), outlines={}, widths={}, kept_file=kept_file,
                               kept_read=False, drawn=0)


def test_outlines_kept_are_read_back_instead_of_drawn(tmp_path):
    kept_file = tmp_path / "serif.outlines.json"
    first = _fresh(kept_file)
    drawn = {glyph: first.outline(glyph) for glyph in ("A", "g", "ampersand")}
    assert first.drawn == 3 and all(drawn.values())
    first.keep()
    assert json.loads(kept_file.read_text()) == drawn
    second = _fresh(kept_file)
    assert {glyph: second.outline(glyph) for glyph in drawn} == drawn and second.drawn == 0
    second.keep()                                   # nothing new drawn: not written again
    assert second.outline("B") == fonts.metrics("serif").outline("B") and second.drawn == 1


def test_a_damaged_kept_file_is_drawn_anew(tmp_path):
    kept_file = tmp_path / "serif.outlines.json"
    kept_file.write_text('{"A": 3}')
    fresh = _fresh(kept_file)
    assert fresh.outline("A") == fonts.metrics("serif").outline("A") and fresh.drawn == 1


def test_a_render_run_keeps_the_outlines_its_files_drew(tmp_path, monkeypatch):
    from pathlib import PurePosixPath

    from generator.build.render_pool import RenderRun
    from generator.pieces.job import OutputJob

    face = _fresh(tmp_path / "serif.outlines.json")
    monkeypatch.setattr(fonts, "_READ", [face])

    def draw() -> bytes:
        return face.outline("Q").encode()
    job = OutputJob(PurePosixPath("q.svg"), "game", "cards", "q", "svg", "key", draw)
    assert [outcome.data for outcome in RenderRun([job], 1).outcomes()] == [draw()]
    assert json.loads((tmp_path / "serif.outlines.json").read_text()) == {"Q": draw().decode()}
