"""Tabletop Simulator's saved objects, as ``--format tts`` writes them: pure functions from
what a piece is to the JSON the game reads (Knowledge Base: "Save File Format", "Custom Deck",
"Custom Tile", "Custom Token", "Custom Board", "Custom Figurine"; API: "Custom Game Objects").

- cards: a ``DeckCustom`` (a lone ``Card`` for one copy) whose ``CustomDeck`` entries name
  the sheets (``FaceURL``, ``BackURL``, ``NumWidth``, ``NumHeight``, ``BackIsHidden``,
  ``UniqueBack``), ``DeckIDs`` every copy by card id (the entry's key * 100 + its slot) and
  ``ContainedObjects`` the cards in that order;
- tiles, hexes and round pieces: ``Custom_Tile`` (``CustomImage.CustomTile.Type`` 0 a box, 1 a hex, 2 a
  circle), front ``ImageURL``, back ``ImageSecondaryURL``;
- tokens (one-sided pieces): ``Custom_Token`` (``CustomImage.CustomToken``);
- boards: ``Custom_Board``, one per side; standees: ``Figurine_Custom``;
- documents (reference sheets, player aids): ``Custom_PDF`` (``CustomPDF.PDFUrl``);
- the copies of a component's tiles or tokens in one ``Bag``.

Each object's Transform scale gives it its real size beside the others
(``data/sheets/tabletop-simulator.yaml``): a card's scale is its height over a standard
card's, any other object's its height over what that type measures at scale 1.
"""

from __future__ import annotations

import hashlib
from typing import Any

from pydantic import BaseModel, ConfigDict, PositiveFloat

from generator.kit.datafiles import validate_yaml_cached
from generator.kit.location import sheet_files

MM_PER_UNIT = 25.4          # a game unit is about an inch (Knowledge Base: "Custom Tile"): for spacing only
GAP_UNITS = 1.0             # between objects laid side by side
TILE_TYPES = {"tile": 0, "hex": 1, "round": 2}    # CustomTile.Type: 0 box, 1 hex, 2 circle, 3 rounded


class TableSizes(BaseModel):
    """``data/sheets/tabletop-simulator.yaml``: each object type's height at Transform scale 1."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    card_height_mm: PositiveFloat = 88.9
    image_height_mm: PositiveFloat = 33.5
    thickness: PositiveFloat = 0.1


def table_sizes() -> TableSizes:
    """The bundled sizes, overridden by the kit's file."""
    files = [validate_yaml_cached(path, TableSizes) for path in sheet_files("tabletop-simulator.yaml")]
    return files[-1] if files else TableSizes()


class Guids:
    """Each object's GUID: six hex digits from its name (the same on every build), a
    different six where two names would share one."""

    def __init__(self) -> None:
        self.taken: set[str] = set()

    def take(self, *parts: str) -> str:
        salt = 0
        while True:
            guid = hashlib.sha256("/".join([*parts, str(salt)] if salt else parts).encode()).hexdigest()[:6]
            if guid not in self.taken:
                self.taken.add(guid)
                return guid
            salt += 1


def transform(x: float, scale: float, face_down: bool = False) -> dict[str, float]:
    """On the table at ``x`` (game units), facing the first seat, at ``scale``."""
    return {"posX": round(x, 4), "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if face_down else 0.0,
            "scaleX": round(scale, 4), "scaleY": 1.0, "scaleZ": round(scale, 4)}


def card_scale(height_mm: float, sizes: TableSizes) -> float:
    return height_mm / sizes.card_height_mm


def image_scale(height_mm: float, sizes: TableSizes) -> float:
    return height_mm / sizes.image_height_mm


def units(mm: float) -> float:
    return mm / MM_PER_UNIT


def custom_deck(face_url: str, back_url: str, columns: int, rows: int, unique_back: bool) -> dict[str, Any]:
    """A ``CustomDeck`` entry. What other players see of a card in a hand: with one back for
    the deck, the sheet's last slot, which holds that back (``BackIsHidden`` false); with a
    back per card (``UniqueBack``), the card's own back (``BackIsHidden`` true), so that a
    card's type shows as it does on the table, not a grey card for every type."""
    return {"FaceURL": face_url, "BackURL": back_url, "NumWidth": columns, "NumHeight": rows,
            "BackIsHidden": unique_back, "UniqueBack": unique_back, "Type": 0}


def card(guid: str, nickname: str, description: str, card_id: int, entry_key: int, entry: dict[str, Any],
         sideways: bool, where: dict[str, float]) -> dict[str, Any]:
    return {"Name": "Card", "GUID": guid, "Nickname": nickname, "Description": description, "CardID": card_id,
            "SidewaysCard": sideways, "CustomDeck": {str(entry_key): entry}, "Transform": where}


def deck(guid: str, nickname: str, description: str, entries: dict[int, dict[str, Any]],
         cards: list[dict[str, Any]], sideways: bool, where: dict[str, float]) -> dict[str, Any]:
    """A deck of ``cards`` (each a ``card``), their ids in ``DeckIDs`` in the same order."""
    return {"Name": "DeckCustom", "GUID": guid, "Nickname": nickname, "Description": description,
            "SidewaysCard": sideways, "Transform": where, "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": {str(key): entry for key, entry in entries.items()}, "ContainedObjects": cards}


def _image(front: str, back: str) -> dict[str, Any]:
    return {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0, "WidthScale": 0.0}


def tile(guid: str, nickname: str, description: str, shape: str, front: str, back: str,
         where: dict[str, float], sizes: TableSizes) -> dict[str, Any]:
    """A ``Custom_Tile``: a box or a circle, the image's own shape (``Stretch`` false), stackable."""
    image = _image(front, back) | {"CustomTile": {"Type": TILE_TYPES[shape], "Thickness": sizes.thickness,
                                                  "Stackable": True, "Stretch": False}}
    return {"Name": "Custom_Tile", "GUID": guid, "Nickname": nickname, "Description": description,
            "Transform": where, "CustomImage": image}


def token(guid: str, nickname: str, description: str, front: str, where: dict[str, float],
          sizes: TableSizes) -> dict[str, Any]:
    """A ``Custom_Token``: one picture, cut to its opaque part."""
    image = _image(front, "") | {"CustomToken": {"Thickness": sizes.thickness, "MergeDistancePixels": 15.0,
                                                 "StandUp": False, "Stackable": True}}
    return {"Name": "Custom_Token", "GUID": guid, "Nickname": nickname, "Description": description,
            "Transform": where, "CustomImage": image}


def board(guid: str, nickname: str, description: str, front: str, where: dict[str, float]) -> dict[str, Any]:
    """A ``Custom_Board``: one picture, its size the board's (through the scale)."""
    return {"Name": "Custom_Board", "GUID": guid, "Nickname": nickname, "Description": description,
            "Transform": where, "Locked": False, "CustomImage": _image(front, "")}


def figurine(guid: str, nickname: str, description: str, front: str, back: str,
             where: dict[str, float]) -> dict[str, Any]:
    """A ``Figurine_Custom``: a standee on a base, ``back`` seen from behind."""
    return {"Name": "Figurine_Custom", "GUID": guid, "Nickname": nickname, "Description": description,
            "Transform": where, "CustomImage": _image(front, back)}


def pdf_document(guid: str, nickname: str, description: str, url: str, where: dict[str, float]) -> dict[str, Any]:
    """A ``Custom_PDF``: a document the players page through at the table (a reference sheet,
    a player aid), opened at its first page."""
    return {"Name": "Custom_PDF", "GUID": guid, "Nickname": nickname, "Description": description,
            "Transform": where, "CustomPDF": {"PDFUrl": url, "PDFPassword": "", "PDFPage": 0, "PDFPageOffset": 0}}


def bag(guid: str, nickname: str, description: str, contents: list[dict[str, Any]],
        where: dict[str, float]) -> dict[str, Any]:
    """A ``Bag`` holding ``contents`` (every copy of a component's tiles or tokens)."""
    return {"Name": "Bag", "GUID": guid, "Nickname": nickname, "Description": description,
            "Transform": where, "ContainedObjects": contents}


def save(title: str, objects: list[dict[str, Any]]) -> dict[str, Any]:
    """A save (and saved object) holding ``objects``."""
    return {"SaveName": title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "VersionNumber": "",
            "ObjectStates": objects}
