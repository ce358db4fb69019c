"""The writer registry (generator.outputs): the formats every command offers come from it,
one parser reads ``--format``, and a new format is one new module."""

from __future__ import annotations

import sys
import types
from pathlib import Path, PurePosixPath
from typing import Iterator

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.loading.games import load_game
from generator.outputs import registry
from generator.outputs.registry import component_jobs
from generator.pieces.job import BuildOptions, OutputJob
from generator.pieces.offers import Board, Pages, Picture, Writer

MAP = Path(__file__).resolve().parents[2] / "data" / "stockholm1520" / "map.yaml"


def test_every_format_is_a_writers_and_a_map_has_those_of_its_offers() -> None:
    assert registry.formats() == ("pdf", "svg", "png", "tgc", "tts", "showcase", "hand", "cut")
    assert registry.formats((Board, Pages, Picture)) == ("pdf", "svg", "png")
    assert [w.format for w in registry.writers() if w.format is None] == [None]     # the proof sheet: always


def test_one_parser_for_format() -> None:
    assert registry.parse_formats(" PDF, svg,", registry.formats()) == frozenset({"pdf", "svg"})
    for bad in ("pdf,xx", "", ","):
        with pytest.raises(ValueError, match=r"choose from pdf, svg, png, tgc, tts, showcase, hand, cut \(comma-separated\)"):
            registry.parse_formats(bad, registry.formats())


def test_the_commands_take_their_formats_from_the_registry() -> None:
    runner = CliRunner()
    refused = runner.invoke(main, ["build", "--format", "pdf,xx"])
    assert refused.exit_code == 2 and "choose from pdf, svg, png, tgc, tts, showcase, hand, cut" in refused.output
    refused = runner.invoke(main, ["map", "build", str(MAP), "--format", "tts"])
    assert refused.exit_code == 2 and "choose from pdf, svg, png (comma-separated)" in refused.output
    helped = runner.invoke(main, ["hexgrid", "--help"], terminal_width=400)
    assert "svg (each face, board and page as SVG)" in helped.output and "tts" not in helped.output


@pytest.fixture
def text_writer(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """A new format, ``txt``: one module with its WRITER, named in the registry."""
    def write(offer: Picture, options: BuildOptions) -> Iterator[OutputJob]:
        yield offer.make(offer.file(".txt"), offer.item, "txt", offer.key,
                         lambda: f"{offer.draw().width:g} x {offer.draw().height:g} mm\n".encode(), offer.faces,
                         **offer.facts.fields())
    module = types.ModuleType("generator.outputs._probe_txt")
    module.WRITER = Writer("txt", Picture, "each drawing's size as text", write)  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    monkeypatch.setattr(registry, "WRITERS", (*registry.WRITERS, "_probe_txt"))
    registry.writers.cache_clear()
    yield
    registry.writers.cache_clear()


def test_a_new_format_is_one_module(text_writer: None) -> None:
    assert registry.formats()[-1] == "txt"
    game = load_game("stockholm1520")
    deck = next(c for c in game.components if c.id == "event-cards")
    jobs = {job.path: job for job in component_jobs(deck, BuildOptions(formats=frozenset({"txt"})), "code")}
    front = jobs[PurePosixPath("stockholm1520/cards/event-cards/E-SHIP-front.txt")]
    piece = next(p for p in deck.pieces if p.id == "E-SHIP")
    assert front.render() == f"{piece.width + 2 * piece.bleed:g} x {piece.height + 2 * piece.bleed:g} mm\n".encode()
    assert front.role == "picture" and front.component == "event-cards" and front.trim_mm == (piece.width, piece.height)
    assert all(job.format == "txt" for job in jobs.values())      # no other format was asked for
