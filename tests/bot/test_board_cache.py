"""``bot show``'s board rasterised once per machine (bot.board_cache): kept in the user cache
by the code, the map and the dpi; a changed map or a kept file gone wrong is drawn again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops

from bot import board_cache
from generator.games import load_game_map
from generator.hexmap.position import board_image

from ..stockholm1520.conftest import STOCKHOLM


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path))
    return tmp_path / "pnpkit" / "boards"


def test_the_board_is_kept_and_read_back_with_the_same_pixels(cache):
    hexmap = load_game_map(STOCKHOLM)
    drawn = board_cache.board_raster(hexmap, 20)
    assert ImageChops.difference(drawn, board_image(hexmap, 20)).getbbox() is None
    [pixels] = cache.glob("*.rgb")
    assert pixels.stat().st_size == 3 * drawn.size[0] * drawn.size[1]
    kept = board_cache.board_raster(hexmap, 20)
    assert kept.size == drawn.size and ImageChops.difference(kept, drawn).getbbox() is None
    board_cache.board_raster(hexmap, 21)                         # another dpi: another entry
    assert len(list(cache.glob("*.rgb"))) == 2


def test_a_changed_map_or_a_damaged_entry_is_drawn_again(cache, monkeypatch):
    hexmap = load_game_map(STOCKHOLM)
    board_cache.board_raster(hexmap, 20)
    [pixels] = cache.glob("*.rgb")
    pixels.write_bytes(b"\0" * 10)                               # cut short: not read as the board
    again = board_cache.board_raster(hexmap, 20)
    assert ImageChops.difference(again, board_image(hexmap, 20)).getbbox() is None
    hexmap.title = "Another board"
    board_cache.board_raster(hexmap, 20)
    assert len(list(cache.glob("*.rgb"))) == 2
    drawn = []
    monkeypatch.setattr("generator.hexmap.position.board_image", lambda *args: drawn.append(args) or again)
    board_cache.board_raster(hexmap, 20)
    assert drawn == []                                          # kept: not drawn a third time
