"""The Game Crafter: every piece of every bundled game goes to a real product of its kind whose
trim is its own (and whose upload is that product's pixel size with the bleed), or the game's
README lists it as not uploadable with the reason; the products are those of the shop's
templates."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest
from PIL import Image

from generator.build.engine import build
from generator.kit.location import bundled_kit
from generator.loading.games import discover_games, load_game
from generator.outputs import tgc
from generator.outputs.shops import MATCH_MM, Match, shop
from generator.pieces.job import BuildOptions

from tests.pipeline.tts_kit import GAME, table_kit

BUNDLED_KIT = bundled_kit()
GAMES = ["stockholm1520", "paxbaltica", "christinaregina", "batalj", "breitenfeld1631"]


def test_every_product_is_its_trim_at_300_dpi_with_an_eighth_inch_of_bleed() -> None:
    data = shop()
    assert data.dpi == 300 and data.bleed_px == 37.5
    for key, product in data.products.items():
        expected = tuple(round(mm / 25.4 * 300 + 75) for mm in product.trim)
        assert product.pixels == expected, key
        assert product.shapes and set(product.shapes) <= {"card", "tile", "round", "hex", "token", "board", "standee"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_piece_is_a_real_product_or_listed_as_not_uploadable(game_id: str) -> None:
    assert set(GAMES) == set(discover_games(BUNDLED_KIT))
    game = load_game(game_id, BUNDLED_KIT)
    pieced = [c for c in game.components if c.table_pieces()]
    notes = tgc.readme(game, pieced)
    for component in pieced:
        listed = [(piece, tgc.match(component, piece)) for piece in component.table_pieces()]
        for piece, found in listed:
            if isinstance(found, Match):
                product = found.product
                assert component.piece_shape in product.shapes
                w, h = (product.trim[1], product.trim[0]) if found.turned else product.trim
                assert abs(w - piece.width) <= MATCH_MM and abs(h - piece.height) <= MATCH_MM
                assert sorted(found.pixels) == sorted(product.pixels)
                assert f"**{component.title}** (`{component.id}/`" in notes and product.name in notes
            else:
                assert f"**{component.title}**: " in notes and found in notes, (component.id, piece.id)
        rows = tgc.rows(component)
        assert [r["id"] for r in rows] == [p.id for p, m in listed if isinstance(m, Match)]


def test_the_bundled_games_map_as_their_pieces_are() -> None:
    """What the shop gets of each game: the poker decks, Stockholm's 20 mm counters as medium
    square chits, Batalj's 25 mm markers as large circle chits; the rest is said why not."""
    products: dict[tuple[str, str], set[str]] = {}
    for game_id in GAMES:
        game = load_game(game_id, BUNDLED_KIT)
        for component in game.components:
            for piece in component.table_pieces():
                found = tgc.match(component, piece)
                products.setdefault((game_id, component.id), set()).add(found.key if isinstance(found, Match) else "-")
    assert products[("stockholm1520", "counters")] == {"medium-square-chit"}
    assert products[("stockholm1520", "zone-cards")] == {"poker-deck"}
    assert products[("batalj", "markers")] == {"large-circle-chit"}
    assert products[("batalj", "board")] == {"-"}                # 420 x 444 mm: no board of that size
    assert products[("christinaregina", "court-tiles")] == {"-"}  # 30 mm: the Mini Square Tile is 31.75
    assert products[("christinaregina", "queen")] == {"-"}        # a fold-over standee
    assert products[("paxbaltica", "labels")] == {"-"}            # one-sided stickers


def test_uploads_are_at_the_products_pixel_size_and_the_readme_says_the_rest(tmp_path: Path,
                                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    kit = table_kit(tmp_path / "kit")
    monkeypatch.chdir(kit)
    out = tmp_path / "out"
    build(None, BuildOptions(formats=frozenset({"tgc"})), out)
    folder = out / GAME / "tgc"
    marker = Image.open(folder / "markers" / "gold-front.png")
    assert marker.size == (375, 375) and round(marker.info["dpi"][0]) == 300       # a 1 in circle chit
    [row] = csv.DictReader((folder / "markers.csv").open())
    assert (row["product"], row["pixels"], row["count"]) == ("large-circle-chit", "375x375", "4")
    assert not (folder / "lands").exists() and not (folder / "board").exists()      # no product: no files
    notes = (folder / "README.md").read_text(encoding="utf-8")
    assert "**Gold markers** (`markers/`, `markers.csv`): Large Circle Chit; 4 pieces" in notes
    assert ("**Land tiles**: `forest`, `lake` (5 pieces, 60 x 60 mm): no tile product is 60 x 60 mm (within 1 mm); "
            "the nearest is the Medium Square Tile, 63.5 x 63.5 mm") in notes
    assert "**The board**: `map`" in notes and "**The hero**: `hero`" in notes and "**Block labels**" in notes
    printing = (out / GAME / "PRINTING.md").read_text(encoding="utf-8")
    assert "| `tgc/README.md` | what to upload to The Game Crafter, and what no product of theirs fits |" in printing
    assert ("| `tgc/markers/gold-front.png` | Gold markers: for The Game Crafter (gold) | nothing: upload it to The Game "
            "Crafter (tgc/README.md) |") in printing


def test_a_partial_build_plans_both_exports_from_every_component(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """``--only tiles`` still writes the TTS save and the uploads' README of the whole game."""
    import json

    kit = table_kit(tmp_path / "kit")
    monkeypatch.chdir(kit)
    out = tmp_path / "out"
    build(None, BuildOptions(formats=frozenset({"tgc", "tts"}), dpi=30), out, only={"tiles"})
    save = json.loads((out / GAME / "tts" / f"{GAME}.json").read_text(encoding="utf-8"))
    names = {o["Nickname"] for o in save["ObjectStates"]}
    assert {"Cards", "Land tiles", "Gold markers", "Block labels", "The map", "The Hero"} <= names
    notes = (out / GAME / "tgc" / "README.md").read_text(encoding="utf-8")
    assert "**Cards** (`cards/`" in notes and "**The board**: `map`" in notes
    assert (out / GAME / "tgc" / "cards.csv").is_file()
