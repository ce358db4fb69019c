"""The ``tracks`` component kind of Stockholm 1520: its propaganda meter and round track as
strips to cut out (rules 2.0, 6.1, 6.2), from tracks.yaml. Registered from the game's
``register()`` (``generator.loading.game_kinds.register_kind``), so only its game.yaml may
name it::

    - {kind: tracks, id: tracks, title: Propaganda meter and round track, source: tracks.yaml}

Each strip is a piece on card stock, like a card: it goes on the game's shared card sheets
(in the room the cards leave) with its own bleed and crop marks, rather than on an A4 sheet
of its own that two strips leave mostly blank (issue 38).
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Iterable, Iterator

from generator.components.base import Component, ComponentSpec, source_file
from generator.components.hexmap import read_with_inputs, validated_spec
from generator.draw.scene import Scene
from generator.pieces.faces import Face, Piece, fingerprint
from generator.pieces.job import BuildOptions
from generator.pieces.offers import Offer
from generator.printing import layouts as sheet_layouts
from games.stockholm1520.tracks import TrackIn, Tracks, load_tracks, strip_scene

SHEET = "tiles-gutter"      # each strip with its own bleed and crop marks, 2 mm from its neighbours
PAD = 2.0                   # mm of blank card round the strip inside its trim: a miscut never cuts a box


def gutter_bleed() -> float:
    """The bleed of a strip: half the gutter of its sheet layout (data/sheets/layouts.yaml),
    all the room a strip has there before its neighbour's."""
    layout = sheet_layouts.layouts()[SHEET]
    return layout.gap / 2 if isinstance(layout, sheet_layouts.GridLayout) else 0.0


def _strip_piece_scene(track: TrackIn, box: float, bleed: float) -> Scene:
    """The strip with its bleed and blank room round it: trim at (bleed, bleed)."""
    strip = strip_scene(track, box)
    s = Scene(strip.width + 2 * (PAD + bleed), strip.height + 2 * (PAD + bleed), title=track.title)
    s.place(strip, bleed + PAD, bleed + PAD)
    return s


class TracksComponent(Component):
    """Track strips: pieces on card stock (shared sheets, or sheets of their own with
    ``--sheets per-component``), and each strip as SVG/PNG."""

    kind = "tracks"
    print_on = "card stock of 250-300 g/m²"
    stock = "card"
    table_piece = "tile"
    noun = "strips"

    def __init__(self, game: Any, spec: ComponentSpec, tracks: Tracks, inputs: Iterable[Path] = ()):
        super().__init__(game, spec, inputs)
        self.tracks = tracks
        self.strips = [(track.id, Face(partial(strip_scene, track, tracks.box_mm))) for track in tracks.tracks]
        bleed = gutter_bleed()
        for track, (_, strip) in zip(tracks.tracks, self.strips):
            front = Face(partial(_strip_piece_scene, track, tracks.box_mm, bleed))
            drawn = strip.check()       # the strip's height is the track diagram's, known once it is laid out
            self.pieces.append(Piece(track.id, track.title, drawn.width + 2 * PAD, drawn.height + 2 * PAD, bleed,
                                     fingerprint(track.model_dump(), tracks.box_mm, bleed), front))

    def sheet_name(self) -> str:
        return SHEET

    def packed(self, options: BuildOptions) -> bool:
        """On the game's shared sheets unless the build asks for ``--sheets per-component``."""
        return options.sheets != "per-component"

    def draw_all(self) -> None:
        """Lay out every strip: a text its fonts lack (a tag's ★) is named with its key."""
        self.refuse_gaps([strip.check() for _, strip in self.strips])

    def sheet_offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        """Sheets of their own (``--sheets per-component``): the strips differ in length, so
        they are packed as the shared sheets pack them, not set on one grid."""
        from generator.pieces.offers import Cuts, Facts, Pages
        from generator.printing.packed_sheets import Item, cut_sheets, one_sided_pages, packed_pages
        from generator.printing.stock import stock_of

        spec = self.sheet_spec(options)
        gap = getattr(spec.layout, "gap", 0.0)
        _, pages = packed_pages([Item(piece, gap, self.title, stock_of(self)) for piece in self.pieces], spec)
        key = self.key(code_hash, [p.data_hash for p in self.pieces], spec.paper.model_dump(), spec.layout.model_dump(),
                       spec.margin, spec.guides)
        faces = self.faces()
        facts = Facts(paper=spec.paper.id, items=self.item_count(), role="sheets")
        sheets = Pages(make=self.job, stem=self.folder() / f"{self.id}-sheets-{spec.paper.id}", item=f"{self.id} (all strips)",
                       key=key, faces=faces, facts=facts, pages=lambda: one_sided_pages(pages, spec),
                       title=f"{self.game.title} - {self.title}", subject=f"{spec.paper.label} {self.sheet_subject}, one-sided")
        yield sheets
        yield Cuts(make=self.job, stem=sheets.stem, item=sheets.item, key=key, faces=faces, facts=facts,
                   cuts=cut_sheets(pages, spec.paper), title=sheets.title)

    def offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        """The strips' sheets (when not on the shared ones), and each strip as a picture."""
        yield from super().offers(options, code_hash)
        key = self.key(code_hash, self.game.title)
        for track_id, strip in self.strips:
            yield self.picture(self.folder() / track_id, strip.scene, [strip], key, track_id, items=0, role="picture")


def load_tracks_component(game: Any, raw: dict, file: str, index: int) -> TracksComponent:
    spec = validated_spec(ComponentSpec, raw, file, index)
    tracks, reads = read_with_inputs(load_tracks, source_file(game, raw, file, index, spec.source))
    return TracksComponent(game, spec, tracks, reads)
