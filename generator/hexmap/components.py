"""Component kinds of hex maps for ``pnpkit build``: ``map`` and ``counters``.

A game's game.yaml names them like any other component::

    - {kind: map, id: board, title: Game board, source: map.yaml}
    - {kind: counters, id: counters, title: Counters, source: counters.yaml, sheet: counters}

``KINDS`` maps each kind to its loader (game, raw entry, file shown in messages, index).
Each component depends on every file its loading read (the source and the files it
names: a game overlay's files, the map) and on what its drawing reads.
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, TypeVar

from pydantic import ValidationError

from generator.components.base import PREVIEW_DPI, BuildOptions, Component, ComponentSpec, Face, OutputJob, Piece, \
    SheetedSpec, fingerprint, once, source_file
from generator.datafiles import validation_problems
from generator.errors import DataError
from generator.hexmap.build import full_size_pdf, map_tile_plan, tiled_pdf
from generator.hexmap.counters import CounterSet, counter_scene, load_counters
from generator.hexmap.draw import board_size, draw_map
from generator.hexmap.model import HexMap, load_map
from generator.inputs import recording

S = TypeVar("S", bound=ComponentSpec)
T = TypeVar("T")


class CountersSpec(SheetedSpec):
    sheet: str = "counters"


class MapComponent(Component):
    """A board: tiled PDF for the chosen paper, one full-size PDF page, SVG, PNG."""

    kind = "map"
    noun = "maps"

    def __init__(self, game: Any, spec: ComponentSpec, hexmap: HexMap, inputs: Iterable[Path] = ()):
        super().__init__(game, spec, inputs)
        self.hexmap = hexmap
        self.board = Face(lambda: draw_map(self.hexmap))

    def item_count(self) -> int:
        return 1

    def draw_all(self) -> None:
        self.board.scene()

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
        base = self.folder()
        key = self.key(code_hash)
        size = board_size(self.hexmap)
        full_size = once(lambda: full_size_pdf(self.hexmap, self.board.scene()))   # its page is the board
        if "pdf" in options.formats:
            plan = map_tile_plan(self.hexmap, options.paper)
            yield self.job(base / f"{self.id}-{options.paper}-tiled.pdf", f"{self.id} ({len(plan.tiles)} tiles)", "pdf",
                           fingerprint(key, options.paper),
                           lambda: tiled_pdf(self.hexmap, self.board.scene(), options.paper), [self.board],
                           paper=options.paper, trim_mm=size, extra={"tiles": len(plan.tiles)}, role="tiles")
            yield self.job(base / f"{self.id}-fullsize.pdf", f"{self.id} (full size)", "pdf", key,
                           full_size, [self.board], trim_mm=size, items=0, role="fullsize")
        yield from self.scene_jobs(base / self.id, self.board.scene, [self.board], options, key, self.id,
                                   dpi=min(options.dpi, PREVIEW_DPI), pdf=full_size, trim_mm=size, items=0,
                                   role="picture")


class CountersComponent(Component):
    """A counter sheet: fronts and mirrored backs pages (long-edge duplex), counters butted."""

    kind = "counters"
    noun = "counters"
    sheet_subject = "counter sheet"
    sheet_previews = True

    def __init__(self, game: Any, spec: CountersSpec, counters: CounterSet, inputs: Iterable[Path] = ()):
        super().__init__(game, spec, inputs)
        self.counters = counters
        size = counters.size_mm
        self.pieces = [
            Piece(c.id, c.front.label, size, size, 0.0, fingerprint(c.id, c.quantity, c.designed),
                  front=Face(partial(counter_scene, c.front, size, counters.look)),
                  back=Face(partial(counter_scene, c.back, size, counters.look)),
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
    hexmap, reads = read_with_inputs(load_map, source_file(game, raw, file, index, spec.source))
    return MapComponent(game, spec, hexmap, reads)


def load_counters_component(game: Any, raw: dict, file: str, index: int) -> CountersComponent:
    spec = validated_spec(CountersSpec, raw, file, index)
    counters, reads = read_with_inputs(load_counters, source_file(game, raw, file, index, spec.source))
    return CountersComponent(game, spec, counters, reads)


KINDS: dict[str, Callable[[Any, dict, str, int], Component]] = {
    "map": load_map_component,
    "counters": load_counters_component,
}
