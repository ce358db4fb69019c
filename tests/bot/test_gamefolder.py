"""bot/gamefolder.py: the one way a bot finds its game and the components it reads."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.kit.location import bundled_kit

from bot.gamefolder import component_entry, game_file, game_folder, load_component


def _game(tmp_path: Path, components: str) -> Path:
    folder = tmp_path / "data" / "g"
    folder.mkdir(parents=True)
    (folder / "game.yaml").write_text(f"id: g\ntitle: G\ncomponents:\n{components}")
    return folder


def test_a_bundled_game_is_found_where_the_kit_in_use_lacks_it(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert game_folder("batalj") == bundled_kit().data / "batalj"


def test_a_component_is_found_once_by_kind_and_id(tmp_path: Path) -> None:
    folder = _game(tmp_path, "  - {kind: cards, id: a, source: a.csv}\n  - {kind: cards, id: b, source: b.csv}\n"
                             "  - {kind: map, id: m, source: map.yaml}\n")
    entry = component_entry(folder, "cards", "b")
    assert entry.index == 1 and entry.source() == (folder / "b.csv").resolve()
    assert component_entry(folder, "map").spec["id"] == "m"
    with pytest.raises(DataError, match="the bot needs one 'cards' component, found 2"):
        component_entry(folder, "cards")
    with pytest.raises(DataError, match="needs one 'board' component, found 0"):
        component_entry(folder, "board", need="drawing the battle")


def test_a_source_out_of_the_kit_is_refused_naming_the_field(tmp_path: Path) -> None:
    folder = _game(tmp_path, "  - {kind: map, id: m, source: ../../../etc/passwd}\n")
    with pytest.raises(DataError) as err:
        component_entry(folder, "map").source()
    assert err.value.problems[0].field == "components.0.source"
    with pytest.raises(DataError):
        game_file(folder, "/etc/passwd")


def test_a_component_loads_as_a_build_loads_it() -> None:
    board = load_component(bundled_kit().data / "batalj", "board")
    piece = board.pieces[0]
    assert piece.front_face.scene().width > 100
