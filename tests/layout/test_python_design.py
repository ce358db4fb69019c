"""Python designs stay possible for art no layout can express: game code registers them by name."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

import pytest

from generator.components.cards import DESIGNS, DeckSpec, register_design
from generator.draw.scene import Scene, Style
from generator.layout.frame import CardFrame
from generator.layout.rows import ROWS, register_rows
from generator.loading.games import load_game

from tests.layout.conftest import replace_in


@dataclass
class Coin:
    id: str
    title: str
    quantity: int = 1


class CoinDesign:
    """Round coins drawn in Python: one per line of a text file."""

    def load_cards(self, game: Any, deck: DeckSpec, file: str) -> Sequence[Coin]:
        lines = (Path(game.folder) / str(deck.source)).read_text().split()
        return [Coin(line, f"Coin {line}") for line in lines]

    def draw_front(self, card: Coin, deck: DeckSpec, frame: CardFrame) -> Scene:
        scene = frame.new_scene(card.id)
        w, h = frame.canvas
        scene.circle(w / 2, h / 2, w / 3, Style(fill="#b08a3e"))
        scene.text(w / 2, h / 2, card.id, anchor="middle")
        return scene

    def draw_back(self, deck: DeckSpec, frame: CardFrame) -> Scene:
        return frame.new_scene("back")


@pytest.fixture
def registered() -> Iterator[None]:
    register_design("test.coins", CoinDesign())
    register_rows("test.squares", lambda game, spec, source: [{"id": f"SQ-{n}", "side": n} for n in (1, 2, 3)])
    yield
    DESIGNS.pop("test.coins")
    ROWS.pop("test.squares")


def test_a_deck_drawn_by_a_registered_python_design(kit: Path, registered: None) -> None:
    (kit / "coins.txt").write_text("C-1 C-2\n")
    with (kit / "game.yaml").open("a") as game_yaml:
        game_yaml.write("  - {kind: cards, id: coins, title: Coins, source: coins.txt, design: test.coins, size: mini}\n")
    coins = load_game("heroes").components[1]
    assert [p.id for p in coins.pieces] == ["C-1", "C-2"]
    front = coins.pieces[1].front()
    assert [t.text for t in front.walk_text()] == ["C-2"]
    assert coins.has_back and coins.frame.width == 44.45


def test_rows_made_by_game_code_feed_a_layout(kit: Path, registered: None) -> None:
    (kit / "layouts" / "square.yaml").write_text(
        "size: {width: 30, height: 30}\nlayers:\n  - {type: text, x: 2, y: 10, text: 'side {{ side * 10 }}'}\n")
    with (kit / "game.yaml").open("a") as game_yaml:
        game_yaml.write("  - {kind: cards, id: squares, title: Squares, rows: test.squares, front: layouts/square.yaml}\n")
    squares = load_game("heroes").components[1]
    assert [p.id for p in squares.pieces] == ["SQ-1", "SQ-2", "SQ-3"]
    assert [t.text for t in squares.pieces[2].front().walk_text()] == ["side 30"]
    assert not squares.has_back


def test_a_deck_is_drawn_one_way(kit: Path, registered: None) -> None:
    from generator.core.errors import DataError

    replace_in(kit / "game.yaml", "source: heroes.csv", "source: heroes.csv\n    design: test.coins")
    with pytest.raises(DataError, match="either front \\(and back\\) layout files, or a design made in Python"):
        load_game("heroes")
