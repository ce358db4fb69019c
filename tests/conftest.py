"""Shared fixtures: a private copy of the project's data for tests that change it; every
bundled game built once per session (per test process) for tests that read what a build writes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="session")
def every_game_built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The output folder of one build of every bundled game, as PDF (its sheets, pieces, boards,
    documents and test pages), on A4 with duplex backs. Read it; never change it."""
    from generator.build.engine import build
    from generator.kit.location import bundled_kit, use_kit
    from generator.pieces.job import BuildOptions

    out = tmp_path_factory.mktemp("every-game")
    with use_kit(bundled_kit()):            # whatever folder a test made the working directory
        build(None, BuildOptions(paper="a4", formats=frozenset({"pdf"})), out)
    return out


@pytest.fixture
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kit holding a copy of data/, made the working directory: the code under test (the
    command line and the library alike) finds it there, as it would find a designer's kit."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "data", root / "data")
    monkeypatch.chdir(root)
    return root


def game_kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str, files: dict[str, str] | None = None,
             copy_of: Path | None = None) -> Path:
    """A kit with pnpkit's sheets and one game, a copy of the folder ``copy_of`` and/or made of
    ``files`` (relative name -> text), made the working directory (the kit in use); returns
    the game's folder."""
    root = tmp_path / "kit"
    shutil.copytree(ROOT / "data" / "sheets", root / "data" / "sheets")
    game = root / "data" / game_id
    if copy_of is not None:
        shutil.copytree(copy_of, game)
    game.mkdir(parents=True, exist_ok=True)
    for name, text in (files or {}).items():
        (game / name).parent.mkdir(parents=True, exist_ok=True)
        (game / name).write_text(text, encoding="utf-8")
    monkeypatch.chdir(root)
    return game
