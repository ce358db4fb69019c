"""Exports: The Game Crafter's uploads, Tabletop Simulator's decks, and the proof sheet."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from PIL import Image
from pydantic import BaseModel

from generator.build.engine import build
from generator.cli.scaffold import new_kit
from generator.pieces.job import BuildOptions

from tests.pipeline.tts_format import Card, Deck
from tests.pipeline.tts_kit import add_cards


class SavedObject(BaseModel):
    SaveName: str
    ObjectStates: list[Deck | Card]
    LuaScript: str
    XmlUI: str


def _kit(tmp_path: Path, extra_rows: int, monkeypatch: pytest.MonkeyPatch) -> Path:
    kit = tmp_path / "kit"
    new_kit(kit, "sample", "Sample")
    add_cards(kit, "sample", extra_rows)
    monkeypatch.chdir(kit)
    return kit


def test_tts_sheets_and_saved_object(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _kit(tmp_path, 72, monkeypatch)
    out = tmp_path / "out"
    build(None, BuildOptions(formats=frozenset({"tts"}), dpi=40), out)
    folder = out / "sample" / "tts"
    document = SavedObject.model_validate(json.loads(next(folder.glob("*.json")).read_text()))
    deck = document.ObjectStates[0]
    assert isinstance(deck, Deck)
    assert len(deck.CustomDeck) == 2                       # more than 69 faces: a second sheet
    for key, entry in deck.CustomDeck.items():
        image = Image.open(folder / entry.FaceURL.rsplit("/", 1)[1])
        assert image.mode == "RGB" and max(image.size) <= 4096
        assert entry.NumWidth * entry.NumHeight >= 2 and not entry.BackIsHidden
        assert image.size[0] % entry.NumWidth == 0 and image.size[1] % entry.NumHeight == 0
        assert entry.FaceURL.startswith("file://") and Path(entry.BackURL[len("file://"):]).is_file()
    first = deck.CustomDeck["1"]
    assert (first.NumWidth, first.NumHeight) == (10, 7)
    # every copy is in the deck, in DeckIDs and ContainedObjects alike, named as printed, its id beside
    assert deck.DeckIDs == [card.CardID for card in deck.ContainedObjects]
    text = (tmp_path / "kit" / "data" / "sample" / "cards" / "cards.csv").read_text().splitlines()
    rows = list(csv.DictReader(line for line in text if not line.startswith("#")))
    expected = sum(int(row["quantity"]) for row in rows)
    assert len(deck.ContainedObjects) == expected
    assert {card.Nickname for card in deck.ContainedObjects} == {row["name"] for row in rows}
    assert {card.Description.rsplit(": ", 1)[1] for card in deck.ContainedObjects} == {row["id"] for row in rows}
    assert all(card.CardID // 100 in (1, 2) and card.CardID % 100 < 69 for card in deck.ContainedObjects)


def test_tgc_pngs_have_the_shops_pixel_sizes_and_a_csv(tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(["stockholm1520"], BuildOptions(formats=frozenset({"tgc"})), out, only={"cards"})
    folder = out / "stockholm1520" / "tgc"
    front = Image.open(folder / "zone-cards" / "Z-A1-R-front.png")
    assert front.size == (825, 1125) and front.mode == "RGB"           # poker, 1/8 in bleed, 300 dpi
    assert round(front.info["dpi"][0]) == 300
    assert Image.open(folder / "zone-cards" / "back.png").size == (825, 1125)
    rows = list(csv.DictReader((folder / "event-cards.csv").open()))
    assert {r["id"]: int(r["count"]) for r in rows}["E-SHIP"] == 2
    assert all(r["product"] == "poker-deck" and r["pixels"] == "825x1125" for r in rows)
    assert all((folder / "event-cards" / r["front"]).is_file() and (folder / "event-cards" / r["back"]).is_file()
               for r in rows)


def test_proof_sheet_always_built_with_every_face(tmp_path: Path) -> None:
    import pymupdf

    out = tmp_path / "out"
    build(["stockholm1520"], BuildOptions(formats=frozenset({"pdf"})), out, only={"cards"})
    pdf = pymupdf.open(out / "stockholm1520" / "stockholm1520-proof.pdf")
    text = pdf[0].get_text()
    assert "E-PROPAGANDA  x2" in text and "Z-D3-B  x1" in text and "back  x48" in text
    assert Image.open(out / "stockholm1520" / "stockholm1520-proof.png").size[0] > 1000
