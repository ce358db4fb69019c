"""A ``cards`` deck drawn from layout files: no Python for a new deck.

```yaml
- kind: cards
  id: event-cards
  title: Event cards
  source: cards/events.csv       # or cards.xlsx#Events (a sheet), or rows: <name> (made by game code)
  front: layouts/event-front.yaml
  back: layouts/event-back.yaml  # optional: without it the cards have no back
```
Loading binds every item to the front layout (and the back layout once, or for every item
when the kind's backs differ by item: ``Deck.item_backs``, as tiles do), so a missing
column, an unknown icon or colour, or a text box off the canvas is a DataError at load
time, naming the layout file, line and field. The files each face is drawn from are
recorded (``generator.core.inputs``) and kept on the deck: ``front_inputs`` and ``back_inputs``
(layouts, palette, tables, icons, fonts, images; game.yaml counts by the values the faces
take from it), and ``rows_inputs`` (the files the items were read from: a change there
changes items, which each card's own key covers).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable, Iterable, Mapping, Sequence, TypeVar

from generator.components.base import source_file
from generator.components.cards import Deck, DeckSpec
from generator.core.errors import DataError, Problem
from generator.core.inputs import recording
from generator.core.notices import warn
from generator.draw.scene import Scene
from generator.kit.datafiles import LineDict, column_letter
from generator.kit.sizes import Size
from generator.kit.workbooks import is_table, split_sheet
from generator.layout import kept as kept_faces
from generator.layout.assets import Assets
from generator.layout.columns import names_read, unread_columns
from generator.layout.context import shared_context
from generator.layout.files import Layout, load_layout
from generator.layout.frame import CardFrame
from generator.layout.kept import KeptFace
from generator.layout.cells import cell_of
from generator.layout.ops import Op, TextDoesNotFit, paint
from generator.layout.resolve import Binding, Resolver
from generator.layout.rows import ROWS, Row, placed, rows_from_code, rows_from_file, to_rows
from generator.layout.style import GameStyle, load_style
from generator.layout.values import to_colour

T = TypeVar("T")
SHOWN_ITEMS = 3


@dataclass
class LayoutDesign:
    """A deck's faces as bound layouts: the operations of every item's front, and of the
    back: one for all (``back``), or one per item (``backs``, for a kind whose back layout
    sees the item, such as tiles)."""

    game_title: str
    deck_title: str
    rows: list[Row]
    fronts: dict[str, list[Op]]
    back: list[Op] | None
    backs: dict[str, list[Op]] | None = None
    #: Faces kept from an earlier load (generator.layout.kept), painted at most once a process:
    #: each item's front and back by its id, the one back under ``BACK``.
    kept: dict[str, KeptFace] = field(default_factory=dict)
    kept_backs: dict[str, KeptFace] = field(default_factory=dict)

    @property
    def has_back(self) -> bool:
        return self.back is not None or self.backs is not None

    def load_cards(self, game: Any, deck: DeckSpec, file: str) -> Sequence[Row]:
        return self.rows

    def draw_front(self, card: Row, deck: DeckSpec, frame: CardFrame) -> Scene:
        return _blamed(card, lambda: self._painted(self.kept.get(card.id), self.fronts[card.id], frame,
                                                   f"{card.id} {card.title}",
                                                   f"{self.game_title}, {self.deck_title}, item {card.id}"))

    def draw_back(self, deck: DeckSpec, frame: CardFrame) -> Scene:
        return self._painted(self.kept_backs.get(BACK), self.back or [], frame, f"{deck.title} back",
                             f"{self.game_title}, {self.deck_title}, the back")

    def draw_item_back(self, card: Row, deck: DeckSpec, frame: CardFrame) -> Scene:
        return _blamed(card, lambda: self._painted(self.kept_backs.get(card.id), (self.backs or {})[card.id], frame,
                                                   f"{card.id} {card.title} back",
                                                   f"{self.game_title}, {self.deck_title}, the back of item {card.id}"))

    @staticmethod
    def _painted(kept: KeptFace | None, ops: list[Op], frame: CardFrame, title: str, label: str) -> Scene:
        def make() -> Scene:
            scene = frame.new_scene(title)
            paint(ops, scene, label)
            return scene
        return kept.paint((title, label, frame), make, _copy) if kept is not None and kept.ops is ops else make()


def _blamed(card: Row, draw: Callable[[], Scene]) -> Scene:
    """``draw()``; its text that does not fit names the item's cell that the text shows, if one does."""
    try:
        return draw()
    except TextDoesNotFit as err:
        cell = cell_of(card, err.where, "text") if err.where is not None else None
        if cell is None:
            raise
        problem = replace(err.problem, message=f"{err.problem.message} (the text of {cell})")
        raise TextDoesNotFit(f"{err} (the text of {cell})", problem, err.where) from None


BACK = "\0back"        # the one back's place in LayoutDesign.kept_backs (no item id has a NUL)


def _copy(scene: Scene) -> Scene:
    """A kept face's scene as a new one (its items are frozen values; its list is not)."""
    return Scene(scene.width, scene.height, scene.title, list(scene.items))


class _Loader:
    """Collects the problems of one deck entry while its parts are read."""

    def __init__(self, game: Any, spec: DeckSpec, raw: Mapping[str, Any], file: str, index: int):
        self.game = game
        self.spec = spec
        self.raw = raw
        self.file = file
        self.index = index
        self.problems: list[Problem] = []
        self.records: Sequence[tuple[str, int | None, Mapping[str, Any]]] | None = None   # a source file's
        self.source: Path | None = None
        self.sheet: str | None = None      # the source's sheet, when it is a workbook (cards.xlsx#Units)

    def problem(self, key: str, message: str) -> None:
        lines = getattr(self.raw, "lines", {})
        self.problems.append(Problem(self.file, message, line=lines.get(key), field=f"components.{self.index}.{key}"))

    def attempt(self, read: Callable[[], T]) -> T | None:
        """What ``read`` gives; its problems kept, and what loaded despite them (DataError.loaded),
        so one run finds the problems of the rest of the deck too."""
        try:
            return read()
        except DataError as err:
            self.problems.extend(err.problems)
            return err.loaded

    def kit_file(self, key: str, relative: str) -> Path | None:
        """A file the deck entry names, relative to game.yaml and inside the kit."""
        return self.attempt(lambda: source_file(self.game, self.raw, self.file, self.index, relative, key))

    def layout(self, key: str, relative: str | None) -> tuple[Layout | None, set[Path]]:
        with recording() as reads:
            path = self.kit_file(key, relative) if relative else None
            layout = self.attempt(lambda: load_layout(path, self.game.kit)) if path else None
        return layout, reads

    def rows(self) -> tuple[list[Row] | None, set[Path]]:
        spec = self.spec
        with recording() as reads:
            relative, sheet = split_sheet(spec.source) if spec.source else ("", None)
            source = self.kit_file("source", relative) if relative else None
            if spec.source and source is None:
                return None, reads
            if spec.rows is not None:
                if spec.rows not in ROWS:
                    known = ", ".join(sorted(ROWS)) or "none registered (game.yaml's code: registers them)"
                    self.problem("rows", f"unknown rows {spec.rows!r}; known: {known}")
                    return None, reads
                name = spec.rows
                records = self.attempt(lambda: rows_from_code(name, self.game, spec, source))
            else:
                assert source is not None
                records = self.attempt(lambda: rows_from_file(source, sheet))
                self.records, self.source, self.sheet = records, source, sheet
            rows = self.attempt(lambda: to_rows(spec.id, records)) if records is not None else None
        return rows, reads

    def face(self, front: Layout) -> CardFrame | None:
        spec = self.spec
        size = spec.trim() if "size" in spec.model_fields_set or front.size is None else front.size
        bleed = spec.bleed if "bleed" in spec.model_fields_set or front.bleed is None else front.bleed
        safe = spec.safe if "safe" in spec.model_fields_set or front.safe is None else front.safe
        if 2 * safe >= min(size.width, size.height):
            self.problem("safe", f"a safe zone of {safe:g} mm leaves nothing of a {size.width:g} x {size.height:g} mm face")
            return None
        return CardFrame(size.width, size.height, bleed, safe)


def load_layout_deck(game: Any, spec: DeckSpec, raw: Mapping[str, Any], file: str, index: int,
                     make: type[Deck] = Deck) -> Deck:
    """Read a layout deck's layouts and items, bind every item, and make the deck (``make``:
    a kind built like a deck, such as labels)."""
    loader = _Loader(game, spec, raw, file, index)
    with recording() as style_reads:
        style = loader.attempt(lambda: load_style(game.kit, game.folder))
    front, front_reads = loader.layout("front", spec.front)
    back, back_reads = loader.layout("back", spec.back)
    rows, rows_reads = loader.rows()
    face = loader.face(front) if front else None
    if style is None or front is None or rows is None or face is None or (spec.back and back is None):
        raise DataError(loader.problems)
    layouts = [front] + ([back] if back is not None else [])
    read = names_read([path for layout in layouts for path in layout.files], raw)
    rows = placed(rows, per_copy="copy" in read)
    assets = Assets(style)
    deck_facts = {"id": spec.id, "title": spec.title, "rule": spec.rule}
    game_facts = {"id": game.id, "title": game.title, "subtitle": getattr(game, "subtitle", "")}

    hashes = kept_faces.Hashes()
    kept: dict[str, KeptFace] = {}
    kept_backs: dict[str, KeptFace] = {}

    def resolver(layout: Layout, layout_reads: set[Path]) -> tuple[Resolver, str]:
        """The layout's resolver, and its key for the faces kept (generator.layout.kept)."""
        palette = _palette(style, layout, loader)
        faces = loader.attempt(assets.faces) or {}
        shared = shared_context(game_facts, deck_facts, style.tables, palette, face, faces)
        files = (style_reads | layout_reads) - {game_yaml}
        key = kept_faces.deck_key(files, [shared, {name: str(path) for name, path in assets.icon_files().items()}], hashes)
        return Resolver(layout, assets, face, shared), key

    def bind(layout_resolver: tuple[Resolver, str], row: Row | None, into: dict[str, KeptFace]
             ) -> tuple[list[Op], Sequence[Binding]]:
        resolver, key = layout_resolver
        columns, place = (row.columns, row.place) if row is not None else ({}, None)
        ops, found, face_kept = kept_faces.resolved(key, columns, place, lambda: resolver.resolve(columns, place), hashes)
        if face_kept is not None:
            into[row.id if row is not None else BACK] = face_kept
        return ops, found

    # game.yaml counts only for what the faces take from it (style, game facts: by value), so
    # editing another component does not redraw these cards; each card's own row is in its key
    game_yaml = (Path(game.folder) / "game.yaml").resolve()
    with recording() as more_front_reads:
        front_resolver = resolver(front, front_reads)
        bound = [(row, bind(front_resolver, row, kept)) for row in rows]
    fronts = {row.id: ops for row, (ops, _) in bound}
    loader.problems.extend(_grouped([(row, row.where, found) for row, (_, found) in bound]))
    back_ops: list[Op] | None = None
    item_backs: dict[str, list[Op]] | None = None
    if back is not None and (make.item_backs or _sees_the_row(back, rows)):
        with recording() as more_back_reads:
            back_resolver = resolver(back, back_reads)
            bound_backs = [(row, bind(back_resolver, row, kept_backs)) for row in rows]
        back_reads |= more_back_reads
        item_backs = {row.id: ops for row, (ops, _) in bound_backs}
        loader.problems.extend(_grouped([(row, row.where, found) for row, (_, found) in bound_backs]))
    elif back is not None:
        with recording() as more_back_reads:
            back_ops, found = bind(resolver(back, back_reads), None, kept_backs)
        back_reads |= more_back_reads
        loader.problems.extend(_grouped([(None, "", found)]))
    loader.problems.extend(_unread_columns(loader, read))
    front_inputs = frozenset(style_reads | front_reads | more_front_reads) - {game_yaml}
    back_inputs = frozenset(style_reads | back_reads) - {game_yaml} if back is not None else frozenset()
    design = LayoutDesign(game.title, spec.title, rows, fronts, back_ops, item_backs, kept, kept_backs)
    resolved = spec.model_copy(update={"size": _size_of(face), "bleed": face.bleed, "safe": face.safe})
    deck = make(game, resolved, rows, design, front_inputs=front_inputs, back_inputs=back_inputs,
                rows_inputs=rows_reads, key_extra=[game_facts, _style_key(style)])
    if loader.problems:
        failed = DataError(loader.problems)
        failed.loaded = deck        # its good parts, laid out by check for text that does not fit
        raise failed
    return deck


def _sees_the_row(back: Layout, rows: Sequence[Row]) -> bool:
    """Whether the back layout names a column of the rows (or ``item``, ``index``, ``copy``):
    then each card's back is drawn from its row, in any deck."""
    columns = {name for row in rows for name in row.columns} | {"item", "index", "copy"}
    return bool(names_read(back.files, {}) & columns)


def _unread_columns(loader: _Loader, read: set[str]) -> list[Problem]:
    """Errors for a near miss of a column pnpkit reads; warnings for any other column nothing reads."""
    if loader.records is None or loader.source is None or not loader.records:
        return []
    columns: list[str] = []
    places: dict[str, dict[str, Any]] = {}
    for _, _, record in loader.records:
        for name in record:
            if name not in places:
                columns.append(str(name))
                line = record.lines.get(name) if isinstance(record, LineDict) else None
                letter = column_letter(record, name)
                places[str(name)] = {"line": line} if line else {"column": letter} if letter else {}
    checked = getattr(loader.game, "checked_columns", {})
    source = loader.source.resolve()
    read = read | {"index", "copy"} | checked.get((source, loader.sheet), set()) | checked.get((source, None), set())
    errors, warnings = unread_columns(loader.records[0][0], columns, places, read,
                                      near_misses_only=not is_table(loader.source))
    for message in warnings:
        warn(message)
    return errors


def _size_of(face: CardFrame) -> Size:
    return Size(width=face.width, height=face.height)


def _palette(style: GameStyle, layout: Layout, loader: _Loader) -> dict[str, str]:
    """The game's palette with the layout's colours on top (which may name the game's colours)."""
    palette = dict(style.palette)
    for name, value in layout.palette.items():
        try:
            colour = to_colour(value, palette)
        except ValueError as err:
            loader.problems.append(layout.palette_where[name].problem(str(err), name))
            continue
        if colour is not None:
            palette[name] = colour
    return palette


def _grouped(found: Iterable[tuple[Row | None, str, Sequence[Binding]]]) -> list[Problem]:
    """One problem per place in a layout, naming the items it struck (not 61 copies of one
    mistake); a problem of one item that comes from one of its cells names that cell
    (generator.layout.cells). ``None`` is the deck's one back."""
    struck: dict[tuple[str, int | None, str, str], list[tuple[Row | None, str, Binding]]] = {}
    for row, where, bindings in found:
        for binding in bindings:
            field = f"{binding.where.field}.{binding.key}" if binding.key else binding.where.field
            key = (binding.where.file, binding.where.line(binding.key), field, binding.message)
            struck.setdefault(key, []).append((row, where, binding))
    problems = []
    for (file, line, field, message), items in struck.items():
        labels = []
        for row, where, binding in items:
            cell = cell_of(row, binding.where, binding.key) if binding.of_value else None
            labels.append((row.id if row is not None else "the back", cell or where))
        problems.append(Problem(file, f"{_items_label(labels)}: {message}", line=line, field=field))
    return problems


def _items_label(items: Sequence[tuple[str, str]]) -> str:
    if len(items) == 1:
        item, where = items[0]
        if item == "the back":
            return item
        return f"item {item}" + (f" ({where})" if where else "")
    shown = ", ".join(item for item, _ in items[:SHOWN_ITEMS])
    more = f" and {len(items) - SHOWN_ITEMS} more" if len(items) > SHOWN_ITEMS else ""
    return f"items {shown}{more}"


def _style_key(style: GameStyle) -> Any:
    """What the faces take from game.yaml's style keys, by value, with paths named inside the kit."""
    kit = Path(style.kit).resolve()

    def named(value: Any) -> Any:
        if isinstance(value, Path):
            path = value.resolve()
            return path.relative_to(kit).as_posix() if path.is_relative_to(kit) else path.as_posix()
        return value

    return {"palette": style.palette, "fonts": {k: named(v) for k, v in style.font_files.items()},
            "icons": named(style.icons_dir) if style.icons_dir else None, "tables": style.tables}
