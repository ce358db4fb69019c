"""Battle step 1: the troops are placed (rules: "Placing the Swedish troops", "Placing the
enemy"). The players enter their Province cards, pieces and Artillery; the enemy's strength is
players + 1 Province cards (docs/batalj-rules-notes.md), one to each red Sector at random, the
rest to the enemy Reserve: laid at the table and entered, or drawn by the bot."""

from __future__ import annotations

from bot.batalj.board import ENEMY, ENEMY_SECTORS, MAX_PIECES, SWEDEN, SWEDISH_SECTORS, fold, name, Side
from bot.batalj.losses import never_alone
from bot.batalj.state import Group, RuleError, Table
from bot.batalj.strength import Strength

SWEDISH_PLACING = "Placing the Swedish troops"
ENEMY_PLACING = "Placing the enemy"
ARTILLERY = "Artillery"


def _require_setup(t: Table) -> None:
    if t.battle.phase != "setup":
        raise RuleError("the troops are already placed: placing is battle step 1 only")


def _fit(t: Table, sector: str, side: Side, rule: str) -> None:
    """At most four pieces in a Sector: the surplus goes to the Reserve, Soldiers first but
    keeping one Soldier with any Commander; Commanders without a Soldier go too."""
    g, reserve = t.battle.sectors[sector], t.battle.reserves[side]
    moved_s = moved_c = 0
    while g.pieces > MAX_PIECES or (g.commanders and not g.soldiers):
        if g.soldiers > 1 or (g.soldiers and not g.commanders):
            g.soldiers, moved_s = g.soldiers - 1, moved_s + 1
        else:
            g.commanders, moved_c = g.commanders - 1, moved_c + 1
    reserve.soldiers += moved_s
    reserve.commanders += moved_c
    if moved_s or moved_c:
        t.say("place", f"{name(sector)}: {moved_s} Soldier(s) and {moved_c} Commander(s) more than a Sector takes "
                       "go to the Reserve (at most four pieces; a Commander never alone).", rule)


def place_swedish_card(t: Table, area: str, card: str, soldiers: int, commanders: int) -> None:
    """A Province card with its pieces (Troop symbols and Militaria cards give Soldiers,
    Fältherrar give Commanders) in a Swedish Sector, or in the Reserve, where the card is
    removed and its pieces belong to no card."""
    _require_setup(t)
    b = t.battle
    if not 1 <= len(card) <= 40 or ";" in card or not card.isprintable():
        raise RuleError("a Province card's name: 1-40 printable characters, no ';' (it separates redeployment moves)")
    placed = {fold(c): c for c in [*b.cards(), *b.reserve_cards_placed]}
    if fold(card) in placed:
        raise RuleError(f"Province card {placed[fold(card)]} is already placed")
    if soldiers < 0 or commanders < 0 or soldiers + commanders > 40:
        raise RuleError("a Province card's pieces: 0-40 Soldiers and Commanders")
    if area == "sr":
        b.reserves[SWEDEN].soldiers += soldiers
        b.reserves[SWEDEN].commanders += commanders
        b.reserve_cards_placed.append(card)
        t.say("place", f"{card} in the Swedish Reserve: {soldiers} Soldier(s), {commanders} Commander(s); the card "
                       "is removed, its pieces belong to no card.", SWEDISH_PLACING)
        return
    if area not in SWEDISH_SECTORS:
        raise RuleError(f"the Swedish troops are placed in the Swedish Sectors (s1 s2 s3) or the Reserve, not {name(area)}")
    if b.sectors[area].card:
        raise RuleError(f"{name(area)} already holds Province card {b.sectors[area].card}: at most ONE Province "
                        "card in each Sector")
    b.sectors[area] = Group(SWEDEN, soldiers, commanders, card)
    t.say("place", f"{card} on {name(area)}: {soldiers} Soldier(s), {commanders} Commander(s).", SWEDISH_PLACING)
    _fit(t, area, SWEDEN, SWEDISH_PLACING)
    if not b.sectors[area].pieces:
        b.sectors[area] = Group(card=card)


def place_swedish_artillery(t: Table, styrka: int) -> None:
    """An Artillery card's Cannon, always in the Reserve, with its Styrka (1-3)."""
    _require_setup(t)
    if styrka not in (1, 2, 3):
        raise RuleError(f"an Artillery card has Styrka 1, 2 or 3, not {styrka}")
    t.battle.reserves[SWEDEN].cannons.append(styrka)
    t.say("place", f"A Swedish Cannon of Styrka {styrka} in the Reserve.", ARTILLERY)


def check_swedish_army(t: Table) -> None:
    """Before the enemy is placed: a Province card in the Reserve, a Soldier there."""
    b = t.battle
    if not b.reserve_cards_placed:
        raise RuleError("at least one Province card MUST be placed in the Reserve (place reserve CARD SOLDIERS)")
    if not b.reserves[SWEDEN].soldiers:
        raise RuleError("the Swedish Reserve must always hold at least one SOLDIER")
    for s in SWEDISH_SECTORS:                  # an empty card in a Sector waits in the Reserve
        g = b.sectors[s]
        if g.card and not g.pieces:
            b.reserves[SWEDEN].cards.append(g.card)
            b.sectors[s] = Group()
            t.say("place", f"{g.card} has no piece: it waits in the Swedish Reserve.", SWEDISH_PLACING)


def place_the_enemy(t: Table, drawn: list[Strength], laid: bool = False) -> None:
    """Draw players + 1 strength cards; shuffled face down, one to each red Sector, the rest
    to the Reserve; each replaced by its red pieces, every Cannon in the Reserve with Styrka 2.
    Cards the players ``laid`` at random at the table already stay where they lie (in the
    entry's order: e1, e2, e3, then the Reserve). With exactly three cards the enemy left
    flank stays empty (the Swedish original's sentence the translation removed: nothing would
    be left for the Reserve)."""
    b = t.battle
    order = list(drawn)
    if not laid:
        t.rng.shuffle(order)
    sectors = list(ENEMY_SECTORS) if len(order) >= 4 else ["e1", "e2"]
    if len(order) == 3:
        t.say("place", "Three strength cards: the enemy left flank (e3, opposite Sweden's right flank) stays empty "
                       "and the third card goes to the Reserve (the sentence of the Swedish original the "
                       "translator removed).", ENEMY_PLACING)
    reserve = b.reserves[ENEMY]
    for i, card in enumerate(order):
        reserve.cannons.extend([2] * card.cannons)
        if i < len(sectors):
            b.sectors[sectors[i]] = Group(ENEMY, card.soldiers, card.commanders)
            where = name(sectors[i])
            _fit(t, sectors[i], ENEMY, ENEMY_PLACING)
        else:
            reserve.soldiers += card.soldiers
            reserve.commanders += card.commanders
            where = name("er")
        t.say("place", f"Strength card {card.id} ({card}) " + ("as laid at the table, " if laid else "drawn at random ")
              + f"for {where}"
                       + (f"; its {card.cannons} Cannon(s) stand in the Reserve, Styrka 2" if card.cannons else "")
                       + ".", ENEMY_PLACING)
        if i < len(sectors) and not b.sectors[sectors[i]].pieces:
            b.sectors[sectors[i]] = Group()
    if not reserve.soldiers:
        _reserve_soldier(t)


def _reserve_soldier(t: Table) -> None:
    """Both armies must always have a Soldier in their Reserve: one comes from the fullest red
    Sector (ties by die)."""
    b = t.battle
    held = [s for s in ENEMY_SECTORS if b.sectors[s].soldiers]
    if not held:
        raise RuleError("the enemy's strength cards give no Soldier: a battle needs one in the enemy Reserve")
    most = max(b.sectors[s].soldiers for s in held)
    source = t.tie_break([s for s in held if b.sectors[s].soldiers == most])
    b.sectors[source].soldiers -= 1
    b.reserves[ENEMY].soldiers += 1
    t.say("place", f"The enemy Reserve got no Soldier: one comes from {name(source)}, the fullest Sector "
                   "(both armies must always have at least one Soldier in their Reserve).", "New rules for War")
    never_alone(t, source)


def start_battle(t: Table, drawn: list[Strength], laid: bool = False) -> None:
    """Step 1 done: the enemy placed, round 1 begins with the artillery."""
    _require_setup(t)
    check_swedish_army(t)
    if len(drawn) != t.battle.players + 1:
        raise RuleError(f"the enemy draws one card more than the players: {t.battle.players + 1} cards, "
                        f"not {len(drawn)}")
    place_the_enemy(t, drawn, laid)
    t.battle.phase, t.battle.round = "fire", 1
    t.say("round", "Round 1: step 2, all Artillery fires.", "The battle, step 2")

