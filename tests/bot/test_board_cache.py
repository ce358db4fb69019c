"""``bot show``'s board drawn and rasterised once per machine (bot.stockholm1520.board_cache): kept in the
user cache by the code, the map and the dpi; a changed map or a damaged entry is drawn again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import ImageChops

from bot.stockholm1520 import board_cache
from generator.draw.svg import render_svg
from generator.hexart.position import board_image, board_picture
from generator.loading.games import load_game_map

from ..stockholm1520.conftest import STOCKHOLM


@pytest.fixture
def cache(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path))
    return tmp_path / "pnpkit" / "boards"


def test_the_board_is_kept_and_read_back_as_drawn(cache):
    hexmap = load_game_map(STOCKHOLM)
    drawn = board_cache.raster(hexmap, 20)                     # keeps the scene and the raster
    assert ImageChops.difference(drawn, board_image(board_picture(hexmap), 20)).getbbox() is None
    assert len(list(cache.glob("*.data"))) == 2
    kept = board_cache.raster(hexmap, 20)
    assert kept.size == drawn.size and ImageChops.difference(kept, drawn).getbbox() is None
    assert render_svg(board_cache.picture(hexmap)) == render_svg(board_picture(hexmap))
    board_cache.raster(hexmap, 21)                              # another dpi: another raster
    assert len(list(cache.glob("*.data"))) == 3


def test_a_changed_map_or_a_damaged_entry_is_drawn_again(cache, monkeypatch):
    hexmap = load_game_map(STOCKHOLM)
    board_cache.raster(hexmap, 20)
    for kept in cache.glob("*.data"):
        kept.write_bytes(b"\0" * 10)                            # cut short: neither is read back
    again = board_cache.raster(hexmap, 20)
    assert ImageChops.difference(again, board_image(board_picture(hexmap), 20)).getbbox() is None
    assert render_svg(board_cache.picture(hexmap)) == render_svg(board_picture(hexmap))
    hexmap.title = "Another board"                              # another map: other entries
    board_cache.raster(hexmap, 20)
    assert len(list(cache.glob("*.data"))) == 4
    drawn = []
    monkeypatch.setattr("generator.hexart.position.board_picture", lambda *args: drawn.append(args))
    monkeypatch.setattr("generator.hexart.position.board_image", lambda *args: drawn.append(args))
    board_cache.raster(hexmap, 20)
    board_cache.picture(hexmap)
    assert drawn == []                                          # both kept: nothing drawn again


def test_the_board_s_svg_kept_per_crop_writes_the_same_picture(cache, tmp_path):
    """``bot show``'s SVG takes the board's part of its crop from the cache: the same bytes as
    the picture drawn without a cache, and the same SVG and PNG as when the part was written."""
    from generator.hexart.position import write_position

    hexmap = load_game_map(STOCKHOLM)
    position = {"map": "stockholm1520", "round": 2, "swedish": [{"id": "cav1", "type": "cavalry", "hex": "1007"}],
                "danish": [{"id": "A2-cav", "type": "cavalry", "hex": "1004", "zone": "A", "road": 2}],
                "last_moves": [["0803", "0904", "1004"]]}
    plain = write_position(hexmap, position, tmp_path / "plain.svg", dpi=30, crop=True)
    first = write_position(hexmap, position, tmp_path / "first.svg", dpi=30, crop=True, board_cache=board_cache)
    assert len(list(cache.glob("*.data"))) == 3                 # the scene, the raster and the crop's SVG
    moved = {**position, "swedish": [{"id": "cav1", "type": "cavalry", "hex": "0904"}]}     # the same crop
    kept = write_position(hexmap, moved, tmp_path / "kept.svg", dpi=30, crop=True, board_cache=board_cache)
    again = write_position(hexmap, position, tmp_path / "again.svg", dpi=30, crop=True, board_cache=board_cache)
    assert len(list(cache.glob("*.data"))) == 3
    assert first[0].read_bytes() == again[0].read_bytes() == plain[0].read_bytes()
    assert first[1].read_bytes() == again[1].read_bytes()
    assert kept[0].read_bytes() == write_position(hexmap, moved, tmp_path / "moved.svg", dpi=30, crop=True)[0].read_bytes()
    assert kept[0].read_bytes() != first[0].read_bytes()


def test_a_part_of_the_kept_raster_is_read_alone_and_is_the_whole_s_part(cache):
    """A cropped picture reads only its part of the board's raster: the same pixels as that part
    of the whole, drawn or kept; what lies past the board is left out."""
    hexmap = load_game_map(STOCKHOLM)
    whole = board_image(board_picture(hexmap), 20)
    drawn = board_cache.raster(hexmap, 20, (7, 10, 57, 40))       # drawn, kept, and cut
    kept = board_cache.raster(hexmap, 20, (7, 10, 57, 40))        # read: 30 rows, 50 columns
    for part in (drawn, kept):
        assert part.size == (50, 30)
        assert ImageChops.difference(part, whole.crop((7, 10, 57, 40))).getbbox() is None
    corner = (whole.width - 5, whole.height - 4, whole.width + 50, whole.height + 50)
    tail = board_cache.raster(hexmap, 20, corner)
    assert tail.size == (5, 4)
    assert ImageChops.difference(tail, whole.crop((*corner[:2], whole.width, whole.height))).getbbox() is None
    for kept_pixels in cache.glob("*.data"):
        if kept_pixels.stat().st_size == 3 * whole.width * whole.height:
            kept_pixels.write_bytes(kept_pixels.read_bytes()[:-3])    # a pixel short: drawn again
    again = board_cache.raster(hexmap, 20, (7, 10, 57, 40))
    assert ImageChops.difference(again, whole.crop((7, 10, 57, 40))).getbbox() is None


def test_a_map_read_back_from_a_pickle_finds_the_board_kept_for_it(cache, monkeypatch):
    """``bot show`` draws with the map kept pickled with a save's status (bot.status_cache):
    it shares fewer strings than the map as loaded, and pickles to other bytes, yet it is the
    same map, and finds the same board."""
    import pickle

    hexmap = load_game_map(STOCKHOLM)
    board_cache.raster(hexmap, 20)
    read_back = pickle.loads(pickle.dumps(hexmap))
    assert pickle.dumps(read_back) != pickle.dumps(hexmap)
    drawn = []
    monkeypatch.setattr("generator.hexart.position.board_image", lambda *args: drawn.append(args))
    board_cache.raster(read_back, 20)
    assert drawn == [] and len(list(cache.glob("*.data"))) == 2


def test_the_boards_folder_keeps_at_most_its_share_the_least_recently_used_going_first(cache, monkeypatch):
    import os

    hexmap = load_game_map(STOCKHOLM)
    board_cache.picture(hexmap)                                 # the board's scene
    scene = set(cache.iterdir())
    board_cache.raster(hexmap, 20)                              # its raster at 20 dpi
    raster = set(cache.iterdir()) - scene
    assert len(scene) == len(raster) == 2                       # each a .data and a .json
    old = {path: path.stat().st_size for path in scene | raster}
    for path in old:                                            # made a day ago ...
        os.utime(path, (path.stat().st_atime - 86400, path.stat().st_mtime - 86400))
    board_cache.picture(hexmap)                                 # ... the scene used since
    raster_bytes = sum(old[path] for path in raster)
    share = sum(old.values()) + raster_bytes // 5   # room for a raster at 21 dpi (1.1 times the pixels), not for two
    monkeypatch.setattr(board_cache, "BOARDS_KEPT_BYTES", share)
    board_cache.raster(hexmap, 21)                              # a new raster: over the share
    left = set(cache.iterdir())
    assert sum(path.stat().st_size for path in left) <= share
    assert scene <= left                                        # used lately: kept
    assert not raster & left                                    # the 20 dpi raster went first
    assert len(left) == 4                                       # the scene and the new raster
    again = board_cache.raster(hexmap, 20)                      # a removed entry is drawn again
    assert ImageChops.difference(again, board_image(board_picture(hexmap), 20)).getbbox() is None


def test_a_file_saved_while_a_board_is_drawn_is_kept_as_it_was_read(cache, tmp_path):
    """What the board was drawn from is recorded as it was read: the file saved meanwhile
    makes the next use draw it again, not take the board drawn from the old bytes."""
    from generator.core.inputs import note_read

    art = tmp_path / "art.svg"
    art.write_text("old")
    made: list[str] = []

    def draw() -> str:
        note_read(art)
        text = art.read_text()
        art.write_text("new")                   # saved after it was read, before the entry is kept
        made.append(text)
        return text

    def dump(text: str) -> tuple[bytes, object]:
        return text.encode(), None

    def load(path: Path, shape: object) -> str:
        return path.read_text()

    assert board_cache._kept_or_made("key", draw, dump, load) == "old"
    assert board_cache._kept_or_made("key", draw, dump, load) == "new"     # drawn again: art.svg changed
    assert made == ["old", "new"]
