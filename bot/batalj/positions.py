"""A battle's situation as a file, for ``pnpkit batalj ask`` (docs/batalj-bot.md "The position"):
the step the enemy is to play, the round, each army's groups in the Sectors (with the Province
card a Swedish group stands on) and its Reserve (pieces, Cannons, cards), the enemy's strength
cards in hand before they are laid, and the battle cards played. The same format is written
back as the position after the answer, and can be asked again.

The shape is checked with pydantic models; then what the rules say a position may hold (at
most four pieces in a Sector, a Commander never alone, a Soldier in each Reserve, one army to
an area, the enemy's Cannons of Styrka 2). Every problem is reported at once with the file,
line and field (``bot.positionfile``), so a position is fixed in one pass."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pydantic import Field, StrictBool, StrictInt, StrictStr

from generator.core.errors import DataError, Problem
from generator.core.models import Strict

from bot.batalj.board import ENEMY, MAX_PIECES, SECTORS, SWEDEN, SWEDISH_SECTORS, fold, name, Side
from bot.batalj.events import card_key
from bot.batalj.game import MAX_PLAYERS, MIN_PLAYERS
from bot.batalj.state import Battle, Group, Phase, Reserve
from bot.batalj.strength import Strength, parse_strength
from bot.positionfile import Lines, PositionReader, shown

#: The steps a position may be asked at (the enemy's part of each), by the battle's phase.
STEPS: dict[str, Phase] = {"ready": "setup", "fire": "fire", "counter": "counter", "redeploy": "redeploy"}
STEP_OF = {"setup": "ready", "fire": "fire", "attack": "attack", "counter": "counter", "redeploy": "redeploy",
           "over": "over"}
STEP_WORDS = ("ready (step 1: the enemy laid from its strength cards in hand), fire (step 2: the enemy's "
              "Cannons, after Sweden's), counter (step 4: the enemy counter-attacks) or redeploy (step 6: the "
              "enemy redeploys, after Sweden's step 5)")
ENEMY_STYRKA = 2                                        # "The enemy Artillery always has strength 2"

REQUIRED = {"players": f"the number of players, {MIN_PLAYERS}-{MAX_PLAYERS}",
            "step": f"the step the enemy plays: {STEP_WORDS}",
            "sweden": "the Swedish army: {\"s1\": {\"soldiers\": 2, \"card\": \"Uppland\"}, ..., \"reserve\": {...}}",
            "reserve": "the army's Reserve: {\"soldiers\": N, \"commanders\": N, \"cannons\": [...]}",
            "soldiers": "the number of Soldiers"}
EXPECTED_FIELDS = {area: "null or an object {\"soldiers\": N, \"commanders\": N}" for area in SECTORS}


class GroupIn(Strict):
    soldiers: StrictInt = Field(default=0, ge=0, le=MAX_PIECES)
    commanders: StrictInt = Field(default=0, ge=0, le=MAX_PIECES)
    card: StrictStr | None = Field(default=None, min_length=1, max_length=40)


class EnemyGroupIn(Strict):
    soldiers: StrictInt = Field(default=0, ge=0, le=MAX_PIECES)
    commanders: StrictInt = Field(default=0, ge=0, le=MAX_PIECES)


class SwedishReserveIn(Strict):
    soldiers: StrictInt = Field(ge=0, le=999)
    commanders: StrictInt = Field(default=0, ge=0, le=999)
    cannons: list[StrictInt] = Field(default=[], max_length=50)
    cards: list[StrictStr] = Field(default=[], max_length=50)


class EnemyReserveIn(Strict):
    soldiers: StrictInt = Field(ge=0, le=999)
    commanders: StrictInt = Field(default=0, ge=0, le=999)
    cannons: list[StrictInt] = Field(default=[], max_length=50)


class SwedenIn(Strict):
    s1: GroupIn | None = None
    s2: GroupIn | None = None
    s3: GroupIn | None = None
    e1: GroupIn | None = None
    e2: GroupIn | None = None
    e3: GroupIn | None = None
    reserve: SwedishReserveIn


class EnemyIn(Strict):
    s1: EnemyGroupIn | None = None
    s2: EnemyGroupIn | None = None
    s3: EnemyGroupIn | None = None
    e1: EnemyGroupIn | None = None
    e2: EnemyGroupIn | None = None
    e3: EnemyGroupIn | None = None
    reserve: EnemyReserveIn


class PositionIn(Strict):
    game: StrictStr | None = None
    players: StrictInt = Field(ge=MIN_PLAYERS, le=MAX_PLAYERS)
    step: StrictStr
    round: StrictInt | None = Field(default=None, ge=0, le=999)
    sweden: SwedenIn
    enemy: EnemyIn | None = None
    hand: list[StrictStr] = Field(default=[], max_length=MAX_PLAYERS + 1)
    played: list[StrictStr] = Field(default=[], max_length=20)
    steel: StrictBool = False
    fortune: StrictBool = False


@dataclass
class Situation:
    """A position read: the battle, and the enemy's strength cards in hand (step ready)."""

    battle: Battle
    hand: list[Strength]


def position_from_json(data: Any, source: str, lines: Lines | None = None) -> Situation:
    """Read a battle's position (the ``batalj ask`` format); DataError lists every problem,
    each with its field (and line, given the file's ``lines``)."""
    if not isinstance(data, dict):
        raise DataError([Problem(source, "a position is a JSON object ({...})")])
    reader = PositionReader(source, REQUIRED, EXPECTED_FIELDS, lines)
    fields, _ = reader.shape(PositionIn, data)
    reader.check()                      # a shape that is wrong says so first: the rest builds on it
    assert isinstance(fields, PositionIn)
    if fields.game not in (None, "batalj"):
        reader.bad("game", f"a position of Batalj, not of {shown(fields.game)} (leave \"game\" out, or write "
                           "\"batalj\")", ("game",))
    phase = STEPS.get(fields.step)
    if phase is None:
        hint = " (step 3 is Sweden's attack: the enemy's answer to it is its counter-attack)" \
            if fields.step == "attack" else ""
        reader.bad("step", f"expected {STEP_WORDS}, got {shown(fields.step)}{hint}", ("step",))
    battle = Battle(fields.players, phase=phase or "fire", steel=fields.steel, fortune=fields.fortune)
    ready = phase == "setup"
    battle.round = _round(reader, fields, ready)
    _sweden(reader, fields.sweden, battle, ready)
    if ready:
        if fields.enemy is not None:
            reader.bad("enemy", "at step ready the enemy is laid from its strength cards in hand (\"hand\"): leave "
                                "\"enemy\" out", ("enemy",))
    elif fields.enemy is None:
        reader.bad("enemy", "required but missing: the enemy army, like \"sweden\" (it is left out only at step "
                            "ready)", ("enemy",), missing=True)
    else:
        _enemy(reader, fields.enemy, battle)
    hand = _hand(reader, fields, ready)
    battle.played = _played(reader, fields.played)
    reader.check()
    return Situation(battle, hand)


def _round(reader: PositionReader, fields: PositionIn, ready: bool) -> int:
    if ready:
        if fields.round not in (None, 0):
            reader.bad("round", f"the battle has not begun at step ready: round 0 (or leave it out), got "
                                f"{fields.round}", ("round",))
        return 0
    if fields.round == 0:
        reader.bad("round", "the battle's rounds count from 1 (round 0 is step ready)", ("round",))
    return fields.round or 1


def _group(reader: PositionReader, where: str, g: GroupIn | EnemyGroupIn, path: tuple[Any, ...]) -> bool:
    """The rules' limits on one group; whether it holds."""
    ok = True
    if g.soldiers + g.commanders > MAX_PIECES:
        reader.bad(where, f"at most FOUR pieces (Soldiers and Commanders) in a Sector, got "
                          f"{g.soldiers + g.commanders}", path)
        ok = False
    if g.commanders and not g.soldiers:
        reader.bad(f"{where}.commanders", "a Commander may NEVER be left alone in a Sector: add a Soldier, or put "
                                          "the Commander in the Reserve", (*path, "commanders"))
        ok = False
    return ok


def _sweden(reader: PositionReader, army: SwedenIn, battle: Battle, ready: bool) -> None:
    seen: dict[str, str] = {}
    for area in SECTORS:
        g = getattr(army, area)
        where, path = f"sweden.{area}", ("sweden", area)
        if g is None or (not g.soldiers and not g.commanders and g.card is None):
            continue
        if not _group(reader, where, g, path):
            continue
        if ready and area not in SWEDISH_SECTORS:
            reader.bad(where, f"at step ready the Swedish troops stand in their own Sectors and Reserve, not in "
                              f"{name(area)}", path)
            continue
        if g.card is not None and not g.soldiers:
            reader.bad(where, f"Province card {g.card} has no piece: it waits in the Swedish Reserve (put it in "
                              "sweden.reserve.cards)", path)
            continue
        if g.card is not None:
            _card(reader, seen, g.card, f"{where}.card", (*path, "card"))
        battle.sectors[area] = Group(SWEDEN, g.soldiers, g.commanders, g.card)
    r = army.reserve
    _soldier_kept(reader, "sweden", r.soldiers)
    for i, styrka in enumerate(r.cannons):
        if styrka not in (1, 2, 3):
            reader.bad(f"sweden.reserve.cannons[{i}]", f"a Swedish Cannon has the Styrka of its Artillery card, 1, "
                                                       f"2 or 3, got {styrka}", ("sweden", "reserve", "cannons", i))
    for i, card in enumerate(r.cards):
        _card(reader, seen, card, f"sweden.reserve.cards[{i}]", ("sweden", "reserve", "cards", i))
    battle.reserves[SWEDEN] = Reserve(r.soldiers, r.commanders, list(r.cannons), [] if ready else list(r.cards))
    if ready:
        if not r.cards:
            reader.bad("sweden.reserve.cards", "at least one Province card MUST be placed in the Reserve: name it "
                                               "here (its pieces are counted in the Reserve)",
                       ("sweden", "reserve"))
        battle.reserve_cards_placed = list(r.cards)


def _card(reader: PositionReader, seen: dict[str, str], card: str, where: str, path: tuple[Any, ...]) -> None:
    if ";" in card or not card.isprintable():
        reader.bad(where, f"a Province card's name: printable characters, no ';', got {shown(card)}", path)
    elif fold(card) in seen:
        reader.bad(where, f"Province card {card} is already at {seen[fold(card)]}: each card is on the board "
                          "once", path)
    seen[fold(card)] = where


def _soldier_kept(reader: PositionReader, side: Side, soldiers: int) -> None:
    if soldiers < 1:
        reader.bad(f"{side}.reserve.soldiers", "both armies must always have at least one SOLDIER in their Reserve "
                                               "(the battle is over when one has none), got 0",
                   (side, "reserve", "soldiers"))


def _enemy(reader: PositionReader, army: EnemyIn, battle: Battle) -> None:
    for area in SECTORS:
        g = getattr(army, area)
        where, path = f"enemy.{area}", ("enemy", area)
        if g is None or (not g.soldiers and not g.commanders):
            continue
        if not _group(reader, where, g, path):
            continue
        if not battle.sectors[area].empty:
            reader.bad(where, f"{name(area)} holds Swedish pieces too (sweden.{area}): an area holds one army's "
                              "pieces at a time", path)
            continue
        battle.sectors[area] = Group(ENEMY, g.soldiers, g.commanders)
    r = army.reserve
    _soldier_kept(reader, "enemy", r.soldiers)
    for i, styrka in enumerate(r.cannons):
        if styrka != ENEMY_STYRKA:
            reader.bad(f"enemy.reserve.cannons[{i}]", f"the enemy Artillery always has Styrka {ENEMY_STYRKA}, got "
                                                      f"{styrka}", ("enemy", "reserve", "cannons", i))
    battle.reserves[ENEMY] = Reserve(r.soldiers, r.commanders, list(r.cannons))


def _hand(reader: PositionReader, fields: PositionIn, ready: bool) -> list[Strength]:
    """The enemy's strength cards in hand: players + 1 at step ready, none otherwise."""
    if not ready:
        if fields.hand:
            reader.bad("hand", "the enemy holds its strength cards in hand only at step ready (before they are "
                               "laid): leave \"hand\" out", ("hand",))
        return []
    want = fields.players + 1
    if len(fields.hand) != want:
        reader.bad("hand", f"the enemy draws one card more than the players: {want} strength cards (like "
                           f"\"3s1c\"), got {len(fields.hand)}", ("hand",))
    cards = []
    for i, word in enumerate(fields.hand):
        try:
            cards.append(parse_strength(word, i + 1))
        except ValueError as err:
            reader.bad(f"hand[{i}]", str(err), ("hand", i))
    return cards


def _played(reader: PositionReader, played: list[str]) -> list[str]:
    keys = []
    for i, word in enumerate(played):
        key = card_key(word)
        if key is None:
            reader.bad(f"played[{i}]", f"expected a battle card (supply, fortune, kliszow, narva, breitenfeld, belt, "
                                       f"poltava, steel, incursion, surprise, burst), got {shown(word)}",
                       ("played", i))
        else:
            keys.append(key)
    return keys


def position_to_json(battle: Battle, hand: list[Strength] | None = None) -> dict[str, Any]:
    """A battle in the position format (read back by ``position_from_json``)."""
    def side(army: Side) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for area in SECTORS:
            g = battle.sectors[area]
            if g.side == army and (g.pieces or g.card):
                out[area] = {"soldiers": g.soldiers, "commanders": g.commanders}
                if army == SWEDEN and g.card:
                    out[area]["card"] = g.card
        r = battle.reserves[army]
        out["reserve"] = {"soldiers": r.soldiers, "commanders": r.commanders, "cannons": list(r.cannons)}
        if army == SWEDEN:
            out["reserve"]["cards"] = list(r.cards if battle.phase != "setup" else battle.reserve_cards_placed)
        return out

    data: dict[str, Any] = {"game": "batalj", "players": battle.players, "step": STEP_OF[battle.phase],
                            "round": battle.round, "sweden": side(SWEDEN)}
    if battle.phase != "setup":
        data["enemy"] = side(ENEMY)
    if hand:
        data["hand"] = [str(c) for c in hand]
    data.update({"played": list(battle.played), "steel": battle.steel, "fortune": battle.fortune})
    return data


__all__ = ["STEPS", "Situation", "position_from_json", "position_to_json"]
