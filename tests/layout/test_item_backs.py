"""A back per card in any deck: a back layout that names a column is drawn from each card's row."""

from __future__ import annotations

from pathlib import Path

from click.testing import CliRunner

from generator.cli.app import main
from generator.draw.scene import TextItem
from generator.loading.games import load_game

from tests.layout.conftest import replace_in


def _back_texts(piece: object) -> list[str]:
    return [entry.text for entry in piece.back().items if isinstance(entry, TextItem)]   # type: ignore[attr-defined]


def test_a_back_naming_a_column_sees_each_cards_row(kit: Path, tmp_path: Path) -> None:
    replace_in(kit / "layouts" / "hero-back.yaml", 'text: "{{ game.title | upper }}"', 'text: "{{ house | upper }}"')
    deck = load_game("heroes").components[0]
    backs = {piece.id: "".join(_back_texts(piece)) for piece in deck.pieces}
    assert backs == {"H-ASA": "WOLF", "H-BJORN": "BEAR", "H-EIR": "RAVEN"}
    assert len({id(piece.back_face) for piece in deck.pieces}) == 3
    result = CliRunner().invoke(main, ["build", "heroes", "--format", "svg", "--out", str(tmp_path / "out")])
    assert result.exit_code == 0, result.output
    names = sorted(p.name for p in (tmp_path / "out").rglob("*-back.svg"))
    assert names == ["H-ASA-back.svg", "H-BJORN-back.svg", "H-EIR-back.svg"], names


def test_a_back_naming_no_column_is_drawn_once(kit: Path) -> None:
    deck = load_game("heroes").components[0]
    assert len({id(piece.back_face) for piece in deck.pieces}) == 1


def test_cards_whose_backs_come_out_alike_share_one(kit: Path) -> None:
    replace_in(kit / "layouts" / "hero-back.yaml", 'text: "{{ game.title | upper }}"',
               'text: "{{ \'STRONG\' if strength >= 3 else \'WEAK\' }}"')
    deck = load_game("heroes").components[0]
    faces = {piece.id: piece.back_face for piece in deck.pieces}
    assert faces["H-ASA"] is faces["H-BJORN"] and faces["H-EIR"] is not faces["H-ASA"]
