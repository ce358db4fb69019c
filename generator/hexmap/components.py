"""Component kinds of hex maps for ``pnpkit build``: ``map``, ``counters`` and ``tracks``.

A game's game.yaml names them like any other component::

    - {kind: map, id: board, title: Game board, source: map.yaml}
    - {kind: counters, id: counters, title: Counters, source: counters.yaml}
    - {kind: tracks, id: tracks, title: Tracks, source: tracks.yaml}

``KINDS`` maps each kind to its loader (game, raw entry, file shown in messages, index).
"""

from __future__ import annotations

from pathlib import Path, PurePosixPath
from typing import Any, Iterable

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.components.base import BuildOptions, OutputJob, Piece, fingerprint, source_file
from generator.datafiles import validation_problems
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.png import render_png
from generator.draw.svg import render_svg
from generator.errors import DataError
from generator.hexmap.build import full_size_pdf, map_tile_plan, tiled_pdf
from generator.hexmap.counters import CounterSet, counter_scene, load_counters
from generator.hexmap.draw import draw_map
from generator.hexmap.model import HexMap, load_map
from generator.hexmap.tracks import Tracks, load_tracks, strip_scene, tracks_page


class SourceSpec(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: str
    id: str = Field(min_length=1)
    title: str
    source: str
    rule: str = ""
    layout: str = "counters"


def _spec(raw: dict, file: str, index: int) -> SourceSpec:
    try:
        return SourceSpec.model_validate(raw)
    except ValidationError as err:
        raise DataError(validation_problems(file, err, raw, loc_prefix=("components", index))) from None


def _file_hash(path: Path) -> str:
    """What a drawing depends on: the source file and the files beside it it may read."""
    parts = [path.read_text(encoding="utf-8")]
    for name in ("zones.yaml", "troops.yaml", "map.yaml"):
        other = path.parent / name
        if other.exists() and other != path:
            parts.append(other.read_text(encoding="utf-8"))
    return fingerprint(parts)


class MapComponent:
    """A board: tiled PDF for the chosen paper, one full-size PDF page, SVG, PNG."""

    kind = "map"

    def __init__(self, game: Any, spec: SourceSpec, hexmap: HexMap, data_hash: str):
        self.game, self.game_id, self.spec = game, game.id, spec
        self.id, self.title = spec.id, spec.title
        self.hexmap = hexmap
        self.data_hash = data_hash
        self._board = None

    def board(self):
        if self._board is None:
            self._board = draw_map(self.hexmap)
        return self._board

    def item_count(self) -> int:
        return 1

    def draw_all(self) -> None:
        self.board()

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
        base = PurePosixPath(self.game_id) / "map"
        key = fingerprint(code_hash, self.data_hash)
        size = (self.board().width, self.board().height)
        if "pdf" in options.formats:
            plan = map_tile_plan(self.hexmap, options.paper)
            yield OutputJob(base / f"{self.id}-{options.paper}-tiled.pdf", self.game_id, self.kind,
                            f"{self.id} ({len(plan.tiles)} tiles)", "pdf", fingerprint(key, options.paper),
                            lambda: tiled_pdf(self.hexmap, self.board(), options.paper), paper=options.paper,
                            trim_mm=size, extra={"tiles": len(plan.tiles)})
            yield OutputJob(base / f"{self.id}-fullsize.pdf", self.game_id, self.kind, f"{self.id} (full size)", "pdf",
                            key, lambda: full_size_pdf(self.hexmap, self.board()), trim_mm=size, items=0)
        if "svg" in options.formats:
            yield OutputJob(base / f"{self.id}.svg", self.game_id, self.kind, self.id, "svg", key,
                            lambda: render_svg(self.board()).encode("utf-8"), trim_mm=size, items=0)
        if "png" in options.formats:
            yield OutputJob(base / f"{self.id}.png", self.game_id, self.kind, self.id, "png",
                            fingerprint(key, options.dpi), lambda: render_png(self.board(), dpi=min(options.dpi, 150)),
                            trim_mm=size, items=0)


class CountersComponent:
    """A counter sheet: fronts and mirrored backs pages (long-edge duplex), counters butted."""

    kind = "counters"

    def __init__(self, game: Any, spec: SourceSpec, counters: CounterSet, data_hash: str):
        self.game, self.game_id, self.spec = game, game.id, spec
        self.id, self.title = spec.id, spec.title
        self.counters = counters
        size = counters.size_mm
        self.pieces = [
            Piece(c.id, c.front.label, size, size, 0.0, fingerprint(data_hash, c.id),
                  draw_front=(lambda c=c: counter_scene(c.front, size, counters.look)),
                  draw_back=(lambda c=c: counter_scene(c.back, size, counters.look)),
                  quantity=c.quantity)
            for c in counters.counters]
        self.data_hash = data_hash

    def item_count(self) -> int:
        return sum(c.quantity for c in self.counters.counters)

    def draw_all(self) -> None:
        for p in self.pieces:
            p.front()
            p.back()

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
        from generator.printing import layouts as sheet_layouts
        from generator.printing.sheets import SheetSpec, sheet_pages

        base = PurePosixPath(self.game_id) / "counters"
        paper = sheet_layouts.paper(options.paper)
        layout = sheet_layouts.layouts()[self.spec.layout]
        spec = SheetSpec(self.game.title, self.title, paper, layout, sheet_layouts.unprintable_margin(),
                         guides=options.guides, back_offset=options.back_offset)
        key = fingerprint(code_hash, self.data_hash, options.key())
        size = (self.counters.size_mm, self.counters.size_mm)
        if "pdf" in options.formats:
            yield OutputJob(base / f"{self.id}-sheets-{paper.id}.pdf", self.game_id, self.kind, f"{self.id} (all counters)",
                            "pdf", key, lambda: render_pdf(sheet_pages(self.pieces, spec), title=f"{self.game.title} - {self.title}",
                                                           duplex=True, subject=f"{paper.label} counter sheet, long-edge duplex"),
                            paper=paper.id, trim_mm=size, items=self.item_count())
        if "svg" in options.formats or "png" in options.formats:
            pages = sheet_pages(self.pieces, spec)
            if "svg" in options.formats:
                yield OutputJob(base / f"{self.id}-fronts-{paper.id}.svg", self.game_id, self.kind, f"{self.id} fronts",
                                "svg", key, lambda: render_svg(pages[0].scene).encode("utf-8"), paper=paper.id, items=0)
            if "png" in options.formats:
                yield OutputJob(base / f"{self.id}-fronts-{paper.id}.png", self.game_id, self.kind, f"{self.id} fronts",
                                "png", fingerprint(key, options.dpi), lambda: render_png(pages[0].scene, dpi=options.dpi),
                                paper=paper.id, items=0)


class TracksComponent:
    """Track strips: one page on the chosen paper (landscape), and each strip as SVG/PNG."""

    kind = "tracks"

    def __init__(self, game: Any, spec: SourceSpec, tracks: Tracks, data_hash: str):
        self.game, self.game_id, self.spec = game, game.id, spec
        self.id, self.title = spec.id, spec.title
        self.tracks = tracks
        self.data_hash = data_hash

    def item_count(self) -> int:
        return len(self.tracks.tracks)

    def draw_all(self) -> None:
        tracks_page(self.tracks, 297, 210, self.game.title)

    def jobs(self, options: BuildOptions, code_hash: str) -> Iterable[OutputJob]:
        from generator.printing import layouts as sheet_layouts

        base = PurePosixPath(self.game_id) / "tracks"
        paper = sheet_layouts.paper(options.paper)
        key = fingerprint(code_hash, self.data_hash)
        if "pdf" in options.formats:
            page = lambda: render_pdf([Page(tracks_page(self.tracks, paper.height, paper.width, self.game.title))],
                                      title=f"{self.game.title} - {self.title}")
            yield OutputJob(base / f"{self.id}-{paper.id}.pdf", self.game_id, self.kind, f"{self.id} (all tracks)", "pdf",
                            fingerprint(key, paper.id), page, paper=paper.id, items=self.item_count())
        for track in self.tracks.tracks:
            if "svg" in options.formats:
                yield OutputJob(base / f"{track.id}.svg", self.game_id, self.kind, track.id, "svg", key,
                                (lambda t=track: render_svg(strip_scene(t, self.tracks.box_mm)).encode("utf-8")), items=0)
            if "png" in options.formats:
                yield OutputJob(base / f"{track.id}.png", self.game_id, self.kind, track.id, "png",
                                fingerprint(key, options.dpi),
                                (lambda t=track: render_png(strip_scene(t, self.tracks.box_mm), dpi=options.dpi)), items=0)


def load_map_component(game: Any, raw: dict, file: str, index: int) -> MapComponent:
    spec = _spec(raw, file, index)
    path = source_file(game, raw, file, index, spec.source)
    return MapComponent(game, spec, load_map(path), _file_hash(path))


def load_counters_component(game: Any, raw: dict, file: str, index: int) -> CountersComponent:
    spec = _spec(raw, file, index)
    path = source_file(game, raw, file, index, spec.source)
    return CountersComponent(game, spec, load_counters(path), _file_hash(path))


def load_tracks_component(game: Any, raw: dict, file: str, index: int) -> TracksComponent:
    spec = _spec(raw, file, index)
    path = source_file(game, raw, file, index, spec.source)
    return TracksComponent(game, spec, load_tracks(path), _file_hash(path))


KINDS = {
    "map": load_map_component,
    "counters": load_counters_component,
    "tracks": load_tracks_component,
}
