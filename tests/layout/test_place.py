"""``index`` (the row's place) and ``copy`` (which copy) in layout expressions."""

from __future__ import annotations

from pathlib import Path

from generator.draw.scene import TextItem
from generator.loading.games import load_game

from tests.layout.conftest import replace_in

MARK = '{type: text, x: 50%, y: 82.5, text: "{{ id }} · § {{ deck.rule }}"'


def _texts(deck: object, item: str) -> list[str]:
    scene = next(p for p in deck.pieces if p.id == item).front()   # type: ignore[attr-defined]
    return [entry.text for entry in scene.items if isinstance(entry, TextItem)]


def test_index_is_the_rows_place_from_1(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", MARK,
               '{type: text, x: 50%, y: 82.5, text: "no. {{ index }}", when: "{{ index >= 2 }}"')
    deck = load_game("heroes").components[0]
    assert [p.id for p in deck.pieces] == ["H-ASA", "H-BJORN", "H-EIR"]     # one item per row: copy not named
    assert not [t for t in _texts(deck, "H-ASA") if t.startswith("no.")]
    assert "no. 3" in _texts(deck, "H-EIR")


def test_a_layout_naming_copy_draws_each_copy(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-front.yaml", MARK, '{type: text, x: 50%, y: 82.5, text: "{{ id }} {{ copy }}/{{ quantity }}"')
    deck = load_game("heroes").components[0]
    # H-ASA 2 copies, H-BJORN 1, H-EIR 3: six items, each printed once
    assert [(p.id, p.quantity) for p in deck.pieces] == [
        ("H-ASA.1", 1), ("H-ASA.2", 1), ("H-BJORN", 1), ("H-EIR.1", 1), ("H-EIR.2", 1), ("H-EIR.3", 1)]
    assert "H-EIR 3/1" in _texts(deck, "H-EIR.3")


def test_a_column_named_index_wins(kit: Path) -> None:
    csv = kit / "heroes.csv"
    lines = csv.read_text(encoding="utf-8").splitlines()
    csv.write_text("\n".join([lines[0] + ",index"] + [line + f",{n * 10}" for n, line in enumerate(lines[1:], 1)]) + "\n",
                   encoding="utf-8")
    replace_in(kit / "layouts" / "hero-front.yaml", MARK, '{type: text, x: 50%, y: 82.5, text: "no. {{ index }}"')
    deck = load_game("heroes").components[0]
    assert "no. 20" in _texts(deck, "H-BJORN")
