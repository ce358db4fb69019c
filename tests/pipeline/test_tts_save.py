"""The Tabletop Simulator export loaded as the game loads it: one component of every kind of
piece (a deck, square tiles, round markers, one-sided labels, a two-sided board, a fold-over
standee) in one save, every field the game needs checked against its saved-object format
(Knowledge Base: "Save File Format", "Custom Deck", "Custom Tile", "Custom Token", "Custom
Board", "Custom Figurine"), every picture opened and measured, and every object's real size."""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from PIL import Image

from generator.build.engine import build
from generator.outputs import tts_images, tts_objects
from generator.outputs.tts import with_asset_url
from generator.pieces.job import BuildOptions

from tests.pipeline.tts_format import Bag, Board, Card, Deck, Figurine, Save, Tile, Token
from tests.pipeline.tts_kit import GAME, table_kit

GUID = re.compile(r"^[0-9a-f]{6}$")


def _guids(node: object) -> list[str]:
    if isinstance(node, dict):
        return ([node["GUID"]] if "GUID" in node else []) + [g for v in node.values() for g in _guids(v)]
    if isinstance(node, list):
        return [g for v in node for g in _guids(v)]
    return []


def _file(url: str) -> Path:
    assert url.startswith("file://") and " " not in url, url
    path = Path(unquote(urlparse(url).path))
    assert path.is_file(), url
    return path


@pytest.fixture(scope="module")
def export(tmp_path_factory: pytest.TempPathFactory) -> tuple[Save, dict, Path]:
    root = tmp_path_factory.mktemp("tts")
    kit = table_kit(root / "kit")
    out = root / "out dir"                      # a space: every address must encode it
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(kit)
        build(None, with_asset_url(BuildOptions(formats=frozenset({"tts"}), dpi=60), out), out)
    raw = json.loads((out / GAME / "tts" / f"{GAME}.json").read_text(encoding="utf-8"))
    return Save.model_validate(raw), raw, out / GAME / "tts"


def _one(save: Save, kind: type, nickname: str) -> object:
    [found] = [o for o in save.ObjectStates if isinstance(o, kind) and o.Nickname == nickname]
    return found


def test_every_object_has_a_unique_six_hex_guid(export: tuple[Save, dict, Path]) -> None:
    _, raw, _ = export
    guids = _guids(raw["ObjectStates"])
    # the deck and its 6 cards; 5 tiles, 4 markers, 3 labels and their 3 bags; 2 board sides; the figurine
    assert len(guids) == 1 + 6 + 5 + 4 + 3 + 3 + 2 + 1
    assert all(GUID.match(g) for g in guids) and len(set(guids)) == len(guids)


def test_the_deck_names_its_sheets_and_every_card_by_id(export: tuple[Save, dict, Path]) -> None:
    save, _, _ = export
    deck = _one(save, Deck, "Cards")
    assert isinstance(deck, Deck)
    assert deck.DeckIDs == [c.CardID for c in deck.ContainedObjects] and len(deck.DeckIDs) == 6
    for card in deck.ContainedObjects:
        key = str(card.CardID // 100)
        assert key in deck.CustomDeck and list(card.CustomDeck) == [key]
        entry = deck.CustomDeck[key]
        assert card.CardID % 100 < entry.NumWidth * entry.NumHeight - 1       # not the hidden slot
    [entry] = deck.CustomDeck.values()
    assert (entry.NumWidth, entry.NumHeight) == (2, 2)       # 3 designs and the hidden face: no row of 10
    assert not entry.BackIsHidden and not entry.UniqueBack
    sheet = Image.open(_file(entry.FaceURL))
    assert sheet.mode == "RGB" and sheet.size[0] % 2 == 0 and sheet.size[1] % 2 == 0
    cell = (sheet.size[0] // 2, sheet.size[1] // 2)
    assert cell == (int(63.5 * 60 / 25.4), int(88.9 * 60 / 25.4))        # poker cards at the build's 60 dpi
    assert Image.open(_file(entry.BackURL)).size == (round(63.5 * 60 / 25.4), round(88.9 * 60 / 25.4))
    assert deck.Transform.rotZ == 180.0                                    # face down


def test_tiles_and_round_markers_are_custom_tiles_in_bags(export: tuple[Save, dict, Path]) -> None:
    save, _, _ = export
    for title, shape, count, back in (("Land tiles", 0, 5, True), ("Gold markers", 2, 4, False)):
        bag = _one(save, Bag, title)
        assert isinstance(bag, Bag) and len(bag.ContainedObjects) == count
        for tile in bag.ContainedObjects:
            assert isinstance(tile, Tile) and tile.CustomImage.CustomTile.Type == shape
            assert tile.CustomImage.CustomTile.Stackable and not tile.CustomImage.CustomTile.Stretch
            front = Image.open(_file(tile.CustomImage.ImageURL))
            assert front.mode == "RGB" and front.size[0] == front.size[1]
            side = 60 if shape == 0 else 25
            assert front.size[0] == round(side * 60 / 25.4)
            other = _file(tile.CustomImage.ImageSecondaryURL)
            if back:
                assert other.name == "back.png"                             # the one back they share
            else:
                assert tile.CustomImage.ImageSecondaryURL == tile.CustomImage.ImageURL   # no back: its face both ways
    lands = _one(save, Bag, "Land tiles")
    assert isinstance(lands, Bag)
    reverse = Image.open(_file(lands.ContainedObjects[0].CustomImage.ImageSecondaryURL)).convert("RGB")
    assert reverse.getpixel((reverse.size[0] // 2, reverse.size[1] // 2)) == (0x6f, 0x2a, 0x2a)     # the back layout's fill


def test_one_sided_labels_are_tokens(export: tuple[Save, dict, Path]) -> None:
    save, _, _ = export
    bag = _one(save, Bag, "Block labels")
    assert isinstance(bag, Bag) and len(bag.ContainedObjects) == 3
    for token in bag.ContainedObjects:
        assert isinstance(token, Token) and token.CustomImage.ImageSecondaryURL == ""
        assert Image.open(_file(token.CustomImage.ImageURL)).size == (round(19 * 60 / 25.4),) * 2


def test_a_board_is_a_custom_board_per_side_at_full_resolution(export: tuple[Save, dict, Path]) -> None:
    save, _, _ = export
    for nickname, colour in (("The map", (0xd8, 0xc9, 0xa0)), ("The map (back)", (0xa0, 0xb8, 0xd8))):
        board = _one(save, Board, nickname)
        assert isinstance(board, Board)
        picture = Image.open(_file(board.CustomImage.ImageURL)).convert("RGB")
        assert picture.size == (4096, round(4096 * 300 / 400))             # 4096 px on its long side, whatever the dpi
        assert picture.getpixel((10, 10)) == colour


def test_a_standee_is_a_figurine_of_its_two_halves(export: tuple[Save, dict, Path]) -> None:
    save, _, _ = export
    figurine = _one(save, Figurine, "The Hero")
    assert isinstance(figurine, Figurine)
    front = Image.open(_file(figurine.CustomImage.ImageURL)).convert("RGB")
    back = Image.open(_file(figurine.CustomImage.ImageSecondaryURL)).convert("RGB")
    assert front.size == back.size == tts_images.picture_size(30, 40, 60)
    middle = (front.size[0] // 2, front.size[1] // 2)
    assert front.getpixel(middle) == (0, 0, 255) and back.getpixel(middle) == (255, 0, 0)


def test_every_object_is_its_real_size_beside_a_card(export: tuple[Save, dict, Path]) -> None:
    """Each scale times what its type measures at scale 1 is the piece's own height: a
    60 mm tile is 60/88.9 of a poker card's height, as on a real table."""
    save, _, _ = export
    sizes = tts_objects.table_sizes()
    deck = _one(save, Deck, "Cards")
    assert isinstance(deck, Deck)
    assert deck.Transform.scaleZ * sizes.card_height_mm == pytest.approx(88.9, abs=0.05)
    heights = {"Land tiles": 60, "Gold markers": 25, "Block labels": 19}
    for title, mm in heights.items():
        bag = _one(save, Bag, title)
        assert isinstance(bag, Bag)
        assert all(o.Transform.scaleZ * sizes.image_height_mm == pytest.approx(mm, abs=0.05)
                   and o.Transform.scaleX == o.Transform.scaleZ for o in bag.ContainedObjects)
    board = _one(save, Board, "The map")
    assert isinstance(board, Board) and board.Transform.scaleZ * sizes.image_height_mm == pytest.approx(300, abs=0.05)
    figurine = _one(save, Figurine, "The Hero")
    assert isinstance(figurine, Figurine)
    assert figurine.Transform.scaleZ * sizes.image_height_mm == pytest.approx(40, abs=0.05)   # the figure, not the strip
    xs = [o.Transform.posX for o in save.ObjectStates]
    assert xs == sorted(xs) and len(set(xs)) == len(xs)                # side by side, none on another


def test_an_upload_address_is_url_encoded(tmp_path: Path) -> None:
    given = with_asset_url(BuildOptions(formats=frozenset({"tts"}), asset_url="https://example.org/my kit/"), tmp_path)
    assert given.asset_url == "https://example.org/my%20kit/"
    kept = with_asset_url(BuildOptions(formats=frozenset({"tts"}), asset_url="https://example.org/a%20b/"), tmp_path)
    assert kept.asset_url == "https://example.org/a%20b/"               # what is encoded stays as it is
    local = with_asset_url(BuildOptions(formats=frozenset({"tts"})), tmp_path / "out dir")
    assert local.asset_url.startswith("file://") and "out%20dir" in local.asset_url


@pytest.mark.parametrize(("slots", "grid"), [(2, (2, 1)), (4, (2, 2)), (7, (4, 2)), (13, (5, 3)), (24, (6, 4)),
                                              (70, (10, 7))])
def test_a_small_deck_gets_a_small_sheet(slots: int, grid: tuple[int, int]) -> None:
    columns, rows, per_mm = tts_images.grid(slots, 63.5, 88.9, 300)
    assert (columns, rows) == grid
    assert columns * per_mm * 63.5 <= 4096 and rows * per_mm * 88.9 <= 4096


def test_standee_halves_past_the_strip_are_reported_at_their_line(tmp_path: Path,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from generator.cli.app import main

    kit = table_kit(tmp_path / "kit")
    game_yaml = kit / "data" / GAME / "game.yaml"
    game_yaml.write_text(game_yaml.read_text(encoding="utf-8").replace("front: [50, 90]", "front: [50, 130]"),
                         encoding="utf-8")
    monkeypatch.chdir(kit)
    result = CliRunner().invoke(main, ["check"])
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert ("field 'components.5.standee.front': standee front: [50, 130] mm from the strip's top passes its "
            "height, 100 mm (hero)") in result.output, result.output
