"""The paper-use rule on a component's own piece sheets: a page its pieces leave mostly blank,
whose pieces would fit in the room the game's shared sheets of the same stock leave, is a
finding (issue 38: Stockholm's two track strips on an A4 card sheet of their own)."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.components.base import Component
from generator.loading.games import load_games
from generator.pieces.job import BuildOptions
from generator.preflight.paperuse import lone_sheets


@pytest.fixture
def strips_alone(monkeypatch):
    """Stockholm's tracks kind as a kind that keeps its pieces on a sheet of its own."""
    from games.stockholm1520.track_component import TracksComponent

    monkeypatch.setattr(TracksComponent, "packed", Component.packed)


def _check(*args: str) -> tuple[int, list[dict]]:
    result = CliRunner().invoke(main, ["check", "stockholm1520", "--preflight", "--json", "-j", "1", *args])
    assert "Traceback" not in result.output, result.output
    return result.exit_code, json.loads(result.output)["games"][0]["findings"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_strips_on_a_card_sheet_of_their_own_are_a_finding(strips_alone, paper: str) -> None:
    [game] = load_games(["stockholm1520"])
    [lone] = lone_sheets(game, BuildOptions(paper=paper))
    assert (lone.component, lone.page, lone.pieces, lone.stock) == ("tracks", 1, 2, "card") and lone.covered < 0.3
    code, findings = _check("--paper", paper)
    assert code == 1 and len(findings) == 1, findings
    [found] = findings
    assert found["rule"] == "paper-use" and found["file"] == f"stockholm1520/tracks/tracks-sheets-{paper}.pdf"
    assert found["what"] == "2 pieces on a page of their own, which would fit in the room the shared sheets on card stock leave"
    assert found["measured"].endswith("% of the printable area covered") and found["limit"] == "50%, or on the shared sheets"


def test_strips_on_the_shared_card_sheets_are_no_finding() -> None:
    [game] = load_games(["stockholm1520"])
    assert lone_sheets(game, BuildOptions()) == []
    code, findings = _check()
    assert code == 0 and findings == []


def test_sheets_of_their_own_asked_for_are_not_measured(strips_alone) -> None:
    """--sheets per-component: the user chose a sheet a component."""
    [game] = load_games(["stockholm1520"])
    assert lone_sheets(game, BuildOptions(sheets="per-component")) == []


def test_no_shared_sheet_of_that_stock_is_no_finding(strips_alone, monkeypatch) -> None:
    """Strips of a stock no shared sheet is printed on (folding card): their own sheet is the
    only one they can go on, however blank."""
    from games.stockholm1520.track_component import TracksComponent

    monkeypatch.setattr(TracksComponent, "stock", "folding card")
    [game] = load_games(["stockholm1520"])
    assert lone_sheets(game, BuildOptions()) == []


def test_an_error_of_the_shared_sheets_goes_through_and_a_piece_they_cannot_take_stays_alone(strips_alone, monkeypatch) -> None:
    """The rule is never dropped in silence: the shared sheets' own error (a piece larger than
    the paper) is raised, as the build raises it; strips the shared sheets could not take are
    no lone sheet (they cannot move there), and the measuring goes on."""
    from generator.core.errors import InputError
    from generator.preflight import paperuse

    [game] = load_games(["stockholm1520"])
    real = paperuse._sheet_pages

    def refusing_strips(items, options):
        if any(item.piece.id in ("propaganda", "rounds") for item in items):
            raise InputError("a 198.6 x 39.6 mm piece does not fit the printable area")
        return real(items, options)

    monkeypatch.setattr(paperuse, "_sheet_pages", refusing_strips)
    assert lone_sheets(game, BuildOptions()) == []

    def refusing(items, options):
        raise InputError("Stockholm 1520: a piece does not fit the printable area")

    monkeypatch.setattr(paperuse, "_sheet_pages", refusing)
    with pytest.raises(InputError, match="does not fit"):
        lone_sheets(game, BuildOptions())
