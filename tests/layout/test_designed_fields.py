"""The designed mark by field (issue 38): an item's ``designed`` value names the fields that
are ours; a layout sets the mark with ``mark('field')`` beside that field and nowhere else."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from generator.core.errors import DataError
from generator.kit.designed import DesignedError, designed_fields, designed_problem
from generator.layout.expressions import ExpressionError, render
from generator.layout.rows import to_rows
from generator.layout.style import designed_problems
from generator.loading.games import load_game

ROOT = Path(__file__).resolve().parents[2]
GAMES = sorted(p.parent.name for p in (ROOT / "data").glob("*/game.yaml"))


def test_a_designed_value_names_fields_clause_by_clause() -> None:
    assert designed_fields("strength rating move") == ("strength", "rating", "move")
    assert designed_fields("quantity: 1 (the rules give no count; the title is spelt ...); title (no heading)") == \
        ("quantity", "title")
    assert designed_fields("value and quantity: 2 of each") == ("value", "quantity")
    assert designed_fields(["rp", "text: our reading"]) == ("rp", "text")
    assert designed_fields("") == designed_fields(None) == designed_fields(False) == ()
    for bad in ("quantity 1 (the rules give no count)", True, "title 'burst'", "(why alone)"):
        with pytest.raises(DesignedError):
            designed_fields(bad)


def test_a_value_naming_a_field_the_item_lacks_is_refused_with_its_fields() -> None:
    message = designed_problem("ratng: our guess", {"rating": "B2", "designed": "ratng"})
    assert message is not None and "'ratng'" in message and "rating" in message
    assert designed_problem("rating: 6.5", {"rating": "B2"}) is None
    assert "'same'" in (designed_problem("the same table as gold", {"table": "scoring"}) or "")


def test_an_item_whose_designed_names_no_field_is_refused_with_file_row_and_field() -> None:
    records = [("cards/units.csv", 3, {"id": "a", "title": "A", "cost": 2, "designed": "cost"}),
               ("cards/units.csv", 4, {"id": "b", "title": "B", "cost": 2, "designed": "cost 2 (the rules give none)"})]
    with pytest.raises(DataError) as err:
        to_rows("units", records)
    message = str(err.value)
    assert "cards/units.csv" in message and "row 4" in message and "'designed'" in message
    assert "row 3" not in message


def test_a_table_item_is_checked_too_at_its_line(tmp_path: Path) -> None:
    table = tmp_path / "nations.yaml"
    table.write_text("sweden:\n  rp: 40\n  designed: \"rp: 32 + 2 x 4\"\nrussia:\n  rp: 24\n  designed: \"level: ours\"\n",
                     encoding="utf-8")
    problems = designed_problems(table)
    assert len(problems) == 1 and problems[0].line == 6 and problems[0].field == "russia.designed"
    assert "'level'" in problems[0].message


def test_mark_sets_the_mark_beside_a_named_field_only() -> None:
    item = {"name": "Cruys", "rating": "C2", "designed": "name strength"}
    context = {"item": item, **item}
    assert render("{{ name }}{{ mark('name') }} {{ rating }}{{ mark('rating') }}", context) == "Cruys:designed: C2"
    assert render("{{ mark('rp', row) }}", {"row": {"rp": 8, "designed": "rp: ours"}}) == ":designed:"
    with pytest.raises(ExpressionError, match="'ratng' is not a field"):
        render("{{ mark('ratng') }}", context)


@pytest.mark.parametrize("game_id", GAMES)
def test_layouts_set_the_mark_by_field_never_by_their_own_test_of_designed(game_id: str) -> None:
    """The class of issue 38's faults: a layout that decides the mark itself ('quantity' in
    designed, designed[:4] == 'name', a star whenever anything is ours) marks what is not ours."""
    for layout in (ROOT / "data" / game_id).glob("layouts/*.yaml"):
        text = layout.read_text(encoding="utf-8")
        assert not re.search(r"designed\s*\[|in designed\b|\bif\s+(row\.)?designed\b|printed_designed|"
                             r"':designed:' if", text), layout


@pytest.mark.parametrize("game_id", GAMES)
def test_an_item_with_nothing_designed_draws_no_mark(game_id: str) -> None:
    from generator.draw.ink import drawn

    game = load_game(game_id)
    for component in game.components:
        layouts = " ".join((game.folder / str(getattr(component.spec, side, None) or "")).read_text(encoding="utf-8")
                           for side in ("front", "back") if getattr(component.spec, side, None))
        if re.search(r"mark\('[^']+',", layouts):
            continue            # a page of tables (a track sheet): its marks are its tables' rows'
        for piece in getattr(component, "pieces", []) or []:
            card = next((c for c in getattr(component, "cards", []) if getattr(c, "id", None) == piece.id), None)
            columns = getattr(card, "columns", None)
            if not isinstance(columns, dict) or columns.get("designed"):
                continue
            scene = piece.front()
            marks = [d for d in drawn(scene.items) if any(g.name == "icon designed" for g in d.groups)]
            assert not marks, (game_id, component.id, piece.id)


def _label(labels, block_id: str):
    return next(p for p in labels.pieces if p.id == block_id).front()


def _mark_neighbours(scene) -> list[str]:
    """What each designed mark of a label stands beside (the mark nearest to it)."""
    from generator.draw.clearance import gap, marks

    found = marks(scene.items)
    out = []
    for m in found:
        if m.designed:
            others = [o for o in found if not o.designed and not (o.box[0] <= m.box[0] and m.box[2] <= o.box[2]
                                                                  and o.box[1] <= m.box[1] and m.box[3] <= o.box[3])]
            out.append(min(others, key=lambda o: gap(m.box, o.box)).what)
    return sorted(out)


def test_pax_baltica_labels_carry_one_corner_mark_and_the_reference_says_which_value() -> None:
    """Issue 38: up to five marks beside the values were too busy at 19 mm. A label any value of
    which is ours carries one mark, in its top right corner; the reference sheet's "Designed for
    this kit" says which values of which block: the mark qualifies the label, the list the value."""
    import csv

    from generator.draw.clearance import marks

    game = load_game("paxbaltica")
    labels = next(c for c in game.components if c.id == "labels")
    rows = {r["id"]: r for r in csv.DictReader(line for line in (game.folder / "blocks.csv").read_text(
        encoding="utf-8").splitlines() if not line.startswith("#"))}
    for piece in labels.pieces:
        scene = piece.front()
        found = [m for m in marks(scene.items) if m.designed]
        assert len(found) == (1 if rows[piece.id]["designed"].strip() else 0), piece.id
        for m in found:     # the top right corner: right of the middle, in the top fifth
            assert m.box[0] > scene.width * 0.6 and m.box[3] < scene.height * 0.25, (piece.id, m.box)
    # a reformed army shows one star (its reform), the mark a six-spoked asterisk
    from generator.draw.ink import drawn

    scene = _label(labels, "ru-repnin-r")
    stars = {id(g) for d in drawn(scene.items) for g in d.groups if g.name == "icon star"}
    assert len(stars) == 1
    # the reference says which: Pjotr I's B3 comes from 6.5 (his rating is the rules'), the
    # invented names are listed, Karl XII's circles are ours
    reference = next(c for c in game.components if c.id == "reference")
    text = " ".join(t.text for page in reference.typeset("a4").pages for t in page.walk_text())
    text = " ".join(text.split())
    rating = text.split("Combat rating:", 1)[1].split("Movement box", 1)[0]
    assert "every block but" in rating and "Pjotr I" in rating and "Karl XII" in rating
    names = text.split("too long for one line:", 1)[1].split("Nations", 1)[0]
    for name in ("Cruys", "Gyldenløve", "Tordensk.", "Baltacı", "Tatars", "Preußen"):
        assert name in names, name
    assert "Karl XII" not in names
    circles = text.split("Circles (baggage trains):", 1)[1].split("Emblem", 1)[0]
    assert "every label with circles but" in circles and "Karl XII" not in circles
