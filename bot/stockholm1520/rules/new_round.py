"""2.0 step 1 New round: an event card (6.2), then 4 zone cards plus one per propaganda level;
spawns line up red, green, blue behind the entry space; militia on rounds 3, 5, 7; round 8
brings Christian II with propaganda 5 and at most 9 Danish troops (2.0 step 5, 6.1)."""

from __future__ import annotations

from games.stockholm1520.carddata import EventCard, ZoneCard

from bot.stockholm1520.rules.common import RuleError, blocking_hexes, free_space_near, record, require_phase
from bot.stockholm1520.rules.draws import draw_event, draw_zone
from bot.stockholm1520.state import Position, Ship, Table, Unit
from bot.stockholm1520.units import SHORT, TROOPS

MILITIA_ROUNDS = (3, 5, 7)
LAST_ROUND = 8
BASE_ZONE_CARDS = 4
MAX_DANES_ROUND_8 = 9
SHIP_TURNS = 5
CHRISTIAN_ZONE, CHRISTIAN_ROAD = "C", 4


def start_round(t: Table) -> None:
    require_phase(t, "round")
    pos = t.pos
    if pos.round >= LAST_ROUND:
        raise RuleError("round 8 was the last round")
    pos.round += 1
    pos.turn = 0
    pos.extra_move = []
    for u in pos.swedish:
        u.moved, u.done = 0, False
    record("round", round=pos.round, reason=f"round {pos.round} begins (2.0 step 1)")
    event = draw_event(t)
    apply_event(t, event)
    if pos.round == LAST_ROUND:
        christian_arrives(t, f"round {LAST_ROUND}: Christian II arrives, propaganda raised to 5 (2.0 step 5, 6.1)")
    count = BASE_ZONE_CARDS + pos.propaganda
    why = f"{BASE_ZONE_CARDS} zone cards + {pos.propaganda} for propaganda (2.0 step 1)"
    if pos.round >= LAST_ROUND and count > MAX_DANES_ROUND_8:
        count, why = MAX_DANES_ROUND_8, f"at most {MAX_DANES_ROUND_8} Danish units in round 8 (2.0 step 5)"
    record("note", reason=f"drawing {count} zone cards: {why}")
    cards = [draw_zone(t, "the Danish troops") for _ in range(count)]
    spawn_troops(t, cards)
    if pos.round in MILITIA_ROUNDS:
        spawn_militia(t)
    t.decks.zone.shuffle_in(t.rng)        # "After this you may reshuffle the cards into the deck" (2.0)
    pos.phase = "enemy"


def apply_event(t: Table, card: EventCard) -> None:
    """6.2 Event cards."""
    pos = t.pos
    if card.kind == "additional_movement" and card.troop is not None:   # such a card names its troop
        pos.extra_move = sorted(set(pos.extra_move) | {card.troop})
        record("event", card=card.id,
               reason=f"event {card.id}: {card.troop} (Danish and Swedish alike, as the card says) move one "
                      f"extra space every turn this round (6.2)")
    elif card.kind == "bridge":
        already = pos.bridge_open
        pos.bridge_open = True
        record("event", card=card.id, reason=f"event {card.id}: the bridge at {', '.join(sorted(t.board.bridge))} "
               f"{'stays' if already else 'is now'} open to the Danes (6.2)")
    elif card.kind == "christian":
        record("event", card=card.id, reason=f"event {card.id}: Christian II (6.2)")
        christian_arrives(t, "Christian II spawns, propaganda raised to 5 (6.2 Christian II)")
    elif card.kind == "propaganda":
        record("event", card=card.id, reason=f"event {card.id}: a propagandist sets out (6.2 Propaganda)")
        spawn_propagandist(t)
    elif card.kind == "ship":
        zone = draw_zone(t, "the ship's troop")
        pos.ship = Ship(SHIP_TURNS, zone.troop, zone.zone, zone.road, zone.id)
        record("event", card=card.id, reason=f"event {card.id}: a ship with {zone.troop} lands at the port "
               f"{t.board.port} after {SHIP_TURNS} turns (6.2 Ship)")
    elif card.kind == "none":
        record("event", card=card.id, reason=f"event {card.id} ({card.title}): the bot plays no effect for it; "
                                                 f"follow the card's text")
    else:
        raise RuleError(f"unknown event kind {card.kind!r}")


def christian_arrives(t: Table, why: str) -> None:
    """Christian II on zone C road 4's entry (3.2); propaganda to at least 5. Once on the
    board he stays (stationary); a second call while he is there changes only the meter."""
    pos = t.pos
    pos.propaganda = max(pos.propaganda, 5)
    pos.christian_arrived = True
    if any(u.type == "christian" for u in pos.danish):
        record("note", reason=f"{why}; Christian II is already on the board")
        return
    road = t.board.road(CHRISTIAN_ZONE, CHRISTIAN_ROAD)
    hex_id = _spawn_space(t, [road.path[0], *road.lineup])
    unit = Unit(pos.new_id("christian"), "christian", hex_id, "danish")
    pos.danish.append(unit)
    record("spawn", unit=unit.id, path=[hex_id], reason=f"{why}: Christian II at {hex_id}")


def _spawn_space(t: Table, spaces: list[str]) -> str:
    """First free space of the entry's line; else the nearest free space (rules-notes: spawn)."""
    ground = t.board.danish_ground(t.pos.bridge_open)
    taken = blocking_hexes(t)
    for h in spaces:
        if h not in taken and h in ground:
            return h
    swedish = {u.hex for u in t.pos.swedish}
    found = free_space_near(t, spaces[0], ground, taken, avoid=swedish)
    if found is None:
        raise RuleError(f"no free space near {spaces[0]} for a Danish unit")
    return found


def spawn_troops(t: Table, cards: list[ZoneCard]) -> None:
    """Each card's troop on its road's entry; several on one road line up red, green, blue."""
    by_road: dict[tuple[str, int], list[ZoneCard]] = {}
    for c in cards:
        by_road.setdefault((c.zone, c.road), []).append(c)
    for key in sorted(by_road):
        group = sorted(by_road[key], key=lambda c: TROOPS.index(c.troop))
        road = t.board.road(*key)
        for card in group:
            hex_id = _spawn_space(t, [road.path[0], *road.lineup])
            unit = Unit(t.pos.new_id(f"{road.name}-{SHORT[card.troop]}"), card.troop, hex_id, "danish",
                        road.zone, road.number)
            t.pos.danish.append(unit)
            where = "on the entry space" if hex_id == road.path[0] else (
                "in line behind the entry (red, green, blue, 2.0 step 1)" if hex_id in road.lineup
                else "on the nearest free space: the entry line is taken")
            record("spawn", unit=unit.id, path=[hex_id], card=card.id,
                   reason=f"{t.units.colour[card.troop]} {card.troop} for road {road.name} at {hex_id}, {where}")


def spawn_militia(t: Table) -> None:
    """Rounds 3, 5, 7: a Swedish militia on the Militia space (2.0 step 1, 6.1)."""
    board = t.board
    ground = frozenset(board.passable & board.playfield)
    taken = {u.hex for u in t.pos.units()} | {board.kristina}
    hex_id = free_space_near(t, board.militia_space, ground, taken)
    if hex_id is None:
        record("note", reason="no free space for the militia")
        return
    unit = Unit(t.pos.swedish_id("militia"), "militia", hex_id, "swedish")
    t.pos.swedish.append(unit)
    note = "" if hex_id == board.militia_space else f" (the Militia space {board.militia_space} is taken)"
    record("spawn", unit=unit.id, path=[hex_id],
           reason=f"round {t.pos.round}: Swedish militia {unit.id} arrives at {hex_id}{note} (2.0 step 1, 6.1)")


def spawn_propagandist(t: Table, replayed: bool = False) -> None:
    """6.2 Propaganda: a zone card picks the zone (zone D: roads 1-2 share road 2's space);
    nothing spawns once every castle has defected (rules-notes: propaganda)."""
    pos = t.pos
    if len(pos.defected_castles) >= len(t.board.castles):
        record("note", reason="every castle has defected: no propagandist spawns (rules-notes)")
        return
    card = draw_zone(t, "the propagandist of the replayed Propaganda card" if replayed else "the propagandist")
    space = t.board.propagandist_spawn(card.zone, card.road)
    if space is None:           # every road has a spawn space (checked when the board is read)
        raise RuleError(f"no propagandist spawn space serves road {card.zone}{card.road}")
    ground = t.board.danish_ground(pos.bridge_open)
    swedish = {u.hex for u in pos.swedish} | {t.board.kristina}
    hex_id = free_space_near(t, space, ground, swedish, avoid=swedish)
    if hex_id is None:
        record("note", reason=f"the propagandist's space {space} and every space around it is taken")
        return
    unit = Unit(pos.numbered_id("prop"), "propagandist", hex_id, "danish")
    pos.danish.append(unit)
    record("spawn", unit=unit.id, path=[hex_id], card=card.id,
           reason=f"propagandist {unit.id} for zone {card.zone} (card {card.id}) at {hex_id}"
                  + ("" if hex_id == space else f", its space {space} is held by a Swedish unit")
                  + " (6.2 Propaganda)")

