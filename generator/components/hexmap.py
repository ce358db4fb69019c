"""Component kinds of hex maps for ``pnpkit build``: ``map`` and ``counters``.

A game's game.yaml names them like any other component::

    - {kind: map, id: board, title: Game board, source: map.yaml}
    - {kind: counters, id: counters, title: Counters, source: counters.yaml, sheet: counters}

Their loaders are listed with every other kind's in ``generator.loading.kinds``;
each is handed the loaded game and passes its code down (``art``), reading no game.yaml.
Each component depends on every file its loading read (the source and the files it
names: a game overlay's files, the map) and on what its drawing reads.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TypeVar

from pydantic import Field, ValidationError

from generator.components.base import Component, ComponentSpec, SheetedSpec, source_file
from generator.components.map_offers import map_offers
from generator.core.errors import DataError
from generator.core.inputs import recording
from generator.hexart.board import board_size, draw_map
from generator.hexart.counters import counter_scene
from generator.hexmap.counterfile import load_counters
from generator.hexmap.counters import CounterSet
from generator.hexmap.loader import load_map
from generator.hexmap.model import HexMap
from generator.kit.datafiles import validation_problems
from generator.pieces.faces import Face, Piece, fingerprint
from generator.pieces.job import PREVIEW_DPI, BuildOptions
from generator.pieces.offers import Offer

S = TypeVar("S", bound=ComponentSpec)
T = TypeVar("T")


class CountersSpec(SheetedSpec):
    sheet: str = "counters"
    # mm of each counter's body colour past its trim: with a gutter sheet (tiles-gutter), a
    # miscut shows neither white nor the neighbour (the preflight's cutting rule)
    bleed: float = Field(0.0, ge=0, le=5)


class MapComponent(Component):
    """A board: tiled PDF for the chosen paper, one full-size PDF page, SVG, PNG."""

    kind = "map"
    noun = "maps"
    table_piece = "board"

    def __init__(self, game: Any, spec: ComponentSpec, hexmap: HexMap, inputs: Iterable[Path] = ()):
        super().__init__(game, spec, inputs)
        self.hexmap = hexmap
        self.board = Face(lambda: draw_map(self.hexmap))

    def item_count(self) -> int:
        return 1

    def draw_all(self) -> None:
        from generator.draw.glyphs import GlyphGap

        try:
            self.board.scene()
        except GlyphGap as err:         # its names, legend and labels: each at the key that holds it
            raise DataError(self.glyph_problems(err.gaps)) from None

    def table_pieces(self) -> list[Piece]:
        """The map as one board, for the exports to a table (not printed on sheets)."""
        width, height = board_size(self.hexmap)
        return [Piece(self.id, self.title, width, height, 0.0, fingerprint(self.id, "map"), front=self.board)]

    def offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        yield from map_offers(self.hexmap, self.job, self.folder() / self.id, self.key(code_hash), self.board.scene,
                              [self.board], dpi=min(options.dpi, PREVIEW_DPI))


class CountersComponent(Component):
    """A counter sheet: fronts and mirrored backs pages (long-edge duplex), counters butted."""

    kind = "counters"
    table_piece = "tile"
    noun = "counters"
    sheet_subject = "counter sheet"
    sheet_previews = True

    def __init__(self, game: Any, spec: CountersSpec, counters: CounterSet, inputs: Iterable[Path] = ()):
        super().__init__(game, spec, inputs)
        self.counters = counters
        size = counters.size_mm
        self.pieces = [
            Piece(c.id, c.front.label, size, size, spec.bleed, fingerprint(c.id, c.quantity, c.designed),
                  front=Face(partial(counter_scene, c.front, size, counters.look, spec.bleed)),
                  back=Face(partial(counter_scene, c.back, size, counters.look, spec.bleed)),
                  quantity=c.quantity, note=c.designed)
            for c in counters.counters]


def validated_spec(model: type[S], raw: dict, file: str, index: int) -> S:
    """A component's entry in game.yaml checked by ``model`` (DataError naming the entry)."""
    try:
        return model.model_validate(raw)
    except ValidationError as err:
        raise DataError(validation_problems(file, err, raw, loc_prefix=("components", index))) from None


def read_with_inputs(load: Callable[[Path], T], path: Path) -> tuple[T, set[Path]]:
    """What ``load`` makes of ``path``, and every file it read doing so."""
    with recording() as reads:
        value = load(path)
    return value, reads


def load_map_component(game: Any, raw: dict, file: str, index: int) -> MapComponent:
    spec = validated_spec(ComponentSpec, raw, file, index)
    hexmap, reads = read_with_inputs(partial(load_map, art=game.code), source_file(game, raw, file, index, spec.source))
    return MapComponent(game, spec, hexmap, reads)


def load_counters_component(game: Any, raw: dict, file: str, index: int) -> CountersComponent:
    spec = validated_spec(CountersSpec, raw, file, index)
    counters, reads = read_with_inputs(partial(load_counters, art=game.code),
                                       source_file(game, raw, file, index, spec.source))
    return CountersComponent(game, spec, counters, reads)

