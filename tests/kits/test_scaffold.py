"""pnpkit new: a kit with a sample game that builds at once, holds no Python, and grows by
a card when its CSV grows by a row."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from generator.cli.app import main
from generator.cli.scaffold import ScaffoldError, new_kit


def _invoke(args: list[str]) -> tuple[int, str]:
    result = CliRunner().invoke(main, args)
    assert "Traceback" not in result.output
    return result.exit_code, result.output


def _cards_on_sheets(kit: Path) -> list[str]:
    """The id printed at the foot of each card on the fronts pages, in sheet order."""
    ids = []
    document = pymupdf.open(kit / "output" / "mygame" / "mygame-sheets-a4.pdf")
    for number in range(0, document.page_count, 2):                # fronts pages; backs follow each
        page = document[number]
        ids += [w[4] for w in page.get_text("words") if w[4] in ("scout", "guard", "captain", "healer")]
    return ids


def test_a_new_kit_builds_at_once_and_a_new_row_is_one_more_card(tmp_path: Path, monkeypatch) -> None:
    kit = tmp_path / "my-kit"
    code, output = _invoke(["new", str(kit)])
    assert code == 0, output
    assert "Next: cd " in output
    files = sorted(p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file())
    assert files == [".gitignore", "README.md", "data/mygame/cards/cards.csv", "data/mygame/game.yaml",
                     "data/mygame/icons/coin.svg", "data/mygame/icons/star.svg", "data/mygame/images/hero.png",
                     "data/mygame/images/unit.png", "data/mygame/layouts/card-back.yaml",
                     "data/mygame/layouts/card-front.yaml", "data/mygame/palette.yaml"]
    assert "quantity" in (kit / "data" / "mygame" / "cards" / "cards.csv").read_text().splitlines()[4]

    monkeypatch.chdir(kit)
    code, output = _invoke(["check"])
    assert code == 0 and "1 game, 6 items" in output
    code, output = _invoke(["build"])
    assert code == 0, output
    assert sorted(_cards_on_sheets(kit)) == ["captain"] + ["guard"] * 2 + ["scout"] * 3
    singles = kit / "output" / "mygame" / "cards" / "cards"
    assert sorted(p.name for p in singles.glob("*.pdf")) == ["captain.pdf", "guard.pdf", "scout.pdf"]
    captain = pymupdf.open(singles / "captain.pdf")
    assert captain.page_count == 2 and "CAPTAIN" in captain[0].get_text().upper()
    assert (kit / "output" / "mygame" / "PRINTING.md").is_file()

    with (kit / "data" / "mygame" / "cards" / "cards.csv").open("a", encoding="utf-8") as csv:
        csv.write("healer,Healer,1,unit,1,2,Heal one unit.\n")
    code, output = _invoke(["build"])
    assert code == 0, output
    assert sorted(_cards_on_sheets(kit)) == ["captain"] + ["guard"] * 2 + ["healer"] + ["scout"] * 3
    assert (singles / "healer.pdf").is_file()
    entries = json.loads((kit / "output" / "manifest.json").read_text())["files"]
    assert next(e for e in entries if e["path"] == "mygame/mygame-sheets-a4.pdf")["items"] == 7


def test_the_sample_deck_shows_a_picture_a_cost_on_a_coin_and_a_style_by_range(tmp_path: Path, monkeypatch) -> None:
    kit = tmp_path / "my-kit"
    new_kit(kit)
    monkeypatch.chdir(kit)
    code, output = _invoke(["build"])
    assert code == 0, output
    faces = kit / "output" / "mygame" / "cards" / "cards"
    scout, guard, captain = ((faces / f"{name}-front.svg").read_text() for name in ("scout", "guard", "captain"))
    assert "<image" in scout and "<image" in captain                            # the picture of its kind
    assert scout.count("data:image/png") == 1 and _png_of(scout) != _png_of(captain)
    assert "#e3c46e" in scout                                                   # the coin icon, in its own colours
    words = {name: [w[4] for w in pymupdf.open(faces / f"{name}.pdf")[0].get_text("words")] for name in ("scout", "captain")}
    assert words["scout"].count("1") == 2 and "4" in words["captain"]           # power, and the cost on the coin
    gold, ink = "#c8a04a", "#2b2118"                                            # palette.yaml
    assert _frame_colour(scout) == _frame_colour(guard) == gold                 # rows 1-2 of the deck
    assert _frame_colour(captain) == ink


def _png_of(svg: str) -> str:
    start = svg.index("data:image/png")
    return svg[start:svg.index('"', start)]


def _frame_colour(svg: str) -> str:
    """The stroke of the frame inside the safe zone (the first rounded rect with a stroke and no fill)."""
    import re
    for element in re.findall(r"<(?:rect|path)[^>]*>", svg):
        if 'fill="none"' in element and "stroke=" in element:
            return re.search(r'stroke="(#[0-9a-f]{6})"', element).group(1)        # type: ignore[union-attr]
    raise AssertionError("no frame")


def test_the_new_kit_holds_no_python_and_names_its_game(tmp_path: Path) -> None:
    written = new_kit(tmp_path / "kit", "castles", "Castles & Kings")
    assert all(path.suffix != ".py" for path in written)
    game = (tmp_path / "kit" / "data" / "castles" / "game.yaml").read_text()
    assert "id: castles" in game and 'title: "Castles & Kings"' in game
    assert "code:" not in game
    assert "# Castles & Kings" in (tmp_path / "kit" / "README.md").read_text()


def test_new_refuses_a_folder_that_holds_anything(tmp_path: Path) -> None:
    (tmp_path / "busy").mkdir()
    (tmp_path / "busy" / "notes.txt").write_text("mine")
    code, output = _invoke(["new", str(tmp_path / "busy")])
    assert code == 2 and "is not empty" in output
    assert [p.name for p in (tmp_path / "busy").iterdir()] == ["notes.txt"]
    (tmp_path / "empty").mkdir()
    assert new_kit(tmp_path / "empty")                               # an empty folder is fine
    with pytest.raises(ScaffoldError, match="lower-case"):
        new_kit(tmp_path / "other", "My Game")
    assert not (tmp_path / "other").exists()
