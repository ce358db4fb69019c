"""Selection and previews (issue 41): ``build --rows/--where`` draw some items of each deck, a
layer's ``rows:`` draws it on some items, and ``--format hand`` fans a few cards as held in
a hand, sharing showcase's fan."""

from __future__ import annotations

import io
import json
import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from generator.cli.app import main
from generator.layout.selection import Selection, parse_rows, parse_where
from generator.outputs import hand
from generator.outputs.showcase import layout as showcase_layout
from tests.conftest import game_kit
from tests.layout.conftest import EXAMPLE, replace_in
from tests.pipeline.test_showcase import COLOURS, Deck

ITEMS = ("H-ASA", "H-BJORN", "H-EIR")       # the worked example's rows 1, 2 and 3


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return game_kit(tmp_path, monkeypatch, "heroes", copy_of=EXAMPLE)


def _build(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, ["build", "heroes", "-j", "1", *args])
    return result.exit_code, result.output


def _card_files(kit: Path) -> set[str]:
    folder = kit.parents[1] / "output" / "heroes" / "cards" / "heroes"
    return {p.stem for p in folder.glob("H-*.pdf")} if folder.is_dir() else set()


@pytest.mark.parametrize(("text", "inside", "outside"), [
    ("1-9", [1, 5, 9], [0, 10]), ("3", [3], [2, 4]), ("1-3, 7,12-", [1, 2, 3, 7, 12, 500], [4, 8, 11]),
])
def test_row_ranges_read_as_nandeck_writes_them(text: str, inside: list[int], outside: list[int]) -> None:
    rows = parse_rows(text)
    assert all(n in rows for n in inside) and not any(n in rows for n in outside)


@pytest.mark.parametrize("text", ["", "0-3", "5-2", "a-b", "1,,2", "-4"])
def test_a_bad_range_says_what_is_expected(text: str) -> None:
    with pytest.raises(ValueError, match="row|ranges"):
        parse_rows(text)


def test_where_picks_by_a_columns_value_case_and_spaces_ignored() -> None:
    either = parse_where("house=Wolf, bear")
    assert either.picks({"house": " wolf"}) and either.picks({"house": "bear"}) and not either.picks({"house": "raven"})
    assert not either.picks({})
    assert parse_where("house!=wolf").picks({"house": "bear"})
    assert parse_where("strength=3").picks({"strength": 3.0})
    assert Selection(parse_rows("2-"), (parse_where("house=bear,raven"),)).picks(2, {"house": "bear"})
    with pytest.raises(ValueError, match="COLUMN=VALUE"):
        parse_where("house")


def test_build_rows_draws_those_items_and_a_full_build_after_draws_all(kit: Path) -> None:
    code, output = _build("--format", "pdf", "--rows", "2-3")
    assert code == 0, output
    assert _card_files(kit) == {"H-BJORN", "H-EIR"}
    out = kit.parents[1] / "output" / "heroes"
    assert not (out / "heroes-proof.pdf").exists() and not (out / "PRINTING.md").exists(), \
        "the game-wide files are not written from some of the items"
    code, output = _build("--format", "pdf")
    assert code == 0, output
    assert _card_files(kit) == set(ITEMS), "the build of some items left no record that skips the rest"
    manifest = json.loads((kit.parents[1] / "output" / "manifest.json").read_text(encoding="utf-8"))
    assert any(entry["path"].endswith("H-ASA.pdf") for entry in manifest["files"])


def test_build_where_draws_the_items_of_a_columns_value(kit: Path) -> None:
    code, output = _build("--format", "pdf", "--where", "house=bear")
    assert code == 0, output
    assert _card_files(kit) == {"H-BJORN"}


def test_build_where_naming_no_column_lists_the_columns(kit: Path) -> None:
    code, output = _build("--where", "colour=red")
    assert code == 2                   # bad input (the exit-code rule of README)
    assert "no deck of Heroes of the North has a column 'colour'" in output and "house" in output
    assert _card_files(kit) == set()


def test_build_rows_refuses_a_bad_range_before_building(kit: Path) -> None:
    code, output = _build("--rows", "3-1")
    assert code == 2 and "Invalid value for '--rows'" in output and "'3-1'" in output


def test_a_layers_rows_draw_it_on_those_items_only(kit: Path) -> None:
    from generator.loading.games import load_game

    replace_in(kit / "layouts" / "hero-front.yaml", "layers:\n",
               "layers:\n  - {type: text, x: 5, y: 5, text: FIRST TWO, rows: 1-2}\n"
               "  - {type: text, x: 5, y: 5, text: THE REST, rows: '3-'}\n")
    deck = load_game("heroes").components[0]
    seen = {p.id: {t.text for t in p.front().walk_text()} & {"FIRST TWO", "THE REST"} for p in deck.pieces}
    assert seen == {"H-ASA": {"FIRST TWO"}, "H-BJORN": {"FIRST TWO"}, "H-EIR": {"THE REST"}}


def test_a_layers_bad_rows_name_the_file_line_and_field(kit: Path) -> None:
    from generator.core.errors import DataError
    from generator.loading.games import load_game
    from tests.layout.conftest import line_of

    text = replace_in(kit / "layouts" / "hero-front.yaml", "layers:\n",
                      "layers:\n  - {type: text, x: 5, y: 5, text: A, rows: 2-x}\n")
    with pytest.raises(DataError) as caught:
        load_game("heroes")
    [problem] = caught.value.problems
    assert problem.field == "layers.0.rows" and problem.line == line_of(text, "rows: 2-x")
    assert "ranges like '1-9'" in problem.message


def test_the_hand_fans_the_first_cards_about_a_pivot_below_them() -> None:
    deck = Deck(back=True)
    placed, (width, height) = hand.layout(deck)
    assert [p.piece.id for p in placed] == [f"c{i}" for i in range(len(COLOURS))]      # six distinct fronts
    assert [round(p.angle) for p in placed] == [-30, -18, -6, 6, 18, 30]
    assert all((p.w, p.h) == (63.5, 88.9) for p in placed), "the cards at their printed size"
    # every card's axis passes through one pivot, PIVOT card heights below the middle
    pivots = [(p.cx - math.sin(math.radians(p.angle)) * hand.PIVOT * 88.9,
               p.cy + math.cos(math.radians(p.angle)) * hand.PIVOT * 88.9) for p in placed]
    assert max(abs(a[0] - b[0]) + abs(a[1] - b[1]) for a, b in zip(pivots, pivots[1:])) < 1e-6
    image = Image.open(io.BytesIO(hand.render(deck))).convert("RGBA")
    assert image.size == (round(width / 25.4 * hand.DPI), round(height / 25.4 * hand.DPI))
    assert image.getpixel((0, 0))[3] == 0, "a transparent ground"
    top = placed[-1]
    px = image.getpixel((int(top.cx / 25.4 * hand.DPI), int(top.cy / 25.4 * hand.DPI)))
    assert all(abs(a - int(COLOURS[-1][i:i + 2], 16)) <= 10 for a, i in zip(px, (1, 3, 5)))


def test_hand_and_showcase_share_one_fan() -> None:
    from generator.outputs import fanned, showcase

    assert showcase.Placed is hand.Placed is fanned.Placed
    assert [round(p.angle) for p in showcase_layout(Deck())[:5]] == [-18, -9, 0, 9, 18]


def test_build_format_hand_writes_the_chosen_cards(kit: Path) -> None:
    code, output = _build("--format", "hand", "--rows", "2-3")
    assert code == 0, output
    picture = kit.parents[1] / "output" / "heroes" / "hand" / "heroes.png"
    image = Image.open(picture)
    assert image.mode == "RGBA" and image.width > 500 and image.height > 500
    code, output = _build("--format", "hand")
    assert code == 0, output
    assert Image.open(picture).width > image.width, "three cards make a wider hand than two"
