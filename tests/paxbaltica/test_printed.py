"""What Pax Baltica prints: the PDFs hold every block name as text in embedded fonts, the
sticker sheets are grouped by block colour, and the reference sheets carry the rules' words."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pymupdf
import pytest

from generator.core.errors import BuildError, DataError
from generator.draw.textfit import TextOverflow
from generator.kit.location import Kit, bundled_kit, use_kit
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions
from tests.paxbaltica.conftest import blocks, data
from generator.outputs.registry import component_jobs


def _sheets(component: Any, paper: str) -> pymupdf.Document:
    """The component's own sheets (``--sheets per-component``: each label group on pages of its own)."""
    options = BuildOptions(paper=paper, formats=frozenset({"pdf"}), sheets="per-component")
    job = next(j for j in component_jobs(component, options, "code")
               if j.path.name == f"{component.id}-sheets-{paper}.pdf")
    return pymupdf.open(stream=job.render(), filetype="pdf")


@pytest.fixture(scope="module")
def game() -> Any:
    with use_kit(bundled_kit()):
        yield load_game("paxbaltica")


@pytest.fixture(scope="module", params=["a4", "letter"])
def label_sheets(game: Any, request: pytest.FixtureRequest) -> pymupdf.Document:
    labels = next(c for c in game.components if c.id == "labels")
    with use_kit(bundled_kit()):
        return _sheets(labels, request.param)


def _text(doc: pymupdf.Document) -> str:
    return " ".join(" ".join(page.get_text().split()) for page in doc)


def test_the_sticker_sheets_hold_every_block_name_as_text(label_sheets: pymupdf.Document) -> None:
    text = _text(label_sheets)
    for block in blocks():      # the name, or the short name a name too long for the label has (issue 38)
        shown = block.get("short") or block["name"]
        assert shown in text, shown
    assert text.count("Repnin") == 2                                     # the block and its reformed twin


def test_fonts_are_embedded(label_sheets: pymupdf.Document) -> None:
    fonts = {font for page in label_sheets for font in page.get_fonts()}
    assert fonts and all(font[1] != "n/a" for font in fonts), fonts


def test_one_page_set_per_block_colour_headed_with_its_colour_and_count(label_sheets: pymupdf.Document) -> None:
    pages = [" ".join(page.get_text().split()) for page in label_sheets]
    nations = data("nations.yaml")
    counts = {colour: sum(1 for b in blocks() if nations[b["nation"]]["block"] == colour)
              for colour in ("blue", "green", "grey", "red")}
    assert counts == {"blue": 20, "green": 18, "grey": 7, "red": 6}
    assert len(pages) == 4
    for page, colour in zip(pages, ("Blue", "Green", "Grey", "Red")):
        assert page.startswith(f"{colour} blocks {counts[colour.lower()]} labels"), page[:60]
    assert "Karl XII" in pages[0] and "Rooke" in pages[0] and "Pjotr I" in pages[1]
    assert "Lubomirski" in pages[2] and "Reventlov" in pages[3]
    assert "Swedish (light blue), Hannoverian (yellow), British (dark red)" in pages[0]


@pytest.fixture(scope="module")
def reference(game: Any) -> dict[str, str]:
    with use_kit(bundled_kit()):
        return {c.id: _text(_sheets(c, "a4")) for c in game.components if c.kind == "cards"}


def test_scenario_cards_carry_years_set_up_and_victory(reference: dict[str, str]) -> None:
    text = reference["scenarios"]
    for scenario in data("scenarios.yaml"):
        assert scenario["title"] in text and scenario["duration"] in text
        for row in scenario["victory"]["end"]["table"]:
            assert row["score"] in text and row["result"] in text
    for phrase in ["Kraków and/or Poznan, without exceeding the Forage value: Karl XII, Rehnskiöld, Dalregementet, "
                   "Kronoberg", "Lietuva: Repnin (reformed)", "Nyland: Vellinck (3 strength)",
                   "Southern Baltic Sea (sea zone): Wachtmeister fleet, Watrang fleet", "Portsmouth: Rooke fleet (British)",
                   "Livland: Flemming, Lubomirski (Polish)", "Garrisons: Ingermanland, Nyen (4, now Sankt-Peterburg)",
                   "build and deploy new Danish blocks using 16 RPs", "Replacements Track: Sweden 32"]:
        assert phrase in text, phrase


def test_the_track_sheet(reference: dict[str, str]) -> None:
    text = reference["track-sheet"]
    for year in range(1700, 1722):
        assert str(year) in text
    for phrase in ["REPLACEMENTS TRACK", "Swe 1 3", "Swe 2 4", "Sax 1", "12.1 starts (Summer)", "12.2: a Russian army",
                   "Sweden not in Russia", "Sweden in Russia", "Hannover defects to the Coalition (11.9)",
                   "Sankt-Peterburg: a 4 strength harbor", "RUSSIAN MILITARY REFORM"]:
        assert phrase in text, phrase


def test_the_tables_hold_every_event_row_word_for_word(reference: dict[str, str]) -> None:
    text = reference["tables"]
    for table in data("tables.yaml")["event_tables"]:
        assert table["title"].upper() in text
        for row in table["rows"]:
            assert row["title"] in text and row["text"].replace("*", "") in text, row["text"][:40]
    for phrase in ["2 RP / step", "1 RP / step", "2 FP", "A3–D3: 1-3", "1. A defender", "8. D attacker"]:
        assert phrase in text, phrase


def test_a_name_too_long_for_its_label_fails_naming_the_label_and_field(pax_kit: Path) -> None:
    path = pax_kit / "blocks.csv"
    path.write_text(path.read_text(encoding="utf-8").replace(
        "se-savolax,sweden,regiment,Savolax,", "se-savolax,sweden,regiment,Savolaxregementets Livkompani Överstelöjtnant,"),
        encoding="utf-8")
    with use_kit(Kit(pax_kit.parent.parent)):       # this module's fixtures hold the bundled kit
        labels = next(c for c in load_game("paxbaltica").components if c.id == "labels")
        with pytest.raises((BuildError, TextOverflow, DataError)) as err:
            labels.draw_all()
    assert "item se-savolax" in str(err.value) and "field 'layers.1.layers.10.text'" in str(err.value)
