"""Christina Regina's cards and tiles drawn from its layout files show what its data says,
and every face lays out (text that does not fit would fail here)."""

from __future__ import annotations

import pytest

from generator.loading.games import load_game

from tests.christinaregina.conftest import ACTIONS, INFLUENCERS, SECTION_6


@pytest.fixture(scope="module")
def components() -> dict:
    return {c.id: c for c in load_game("christinaregina").components}


def _texts(component, piece_id: str) -> list[str]:
    piece = next(p for p in component.pieces if p.id == piece_id)
    return [t.text for t in piece.front().walk_text()]


def test_every_face_lays_out_without_shrinking_text_below_a_readable_size(components: dict) -> None:
    from generator.core.notices import collecting

    with collecting() as warnings:
        for component in components.values():
            component.draw_all()
    assert not warnings


def test_faction_cards_name_faction_influencer_and_court(components: dict) -> None:
    deck = components["faction-cards"]
    shown = [" ".join(_texts(deck, p.id)) for p in deck.pieces]
    for influencer in INFLUENCERS:
        assert sum(influencer.upper() in text.upper() for text in shown) == 1, influencer
    texts = _texts(deck, "black-1")
    assert "RELIGION" in texts and "Johannes Matthiæ Gothus" in " ".join(texts) and "Iron court · 1" in texts


def test_action_cards_carry_their_effect_and_timing(components: dict) -> None:
    deck = components["action-cards"]
    for name in ACTIONS:
        assert name.upper() in _texts(deck, name.lower())
    protection = " ".join(_texts(deck, "protection"))
    assert "OUT OF TURN" in protection and "not used in the 2 player game" in protection
    assert "OUT OF TURN" in _texts(deck, "veto") and "OUT OF TURN" not in _texts(deck, "slander")
    assert "not used" not in " ".join(_texts(deck, "veto"))
    assert "switch any 2 court tiles" in " ".join(_texts(deck, "manipulation"))


def test_daggers_and_score_cards(components: dict) -> None:
    daggers = components["dagger-cards"]
    assert {p.id: "ART AND SCIENCE" in _texts(daggers, p.id) for p in daggers.pieces}["dagger-blue"]
    score = _texts(components["score-cards"], "score-silver-gold")
    assert "Silver (3) · Gold (4)" in score
    assert [t for t in score if t.isdigit()] == ["4", "3", "2", "1", "0", "0", "4", "3", "2", "1", "1", "0", "4", "3",
                                                  "2", "2", "1", "0", "4", "3", "3", "2", "1", "0", "4"]


def test_faction_tiles_name_their_influencer_of_that_court(components: dict) -> None:
    tiles = next(c for c in components.values() if "tiles" in c.id)
    for faction, (_, _, influencers) in SECTION_6.items():
        for metal, influencer in zip(("iron", "copper", "silver", "gold"), influencers):
            assert influencer in " ".join(_texts(tiles, f"{metal}-{faction}")), (metal, faction)
    assert "−3" in _texts(tiles, "silver-court-minus") and "SILVER −3" in _texts(tiles, "silver-court-minus")
    assert "IRON" in _texts(tiles, "iron-court") and "1" in _texts(tiles, "iron-court")   # non-colored: only the metal
    assert "0" in _texts(tiles, "white-0")


def test_the_court_sheet_labels_every_space_with_its_metal(components: dict) -> None:
    """9 x 9 spaces: the start in the middle, then 8 White, 16 Iron, 24 Copper and 32 Silver/Gold
    spaces (each outer space names both metals), and one action and one influence stack per metal."""
    from collections import Counter

    court = components["court"].pieces[0].front()
    words = Counter(t.text for t in court.walk_text())
    stacks = 2                                                     # an action stack and an influence stack
    assert {m: words[m] for m in ("WHITE", "IRON", "COPPER", "SILVER", "GOLD")} == \
        {"WHITE": 8, "IRON": 16 + stacks, "COPPER": 24 + stacks, "SILVER": 32 + stacks, "GOLD": 32 + stacks}
    assert words["START"] == 1 and words["ACTION STACKS"] == 1 and words["INFLUENCE STACKS"] == 1


def test_the_queen_is_a_fold_over_standee(components: dict) -> None:
    """One strip: a tab, the Queen from behind upside down, the Queen from the front, a tab; three
    dashed folds across it."""
    from generator.draw.scene import GroupItem, PathItem, TextItem

    piece = components["queen"].pieces[0]
    assert (piece.width, piece.height) == (28.0, 120.0)
    scene = piece.front()
    turned = [g for g in scene.items if isinstance(g, GroupItem) and round(g.matrix[0]) == -1 and round(g.matrix[3]) == -1]
    behind = [g for g in turned if not any(isinstance(i, TextItem) for i in g.items)]   # not the tab's words
    upright = [g for g in scene.items if isinstance(g, GroupItem) and g.matrix[:4] == (1.0, 0.0, 0.0, 1.0)]
    middle = piece.bleed + piece.height / 2
    assert len(behind) == 1 and behind[0].matrix[5] < middle         # her back, upside down, on the upper half
    assert len(upright) == 1 and upright[0].matrix[5] > middle - 30  # her front on the lower half
    folds = [i for i in scene.items if isinstance(i, PathItem) and i.style.dash and i.style.stroke]
    assert len(folds) == 3
    texts = [t.text for t in scene.walk_text()]
    assert "GLUE THE HALVES" in texts and "FOLD THE TABS OUT" in texts
