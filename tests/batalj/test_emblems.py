"""Every Event, War, Regent and Archbishop card shows an emblem of its own effect (emblems.yaml),
drawn from the kit's icons; cards with one effect share one; the Imperial marker is an eagle."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import yaml

from generator.draw.icons import load_icon
from generator.loading.games import load_game

GAME = Path(__file__).resolve().parents[2] / "data" / "batalj"
DECKS = ("archbishop", "events", "war", "regents")


def _emblems() -> dict[str, str]:
    return yaml.safe_load((GAME / "emblems.yaml").read_text(encoding="utf-8"))


def _cards() -> dict[str, dict]:
    game = load_game("batalj")
    return {card.id: card.columns for deck in game.components if deck.id in DECKS for card in deck.cards}


def test_every_action_and_event_card_has_its_own_emblem() -> None:
    emblems, cards = _emblems(), _cards()
    decks = yaml.safe_load((GAME / "decks.yaml").read_text(encoding="utf-8"))
    assert set(cards) - {"B-ARCH"} == set(emblems)                     # the Archbishop keeps its deck's mitre
    for card_id, icon in emblems.items():
        assert load_icon(GAME / "icons" / f"{icon}.svg").items, icon
        assert icon != decks["events"]["icon"], card_id                 # no card shows the shared scroll


def test_cards_with_one_effect_share_one_emblem_and_others_differ() -> None:
    emblems, cards = _emblems(), _cards()
    by_text: dict[str, set[str]] = defaultdict(set)
    for card_id, icon in emblems.items():
        by_text[cards[card_id]["text"]].add(icon)
    assert all(len(icons) == 1 for icons in by_text.values())          # the four famous battles: one laurel
    assert len(set(emblems.values())) >= 24


def test_the_emblem_is_drawn_on_the_front() -> None:
    game = load_game("batalj")
    events = next(c for c in game.components if c.id == "events")
    dagger = load_icon(GAME / "icons" / "dagger.svg")
    front = next(p for p in events.pieces if p.id == "E-ASSASSIN").front()

    def paths(items) -> int:
        from generator.draw.scene import GroupItem
        return sum(paths(i.items) if isinstance(i, GroupItem) else 1 for i in items)
    from generator.draw.scene import GroupItem
    groups = [i for i in front.items if isinstance(i, GroupItem)]
    assert any(paths(g.items) == len(dagger.items) for g in groups)


def test_the_imperial_marker_is_a_crowned_double_headed_eagle() -> None:
    svg = (GAME / "icons" / "eagle.svg").read_text(encoding="utf-8")
    assert "double-headed eagle" in svg
    eagle = load_icon(GAME / "icons" / "eagle.svg")
    assert len(eagle.items) >= 20                                       # wings, heads, beaks, legs, tail: not a blob
