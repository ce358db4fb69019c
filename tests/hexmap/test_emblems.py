"""Counter emblems are a game's own art, registered by its code (``register_emblems``): a
counters file may name only those, a type naming none shows a ring, and Stockholm 1520's
counters find their painters through the game's code."""

from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.draw.scene import CircleItem, Scene
from generator.hexart.counters import counter_scene
from generator.hexart.emblems import ring
from generator.hexmap.counterfile import load_counters
from generator.kit.plugins import load_game_code

from .conftest import BOARD, COUNTERS

STOCKHOLM = Path(__file__).resolve().parents[2] / "data" / "stockholm1520" / "counters.yaml"


def _kit(tmp_path: Path, text: str) -> Path:
    (tmp_path / "map.yaml").write_text(BOARD.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "counters.yaml").write_text(text, encoding="utf-8")
    return tmp_path / "counters.yaml"


def test_a_game_without_code_names_no_emblem(tmp_path: Path) -> None:
    text = COUNTERS.read_text(encoding="utf-8").replace('movement: 3}', 'movement: 3, emblem: horseshoe}')
    with pytest.raises(DataError) as raised:
        load_counters(_kit(tmp_path, text))
    message = str(raised.value)
    assert "counters.yaml" in message and "types.horse.emblem" in message
    assert "unknown emblem 'horseshoe'" in message and "the game's code registers none" in message


def test_a_type_naming_no_emblem_shows_a_ring() -> None:
    counters = load_counters(COUNTERS)
    face = next(c.front for c in counters.counters if c.front.type == "horse")
    assert counters.look.emblem(counters.look.type("horse").emblem) is None
    drawn = counter_scene(face, counters.size_mm, counters.look)
    expected = Scene(counters.size_mm, counters.size_mm)
    ring(expected, 10.0, 10.6, 20 * 0.42, "#f6eedb", "#6e3b2a")
    [circle] = [item for item in expected.items if isinstance(item, CircleItem)]
    assert any(isinstance(item, CircleItem) and item.r == pytest.approx(circle.r) for item in drawn.items)


def test_stockholm_counters_find_their_emblems_through_the_game_code() -> None:
    load_game_code("stockholm1520")
    counters = load_counters(STOCKHOLM, "stockholm1520")
    from games.stockholm1520.emblems import EMBLEMS

    named = {kind.emblem for kind in counters.look.types.values() if kind.emblem}
    assert named and named <= set(EMBLEMS)
    assert all(counters.look.emblem(name) is EMBLEMS[name] for name in named)


def test_a_mistyped_emblem_lists_the_game_s_own(tmp_path: Path) -> None:
    load_game_code("stockholm1520")
    folder = tmp_path / "stockholm1520"
    folder.mkdir()
    for name in ("map.yaml", "troops.yaml", "zones.yaml"):
        source = STOCKHOLM.parent / name
        if source.exists():
            (folder / name).write_text(source.read_text(encoding="utf-8"), encoding="utf-8")
    text = STOCKHOLM.read_text(encoding="utf-8").replace("{emblem: horseshoe}", "{emblem: horsehoe}")
    (folder / "counters.yaml").write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as raised:
        load_counters(folder / "counters.yaml", "stockholm1520")
    assert "unknown emblem 'horsehoe' (known: bridge, castle, crossbow, crown, dial, horseshoe" in str(raised.value)
