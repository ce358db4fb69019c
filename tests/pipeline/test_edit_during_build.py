"""A file saved while a build runs is recorded as the build read it, so the next build draws
again whatever was drawn from it (never "Wrote 0 files, reused ..." over old text).

Each case hooks the build so that one input of a scaffolded kit is changed after it has been
read and before the manifest is written; the next build must then give the files a fresh
build (``force``) of the changed kit gives. No sleeps: the edit happens at a fixed step."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Callable

import pytest

from generator.build import render_pool
from generator.build.engine import build
from generator.cli.scaffold import new_kit
from generator.kit import datafiles
from generator.kit.location import use_kit
from generator.pieces.job import BuildOptions

OPTIONS = BuildOptions(formats=frozenset({"svg", "pdf"}))
GAME = "data/mygame"


def _text_edit(relative: str, old: str, new: str) -> Callable[[Path], None]:
    def edit(root: Path) -> None:
        path = root / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} not in {relative}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return edit


def _png_edit(relative: str) -> Callable[[Path], None]:
    def edit(root: Path) -> None:
        from PIL import Image

        path = root / relative
        with Image.open(path) as image:
            changed = image.convert("RGB").transpose(Image.Transpose.FLIP_TOP_BOTTOM)
        changed.save(path)
    return edit


# one input of each kind: data (read while the game loads), layout, palette, icon, image
EDITS = {
    "csv": _text_edit(f"{GAME}/cards/cards.csv", "Blocks one attack each round.", "Blocks two attacks."),
    "layout": _text_edit(f"{GAME}/layouts/card-front.yaml", "name", "name "),
    "palette": _text_edit(f"{GAME}/palette.yaml", '"#7a2e2a"', '"#2a7a2e"'),
    "icon": _text_edit(f"{GAME}/icons/star.svg", "<svg", "<svg data-edited='1'"),
    "image": _png_edit(f"{GAME}/images/unit.png"),
}


def shas(out: Path) -> dict[str, str]:
    return {e["path"]: e["sha256"] for e in json.loads((out / "manifest.json").read_text())["files"]}


def _kit(tmp_path: Path) -> Path:
    root = tmp_path / "kit"
    new_kit(root)
    return root


def _next_build_is_fresh(root: Path, out: Path, tmp_path: Path) -> None:
    """The build after the edit gives what a forced build of the edited kit gives."""
    again = build(None, OPTIONS, out, jobs_n=1)
    assert again.written, "the build after the edit redrew nothing"
    fresh = tmp_path / "fresh"
    build(None, OPTIONS, fresh, jobs_n=1, force=True)
    assert shas(out) == shas(fresh)


@pytest.mark.parametrize("workers", [1, 2])      # 2: drawn (and edited) in forked workers
@pytest.mark.parametrize("case", sorted(EDITS))
def test_an_input_saved_after_it_was_read_is_drawn_again_by_the_next_build(
        case: str, workers: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _kit(tmp_path)
    out = root / "out"
    real = render_pool._render
    mark = tmp_path / "edited"          # the save is made once, by whichever process is first

    def render_then_edit(job: Any) -> Any:          # every read of the job made: then the save
        outcome = real(job)
        try:
            mark.open("x").close()
        except FileExistsError:
            return outcome
        EDITS[case](root)
        return outcome

    with use_kit(root):
        monkeypatch.setattr(render_pool, "_render", render_then_edit)
        build(None, OPTIONS, out, jobs_n=workers)
        assert mark.exists()
        monkeypatch.setattr(render_pool, "_render", real)
        _next_build_is_fresh(root, out, tmp_path)


def test_a_data_file_saved_just_after_it_was_read_is_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The CSV changes the moment its bytes are read, before anything is drawn from them."""
    root = _kit(tmp_path)
    out = root / "out"
    real = datafiles._read_bytes
    edit = EDITS["csv"]
    done: list[bool] = []

    def read_then_edit(path: Path) -> bytes:
        data = real(path)
        if Path(path).name == "cards.csv" and not done:
            done.append(True)
            edit(root)
        return data

    with use_kit(root):
        monkeypatch.setattr(datafiles, "_read_bytes", read_then_edit)
        build(None, OPTIONS, out, jobs_n=1)
        assert done
        monkeypatch.setattr(datafiles, "_read_bytes", real)
        _next_build_is_fresh(root, out, tmp_path)


def test_a_file_read_twice_with_two_contents_is_recorded_as_unknown(tmp_path: Path) -> None:
    from generator.core.inputs import digest_as_read, note_read, reading_session

    path = tmp_path / "a.txt"
    path.write_text("one")
    with reading_session():
        note_read(path, b"one")
        note_read(path, b"two")
        assert digest_as_read(path, lambda p: "now") is None
    assert digest_as_read(path, lambda p: "now") == "now"
