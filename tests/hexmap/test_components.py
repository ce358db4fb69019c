"""The map and counters component kinds produce the files a build writes (on the test board
and counters of tests/hexmap/data; Stockholm 1520's tracks kind: tests/stockholm1520)."""

from __future__ import annotations

from types import SimpleNamespace

import pymupdf
import pytest

from generator.loading.kinds import KINDS
from generator.outputs.registry import component_jobs
from generator.pieces.job import BuildOptions

from .conftest import BOARD, REPO

GAME = SimpleNamespace(id="tiny", title="Tiny", folder=BOARD.parent, kit=REPO, code=None)


def load(kind, source):
    return KINDS[kind](GAME, {"kind": kind, "id": kind, "title": kind.capitalize(), "source": source}, "game.yaml", 0)


def jobs(component, formats=("pdf",)):
    """The component's own files, its sheets its own (``--sheets per-component``)."""
    return {str(j.path): j for j in component_jobs(component, BuildOptions(formats=frozenset(formats), sheets="per-component"),
                                                   "code")}


def test_counter_sheet_is_duplex_fronts_then_backs():
    counters = load("counters", "counters.yaml")
    assert counters.item_count() == 2 + 3 + 1
    [job] = jobs(counters).values()
    doc = pymupdf.open(stream=job.render(), filetype="pdf")
    assert len(doc) % 2 == 0
    fronts, backs = doc[0].get_text(), doc[1].get_text()
    assert "fronts" in fronts and "backs" in backs
    assert "TURN" in fronts and "LAST TURN" not in fronts and "LAST TURN" in backs


def test_map_jobs_named_by_paper():
    board = load("map", "map.yaml")
    names = set(jobs(board, ("pdf", "svg")))
    assert names == {"tiny/map/map-a4-tiled.pdf", "tiny/map/map-fullsize.pdf", "tiny/map/map.svg"}


def test_bad_entry_is_reported():
    from generator.core.errors import DataError
    with pytest.raises(DataError, match="source"):
        KINDS["map"](GAME, {"kind": "map", "id": "x", "title": "X"}, "game.yaml", 3)


def test_counters_take_their_sheet_layout_by_name():
    from generator.core.errors import DataError

    raw = {"kind": "counters", "id": "counters", "title": "Counters", "source": "counters.yaml", "sheet": "cards"}
    assert KINDS["counters"](GAME, raw, "game.yaml", 2).sheet_name() == "cards"
    with pytest.raises(DataError) as err:
        KINDS["counters"](GAME, {**raw, "sheet": "napkin"}, "game.yaml", 2)
    [problem] = err.value.problems
    assert problem.field == "components.2.sheet" and "unknown sheet layout 'napkin'" in problem.message
    with pytest.raises(DataError, match="layout"):
        KINDS["counters"](GAME, {**raw, "layout": "counters"}, "game.yaml", 2)  # the old name is refused


def test_a_source_outside_the_kit_is_refused():
    from generator.core.errors import DataError

    for source in ("../" * 12 + "etc/passwd", "/etc/passwd"):
        with pytest.raises(DataError) as err:
            load("map", source)
        [problem] = err.value.problems
        assert problem.field == "components.0.source"
        assert "outside the kit" in problem.message or "absolute path" in problem.message
