"""2.0 step 1 New round, 6.1 round-based events, 6.2 event cards (test board)."""

import pytest

from bot.stockholm1520.rules import RuleError, recording
from bot.stockholm1520.rules.draws import finish_draws, start_draws
from bot.stockholm1520.rules.enemy import enemy_turn
from bot.stockholm1520.rules.new_round import start_round
from tests.bot.helpers import table

SIX = [("cav1", "cavalry", "0705"), ("cav2", "cavalry", "0805"), ("xbow1", "crossbowmen", "0905"),
       ("xbow2", "crossbowmen", "0706"), ("pike1", "pikemen", "0906"), ("pike2", "pikemen", "0707")]


def new_round(t, drawn=None, round_before=0):
    t.pos.round = round_before
    t.pos.phase = "round"
    start_draws(t, drawn)
    start_round(t)
    finish_draws(t)
    return t


def round_records(t, drawn):
    """What a new round on ``t`` with the cards ``drawn`` recorded."""
    with recording() as records:
        new_round(t, drawn)
    return records


def spawned(records):
    return {r["unit"]: r["path"][0] for r in records if r["kind"] == "spawn"}


def test_event_then_four_zone_cards_and_troops_line_up_red_green_blue():
    t = table(SIX)
    records = round_records(t, ["E-MOVE-G", "Z-A1-B", "Z-A1-R", "Z-A1-G", "Z-B1-R"])
    # road A1: entry 0502, lineup 0402 then 0302
    assert spawned(records) == {"A1-cav": "0502", "A1-xbow": "0402", "A1-pike": "0302", "B1-cav": "1506"}
    assert t.pos.extra_move == ["crossbowmen"]
    assert t.pos.phase == "enemy" and t.pos.round == 1


def test_zone_cards_are_reshuffled_into_the_deck_after_placing():
    t = new_round(table(SIX))
    assert len(t.decks.zone.draw) == 30 and t.decks.zone.discard == []     # 10 roads x 3 colours
    assert len([u for u in t.pos.danish if u.type != "propagandist"]) >= 4


def test_one_more_zone_card_per_propaganda_level():
    t = table(SIX, propaganda=2)
    new_round(t, ["E-MOVE-R", "Z-A1-R", "Z-A2-R", "Z-B1-R", "Z-C1-R", "Z-C2-R", "Z-C3-R"])
    assert len(t.pos.danish) == 6
    with pytest.raises(RuleError, match="more cards needed"):
        new_round(table(SIX, propaganda=2), ["E-MOVE-R", "Z-A1-R", "Z-A2-R", "Z-B1-R", "Z-C1-R", "Z-C2-R"])


def test_entered_cards_must_be_in_the_right_pile():
    with pytest.raises(RuleError, match="not an event card"):
        new_round(table(SIX), ["Z-A1-R"])
    with pytest.raises(RuleError, match="not used"):
        new_round(table(SIX), ["E-SHIP", "Z-A1-R", "Z-A1-G", "Z-A2-R", "Z-B1-R", "Z-C1-R", "Z-C2-R"])


def test_entry_space_taken_by_a_swedish_unit_the_troop_takes_the_next_space_of_the_line():
    t = table([("cav1", "cavalry", "0502")])
    records = round_records(t, ["E-MOVE-R", "Z-A1-R", "Z-A1-G", "Z-B1-R", "Z-C1-R"])
    assert spawned(records)["A1-cav"] == "0402" and spawned(records)["A1-xbow"] == "0302"


@pytest.mark.parametrize("round_before,militia", [(2, True), (3, False), (4, True), (6, True), (1, False)])
def test_militia_arrives_on_rounds_3_5_7(round_before, militia):
    t = new_round(table(SIX), round_before=round_before)
    units = [u for u in t.pos.swedish if u.type == "militia"]
    assert bool(units) is militia
    if militia:
        assert units[0].hex == "0510"


def test_round_8_christian_on_zone_c_road_4_propaganda_5_and_nine_troops():
    t = new_round(table(SIX), round_before=7)
    christian = [u for u in t.pos.danish if u.type == "christian"]
    assert len(christian) == 1 and christian[0].hex == "1311"          # C4's entry space
    assert t.pos.propaganda >= 5
    troops = [u for u in t.pos.danish if u.type in ("cavalry", "crossbowmen", "pikemen")]
    assert len(troops) == 9


def test_round_8_never_more_than_nine_troops_even_with_more_propaganda():
    t = new_round(table(SIX, propaganda=7), round_before=7)
    assert len([u for u in t.pos.danish if u.zone is not None]) == 9


def test_christian_event_card_before_round_8():
    t = new_round(table(SIX, propaganda=1), ["E-CHRISTIAN"] + [f"Z-{r}-R" for r in
                                                                ("A1", "A2", "B1", "C1", "C2", "C3", "C4", "D1", "D2")])
    assert t.pos.propaganda == 5
    assert [u.hex for u in t.pos.danish if u.type == "christian"] == ["1311"]
    # Christian II is stationary: an enemy turn leaves him where he is
    enemy_turn(t)
    assert [u.hex for u in t.pos.danish if u.type == "christian"] == ["1311"]


def test_bridge_event_opens_the_bridge_for_good():
    t = new_round(table(SIX), ["E-BRIDGE", "Z-A1-R", "Z-A2-R", "Z-B1-R", "Z-C1-R"])
    assert t.pos.bridge_open is True


def test_ship_lands_at_the_port_after_five_enemy_turns_with_the_drawn_cards_troop():
    t = new_round(table(SIX), ["E-SHIP", "Z-B1-G", "Z-A1-R", "Z-A2-R", "Z-D1-R", "Z-D2-R"])
    assert t.pos.ship.turns_left == 5 and t.pos.ship.troop == "crossbowmen"
    t.pos.danish.clear()                               # the ship alone keeps the round going
    for turn in range(1, 5):
        assert enemy_turn(t) == "continue"
        assert t.pos.ship.turns_left == 5 - turn and not t.pos.danish
        t.pos.phase = "enemy"
    enemy_turn(t)
    assert t.pos.ship is None
    [troop] = t.pos.danish
    assert (troop.type, troop.hex, troop.zone, troop.road) == ("crossbowmen", "1007", "B", 1)


def test_propaganda_zone_d_roads_1_and_2_share_road_2s_space():
    t = new_round(table(SIX), ["E-PROPAGANDA", "Z-D1-R", "Z-A1-R", "Z-A2-R", "Z-B1-R", "Z-C1-R"])
    assert [u.hex for u in t.pos.danish if u.type == "propagandist"] == ["0105"]    # D2's yellow space
    assert t.decks.held == ["E-PROPAGANDA"]           # out of the deck until the round is over
    t3 = new_round(table(SIX), ["E-PROPAGANDA", "Z-D3-R", "Z-A1-R", "Z-A2-R", "Z-B1-R", "Z-C1-R"])
    assert [u.hex for u in t3.pos.danish if u.type == "propagandist"] == ["0108"]


def test_the_ships_troop_joins_its_road_from_the_port():
    # 6.2 Ship, 2.0 step 2, 4.0: landed off its road, the troop heads along its road (B1) toward
    # Kristina: it joins the road at its nearest point (0906) and attacks her from there.
    t = table(SIX[:1], [], ship={"turns_left": 1, "troop": "cavalry", "zone": "B", "road": 1})
    enemy_turn(t)                                      # lands at the port 1007
    [troop] = t.pos.danish
    assert troop.hex == "1007"
    t.pos.phase = "enemy"
    with recording() as log:
        assert enemy_turn(t) == "defeat"               # 1007 > 1006 > 0906, road B1 next to Kristina
    move = next(r for r in log if r["kind"] == "danish")
    assert move["path"] == ["1007", "1006", "0906"] and move["attack"]["target"] == "kristina"
    assert "back onto road B1 at 0906" in move["reason"]


def test_a_card_of_the_kits_own_kind_none_makes_the_bot_do_nothing_for_it():
    # Issue 14: what a card does (kind) is separate from its picture and flag: a new Swedish
    # card with kind none spawns no propagandist, whatever it shows.
    from games.stockholm1520.cards import EventCard, plain_event_card
    from bot.stockholm1520.decks import Decks
    rally = plain_event_card(EventCard(id="E-RALLY", title="Rally", kind="none", flag="swedish", quantity=1,
                                       picture="scroll", text="The burghers rally."))      # checked, then as the bot holds it
    t = table(SIX)
    t.decks = Decks(list(t.data.zone_cards), [*t.data.event_cards, rally])
    records = round_records(t, ["E-RALLY", "Z-A1-R", "Z-B1-R", "Z-C1-R", "Z-D1-R"])
    assert [u.type for u in t.pos.danish] == ["cavalry"] * 4          # the four troops, no propagandist
    event = next(r for r in records if r["kind"] == "event")
    assert "E-RALLY (Rally): the bot plays no effect for it" in event["reason"]
    assert t.pos.propaganda == 0 and t.pos.ship is None and not t.pos.bridge_open
