"""Files for somewhere other than the home printer: print-shop uploads (``tgc``), Tabletop
Simulator decks (``tts``) and each game's proof sheet. Every one is drawn from the pieces'
faces (``generator.components.base``), the same scenes the PDFs are drawn from."""

from __future__ import annotations

from typing import Any, Iterator

from generator.components.base import BuildOptions, Component, OutputJob

EXPORT_FORMATS = ("tgc", "tts")


def pieced(game: Any) -> list[Component]:
    """The game's components made of pieces (decks, tile and counter sets, labels)."""
    return [component for component in game.components if component.pieces]


def export_jobs(game: Any, components: list[Component], options: BuildOptions, code_hash: str) -> Iterator[OutputJob]:
    """The export files of ``components`` (of ``game``) the options ask for, then the proof sheet."""
    from generator.exports import proof, tgc, tts

    if "tgc" in options.formats:
        for component in components:
            yield from tgc.component_jobs(component, code_hash)
    if "tts" in options.formats and components:
        yield from tts.game_jobs(game, components, options, code_hash)
    if components:
        yield from proof.game_jobs(game, components, options, code_hash)
