"""The designed cue (issue 20, item 7): pnpkit's own mark ``:designed:`` is an icon of every game
(a kit's own designed.svg wins), designed values print with it, and the designer's notes go to
the proof sheet, never onto a face."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.draw.marks import mark_files, mark_icons
from generator.kit.location import given_kit, use_kit
from generator.layout.assets import Assets
from generator.layout.style import load_style
from generator.loading.games import load_game
from generator.outputs.proof import note_lines, proof_scene


def _texts(scene) -> str:
    return " ".join(t.text for t in scene.walk_text())


def _icons_drawn(scene) -> int:
    """How many icon groups a face holds (an inline mark is one)."""
    from generator.draw.scene import GroupItem

    def visit(items) -> int:
        return sum(1 + visit(i.items) if isinstance(i, GroupItem) else 0 for i in items)
    return visit(scene.items)


def test_the_mark_is_pnpkits_and_every_game_has_it() -> None:
    assert set(mark_files()) == {"designed"}
    mark = mark_icons()["designed"]
    assert mark.has_current_colour          # it takes the colour of the text it stands in
    assert 0.3 < mark.aspect < 0.7          # narrow, like a footnote mark
    game = load_game("breitenfeld1631")     # a game without a designed.svg of its own
    assert "designed" in Assets(load_style(game.kit, game.folder)).icon_names()


def test_a_kits_own_designed_icon_wins(tmp_path: Path) -> None:
    from generator.cli.scaffold import new_kit

    kit = tmp_path / "kit"
    new_kit(kit)
    game_dir = next((kit / "data").iterdir())
    icons = game_dir / "icons"
    icons.mkdir(exist_ok=True)
    own = mark_files()["designed"].read_text(encoding="utf-8").replace("<title>", "<title>Our own: ")
    (icons / "designed.svg").write_text(own, encoding="utf-8")
    with use_kit(given_kit(kit)):
        game = load_game(game_dir.name)
        assets = Assets(load_style(game.kit, game.folder))
        assert "designed" in assets.icon_names()
        assert assets.icon("designed") == assets._load_icon(icons / "designed.svg")   # the kit's file, not pnpkit's
        assert assets.icon("designed") != mark_icons()["designed"]


def test_batalj_faces_carry_no_ids_and_no_designer_notes_the_proof_does() -> None:
    game = load_game("batalj")
    decks = {c.id: c for c in game.components if c.kind == "cards"}
    events = decks["events"]
    assassin = next(p for p in events.pieces if p.id == "E-ASSASSIN")
    incursion = next(p for p in events.pieces if p.id == "E-INCURSION")
    for piece in (assassin, incursion):
        text = _texts(piece.front())
        assert piece.id not in text and "count designed" not in text and "name designed" not in text
    assert "designed for this kit" in _texts(incursion.front())          # the mark's footnote
    assert "designed for this kit" not in _texts(assassin.front())       # nothing of it is ours
    assert incursion.note.startswith("quantity: 1") and assassin.note == ""
    proof = _texts(proof_scene(game, list(decks.values())))
    assert "E-INCURSION" in proof and "designed: quantity: 1" in proof


def test_proof_notes_wrap_to_the_face_and_stop() -> None:
    lines = note_lines("name (the rules give the effect without a heading); quantity 1 " * 3, 27.0)
    assert lines[0].startswith("designed: ") and 1 < len(lines) <= 4 and lines[-1].endswith("…")
    assert note_lines("", 27.0) == []


def test_pax_baltica_marks_the_designed_rp_levels_and_label_values(tmp_path: Path) -> None:
    game = load_game("paxbaltica")
    scenarios = next(c for c in game.components if c.id == "scenarios")
    moscow = next(p for p in scenarios.pieces if p.id == "next-stop-moscow")
    text = _texts(moscow.front())
    assert "designed for this kit: the rulebook prints no such level" in text
    assert "Karl XII, Rehnskiöld" in text and "(12.0)" in text
    glory = next(p for p in scenarios.pieces if p.id == "on-the-road-to-glory")
    assert "Garrisons (11.5): Mazowsze, Kraków" in _texts(glory.front())
    labels = next(c for c in game.components if c.id == "labels")
    karl = next(p for p in labels.pieces if p.id == "se-karl-xii")           # strength, move, baggage designed
    assert "strength" in karl.note
    # the same label with nothing designed draws one icon fewer: one corner mark for all its
    # designed values (the pips, the movement box, the baggage circles), which the reference
    # sheet lists (issue 38)
    kit = tmp_path / "kit"
    shutil.copytree(game.folder, kit / "data" / "paxbaltica")
    blocks = kit / "data" / "paxbaltica" / "blocks.csv"
    rows = blocks.read_text(encoding="utf-8").splitlines()
    rows = [r.replace(',"2.3, 6.4, 9.2, 12.1-12.4",strength move baggage,', ',"2.3, 6.4, 9.2, 12.1-12.4",,')
            if r.startswith("se-karl-xii,") else r for r in rows]
    blocks.write_text("\n".join(rows) + "\n", encoding="utf-8")
    with use_kit(given_kit(kit)):
        plain = next(p for p in next(c for c in load_game("paxbaltica").components if c.id == "labels").pieces
                     if p.id == "se-karl-xii")
        assert plain.note == ""
        assert _icons_drawn(karl.front()) - _icons_drawn(plain.front()) == 1


@pytest.mark.parametrize("game_id, sheet, words", [
    ("paxbaltica", "reference", ["Night Rider", "6 sea zones", "Reactivation", "Holstein-Gottorp", "forces no retreat"]),
    ("stockholm1520", "reference", ["green outline"]),
    ("christinaregina", "reference", ["one tile in each of the four action stacks", "designed for this kit"]),
    ("breitenfeld1631", "player-aid", ["Artillery Fire table is missing", "designed for this kit"]),
])
def test_reference_sheets_say_it(game_id: str, sheet: str, words: list[str]) -> None:
    component = next(c for c in load_game(game_id).components if c.id == sheet)
    text = " ".join(_texts(page) for paper in ("a4", "letter") for page in component.typeset(paper).pages)
    text = " ".join(text.split())
    for word in words:
        assert word in text, word
