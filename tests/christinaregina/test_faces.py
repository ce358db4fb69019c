"""Christina Regina's cards and tiles drawn from its layout files show what its data says,
and every face lays out (text that does not fit would fail here)."""

from __future__ import annotations

import pytest

from generator.games import load_game

from tests.christinaregina.conftest import ACTIONS, INFLUENCERS, SECTION_6


@pytest.fixture(scope="module")
def components() -> dict:
    return {c.id: c for c in load_game("christinaregina").components}


def _texts(component, piece_id: str) -> list[str]:
    piece = next(p for p in component.pieces if p.id == piece_id)
    return [t.text for t in piece.front().walk_text()]


def test_every_face_lays_out(components: dict) -> None:
    for component in components.values():
        component.draw_all()


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
    assert "−3" in _texts(tiles, "silver-clergy-minus") and "Clergy −3" in _texts(tiles, "silver-clergy-minus")
    assert "0" in _texts(tiles, "white-0")
