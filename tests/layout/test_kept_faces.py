"""Faces kept between loads in one process (generator.layout.kept, what ``pnpkit watch``
rebuilds with): an edit resolves again exactly the items it touches, and the output of
rebuilds in one process is byte for byte that of a build with nothing kept."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from generator.build.engine import build
from generator.draw import png_bands
from generator.layout import kept
from generator.layout.resolve import Resolver
from generator.pieces.job import BuildOptions

from tests.layout.conftest import replace_in

OPTIONS = BuildOptions(formats=frozenset({"pdf", "svg"}))


@pytest.fixture
def resolving(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The items (their ``id`` column, or 'back') resolved, as they are resolved."""
    resolved: list[str] = []
    original = Resolver.resolve

    def counted(self: Resolver, columns: Any, place: Any = None) -> Any:
        resolved.append(str(columns.get("id", "back")))
        return original(self, columns, place)
    monkeypatch.setattr(Resolver, "resolve", counted)
    kept.forget()
    return resolved


def _files(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def _same_as_a_fresh_build(out: Path, fresh: Path) -> None:
    """``out`` holds what a build with nothing kept writes (its manifest too)."""
    kept.forget()
    png_bands.forget()
    build(["heroes"], OPTIONS, fresh, jobs_n=1)
    assert _files(out) == _files(fresh)


def _rebuild(out: Path, resolved: list[str]) -> list[str]:
    resolved.clear()
    build(["heroes"], OPTIONS, out, jobs_n=1)
    return sorted(resolved)


def test_an_edited_row_alone_is_resolved_again_and_the_output_is_a_fresh_builds(kit: Path, tmp_path: Path,
                                                                                 resolving: list[str]) -> None:
    out = tmp_path / "out"
    build(["heroes"], OPTIONS, out, jobs_n=1)
    assert sorted(resolving) == ["H-ASA", "H-BJORN", "H-EIR", "back"]
    replace_in(kit / "heroes.csv", "Heal one hero of your house.", "Heal two heroes of your house.")
    assert _rebuild(out, resolving) == ["H-EIR"]
    assert "Heal two heroes" in (out / "heroes/cards/heroes/H-EIR-front.svg").read_text(encoding="utf-8")
    _same_as_a_fresh_build(out, tmp_path / "fresh")


@pytest.mark.parametrize("edit, again", [
    (("layouts/hero-front.yaml", "size: 12, colour: paper", "size: 11, colour: paper"), ["H-ASA", "H-BJORN", "H-EIR"]),
    (("icons/sword.svg", "<svg", "<svg data-edited='1'"), ["H-ASA", "H-BJORN", "H-EIR"]),    # the fronts' icon
    (("icons/crown.svg", "<svg", "<svg data-edited='1'"), ["back"]),                         # the back's
    (("palette.yaml", 'gold: "#b08a3e"', 'gold: "#a07a2e"'), ["H-ASA", "H-BJORN", "H-EIR", "back"]),
])
def test_an_edit_resolves_again_what_read_it(kit: Path, tmp_path: Path, resolving: list[str],
                                             edit: tuple[str, str, str], again: list[str]) -> None:
    out = tmp_path / "out"
    build(["heroes"], OPTIONS, out, jobs_n=1)
    assert _rebuild(out, resolving) == []               # nothing changed: nothing resolved
    name, old, new = edit
    replace_in(kit / name, old, new)
    assert _rebuild(out, resolving) == again
    _same_as_a_fresh_build(out, tmp_path / "fresh")


def test_a_font_option_resolves_again_the_faces_that_use_it(kit: Path, tmp_path: Path, resolving: list[str]) -> None:
    replace_in(kit / "game.yaml", "palette: palette.yaml", 'palette: palette.yaml\nfonts:\n  heavy: "fontpkg_cinzel:Cinzel[wght].ttf@800"')
    replace_in(kit / "layouts" / "hero-front.yaml", "font: title-bold, size: 20", "font: heavy, size: 20")
    out = tmp_path / "out"
    build(["heroes"], OPTIONS, out, jobs_n=1)
    replace_in(kit / "game.yaml", "Cinzel[wght].ttf@800", "Cinzel[wght].ttf@900")
    assert _rebuild(out, resolving) == ["H-ASA", "H-BJORN", "H-EIR", "back"]     # the faces every layout may name
    _same_as_a_fresh_build(out, tmp_path / "fresh")


def test_an_item_with_problems_is_not_kept(tmp_path: Path) -> None:
    kept.forget()
    hashes = kept.Hashes()
    calls: list[int] = []

    def failing() -> tuple[list, list]:
        calls.append(1)
        return [], ["a problem"]
    for _ in range(2):
        ops, problems, face = kept.resolved("deck", {"id": "A"}, None, failing, hashes)
        assert problems == ["a problem"] and face is None
    assert len(calls) == 2


def test_a_kept_item_is_resolved_again_when_a_file_it_read_changes(tmp_path: Path) -> None:
    from generator.core.inputs import note_read

    kept.forget()
    icon = tmp_path / "icon.svg"
    icon.write_text("<svg/>", encoding="utf-8")
    calls: list[int] = []

    def resolve() -> tuple[list, list]:
        calls.append(1)
        note_read(icon)
        return ["op"], []
    kept.resolved("deck", {"id": "A"}, None, resolve, kept.Hashes())
    kept.resolved("deck", {"id": "A"}, None, resolve, kept.Hashes())
    assert len(calls) == 1
    icon.write_text("<svg />", encoding="utf-8")          # same size, other bytes
    kept.resolved("deck", {"id": "A"}, None, resolve, kept.Hashes())
    assert len(calls) == 2
    kept.resolved("deck", {"id": "A", "text": "new"}, None, resolve, kept.Hashes())   # another row
    assert len(calls) == 3
