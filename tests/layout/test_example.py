"""The worked example of docs/layout-format.md builds end to end, and its output holds what the data says."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf as fitz

from generator.build.engine import build
from generator.loading.games import load_game
from generator.pieces.job import BuildOptions

from tests.layout.conftest import replace_in

OPTIONS = BuildOptions(formats=frozenset({"pdf", "svg"}))


def _pdf_text(path: Path) -> list[str]:
    with fitz.open(path) as pdf:
        return [page.get_text() for page in pdf]


def test_the_example_builds_every_card_with_its_data(kit: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(["heroes"], OPTIONS, out)
    folder = out / "heroes" / "cards"
    assert sorted(p.name for p in (folder / "heroes").glob("*.pdf")) == ["H-ASA.pdf", "H-BJORN.pdf", "H-EIR.pdf"]
    front, back = _pdf_text(folder / "heroes" / "H-BJORN.pdf")
    assert "BJÖRN" in front and "House of the Bear" in front and "5" in front.split()
    assert "Strong" in front                                   # when: strength >= 4
    assert "H-BJORN · § 2.1" in front                          # deck.rule
    assert "HEROES OF THE NORTH" in back
    asa = _pdf_text(folder / "heroes" / "H-ASA.pdf")[0]
    assert "ÅSA THE BOLD" in asa and "Strong" not in asa
    sheets = _pdf_text(out / "heroes" / "heroes-sheets-a4.pdf")      # the game's shared sheets
    fronts = " ".join(sheets[0::2])
    assert fronts.count("H-EIR · ") == 3 and fronts.count("H-ASA · ") == 2   # quantity column
    manifest = json.loads((out / "manifest.json").read_text())
    assert {e["item"] for e in manifest["files"] if e["format"] == "svg"} == {"H-ASA", "H-BJORN", "H-EIR", "heroes back"}


def test_a_new_csv_row_is_one_more_card(kit: Path, tmp_path: Path) -> None:
    with (kit / "heroes.csv").open("a", encoding="utf-8") as csv:
        csv.write('H-UNN,Unn,raven,2,1,"Unn sees the next card of the deck."\n')
    deck = load_game("heroes").components[0]
    assert [piece.id for piece in deck.pieces] == ["H-ASA", "H-BJORN", "H-EIR", "H-UNN"]
    assert deck.item_count() == 7
    assert "UNN" in [t.text for t in deck.pieces[-1].front().walk_text()]


def test_a_deck_without_a_back_has_no_back_files(kit: Path, tmp_path: Path) -> None:
    text = (kit / "game.yaml").read_text()
    (kit / "game.yaml").write_text(text.replace("    back: layouts/hero-back.yaml\n", ""))
    out = tmp_path / "out"
    build(["heroes"], OPTIONS, out)
    assert not (out / "heroes" / "cards" / "heroes" / "back.svg").exists()
    assert len(_pdf_text(out / "heroes" / "cards" / "heroes" / "H-EIR.pdf")) == 1
    assert len(_pdf_text(out / "heroes" / "heroes-sheets-a4.pdf")) == 1   # fronts only
    assert not (out / "heroes" / "heroes-sheets-one-sided-a4.pdf").exists()


def test_items_from_a_yaml_list_and_without_ids(kit: Path) -> None:
    (kit / "heroes.yaml").write_text(
        "- {name: Ylva, house: wolf, strength: 4, text: Ylva howls.}\n"
        "- {name: Olof, house: bear, strength: 2, quantity: 2, text: Olof sleeps.}\n", encoding="utf-8")
    replace_in(kit / "game.yaml", "source: heroes.csv", "source: heroes.yaml")
    deck = load_game("heroes").components[0]
    assert [(p.id, p.title, p.quantity) for p in deck.pieces] == [("heroes-1", "Ylva", 1), ("heroes-2", "Olof", 2)]


def test_the_deck_records_the_files_each_face_is_drawn_from(kit: Path) -> None:
    deck = load_game("heroes").components[0]
    names = {p.relative_to(kit.resolve()).as_posix() for p in deck.front_inputs if p.is_relative_to(kit.resolve())}
    # not game.yaml (the faces take from it by value) nor heroes.csv (each card is keyed by its row)
    assert names == {"palette.yaml", "houses.yaml", "layouts/hero-front.yaml", "layouts/frame.yaml", "icons/sword.svg"}
    assert {p.name for p in deck.rows_inputs} == {"heroes.csv"}
    back = {p.relative_to(kit.resolve()).as_posix() for p in deck.back_inputs if p.is_relative_to(kit.resolve())}
    assert back == {"palette.yaml", "houses.yaml", "layouts/hero-back.yaml", "layouts/frame.yaml", "icons/crown.svg"}


def test_changing_a_layout_icon_or_palette_renders_again_exactly_the_faces_drawn_from_it(kit: Path,
                                                                                        tmp_path: Path) -> None:
    out = tmp_path / "out"
    build(["heroes"], OPTIONS, out)

    def rebuilt(path: Path, old: str, new: str) -> set[str]:
        replace_in(path, old, new)
        return {str(job.path).removeprefix("heroes/cards/") for job in build(["heroes"], OPTIONS, out).written}

    # the game's shared sheets, and the proof, show every face
    sheets = {"heroes/heroes-sheets-a4.pdf", "heroes/heroes-proof.pdf", "heroes/heroes-proof.png"}
    cards = {f"heroes/{card}{suffix}" for card in ("H-ASA", "H-BJORN", "H-EIR") for suffix in (".pdf", "-front.svg")}
    assert rebuilt(kit / "layouts" / "hero-back.yaml", "inset: 6", "inset: 5") == \
        sheets | {"heroes/back.svg"} | {f"heroes/{card}.pdf" for card in ("H-ASA", "H-BJORN", "H-EIR")}
    assert rebuilt(kit / "layouts" / "hero-front.yaml", "size: 9,", "size: 9.5,") == sheets | cards
    assert rebuilt(kit / "layouts" / "frame.yaml", "stroke_width: 0.5", "stroke_width: 0.6") == \
        sheets | cards | {"heroes/back.svg"}
    assert rebuilt(kit / "icons" / "sword.svg", 'width="12"', 'width="11"') == sheets | cards
    # the gold's contrast is in PRINTING.md's preflight report, which names the colour: it changes too
    assert rebuilt(kit / "palette.yaml", "#b08a3e", "#b08a3f") == sheets | cards | {"heroes/back.svg", "heroes/PRINTING.md"}
    assert "#b08a3f" in (out / "heroes" / "PRINTING.md").read_text(encoding="utf-8")
    assert rebuilt(kit / "heroes.csv", "Eir never attacks", "Eir never fights") == sheets | {"heroes/H-EIR.pdf",
                                                                                             "heroes/H-EIR-front.svg"}
    assert rebuilt(kit / "game.yaml", "title: Hero cards", "title: Hero cards  # a comment") == set()
