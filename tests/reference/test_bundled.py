"""The five bundled games' reference sheets: they set on A4 and Letter, and say what the rules say."""

from __future__ import annotations

import re

import pymupdf
import pytest

from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.scene import Scene
from generator.games import load_game
from generator.kit_location import bundled_root, use_kit
from generator.reference.component import ReferenceSheet
from generator.reference.sheet import MIN_SIZE_PT

# Terms each sheet must hold as searchable text (the list for each game).
KEY_TERMS = {
    ("breitenfeld1631", "player-aid"): [
        "Sequence of Play", "Disruption removal", "Artillery fire", "Clear", "Moderate", "Restricted",
        "Same as previous", "Game turn zero is moderate", "Line of sight", "hexside", "turn 4", "turn 5",
        "Swedish cavalry may charge", "Charging cavalry", "5–6", "Leaders cannot", "45", "55", "65", "75",
        "Gustavus Adolphus", "2300", "0100"],
    ("breitenfeld1631", "play-aids"): [
        "Turn record track", "Visibility", "Imperialist demoralization", "Swedish demoralization",
        "Saxon demoralization", "Infantry combat strength points lost", "losses", "demoral."],
    ("stockholm1520", "reference"): [
        "New round", "Enemy turn", "Your turn", "4 zone cards", "Red, then Green, then Blue", "Cavalry", "Crossbowmen",
        "Pikemen", "beats", "Same troop", "Militia", "Christian II", "Propagandist", "choke point",
        "Additional movement", "The Bridge", "Ship", "Zone D"],
    ("christinaregina", "reference"): [
        "Movement", "Assassination", "Agitation", "Confidence", "Intrigue", "Invitation", "Manipulation",
        "Persuasion", "Protection", "Slander", "Veto", "Warning", "dagger card", "Resolve assassinations",
        "Reveal factions", "Score factions", "Queen Christina"],
    ("paxbaltica", "reference"): [
        "Action Roll Phase", "Reconnaissance", "National politics", "A defenders", "D attackers", "highest current strength",
        "Retreat", "Regroup", "Forage", "attrition", "RP per step", "13.1 Event Table", "Polish civil war",
        "13.2 Swedish Event Table", "13.3 Coalition Event Table", "13.4 National Politics Table",
        "Emergency recruitment"],
    ("batalj", "reference"): [
        "Enemy reserve", "Swedish reserve", "at most 4", "All artillery fires", "1 soldier", "2 soldiers",
        "directly in front", "one step back", "one step forward", "never retreats", "Lübeck", "Stettin",
        "Treasure chest", "Chalice", "Imperial troops", "1 ×2, 5, 10, 15, 20, 25, 30, 40", "1 ×3, 2 ×2, 3",
        "Mix the 20 pillage markers"],
}


@pytest.fixture(scope="module")
def sheets() -> dict[tuple[str, str], ReferenceSheet]:
    with use_kit(bundled_root()):
        found = {}
        for game_id, _ in KEY_TERMS:
            for component in load_game(game_id).components:
                if isinstance(component, ReferenceSheet):
                    found[(game_id, component.id)] = component
        yield found


def test_every_bundled_game_has_a_reference_sheet(sheets: dict) -> None:
    assert set(sheets) == set(KEY_TERMS)


@pytest.mark.parametrize("which", list(KEY_TERMS), ids=lambda w: "/".join(w))
def test_the_sheet_sets_on_a4_and_letter_with_its_terms_searchable(sheets: dict, which: tuple[str, str]) -> None:
    sheet = sheets[which]
    with use_kit(bundled_root()):
        for paper, size in (("a4", (210, 297)), ("letter", (215.9, 279.4))):
            pages = sheet.typeset(paper).pages
            assert len(pages) == sheet.pages in (1, 2)
            assert sorted((round(p.width, 1), round(p.height, 1)) for p in pages)[0] in (size, size[::-1])
            assert min(item.size_pt for page in pages for item in page.walk_text()) >= MIN_SIZE_PT - 1e-6
        document = pymupdf.open(stream=render_pdf([Page(p) for p in sheet.typeset("a4").pages]), filetype="pdf")
    text = " ".join(page.get_text() for page in document)
    text = re.sub(r"\s+", " ", text)
    missing = [term for term in KEY_TERMS[which] if term not in text]
    assert not missing


def _marks(scene: Scene) -> set[str]:
    return {item.text for item in scene.walk_text()}


def test_breitenfelds_turn_track_marks_the_turns_of_the_aid(sheets: dict) -> None:
    with use_kit(bundled_root()):
        first, second = sheets[("breitenfeld1631", "play-aids")].typeset("a4").pages
    words = _marks(first)
    for tag in ("4 I", "5 A", "7 D", "9 D", "15 D"):
        assert tag in words            # the legend of the turn record track
    legend = " ".join(words)
    assert "Saxon demoralization level becomes 12" in legend and "becomes 55" in legend and "becomes 65" in legend
    levels = " ".join(_marks(second))
    for tag in ("45 D", "55 D", "65 D", "75 D", "4 D", "12 D", "50, 60, 70 +5"):
        assert tag in levels

