"""What a designer trial asked for: ``--only`` a component by its id, the showcase's faces
chosen in game.yaml, and a card gutter layout beside the tiles' one."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli.app import main
from generator.cli.scaffold import new_kit

GAME_YAML = "data/mygame/game.yaml"
CSV = "data/mygame/cards/cards.csv"
MORE_CARDS = "".join(f"extra{n},Extra {n},1,unit,1,1,A card to fill the sheet.\n" for n in range(6))


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    root = tmp_path / "kit"
    new_kit(root, "mygame")
    with (root / CSV).open("a", encoding="utf-8") as out:
        out.write(MORE_CARDS)
    return root


def _edit(kit: Path, old: str, new: str) -> None:
    path = kit / GAME_YAML
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


def _second_deck(kit: Path) -> None:
    """A second deck, ``markers``, from the same CSV: two components of one kind."""
    with (kit / GAME_YAML).open("a", encoding="utf-8") as out:
        out.write("  - kind: cards\n    id: markers\n    title: Markers\n    source: cards/cards.csv\n"
                  "    front: layouts/card-front.yaml\n")


def _pnpkit(kit: Path, *args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["--kit", str(kit), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    return result.exit_code, result.output


def _built(kit: Path) -> set[str]:
    return {p.relative_to(kit / "output").as_posix() for p in (kit / "output").rglob("*") if p.is_file()}


def test_only_takes_a_component_id_as_well_as_a_kind(kit: Path) -> None:
    _second_deck(kit)
    code, output = _pnpkit(kit, "build", "--only", "markers", "--format", "pdf")
    assert code == 0, output
    pieces = {path.split("/")[2] for path in _built(kit) if path.startswith("mygame/cards/")}
    assert pieces == {"markers"}
    code, output = _pnpkit(kit, "build", "--only", "cards", "--format", "pdf")      # the kind: both decks
    assert code == 0, output
    assert {path.split("/")[2] for path in _built(kit) if path.startswith("mygame/cards/")} == {"markers", "cards"}


def test_only_a_word_that_is_neither_lists_kinds_and_components(kit: Path) -> None:
    _second_deck(kit)
    code, output = _pnpkit(kit, "build", "--only", "marker")
    assert code == 2
    assert "no kind or component 'marker'" in output and "markers" in output and "counters" in output
    assert not (kit / "output").exists()


def test_showcase_shows_the_faces_game_yaml_names_in_its_order(kit: Path, monkeypatch) -> None:
    from generator.outputs import showcase

    seen: list[list[str]] = []
    plain = showcase.chosen

    def spy(component):
        fronts, back = plain(component)
        seen.append([piece.id for _, piece in fronts])
        return fronts, back

    monkeypatch.setattr(showcase, "chosen", spy)
    _edit(kit, "    sheet: cards ", "    showcase: [captain, extra3, guard]\n    sheet: cards ")
    code, output = _pnpkit(kit, "build", "--format", "showcase", "--jobs", "1")
    assert code == 0, output
    assert seen and all(ids == ["captain", "extra3", "guard"] for ids in seen)
    with Image.open(kit / "output" / "mygame" / "showcase" / "cards.png") as picture:
        assert picture.size == showcase.SIZE_PX


def test_a_showcase_id_that_names_no_card_is_a_data_problem_with_the_nearest(kit: Path) -> None:
    _edit(kit, "    sheet: cards ", "    showcase: [captian]\n    sheet: cards ")
    code, output = _pnpkit(kit, "check")
    assert code == 2
    assert "game.yaml" in output and "components.0.showcase" in output and "did you mean 'captain'?" in output


@pytest.mark.parametrize(("paper", "per_page"), [("a4", 9), ("letter", 6)])
def test_cards_gutter_sets_cards_apart_each_with_its_own_bleed(kit: Path, paper: str, per_page: int) -> None:
    _edit(kit, "    sheet: cards ", "    sheet: cards-gutter ")
    code, output = _pnpkit(kit, "build", "--format", "pdf", "--paper", paper, "--sheets", "per-component")
    assert code == 0, output
    sheets = pymupdf.open(kit / "output" / "mygame" / "cards" / f"cards-sheets-{paper}.pdf")
    fronts = sheets[0]
    # each card's id, printed once at its foot; the first row's are the same card three times
    ids = {"scout", "guard", "captain", *(f"extra{n}" for n in range(6))}
    feet = [w for w in fronts.get_text("words") if w[4] in ids]
    assert len(feet) == per_page
    xs = sorted(w[0] for w in feet if w[4] == "scout")
    pitch_mm = (xs[1] - xs[0]) * 25.4 / 72
    files = json.loads((kit / "output" / "manifest.json").read_text())["files"]
    width_mm = next(entry["trim_mm"][0] for entry in files if entry["item"] == "scout")
    assert pitch_mm == pytest.approx(width_mm + 3.0, abs=0.2)      # butted cards: one card width
    code, output = _pnpkit(kit, "check", "--preflight", "--paper", paper, "--sheets", "per-component")
    assert code == 0, output


def test_tts_hides_a_card_behind_its_own_back_and_names_it_as_printed(kit: Path) -> None:
    """With a back per card type, another player sees the type of a card in a hand (its back),
    not one grey card for every type; each card is named as printed, its id beside."""
    back = kit / "data" / "mygame" / "layouts" / "card-back.yaml"
    back.write_text(back.read_text(encoding="utf-8").replace('text: "{{ game.title }}"', 'text: "{{ kind }}"'),
                    encoding="utf-8")
    code, output = _pnpkit(kit, "build", "--format", "tts", "--dpi", "72")
    assert code == 0, output
    save = json.loads((kit / "output" / "mygame" / "tts" / "mygame.json").read_text(encoding="utf-8"))
    [deck] = save["ObjectStates"]
    assert deck["CustomDeck"] and all(entry["UniqueBack"] and entry["BackIsHidden"]
                                      for entry in deck["CustomDeck"].values())
    names = {card["Nickname"]: card["Description"] for card in deck["ContainedObjects"]}
    assert names["Captain"] == "Cards: captain" and names["Extra 3"] == "Cards: extra3"


def test_tts_with_one_back_shows_it_from_the_sheets_hidden_slot(kit: Path) -> None:
    code, output = _pnpkit(kit, "build", "--format", "tts", "--dpi", "72")
    assert code == 0, output
    save = json.loads((kit / "output" / "mygame" / "tts" / "mygame.json").read_text(encoding="utf-8"))
    [deck] = save["ObjectStates"]
    assert all(not entry["UniqueBack"] and not entry["BackIsHidden"] for entry in deck["CustomDeck"].values())
