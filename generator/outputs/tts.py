"""``--format tts``: Tabletop Simulator decks. Per component, deck sheets (a grid of at most
10 x 7 faces, at most 4096 px a side, RGB; the last slot holds the hidden face, shown for a
card in someone else's hand; a new sheet past 69 faces), the back as its own image (a back
sheet laid out like the faces when the pieces' backs differ), and per game one saved object
(JSON) that spawns every deck with each card's copies, the card ids as nicknames.

The format is Tabletop Simulator's saved object (Knowledge Base: "Save File Format" and
"Custom Deck"): ``ObjectStates`` holds ``DeckCustom`` objects whose ``CustomDeck`` entries
name the sheet images (``FaceURL``, ``BackURL``, ``NumWidth``, ``NumHeight``), whose
``DeckIDs`` list every copy by card id (the entry's key * 100 + the slot), and whose
``ContainedObjects`` are the ``Card`` objects in that order.
"""

from __future__ import annotations

import hashlib
import json
import math
from functools import partial
from dataclasses import dataclass, replace
from pathlib import PurePosixPath
from typing import Any, Iterator, Sequence

from pathlib import Path
from typing import TYPE_CHECKING

from generator.outputs.job import BuildOptions, OutputJob
from generator.outputs.offers import GamePieces, PiecedComponent as Component, Writer
from generator.pieces import Face, Piece, fingerprint
from generator.units import MM_PER_INCH

if TYPE_CHECKING:
    from PIL import Image

MAX_COLUMNS, MAX_ROWS, MAX_PIXELS = 10, 7, 4096
FACES_PER_SHEET = MAX_COLUMNS * MAX_ROWS - 1       # the last slot is the hidden face
BLANK = "#9a9a9a"                                   # the back of pieces that have none


@dataclass(frozen=True)
class Sheet:
    """One deck sheet: which pieces, in which grid, at what cell size in pixels."""

    number: int                      # 1, 2, ... within the component
    pieces: tuple[Piece, ...]
    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1


def sheets(component: Component, dpi: int) -> list[Sheet]:
    """The component's pieces, 69 to a sheet, each sheet as small a grid as holds them and
    its hidden slot; cells at ``dpi`` unless that would pass 4096 px a side."""
    pieces = component.pieces
    first = pieces[0]
    out = []
    for number, start in enumerate(range(0, len(pieces), FACES_PER_SHEET), 1):
        chunk = tuple(pieces[start:start + FACES_PER_SHEET])
        slots = len(chunk) + 1
        columns = min(MAX_COLUMNS, slots)
        rows = math.ceil(slots / columns)
        per_mm = min(dpi / MM_PER_INCH, MAX_PIXELS / (columns * first.width), MAX_PIXELS / (rows * first.height))
        out.append(Sheet(number, chunk, columns, rows, (int(first.width * per_mm), int(first.height * per_mm))))
    return out


def _cell(face: "Face | None", piece: Piece, cell: tuple[int, int]) -> "Image.Image":
    from PIL import Image

    from generator.draw.png import render_image
    from generator.outputs.fitting import trimmed

    if face is None:
        return Image.new("RGB", cell, BLANK)
    mm = (piece.width, piece.height)
    return render_image(trimmed(face.scene(), piece, *mm), size=cell, background="#ffffff").convert("RGB")


def _grid(images: "Sequence[Image.Image | None]", sheet: Sheet, hidden: "Image.Image") -> bytes:
    from PIL import Image

    from generator.draw.png import png_bytes

    width, height = sheet.cell
    canvas = Image.new("RGB", (sheet.columns * width, sheet.rows * height), "#ffffff")
    for slot, image in enumerate(images):
        if image is not None:
            canvas.paste(image, ((slot % sheet.columns) * width, (slot // sheet.columns) * height))
    slot = sheet.hidden_slot
    canvas.paste(hidden, ((slot % sheet.columns) * width, (slot // sheet.columns) * height))
    return png_bytes(canvas, 72)


def _shared_back(component: Component) -> Face | None | bool:
    """The one back all pieces share (None: they have none); False when backs differ."""
    backs = {id(p.back_face): p.back_face for p in component.pieces}
    return next(iter(backs.values())) if len(backs) == 1 else False


def face_sheet(component: Component, sheet: Sheet) -> bytes:
    back = _shared_back(component)
    hidden_face = back if isinstance(back, Face) else None
    return _grid([_cell(p.front_face, p, sheet.cell) for p in sheet.pieces], sheet,
                 _cell(hidden_face, sheet.pieces[0], sheet.cell))


def back_sheet(component: Component, sheet: Sheet) -> bytes:
    """The backs laid out as their fronts are (``UniqueBack``)."""
    from PIL import Image

    blank = Image.new("RGB", sheet.cell, BLANK)
    return _grid([_cell(p.back_face, p, sheet.cell) for p in sheet.pieces], sheet, blank)


def back_image(component: Component, dpi: int) -> bytes:
    from generator.draw.png import png_bytes

    piece = component.pieces[0]
    per_mm = min(dpi / MM_PER_INCH, MAX_PIXELS / piece.width, MAX_PIXELS / piece.height)
    back = _shared_back(component)
    return png_bytes(_cell(back if isinstance(back, Face) else None, piece,
                           (int(piece.width * per_mm), int(piece.height * per_mm))), 72)


def folder(game_id: str) -> PurePosixPath:
    return PurePosixPath(game_id) / "tts"


def _names(component: Component, sheet: Sheet) -> tuple[str, str]:
    back = f"{component.id}-back.png" if _shared_back(component) is not False else \
        f"{component.id}-backs-{sheet.number}.png"
    return f"{component.id}-{sheet.number}.png", back


def _guid(*parts: str) -> str:
    return hashlib.sha256("/".join(parts).encode()).hexdigest()[:6]


def _transform(x: float) -> dict[str, float]:
    return {"posX": x, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": 1.0, "scaleY": 1.0, "scaleZ": 1.0}


def deck_object(component: Component, dpi: int, url: str, first_key: int, x: float) -> tuple[dict[str, Any], int]:
    """The component as a saved ``DeckCustom`` (a lone ``Card`` when it is one copy), and the
    next free ``CustomDeck`` key."""
    base = f"{url}{folder(component.game_id)}/"
    custom: dict[str, dict[str, Any]] = {}
    cards: list[dict[str, Any]] = []
    sideways = component.pieces[0].width > component.pieces[0].height
    key = first_key
    for sheet in sheets(component, dpi):
        face_name, back_name = _names(component, sheet)
        entry = {"FaceURL": base + face_name, "BackURL": base + back_name, "NumWidth": sheet.columns,
                 "NumHeight": sheet.rows, "BackIsHidden": False,
                 "UniqueBack": _shared_back(component) is False, "Type": 0}
        custom[str(key)] = entry
        for slot, piece in enumerate(sheet.pieces):
            for copy in range(piece.quantity):
                cards.append({"Name": "Card", "GUID": _guid(component.game_id, component.id, piece.id, str(copy)),
                              "Nickname": piece.id, "Description": piece.title, "CardID": key * 100 + slot,
                              "SidewaysCard": sideways, "CustomDeck": {str(key): entry},
                              "Transform": _transform(x)})
        key += 1
    if len(cards) == 1:
        return cards[0], key
    deck = {"Name": "DeckCustom", "GUID": _guid(component.game_id, component.id), "Nickname": component.title,
            "Description": f"{component.id}: {len(cards)} cards", "SidewaysCard": sideways,
            "Transform": _transform(x), "DeckIDs": [c["CardID"] for c in cards],
            "CustomDeck": custom, "ContainedObjects": cards}
    return deck, key


def saved_object(game: Any, components: Sequence[Component], dpi: int, url: str) -> dict[str, Any]:
    """The game's saved object: one deck per component, side by side on the table."""
    objects = []
    key = 1
    for index, component in enumerate(components):
        deck, key = deck_object(component, dpi, url, key, 3.0 * index)
        objects.append(deck)
    return {"SaveName": game.title, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "", "Rules": "",
            "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "TabStates": {}, "VersionNumber": "",
            "ObjectStates": objects}


def with_asset_url(options: BuildOptions, out_dir: Path) -> BuildOptions:
    """Tabletop Simulator's images are found where this build writes them, unless the
    options name where they will be uploaded."""
    if "tts" not in options.formats or options.asset_url:
        return options
    return replace(options, asset_url=out_dir.resolve().as_uri() + "/")


def write(offer: GamePieces, options: BuildOptions) -> Iterator[OutputJob]:
    """Per component its deck sheets and back, then the game's saved object."""
    if offer.components:
        yield from game_jobs(offer.game, offer.components, options, offer.code_hash)


def game_jobs(game: Any, components: Sequence[Component], options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
    where = folder(game.id)
    dpi = options.dpi
    keys = []
    for component in components:
        shared = _shared_back(component)
        for sheet in sheets(component, dpi):
            face_name, back_name = _names(component, sheet)
            key = component.key(code_hash, "tts", [(p.data_hash, p.quantity) for p in sheet.pieces], sheet.cell,
                                sheet.columns, sheet.rows)
            keys.append(key)
            fronts = [p.front_face for p in sheet.pieces] + ([shared] if isinstance(shared, Face) else [])
            yield component.job(where / face_name, f"{component.id} deck sheet {sheet.number}", "png", key,
                                partial(face_sheet, component, sheet), fronts, items=0, role="tts")
            if shared is False:
                backs = [p.back_face for p in sheet.pieces if p.back_face is not None]
                yield component.job(where / back_name, f"{component.id} back sheet {sheet.number}", "png", key,
                                    partial(back_sheet, component, sheet), backs, items=0, role="tts")
        if shared is not False:
            faces = [shared] if isinstance(shared, Face) else []
            yield component.job(where / f"{component.id}-back.png", f"{component.id} back", "png",
                                component.key(code_hash, "tts-back", dpi), partial(back_image, component, dpi),
                                faces, items=0, role="tts")
    document_key = fingerprint(code_hash, keys, options.asset_url, dpi,
                               [(c.id, c.title, [(p.id, p.title, p.quantity) for p in c.pieces]) for c in components])
    inputs = frozenset().union(*(c.inputs for c in components))
    yield OutputJob(where / f"{game.id}.json", game.id, "tts", "saved object", "json", document_key,
                    lambda: (json.dumps(saved_object(game, components, dpi, options.asset_url), indent=2,
                                        ensure_ascii=False) + "\n").encode("utf-8"),
                    items=0, inputs=lambda: inputs, role="tts")


WRITER = Writer("tts", GamePieces, "Tabletop Simulator decks: deck sheets and a saved object per game", write)
