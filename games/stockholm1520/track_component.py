"""The ``tracks`` component kind of Stockholm 1520: its propaganda meter and round track as
strips to cut out (rules 2.0, 6.1, 6.2), from tracks.yaml. Registered from the game's
``register()`` (``generator.loading.game_kinds.register_kind``), so only its game.yaml may
name it::

    - {kind: tracks, id: tracks, title: Propaganda meter and round track, source: tracks.yaml}
"""

from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Iterable, Iterator

from generator.components.base import Component, ComponentSpec, source_file
from generator.components.hexmap import read_with_inputs, validated_spec
from generator.draw.page import Page
from generator.pieces.faces import Face, fingerprint
from generator.pieces.job import BuildOptions
from generator.pieces.offers import Facts, Offer, Pages
from games.stockholm1520.tracks import Tracks, load_tracks, strip_scene, tracks_page


class TracksComponent(Component):
    """Track strips: one page on the chosen paper (landscape), and each strip as SVG/PNG."""

    kind = "tracks"
    print_on = "card stock of 250-300 g/m²"
    noun = "strips"
    cut_along = "the outer line of each strip's boxes (the page has no crop marks)"   # PRINTING.md

    def __init__(self, game: Any, spec: ComponentSpec, tracks: Tracks, inputs: Iterable[Path] = ()):
        super().__init__(game, spec, inputs)
        self.tracks = tracks
        self.strips = [(track.id, Face(partial(strip_scene, track, tracks.box_mm)))
                       for track in tracks.tracks]

    def item_count(self) -> int:
        return len(self.tracks.tracks)

    def draw_all(self) -> None:
        """Lay out the page and every strip: a text its fonts lack (a tag's ★) is named with its key."""
        self.refuse_gaps([tracks_page(self.tracks, 297, 210, self.game.title), *(strip.check() for _, strip in self.strips)])

    def offers(self, options: BuildOptions, code_hash: str) -> Iterator[Offer]:
        """One page of every strip on the chosen paper (landscape), and each strip as a picture."""
        from generator.printing import layouts as sheet_layouts

        base = self.folder()
        paper = sheet_layouts.paper(options.paper)
        key = self.key(code_hash, self.game.title)
        yield Pages(make=self.job, stem=base / f"{self.id}-{paper.id}", item=f"{self.id} (all tracks)",
                    key=fingerprint(key, paper.model_dump()),
                    facts=Facts(paper=paper.id, items=self.item_count(), role="sheets"),
                    pages=lambda: [Page(tracks_page(self.tracks, paper.height, paper.width, self.game.title))],
                    title=f"{self.game.title} - {self.title}")
        for track_id, strip in self.strips:
            yield self.picture(base / track_id, strip.scene, [strip], key, track_id, items=0, role="picture")


def load_tracks_component(game: Any, raw: dict, file: str, index: int) -> TracksComponent:
    spec = validated_spec(ComponentSpec, raw, file, index)
    tracks, reads = read_with_inputs(load_tracks, source_file(game, raw, file, index, spec.source))
    return TracksComponent(game, spec, tracks, reads)

