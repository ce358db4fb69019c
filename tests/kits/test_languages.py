"""A kit in two languages (issue 42): ``name@sv`` beside the text, a strings file, the
glossary, and a missing translation reported by ``check --lang`` with its file, line or row
and field; the English build reads what it always read."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest
from click.testing import CliRunner

from tests.conftest import game_kit

from generator.cli.app import main
from generator.core.errors import DataError
from generator.kit.language import has_words, speaking, words
from generator.loading.games import load_game

GAME = """\
id: g
title: Heroes
languages:
  keys:
    game.yaml: [title]
    cards.csv: [title, text]
    front.yaml: [text]
    ref.yaml: [title, "rows.*.label"]
  sv: {strings: sv.yaml, glossary: glossary.yaml, missing: MISSING}
components:
  - {kind: cards, id: heroes, title: Heroes, source: cards.csv, front: front.yaml}
"""
LAYOUT = """\
size: {width: 63, height: 88}
layers:
  - {type: text, x: 50%, y: 10, text: "{{ title }}", align: center}
  - {type: textbox, x: 5, y: 20, w: 53, h: 40, text: "{{ text }}"}
  - {type: text, x: 50%, y: 80, text: "Hero card", align: center}
"""
FILES = {
    "cards.csv": "id,title,title@sv,text,text@sv,quantity\n"
                 "h-asa,Åsa the bold,Åsa den djärva,A hero attacks twice.,En hjälte anfaller två gånger.,1\n"
                 "h-eir,Eir the healer,Eir läkaren,A hero heals.,En hjälte läker.,1\n",
    "front.yaml": LAYOUT,
    "sv.yaml": '"Heroes": "Hjältar"\n"Hero card": "Hjältekort"\n"landscape": "liggande"\n',
    "glossary.yaml": "terms:\n  Hero: {sv: [hjälte, hjältar]}   # a word changes in the plural: both forms\n  Attack: {sv: anfall}\n",
    "ref.yaml": "title: Heroes\nlayout: landscape\nrows:\n  - {id: a, label: Heroes, label@sv: Hjältar}\n"
                "  - {id: b, label: Hero card}\n",
}


SHEET_WORDS = ('"one-sided": "enkelsidigt"\n'
               '"on {stock}": "på {stock}"\n"card stock": "kartong"\n'
               '"page {page} of {pages} - {paper}, print at 100 % (actual size)": "sida {page} av {pages} – {paper}, '
               'skriv ut i 100 %"\n')


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder = game_kit(tmp_path, monkeypatch, "g", FILES)
    (folder / "game.yaml").write_text(GAME.replace("MISSING", "error"), encoding="utf-8")
    return folder


def _problems(lang: str = "sv") -> list[str]:
    """What ``check --lang`` finds: the data loaded and every face laid out."""
    from generator.build.engine import check

    with pytest.raises(DataError) as err, speaking(lang):
        check(["g"])
    return [str(p) for p in err.value.problems]


def test_the_english_build_reads_what_it_always_read(game: Path) -> None:
    loaded = load_game("g")
    deck = loaded.components[0]
    assert loaded.title == "Heroes"
    assert [c.columns["title"] for c in deck.cards] == ["Åsa the bold", "Eir the healer"]
    assert all("title@sv" not in c.columns for c in deck.cards)


def test_a_build_in_swedish_reads_the_columns_and_the_strings_file(game: Path) -> None:
    with speaking("sv"):
        loaded = load_game("g")
        assert loaded.title == "Hjältar"
        assert loaded.components[0].title == "Hjältar"
        assert [c.columns["title"] for c in loaded.components[0].cards] == ["Åsa den djärva", "Eir läkaren"]
        assert [c.columns["text"] for c in loaded.components[0].cards][1] == "En hjälte läker."


def test_the_strings_file_translates_printed_text_only(game: Path) -> None:
    from generator.kit.datafiles import load_yaml

    with speaking("sv"):
        load_game("g")
        data = load_yaml(game / "ref.yaml")
    assert data["layout"] == "landscape"              # a setting, not a printed key: as written
    assert data["title"] == "Hjältar"
    assert [row["label"] for row in data["rows"]] == ["Hjältar", "Hjältekort"]


def test_a_missing_translation_names_its_file_row_and_field(game: Path) -> None:
    csv = (game / "cards.csv").read_text(encoding="utf-8").replace("Eir läkaren", "")
    (game / "cards.csv").write_text(csv, encoding="utf-8")
    (game / "front.yaml").write_text(LAYOUT.replace("Hero card", "Hero\u202ecard"), encoding="utf-8")
    problems = _problems()
    assert any(p.startswith("data/g/cards.csv, row 3: field 'title': no translation into sv of 'Eir the healer'")
               for p in problems), problems
    layout = [p for p in problems if p.startswith("data/g/front.yaml:5: field 'text': no translation into sv")]
    assert layout and "\\u202e" in layout[0] and "\u202e" not in layout[0]      # echoed escaped, never raw
    assert all("give one beside it" in p and "data/g/sv.yaml" in p for p in problems)


def test_fallback_prints_the_english_and_warns(game: Path) -> None:
    from generator.core.notices import collecting

    (game / "game.yaml").write_text(GAME.replace("MISSING", "fallback"), encoding="utf-8")
    (game / "sv.yaml").write_text('"Heroes": "Hjältar"\n', encoding="utf-8")
    with collecting() as said, speaking("sv"):
        loaded = load_game("g")
        loaded.components[0].draw_all()
    assert loaded.title == "Hjältar"
    assert any("no translation into sv of 'Hero card'" in w and "printed as written" in w for w in said), said


def test_a_translation_must_use_the_glossary_terms(game: Path) -> None:
    csv = (game / "cards.csv").read_text(encoding="utf-8").replace("En hjälte anfaller två gånger.",
                                                                   "En kämpe slår två gånger.")
    (game / "cards.csv").write_text(csv, encoding="utf-8")
    problems = _problems()
    assert len(problems) == 1
    assert problems[0].startswith("data/g/cards.csv, row 2: field 'text@sv': the glossary (data/g/glossary.yaml) "
                                  "says 'Hero' is 'hjälte' or 'hjältar' in sv, but the translation 'En kämpe slår två gånger.'")


def test_a_language_the_game_does_not_have_is_refused(game: Path) -> None:
    problems = _problems("de")
    assert problems == ["data/g/game.yaml:3: field 'languages': the game is not translated into 'de': add it "
                        "under languages: (known: sv; see docs/kit-data.md, 'Languages')"]


def test_pnpkits_own_words_come_from_the_strings_file(game: Path) -> None:
    assert words("page {page} of {pages}", page=2, pages=3) == "page 2 of 3"     # English: as written
    (game / "sv.yaml").write_text((game / "sv.yaml").read_text(encoding="utf-8")
                                  + '"page {page} of {pages}": "sida {page} av {pages}"\n', encoding="utf-8")
    with speaking("sv"):
        load_game("g")
        assert words("page {page} of {pages}", page=2, pages=3) == "sida 2 av 3"
        with pytest.raises(DataError) as err:
            words("Scale of hexes")
    assert str(err.value.problems[0]) == ("data/g/sv.yaml: pnpkit prints 'Scale of hexes' on this game's pages, and "
                                          "it has no translation into sv: add it to data/g/sv.yaml as written here")


def test_words_are_letters_outside_expressions_and_icons() -> None:
    assert not has_words("{{ title | upper }}")
    assert not has_words(":cavalry: {{ name }} 1520")
    assert not has_words("{{ x if kind == 'additional_movement' else '' }}")     # a quoted name is code
    assert has_words("{{ 'Both sides' if both else name }}")
    assert has_words("Road {{ road }}")


def test_check_and_build_on_the_command_line(game: Path) -> None:
    runner = CliRunner()
    (game / "sv.yaml").write_text(FILES["sv.yaml"] + SHEET_WORDS, encoding="utf-8")
    good = runner.invoke(main, ["check", "--lang", "sv", "-j", "1"])
    assert good.exit_code == 0, good.output
    csv = (game / "cards.csv").read_text(encoding="utf-8").replace("Eir läkaren", "")
    (game / "cards.csv").write_text(csv, encoding="utf-8")
    bad = runner.invoke(main, ["check", "--lang", "sv", "-j", "1"])
    assert bad.exit_code != 0 and "Traceback" not in bad.output
    assert "data/g/cards.csv, row 3: field 'title': no translation into sv of 'Eir the healer'" in bad.output
    assert runner.invoke(main, ["check", "--lang", "S V"]).exit_code == 2
    (game / "cards.csv").write_text(FILES["cards.csv"], encoding="utf-8")
    (game / "sv.yaml").write_text(FILES["sv.yaml"] + SHEET_WORDS.replace('"one-sided": "enkelsidigt"\n', ""), encoding="utf-8")
    unsaid = runner.invoke(main, ["check", "--lang", "sv", "-j", "1"])        # the sheets' headings: pnpkit's words
    assert unsaid.exit_code != 0 and "Traceback" not in unsaid.output
    assert "data/g/sv.yaml: pnpkit prints 'one-sided' on this game's pages" in unsaid.output, unsaid.output
    (game / "sv.yaml").write_text(FILES["sv.yaml"] + SHEET_WORDS, encoding="utf-8")
    built = runner.invoke(main, ["build", "--lang", "sv", "--only", "cards", "--format", "pdf", "-j", "1"])
    assert built.exit_code == 0, built.output
    out = game.parent.parent / "output"
    card = out / "sv" / "g" / "cards" / "heroes" / "h-asa.pdf"
    text = pymupdf.open(card)[0].get_text()
    assert "Åsa den djärva" in text and "Hjältekort" in text and "Åsa the bold" not in text
    sheets = "".join(page.get_text() for page in pymupdf.open(out / "sv" / "g" / "g-sheets-a4.pdf"))
    assert "Hjältar · på kartong · enkelsidigt · sida 1 av 1" in sheets and "one-sided" not in sheets
    assert not (out / "g").exists()          # the English build's files keep their names and place


def test_a_language_that_is_no_code_is_named(game: Path) -> None:
    (game / "game.yaml").write_text(GAME.replace("MISSING", "error").replace("  sv: {", "  Svenska: {"),
                                    encoding="utf-8")
    problems = _problems()
    assert problems == ["data/g/game.yaml:9: field 'languages': 'Svenska' is not a language code: two or three "
                        "lower-case letters (sv, de), or 'keys'"]
