"""``--format tts``: a game for Tabletop Simulator. Per game one saved object (JSON) that lays
every component on the table as what it is (``generator.outputs.tts_objects``), and its
pictures (``generator.outputs.tts_images``), by what the component's pieces are
(``Component.piece_shape``):

- cards: a deck, its sheets (``<component>-1.png``...) and back (``<component>-back.png``,
  or back sheets ``<component>-backs-1.png``... when the backs differ);
- tiles and round pieces: a ``Custom_Tile`` per copy (in a bag when there are several), each
  design's front and back (``<component>/<piece>-front.png``, ``-back.png``; ``back.png`` when
  they share one);
- tokens (one-sided): a ``Custom_Token`` per copy, in a bag;
- boards: a ``Custom_Board`` per side, the picture 4096 px on its long side;
- standees: a ``Figurine_Custom`` per copy, its front and back half of the strip;
- documents (reference sheets, player aids): a ``Custom_PDF`` each, its PDF (``<component>.pdf``)
  the pages printed on the build's paper.

Every object is scaled to its real size beside the others. The images' addresses are
``--tts-url`` (or the output folder's ``file://`` address), each name URL-encoded.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path, PurePosixPath
from typing import Any, Callable, Iterator, Sequence
from urllib.parse import quote

from generator.core.words import counted
from generator.outputs import tts_images as images
from generator.outputs import tts_objects as objects
from generator.pieces.faces import Face, Piece, back_names, fingerprint
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import GamePieces, Pages, PiecedComponent as Component, Writer


DOCUMENT_WIDTH_MM = 210.0      # the room a document takes on the table, beside the pieces


def folder(game_id: str) -> PurePosixPath:
    return PurePosixPath(game_id) / "tts"


@dataclass
class Picture:
    """One picture file of the export: its name in ``tts/``, what the manifest calls it,
    what its key adds, how it is drawn and from which faces."""

    name: str
    item: str
    key: tuple[Any, ...]
    render: Callable[[], bytes]
    faces: list[Face] = field(default_factory=list)


def _shared_back_name(component: Component) -> dict[int, str]:
    """The picture name of each back face (by identity): ``back.png`` when all share one."""
    return {key: f"{component.id}/{stem}.png" for key, stem in back_names(component.table_pieces()).items()}


def _deck_names(component: Component, sheet: images.Sheet) -> tuple[str, str]:
    back = f"{component.id}-back.png" if images.shared_back(component) is not False else \
        f"{component.id}-backs-{sheet.number}.png"
    return f"{component.id}-{sheet.number}.png", back


def pictures(component: Component, dpi: int) -> list[Picture]:
    """Every picture the component's objects name, in a stable order."""
    shape = component.piece_shape
    if shape == "card":
        return _deck_pictures(component, dpi)
    out: list[Picture] = []
    if shape == "standee":
        halves = component.standee_halves
        for piece in component.table_pieces():
            size = images.standee_size(piece, halves, dpi)
            for side in ("front", "back"):
                if images.standee_span(piece, halves, side) is not None:
                    face = piece.front_face if halves is not None or side == "front" else piece.back_face
                    assert face is not None
                    out.append(Picture(f"{component.id}/{piece.id}-{side}.png", f"{piece.id} figurine {side}",
                                       ("standee", piece.data_hash, side, size, halves),
                                       partial(images.standee_png, piece, halves, side, dpi), [face]))
        return out
    full = shape == "board"
    backs = {} if shape == "token" else _shared_back_name(component)
    if full:                                        # each board's back is its own side
        backs = {id(p.back_face): f"{component.id}/{p.id}-back.png"
                 for p in component.table_pieces() if p.back_face is not None}
    for piece in component.table_pieces():
        size = images.full_size(piece.width, piece.height) if full else images.picture_size(piece.width, piece.height, dpi)
        out.append(Picture(f"{component.id}/{piece.id}-front.png", f"{piece.id} front", ("front", piece.data_hash, size),
                           partial(images.face_png, piece.front_face, piece, size), [piece.front_face]))
        back = piece.back_face
        if back is not None and id(back) in backs:
            name = backs.pop(id(back))
            data = "back" if name.endswith("/back.png") else piece.data_hash
            out.append(Picture(name, f"{component.id} {PurePosixPath(name).stem}", ("back", data, size),
                               partial(images.face_png, back, piece, size), [back]))
    return out


def _deck_pictures(component: Component, dpi: int) -> list[Picture]:
    out: list[Picture] = []
    shared = images.shared_back(component)
    for sheet in images.sheets(component, dpi):
        face_name, back_name = _deck_names(component, sheet)
        key = ("sheet", [(p.data_hash, p.quantity) for p in sheet.pieces], sheet.cell, sheet.columns, sheet.rows)
        fronts = [p.front_face for p in sheet.pieces] + ([shared] if isinstance(shared, Face) else [])
        out.append(Picture(face_name, f"{component.id} deck sheet {sheet.number}", key,
                           partial(images.face_sheet, component, sheet), fronts))
        if shared is False:
            backs = [p.back_face for p in sheet.pieces if p.back_face is not None]
            out.append(Picture(back_name, f"{component.id} back sheet {sheet.number}", ("backs", *key),
                               partial(images.back_sheet, component, sheet), backs))
    if shared is not False:
        out.append(Picture(f"{component.id}-back.png", f"{component.id} back", ("back", dpi),
                           partial(images.back_image, component, dpi), [shared] if isinstance(shared, Face) else []))
    return out


def url(base: str, game_id: str, name: str) -> str:
    """Where Tabletop Simulator fetches ``name`` of the game's ``tts/`` folder: ``base`` (the
    ``--tts-url`` or the output folder's address) and the name URL-encoded."""
    return base + quote(f"{folder(game_id)}/{name}", safe="/")


class Table:
    """The objects of one game as they are laid out, left to right, with unique GUIDs and
    ``CustomDeck`` keys."""

    def __init__(self, game_id: str, base_url: str) -> None:
        self.game_id = game_id
        self.base_url = base_url
        self.sizes = objects.table_sizes()
        self.guids = objects.Guids()
        self.next_key = 1
        self.x = 0.0
        self.objects: list[dict[str, Any]] = []

    def url(self, name: str) -> str:
        return url(self.base_url, self.game_id, name)

    def place(self, width_mm: float) -> float:
        """The x of the centre of the next object ``width_mm`` wide, in game units."""
        width = objects.units(width_mm)
        centre = self.x + width / 2
        self.x += width + objects.GAP_UNITS
        return centre

    def add(self, component: Component, dpi: int) -> None:
        adders = {"card": self._deck, "tile": self._tiles, "hex": self._tiles, "round": self._tiles, "token": self._tokens,
                  "board": self._boards, "standee": self._figurines}
        adders.get(component.piece_shape, self._deck)(component, dpi)

    def _deck(self, component: Component, dpi: int) -> None:
        first = component.table_pieces()[0]
        sideways = first.width > first.height
        where = objects.transform(self.place(first.width), objects.card_scale(first.height, self.sizes), face_down=True)
        unique = images.shared_back(component) is False
        entries: dict[int, dict[str, Any]] = {}
        cards: list[dict[str, Any]] = []
        for sheet in images.sheets(component, dpi):
            face_name, back_name = _deck_names(component, sheet)
            key = self.next_key
            self.next_key += 1
            entries[key] = objects.custom_deck(self.url(face_name), self.url(back_name), sheet.columns, sheet.rows,
                                               unique)
            for slot, piece in enumerate(sheet.pieces):
                for copy in range(piece.quantity):
                    guid = self.guids.take(self.game_id, component.id, piece.id, str(copy))
                    cards.append(objects.card(guid, piece.title, _description(component, piece), key * 100 + slot,
                                              key, entries[key], sideways, where))
        if len(cards) == 1:
            self.objects.append(cards[0])
            return
        self.objects.append(objects.deck(self.guids.take(self.game_id, component.id), component.title,
                                         f"{component.id}: {counted(len(cards), 'cards')}", entries, cards, sideways, where))

    def _copies(self, component: Component, make: Callable[[Piece, str, dict[str, float]], dict[str, Any]]) -> None:
        """Every copy of every piece made by ``make``; in one bag when there are several."""
        x = self.place(max(p.width for p in component.table_pieces()))
        made = [make(piece, self.guids.take(self.game_id, component.id, piece.id, str(copy)),
                     objects.transform(x, objects.image_scale(piece.height, self.sizes)))
                for piece in component.table_pieces() for copy in range(piece.quantity)]
        if len(made) == 1:
            self.objects.append(made[0])
            return
        count = component.item_count()
        self.objects.append(objects.bag(self.guids.take(self.game_id, component.id), component.title,
                                        f"{component.id}: {count} {getattr(component, 'noun', 'pieces')}", made,
                                        objects.transform(x, 1.0)))

    def _tiles(self, component: Component, dpi: int) -> None:
        backs = _shared_back_name(component)
        shape = component.piece_shape

        def make(piece: Piece, guid: str, where: dict[str, float]) -> dict[str, Any]:
            front = self.url(f"{component.id}/{piece.id}-front.png")
            back = self.url(backs[id(piece.back_face)]) if piece.back_face is not None else front
            return objects.tile(guid, piece.title, _description(component, piece), shape, front, back, where,
                                self.sizes)
        self._copies(component, make)

    def _tokens(self, component: Component, dpi: int) -> None:
        def make(piece: Piece, guid: str, where: dict[str, float]) -> dict[str, Any]:
            return objects.token(guid, piece.title, _description(component, piece),
                                 self.url(f"{component.id}/{piece.id}-front.png"), where, self.sizes)
        self._copies(component, make)

    def _boards(self, component: Component, dpi: int) -> None:
        for piece in component.table_pieces():
            for side in ("front", "back") if piece.back_face is not None else ("front",):
                where = objects.transform(self.place(piece.width), objects.image_scale(piece.height, self.sizes))
                title = piece.title if side == "front" else f"{piece.title} (back)"
                self.objects.append(objects.board(self.guids.take(self.game_id, component.id, piece.id, side), title,
                                                  f"{component.id}: {piece.id} {side}",
                                                  self.url(f"{component.id}/{piece.id}-{side}.png"), where))

    def add_document(self, document: Document) -> None:
        where = objects.transform(self.place(DOCUMENT_WIDTH_MM), 1.0)
        self.objects.append(objects.pdf_document(self.guids.take(self.game_id, document.component, "pdf"),
                                                 document.title, f"{document.component}: {document.name}",
                                                 self.url(document.name), where))

    def _figurines(self, component: Component, dpi: int) -> None:
        halves = component.standee_halves
        for piece in component.table_pieces():
            top, bottom, _ = images.standee_span(piece, halves, "front") or (0.0, piece.height, False)
            front = self.url(f"{component.id}/{piece.id}-front.png")
            back = self.url(f"{component.id}/{piece.id}-back.png") \
                if images.standee_span(piece, halves, "back") is not None else front
            for copy in range(piece.quantity):
                where = objects.transform(self.place(piece.width), objects.image_scale(bottom - top, self.sizes))
                self.objects.append(objects.figurine(self.guids.take(self.game_id, component.id, piece.id, str(copy)),
                                                     piece.title, f"{component.id}: {piece.id}", front, back, where))


def _description(component: Component, piece: Piece) -> str:
    """What Tabletop Simulator shows under a piece's name (its nickname, the piece's title):
    where it comes from, so that a designer finds its row."""
    return f"{component.title}: {piece.id}"


def saved_object(game: Any, components: Sequence[Component], dpi: int, base_url: str,
                 documents: Sequence[Document] = ()) -> dict[str, Any]:
    """The game's saved object: every component on the table as what it is, side by side,
    then the documents to read beside them."""
    table = Table(game.id, base_url)
    for component in components:
        table.add(component, dpi)
    for document in documents:
        table.add_document(document)
    return objects.save(game.title, table.objects)


@dataclass(frozen=True)
class Document:
    """A document of the game for the table (a reference sheet, a player aid): its PDF's name
    in ``tts/``, what it is called, and the pages offered to print it (``Pages``)."""

    name: str
    title: str
    component: str
    pages: Pages


def documents(game: Any, options: BuildOptions, code_hash: str) -> list[Document]:
    """The game's documents: every page set a component of it offers as a document (role
    ``document``: a reference sheet, a player aid), on the build's paper."""
    found = []
    for component in getattr(game, "components", ()):
        if getattr(component, "pieces", None):
            continue                    # pieces go on the table as pieces
        for offer in component.offers(options, code_hash):
            if isinstance(offer, Pages) and offer.facts.role == "document":
                found.append(Document(f"{component.id}.pdf", component.title, component.id, offer))
    return found


def with_asset_url(options: BuildOptions, out_dir: Path) -> BuildOptions:
    """Tabletop Simulator's images are found where this build writes them, unless the
    options name where they will be uploaded (its address made safe: a space is %20)."""
    if "tts" not in options.formats:
        return options
    if options.asset_url:
        return replace(options, asset_url=quote(options.asset_url, safe=":/?#[]@!$&'()*+,;=%~"))
    return replace(options, asset_url=out_dir.resolve().as_uri() + "/")


def write(offer: GamePieces, options: BuildOptions) -> Iterator[OutputJob]:
    """Per component its pictures, the documents, then the game's saved object."""
    papers = documents(offer.game, options, offer.code_hash)
    if offer.table or papers:
        yield from game_jobs(offer.game, offer.table, options, offer.code_hash, papers)


def game_jobs(game: Any, components: Sequence[Component], options: BuildOptions, code_hash: str,
              papers: Sequence[Document] = ()) -> Iterator[OutputJob]:
    where = folder(game.id)
    dpi = options.dpi
    keys = []
    linked: list[str] = []          # the saved object's every picture: its links (the ledger's refs)
    for component in components:
        for picture in pictures(component, dpi):
            key = component.key(code_hash, "tts", component.piece_shape, *picture.key)
            keys.append(key)
            linked.append(str(where / picture.name))
            yield component.job(where / picture.name, picture.item, "png", key, picture.render, picture.faces,
                                items=0, role="tts")
    for document in papers:
        key = fingerprint(document.pages.key, "tts")
        keys.append(key)
        linked.append(str(where / document.name))
        yield document.pages.make(where / document.name, f"{document.component} for the table", "pdf", key,
                                  document.pages.pdf, document.pages.faces, items=0, role="tts")
    sizes = objects.table_sizes()
    document_key = fingerprint(code_hash, keys, options.asset_url, dpi, sizes.model_dump(),
                               [(d.name, d.title) for d in papers],
                               [(c.id, c.title, c.piece_shape, repr(c.standee_halves),
                                 [(p.id, p.title, p.quantity, p.width, p.height) for p in c.table_pieces()])
                                for c in components])
    inputs = frozenset().union(*(c.inputs for c in components))
    yield OutputJob(where / f"{game.id}.json", game.id, "tts", "saved object", "json", document_key,
                    lambda: (json.dumps(saved_object(game, components, dpi, options.asset_url, papers), indent=2,
                                        ensure_ascii=False) + "\n").encode("utf-8"),
                    items=0, inputs=lambda: inputs, role="tts", refs=lambda: linked)


WRITER = Writer("tts", GamePieces, "Tabletop Simulator: a saved object per game laying out its decks, tiles, "
                "tokens, boards and figurines, and their pictures, with its reference sheets as PDFs", write)
