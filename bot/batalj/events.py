"""Event cards that act in a battle (rules: "Changed effects for certain Event cards" and the
new Event cards). Each is played by a player at a moment the rules allow and is played at most
once a battle (one copy of each is printed)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from bot.batalj.board import ENEMY, ENEMY_SECTORS, SECTORS, SWEDEN, area_id, fold, name
from bot.batalj.losses import check_the_end, never_alone
from bot.batalj.state import BattleOver, RuleError, Table
from generator.core.limits import excerpt

CHANGED = "Changed effects for certain Event cards"
NEW = "Event cards"


@dataclass(frozen=True)
class EventCard:
    """A battle card: its id in data/batalj/cards, its name, when it may be played, its effect."""

    key: str
    card_id: str
    title: str
    rule: str
    needs: str            # what the argument names: "", "sector", "piece", "cannon"
    when: str             # "war": any time after placement; "round": before the Swedish attack


def _battle_cards() -> dict[str, EventCard]:
    cards = [EventCard("supply", "W-SUPPLY", "Supply train (Förrådståg)", CHANGED, "", "war"),
             EventCard("fortune", "W-FORTUNE", "Fortune of war", CHANGED, "", "round"),
             EventCard("kliszow", "W-KLISZOW", "The Battle of Kliszow", CHANGED, "sector", "war"),
             EventCard("narva", "W-NARVA", "The Battle of Narva", CHANGED, "sector", "war"),
             EventCard("breitenfeld", "W-BREITENFELD", "The Battle of Breitenfeld", CHANGED, "sector", "war"),
             EventCard("belt", "W-BELT", "The Great Belt Expedition", CHANGED, "sector", "war"),
             EventCard("poltava", "W-POLTAVA", "The Battle of Poltava (Slaget vid Poltava)", CHANGED, "", "war"),
             EventCard("steel", "W-STEEL", "The Taste of the Swedish Steel (Svenska stålet biter)", CHANGED, "",
                       "round"),
             EventCard("incursion", "E-INCURSION", "Bold incursion!", NEW, "piece", "war"),
             EventCard("surprise", "E-SURPRISE", "Surprise attack!", NEW, "sector", "war"),
             EventCard("burst", "E-BURST", "Cannon barrel burst!", NEW, "cannon", "war")]
    return {c.key: c for c in cards}


BATTLE_CARDS = _battle_cards()
BY_ID = {c.card_id.lower(): c for c in BATTLE_CARDS.values()}


SWEDISH_NAMES = {"forradstag": "supply", "slaget vid poltava": "poltava", "svenska stalet biter": "steel"}


def card_key(word: str) -> str | None:
    """The card a player's word names: its key (``steel``), printed id (``W-STEEL``) or Swedish
    name, as typed (``Förrådståg``, ``forradstag``)."""
    word = fold(word)
    if word in BATTLE_CARDS:
        return word
    card = BY_ID.get(word)
    return card.key if card else SWEDISH_NAMES.get(word)


def check_argument(key: str, arg: str) -> str:
    """The argument of a battle card as the log keeps it; ValueError saying what was expected
    when it is not one (a word that is no Sector, no piece): bad input, before any rule."""
    card = BATTLE_CARDS[key]
    word = arg.strip().lower()
    if card.needs == "sector":
        area = area_id(word) if word else None
        if area is None:
            raise ValueError(f"play {key} SECTOR: " + (f"{excerpt(arg)} is not a Sector" if word else "name the enemy Sector")
                             + " (e1, e2, e3: the enemy's right flank, centre, left flank)")
        return area
    if card.needs == "piece":
        if word not in ("", "soldier", "commander", "cannon"):
            raise ValueError(f"play {key} [soldier|commander|cannon]: {excerpt(arg)} is not a piece")
        return word
    if card.needs == "cannon":
        side, colon, styrka = word.partition(":")
        if word and (side not in (SWEDEN, ENEMY) or (colon and styrka not in ("1", "2", "3"))):
            raise ValueError(f"play {key} [enemy|sweden:STYRKA]: {excerpt(arg)} names no side's Cannon (enemy, sweden, "
                             "sweden:1, sweden:2 or sweden:3)")
        return word
    if word:
        raise ValueError(f"play {key} takes no argument, not {excerpt(arg)}")
    return ""


def _enemy_sector(t: Table, arg: str, card: EventCard) -> str:
    if arg not in SECTORS or not t.battle.sectors[arg].holds(ENEMY):
        held = " ".join(t.battle.held(ENEMY)) or "none"
        raise RuleError(f"{card.title} names a Sector holding enemy pieces (not the Reserve): {held}")
    return arg


def supply(t: Table, card: EventCard, arg: str) -> None:
    t.battle.reserves[SWEDEN].soldiers += 3
    t.say("event", f"{card.title}: three Swedish Soldiers to the Reserve.", card.rule)


def fortune(t: Table, card: EventCard, arg: str) -> None:
    t.battle.fortune = True
    t.say("event", f"{card.title}: this round every failed Swedish die (rolled by the bot) is rolled again, once.",
          card.rule)


def great_battle(t: Table, card: EventCard, arg: str) -> None:
    sector = _enemy_sector(t, arg, card)
    g = t.battle.sectors[sector]
    removed, g.soldiers = g.soldiers, 0
    t.say("event", f"{card.title}: all {removed} Soldier(s) of {name(sector)} are removed.", card.rule)
    never_alone(t, sector)


def poltava(t: Table, card: EventCard, arg: str) -> None:
    b = t.battle
    b.reserves[ENEMY].soldiers += 5
    t.say("event", f"{card.title}: five more Soldiers in the enemy Reserve.", card.rule)
    for s in ENEMY_SECTORS:
        g = b.sectors[s]
        if g.side == SWEDEN and g.soldiers:
            b.reserves[SWEDEN].soldiers += g.soldiers
            t.say("event", f"{card.title}: the {g.soldiers} Swedish Soldier(s) in {name(s)} go to the Swedish "
                           "Reserve.", card.rule)
            g.soldiers = 0
            never_alone(t, s)      # Commanders follow; an empty card goes to the Reserve


def steel(t: Table, card: EventCard, arg: str) -> None:
    t.battle.steel = True
    t.say("event", f"{card.title}: this round every Swedish Sector counts as containing four Soldiers when it "
                   "attacks.", card.rule)


def incursion(t: Table, card: EventCard, arg: str) -> None:
    reserve = t.battle.reserves[ENEMY]
    piece = arg or "soldier"
    if piece not in ("soldier", "commander", "cannon"):
        raise RuleError(f"{card.title} removes one piece of the enemy Reserve: soldier, commander or cannon")
    have = {"soldier": reserve.soldiers, "commander": reserve.commanders, "cannon": len(reserve.cannons)}[piece]
    if not have:
        raise RuleError(f"the enemy Reserve holds no {piece}")
    if piece == "soldier":
        reserve.soldiers -= 1
    elif piece == "commander":
        reserve.commanders -= 1
    else:
        reserve.cannons.pop()
    t.say("event", f"{card.title}: one enemy {piece} removed from the enemy Reserve.", card.rule)
    check_the_end(t)


def surprise(t: Table, card: EventCard, arg: str) -> None:
    sector = _enemy_sector(t, arg, card)
    g = t.battle.sectors[sector]
    if not g.soldiers:
        raise RuleError(f"{name(sector)} holds no enemy Soldier")
    g.soldiers -= 1
    t.say("event", f"{card.title}: one enemy Soldier removed from {name(sector)}.", card.rule)
    never_alone(t, sector)


def burst(t: Table, card: EventCard, arg: str) -> None:
    side, _, styrka = (arg or "enemy").partition(":")
    if side not in (SWEDEN, ENEMY):
        raise RuleError(f"{card.title} names the side whose Cannon bursts: enemy, or sweden:STYRKA")
    cannons = t.battle.reserves[side].cannons
    if not cannons:
        raise RuleError(f"there is no {'Swedish' if side == SWEDEN else 'enemy'} Cannon on the Battlefield board")
    value = int(styrka) if styrka.isdigit() else cannons[-1]
    if value not in cannons:
        raise RuleError(f"no {'Swedish' if side == SWEDEN else 'enemy'} Cannon of Styrka {value} (there are: "
                        f"{', '.join(map(str, cannons))})")
    cannons.remove(value)
    t.say("event", f"{card.title}: {'a Swedish' if side == SWEDEN else 'an enemy'} Cannon (Styrka {value}) is removed "
                   "from the board.", card.rule)


EFFECTS: dict[str, Callable[[Table, EventCard, str], None]] = {
    "supply": supply, "fortune": fortune, "kliszow": great_battle, "narva": great_battle,
    "breitenfeld": great_battle, "belt": great_battle, "poltava": poltava, "steel": steel,
    "incursion": incursion, "surprise": surprise, "burst": burst}


def play_event(t: Table, key: str, arg: str) -> None:
    """Play a battle card now, if its moment allows: any time from the enemy's placement to the
    end ("during the war"); Fortune of war and The Taste of the Swedish Steel before the Swedish
    attack of a round (steps 2-3), since they act on it."""
    b = t.battle
    card = BATTLE_CARDS[key]
    if b.phase == "over":
        raise RuleError("the battle is over")
    if b.phase == "setup" and key != "supply":
        raise RuleError(f"{card.title} acts on the enemy army: play it once the enemy is placed (after `ready`)")
    if card.when == "round" and b.phase not in ("fire", "attack"):
        raise RuleError(f"{card.title} acts on this round's Swedish attack: play it at step 2 or 3, before `attack`")
    if key in b.played:
        raise RuleError(f"{card.title} was already played in this battle (one copy is printed)")
    try:
        EFFECTS[key](t, card, arg.strip().lower())
    except BattleOver:                       # the card ended the battle: it was played
        b.played.append(key)
        raise
    b.played.append(key)
