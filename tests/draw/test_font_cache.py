"""Cut font faces: made once per machine (a lock across processes), the same bytes wherever
they are cut, holding every glyph a character maps to and nothing text is never drawn with."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Iterator

import pytest
from filelock import FileLock
from fontTools.ttLib import TTFont

from generator.draw import fonts
from generator.draw.fontfiles import LAYOUT_TABLES
from tests.draw.fontmaker import make_variable_font


@pytest.fixture
def uncut_face(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A face of a variable font, known but not yet cut, in an empty font cache."""
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    source = make_variable_font(tmp_path / "Wavy.ttf")
    monkeypatch.setitem(fonts.FACES, "wavy-bold", fonts.FaceSpec("", source.name, 700, "PnpWavy-Bold", source))
    fonts.font_file.cache_clear()
    yield "wavy-bold"
    fonts.font_file.cache_clear()


def test_a_face_is_cut_once_and_said_once(uncut_face: str) -> None:
    said: list[str] = []
    assert fonts.uncut_faces([uncut_face]) == [uncut_face]
    fonts.cut_faces([uncut_face], said.append)
    assert len(said) == 1 and "1 font face " in said[0]
    assert fonts.uncut_faces([uncut_face]) == []
    fonts.cut_faces([uncut_face], said.append)              # already there: nothing to say
    assert len(said) == 1


def test_a_process_cutting_a_face_keeps_the_others_waiting(uncut_face: str) -> None:
    lock = FileLock(str(fonts._cached_file(uncut_face)) + ".lock")
    found: list[Path] = []
    with lock:                                              # as another process cutting it would
        waiter = threading.Thread(target=lambda: found.append(fonts.font_file(uncut_face)))
        waiter.start()
        waiter.join(0.5)
        assert waiter.is_alive() and not found
    waiter.join(30)
    assert found and found[0].exists()


def test_a_cut_face_holds_the_mapped_glyphs_and_the_same_bytes_on_every_machine(
        uncut_face: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    first = fonts.font_file(uncut_face).read_bytes()
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "another-machine"))
    fonts.font_file.cache_clear()
    assert fonts.font_file(uncut_face).read_bytes() == first  # no date of cutting in it
    source, cut = TTFont(fonts.FACES[uncut_face].path), TTFont(fonts.font_file(uncut_face))
    assert cut.getBestCmap() == source.getBestCmap()
    assert not any(tag in cut for tag in LAYOUT_TABLES)
    assert "fvar" not in cut and cut["head"].modified == source["head"].modified


def test_a_built_in_face_drops_the_glyphs_no_character_reaches() -> None:
    spec = fonts.FACES["serif"]
    source, cut = TTFont(fonts.package_file(spec.package, spec.filename)), TTFont(fonts.font_file("serif"))
    assert cut.getBestCmap() == source.getBestCmap()
    assert len(cut.getGlyphOrder()) < len(source.getGlyphOrder())
    assert "GSUB" in source and "GSUB" not in cut



@pytest.mark.parametrize("face", ["title-bold", "serif-bold"])
def test_a_cut_face_is_what_saving_with_every_bound_computed_again_writes(face: str, tmp_path: Path) -> None:
    """The cut skips computing its glyphs' bounds again on saving (the instancer set them):
    the bytes are those of a save that computes every bound, head's and hhea's totals too."""
    import io

    from generator.draw.fontfiles import static_truetype

    spec = fonts.FACES[face]
    cut = static_truetype(TTFont(fonts._source_file(spec)), spec.weight, spec.postscript_name)
    assert cut.recalcBBoxes is False
    quick = io.BytesIO()
    cut.save(quick)
    cut.recalcBBoxes = True                 # every glyph's bounds, and the totals, computed on saving
    full = io.BytesIO()
    cut.save(full)
    assert full.getvalue() == quick.getvalue()
