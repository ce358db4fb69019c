"""An incremental build loads only the games whose inputs changed (generator.build.unchanged_games)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import generator.build.engine as build_module
from generator.build.engine import build
from generator.core.errors import BuildError
from generator.pieces.job import BuildOptions

GAMES = ["batalj", "breitenfeld1631"]
PDF = BuildOptions(formats=frozenset({"pdf"}))


def _spy_loads(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    loaded: list[str] = []
    real = build_module.load_game

    def load_game(game_id: str, *args, **kwargs):
        loaded.append(game_id)
        return real(game_id, *args, **kwargs)
    monkeypatch.setattr(build_module, "load_game", load_game)
    return loaded


def test_only_the_changed_game_is_loaded_again(project_copy: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = _spy_loads(monkeypatch)
    out = tmp_path / "out"
    first = build(GAMES, PDF, out, jobs_n=2)
    assert loaded == GAMES and first.written and not first.reused
    records = json.loads((out / "manifest.json").read_text())["games"]
    assert set(records) == set(GAMES)
    assert "data/breitenfeld1631/reference.yaml" in records["breitenfeld1631"]["inputs"]
    assert "data/sheets/papers.yaml" in records["batalj"]["inputs"]      # read while planning too

    loaded.clear()
    again = build(GAMES, PDF, out, jobs_n=2)
    assert loaded == [] and not again.written
    assert sorted(str(j.path) for j in again.reused) == sorted(str(j.path) for j in first.written)

    source = project_copy / "data" / "breitenfeld1631" / "reference.yaml"
    source.write_text(source.read_text().replace("No stacking.", "No stacking at all."))
    loaded.clear()
    edited = build(GAMES, PDF, out, jobs_n=2)
    assert loaded == ["breitenfeld1631"]
    assert [str(j.path) for j in edited.written] == ["breitenfeld1631/reference/player-aid-a4.pdf"]
    assert {j.game for j in edited.reused} == {"batalj", "breitenfeld1631", "kit"}


def test_other_options_or_a_changed_file_load_the_game(project_copy: Path, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    loaded = _spy_loads(monkeypatch)
    out = tmp_path / "out"
    build(GAMES, PDF, out, jobs_n=1)
    loaded.clear()
    build(GAMES, BuildOptions(formats=frozenset({"pdf"}), paper="letter"), out, jobs_n=1)
    assert loaded == GAMES                                      # other options: another plan
    tampered = next((out / "batalj").rglob("*-letter.pdf"))
    tampered.write_bytes(tampered.read_bytes() + b"\n")
    loaded.clear()
    with pytest.raises(BuildError, match="did not write"):     # a changed file is not the build's to replace
        build(GAMES, BuildOptions(formats=frozenset({"pdf"}), paper="letter"), out, jobs_n=1)
    assert loaded == ["batalj"]
