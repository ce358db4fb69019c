"""Batalj's cards and Pillage markers: every count the rulebook gives (seeds/003), read from the built decks."""

from __future__ import annotations

from generator.kit.designed import designed_fields

from collections import Counter

import pytest

from generator.loading.games import load_game

# What the rulebook says, card by card: (English name, Swedish name or "", copies to print).
# "+1 card" / "+2 cards" add copies to a base-game deck: those copies are printed.
EVENTS = {
    "E-ASSASSIN": ("Archbishop assassinated!", "Ärkebiskopen lönnmördad!", 2),
    "E-ELECTION": ("Archiepiscopal election", "Ärkebiskopsval", 4),
    "E-BLOCKADE": ("Blockade runner", "Blockadbrytare", 1),
    "E-INCURSION": ("Bold incursion!", "", 1),
    "E-COURT": ("Connections to the Court", "", 1),
    "E-EMPIRE": ("Trading Empire", "", 1),
    "E-PRIVILEGES": ("Commercial privileges", "", 2),
    "E-LIAISONS": ("Secret liaisons", "", 1),
    "E-NOBILITY": ("Influence in the House of Nobility", "", 1),
    "E-ENLISTMENT": ("Enlistment", "", 1),
    "E-ECCLESIA": ("Ecclesiastical intrigues", "Intriger inom kyrkans ledning", 1),
    "E-INTRIGUE": ("Intrigues at the Court", "", 2),
    "E-EXCHANGE": ("Exchange of cards", "", 2),
    "E-RETURN": ("Booty confiscated", "", 1),
    "E-AUTHORITY": ("The Authority of the Church increases", "", 1),
    "E-MANIPULATED": ("Manipulated Archiepiscopal election", "Manipulerat ärkebiskopsval", 1),
    "E-SURPRISE": ("Surprise attack!", "", 1),
    "E-BURST": ("Cannon barrel burst!", "", 1),
    "E-SURCHARGE": ("Price of fame", "", 1),
    "E-STEALING": ("Stealing the Booty", "", 1),
    "E-ARCHITECT": ("Esteemed architect", "", 1),
    "E-INFRA": ("Infrastructure", "", 1),
}
WAR = {
    "W-SUPPLY": ("Supply train", "Förrådståg"), "W-FORTUNE": ("Fortune of war", ""),
    "W-KLISZOW": ("The Battle of Kliszow", ""), "W-NARVA": ("The Battle of Narva", ""),
    "W-BREITENFELD": ("The Battle of Breitenfeld", ""), "W-BELT": ("The Great Belt Expedition", ""),
    "W-POLTAVA": ("The Battle of Poltava", "Slaget vid Poltava"),
    "W-STEEL": ("The Taste of the Swedish Steel", "Svenska stålet biter"),
}
REGENTS = {
    "R-ELECTION": ("Archiepiscopal election", "Ärkebiskopsval"), "R-BLOCKADE": ("Commercial Blockade", ""),
    "R-WAR": ("War (Elective)", ""), "R-PILLAGE": ("Pillage", "Plundring"),
    "R-CHANCELLOR": ("Chancellor regency", ""), "R-LEARNING": ("Age of learning", ""),
}
# names the rules give only as an effect: ours, and marked designed
DESIGNED_NAMES = {"E-ENLISTMENT", "E-EXCHANGE", "E-RETURN", "E-SURCHARGE", "E-INFRA", "W-FORTUNE",
                  "R-CHANCELLOR", "R-LEARNING"}
# titles whose spelling we corrected from the translation's misprint: (ours, the rulebook's)
RESPELT = {"E-NOBILITY": "House of Nobilty", "E-SURPRISE": "Surprice attack!", "E-BURST": "Cannon barrel bursted!"}


@pytest.fixture(scope="module")
def decks() -> dict:
    return {c.id: c for c in load_game("batalj").components if c.kind == "cards"}


def _rows(deck) -> dict:
    return {card.id: card for card in deck.cards}


def test_a_deck_per_card_type_each_with_fronts_and_a_back(decks: dict) -> None:
    assert set(decks) == {"archbishop", "events", "war", "regents", "artillery", "philosophers", "markers"}
    for deck in decks.values():
        assert deck.back is not None and deck.back.scene().items, deck.id
        assert all(piece.front().items for piece in deck.pieces), deck.id


def test_the_new_event_cards_have_the_rules_names_and_counts(decks: dict) -> None:
    rows = _rows(decks["events"])
    assert {i: (r.title, r.columns["title_sv"], r.quantity) for i, r in rows.items()} == EVENTS
    assert decks["events"].item_count() == 29
    assert rows["E-COURT"].columns["count"] == "+1 card" and rows["E-PRIVILEGES"].columns["count"] == "+2 cards"


def test_war_and_regent_cards(decks: dict) -> None:
    assert {i: (r.title, r.columns["title_sv"]) for i, r in _rows(decks["war"]).items()} == WAR
    assert {i: (r.title, r.columns["title_sv"]) for i, r in _rows(decks["regents"]).items()} == REGENTS


def test_archbishop_artillery_and_philosophers(decks: dict) -> None:
    (arch,) = decks["archbishop"].cards
    assert (arch.title, arch.columns["title_sv"], arch.quantity) == ("The Archbishop", "Ärkebiskop", 1)
    artillery = decks["artillery"].cards
    assert sorted(card.columns["strength"] for card in artillery) == [1, 2, 3]
    assert all(card.quantity == 1 for card in artillery)
    assert decks["philosophers"].item_count() == 3


def test_every_designed_name_or_count_is_marked(decks: dict) -> None:
    for deck_id in ("events", "war", "regents"):
        for card in decks[deck_id].cards:
            designed = card.columns["designed"]
            fields = designed_fields(designed)          # by field (issue 38): the mark goes beside each
            if card.id in DESIGNED_NAMES:
                assert "title" in fields, card.id
            if not card.columns["count"]:
                assert "quantity" in fields, card.id
            if card.id in RESPELT:                      # a misprint mended is the rules' title, not ours
                assert RESPELT[card.id] in designed and (card.id in DESIGNED_NAMES) == ("title" in fields), card.id


def test_the_twenty_pillage_markers(decks: dict) -> None:
    markers = decks["markers"]
    assert markers.item_count() == 20
    values: dict[str, Counter] = {"chest": Counter(), "chalice": Counter(), "imperial": Counter()}
    for card in markers.cards:
        values[card.columns["kind"]][card.columns["value"]] += card.quantity
    assert sorted(values["chest"].elements()) == [1, 1, 5, 10, 15, 20, 25, 30, 40]
    assert sorted(values["chalice"].elements()) == [1, 1, 1, 2, 2, 3]
    assert sum(values["imperial"].values()) == 5
    assert markers.pieces[0].width == markers.pieces[0].height == 25      # round markers on a square trim
    assert len({id(piece.back_face) for piece in markers.pieces}) == 1   # one common back, for duplex


def test_one_back_for_every_event_card(decks: dict) -> None:
    """The war Events are printed with the Event back: a held Event never tells its kind."""
    assert repr(decks["war"].back.scene().items) == repr(decks["events"].back.scene().items)
    assert repr(decks["war"].back.scene().items) != repr(decks["regents"].back.scene().items)


PAWNS = {("sweden", "soldier"): 30, ("sweden", "commander"): 6, ("sweden", "cannon"): 3,
         ("enemy", "soldier"): 30, ("enemy", "commander"): 5, ("enemy", "cannon"): 3}


def test_the_pawns_of_both_armies_marked_designed() -> None:
    (pawns,) = [c for c in load_game("batalj").components if c.id == "pawns"]
    counts: Counter = Counter()
    for row in pawns.cards:
        counts[(row.columns["side"], row.columns["kind"])] += row.quantity
        assert "designed" in row.columns["designed"], row.id
    assert counts == Counter(PAWNS)
    assert all(piece.front().items and piece.back().items for piece in pawns.pieces)
