"""The five bundled games' reference sheets: they set on A4 and Letter, and say what the rules say,
numbers and table rows as the rulebooks print them."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from generator.components.reference import ReferenceSheet
from generator.draw.page import Page
from generator.draw.pdf import render_pdf
from generator.draw.scene import Scene
from generator.kit.location import bundled_root, use_kit
from generator.loading.games import load_game
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


# Passages each sheet prints (its PDF text, whitespace collapsed), checked against the rulebooks
# (shared/seeds/000-004) line by line: a changed number or a dropped row fails.
RULES = {
    ("breitenfeld1631", "player-aid"): [
        # Sequence of Play
        "The Imperialist rolls the die for visibility 2. First player turn A. Disruption removal B. Artillery fire "
        "C. Movement D. Combat 3. Second player turn",
        # Visibility: 1-2 clear, 3-4 moderate, 5 restricted, 6 same as previous; turn zero moderate
        "1–2 Clear 3–4 Moderate Movement allowances halved (rounded up); undisrupt only on a 6. 5 Restricted As "
        "Moderate; also artillery only fires 1–2 hexes away, and no cavalry charge unless at least adjacent to a "
        "leader. 6 Same as previous Game turn zero is moderate.",
        # Artillery and line of sight
        "Artillery on a hilltop ignores blocking hexes closer than half the distance to the target.",
        "a line along a hexside is blocked only if both hexes are blocking",
        # Movement and release
        "may not move until at least 1 Imperialist unit is disrupted by enemy artillery, or turn 4",
        "within 3 hexes of any Allied unit, or turn 5",
        "Imperialists Either side from the 2300 hexrow, for points Swedes Either side from the 0100 hexrow, for "
        "points Both Both sides, for no points",
        # Combat, charge, disruption, leaders
        "×2 strength when attacking disrupted infantry",
        "may only move 2 hexes", "Roll a die: 5–6 success",
        "Only 1 leadership value per unit per turn.", "Swedish leaders have no effect on Saxon units.",
        # Demoralization: Imperialist 45/55/65 (+5), Swedish 75, Saxon 4/12
        "Imperialist 45 the start 55 the end of Swedish turn 9, if not demoralized by then 65 the end of Swedish "
        "turn 15, if not demoralized by then Swedish 75 the start Saxon 4 the start 12 the end of Imperialist turn 7, "
        "if not demoralized by then",
        "Imperialist level +5 on the turn after the Saxons are demoralized, if the Imperialists are not already "
        "demoralized.",
        "healthy units can move 4 hexes regardless of terrain",
        # Victory points: Allied, Imperialist
        "enemy combat strength point destroyed 1 1 enemy leader value point destroyed 3 4 eliminating Gustavus "
        "Adolphus — 10 capturing all Imperialist artillery† 15 15",
        "exited from 2300, if the Imperialists are demoralized and the Swedes not 3 1",
        "exited from 0100, if the Swedes are demoralized and the Imperialists not 1 2",
    ],
    ("breitenfeld1631", "play-aids"): [
        "4 I 5 A 6 7 D·S 8 9 D·I 10", "15 D·I 16",       # whose level: not by colour alone (issue 38)
        "Clear die 1–2 Moderate die 3–4", "Restricted die 5",
        "44 45 D 46", "54 55 D 56", "64 65 D 66", "74 75 D 76", "3 4 D 5", "11 12 D 13",
    ],
    ("stockholm1520", "reference"): [
        "draw 4 zone cards, +1 per propaganda level",
        "Red, then Green, then Blue",
        "On round 8 Christian II appears, with at most 9 Danish units",
        "3 M 4 5 M 6 7 M 8 C",
        "Cavalry Red 3 Crossbowmen Green 2 Pikemen Blue 2",
        "Militia (moves 2).", "Propagandist (moves 1).",
        "Reaches its point of the map in 5 turns",
        "4 zones (A–D), each with numbered roads (1–3 or 1–5)",
    ],
    ("christinaregina", "reference"): [
        "one per metal: Iron 1, Copper 2, Silver 3, Gold 4",
        "4 points to the top faction, 3 to the second and so on",
        "Black 4 3 2 1 0 Purple 0 4 3 2 1 Blue 1 0 4 3 2 Red 2 1 0 4 3 Green 3 2 1 0 4",
        "Silver the victim's highest placed court tile of that number your own highest placed court tile of that "
        "number Gold the victim's highest placed court tiles of all numbers",
        "Protection Out of turn:", "Veto Out of turn:", "Not used with 2 players.",
    ],
    ("paxbaltica", "reference"): [
        "black 6 blocks; red 2 blocks, which must stop",
        "Force-march up to 2 extra territories; after all movement roll per block: 1–3 lose a step per extra "
        "territory, 4–6 no loss.",
        "At most 3 combat rounds",
        "1 A defenders 2 A attackers 3 B defenders 4 B attackers 5 C defenders 6 C attackers 7 D defenders 8 D "
        "attackers",
        "Army 2 FP Regiment 1 FP Fleets and blocks they transport 0 FP",
        "Army 2 Regiment 1 Fleet 2",
        "a full four-step army: 10 RPs",
        "The garrison fires as a defending C1 block",
    ],
    ("batalj", "reference"): [
        "At most 4 pieces (soldiers and commanders) and 1 province card in a sector",
        "Draw one province card more than there are players from the province deck",
        "Enemy artillery always has strength 2.",
        "1–4 Up to the pieces attacking: remove that many enemy pieces",
        "5 No hit. 1 soldier retreats to the reserve, unless a commander attacked. 6 No hit. 2 soldiers retreat",
        "From the reserve only 2 pieces count",
        "Mix the 20 pillage markers face down and put 14 at random on the small cities",
        "Treasure chest 9 Gold as shown: 1 ×2, 5, 10, 15, 20, 25, 30, 40.",
        "Chalice 6 A cultural treasure, AP as shown: 1 ×3, 2 ×2, 3.",
        "Imperial troops 5",
    ],
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
    fonts = {(font[3], font[1]) for page in document for font in page.get_fonts(full=True)}
    assert fonts and all(ext == "ttf" for _, ext in fonts), fonts       # every face embedded, none merely named
    text = " ".join(page.get_text() for page in document)
    text = re.sub(r"\s+", " ", text)
    missing = [term for term in KEY_TERMS[which] if term not in text]
    assert not missing
    misread = [passage for passage in RULES[which] if passage not in text]
    assert not misread


def _marks(scene: Scene) -> set[str]:
    return {item.text for item in scene.walk_text()}


def test_breitenfelds_turn_track_marks_the_turns_of_the_aid(sheets: dict) -> None:
    with use_kit(bundled_root()):
        first, second = sheets[("breitenfeld1631", "play-aids")].typeset("a4").pages
    words = _marks(first)
    for tag in ("4 I", "5 A", "7 D·S", "9 D·I", "15 D·I"):
        assert tag in words            # the legend of the turn record track
    legend = " ".join(words)
    assert "Saxon demoralization level becomes 12" in legend and "becomes 55" in legend and "becomes 65" in legend
    for tag in ("4 D", "12 D"):            # the Saxon track, beside the markers
        assert tag in words
    levels = " ".join(_marks(second))
    for tag in ("45 D", "55 D", "65 D", "75 D", "50, 60, 70 +5"):
        assert tag in levels



def test_printing_notes_say_how_to_print_the_sheets() -> None:
    """PRINTING.md's home-printing list names each sheet's PDF, its pages, paper and scale."""
    from generator.build.engine import plan
    from generator.build.kit_files import printing_notes_job
    from generator.kit.cachekeys import core_code_hash
    from generator.pieces.job import BuildOptions

    with use_kit(bundled_root()):
        game = load_game("breitenfeld1631")
        options = BuildOptions(paper="letter", formats=frozenset({"pdf", "svg"}))
        notes = printing_notes_job(game, plan([game], options, None, core_code_hash()), options, "code").render().decode()
    home = notes.split("## Home printing")[1].split("\n## ")[0]
    assert "**Player aid** (1 page): print `reference/player-aid-letter.pdf` one-sided on US Letter paper" in home
    assert "**Play aids** (2 pages): print `reference/play-aids-letter.pdf` one-sided on US Letter paper" in home
    assert home.count("at 100 %") >= 2
    assert "| `reference/play-aids-letter.pdf` | Play aids: 2 pages on US Letter |" in notes


def test_a_table_edit_the_sheet_does_not_show_keeps_its_files_and_one_it_shows_redraws_them(project_copy: Path,
                                                                                              tmp_path: Path) -> None:
    """A reference sheet's files are keyed by its XML (and the style's values), not by the
    files its content was read from: a card's picture, which the sheet does not print, keeps
    them; its text, which the sheet's table of events prints, redraws them."""
    from generator.build.engine import build
    from generator.pieces.job import BuildOptions

    options, out = BuildOptions(formats=frozenset({"svg"})), tmp_path / "out"
    sheet = "stockholm1520/reference/reference-a4.svg"
    csv = project_copy / "data/stockholm1520/cards/event_cards.csv"
    with use_kit(project_copy):                 # this module's sheets are the bundled kit's
        build(["stockholm1520"], options, out)
        csv.write_text(csv.read_text(encoding="utf-8").replace("danish,2,ship,6.2", "danish,2,crown,6.2"),
                       encoding="utf-8")
        result = build(["stockholm1520"], options, out)
        assert sheet in {str(job.path) for job in result.reused}
        assert "stockholm1520/cards/event-cards/E-SHIP-front.svg" in {str(job.path) for job in result.written}
        csv.write_text(csv.read_text(encoding="utf-8").replace("lands after 5 turns", "lands after five turns"),
                       encoding="utf-8")
        result = build(["stockholm1520"], options, out)
    assert sheet in {str(job.path) for job in result.written}
    assert "lands after five turns" in (out / sheet).read_text(encoding="utf-8")


from generator.preflight.columns import MOST_BLANK   # noqa: E402 (the preflight's blank-column rule, tests/reference/test_blank_columns.py)


@pytest.mark.parametrize("which", list(KEY_TERMS), ids=lambda w: "/".join(w))
def test_no_column_is_left_mostly_blank_before_the_text_moves_on(sheets: dict, which: tuple[str, str]) -> None:
    """A reference page is not a third blank in a column while the text goes on in the next (Pax
    Baltica's page 1 column 3, Breitenfeld's play aids once): balance the columns, size the sheet
    or set it on fewer pages. The column the text ends in may be as short as it is."""
    with use_kit(bundled_root()):
        for paper in ("a4", "letter"):
            left = sheets[which].typeset(paper).columns_left
            assert left, "the typeset says which columns the text was set in"
            blank = [(page, column, round(share, 2)) for page, column, share in left[:-1] if share > MOST_BLANK]
            assert blank == [], f"{'/'.join(which)} on {paper}: (page, column, share blank)"
