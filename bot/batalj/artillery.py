"""Battle step 2: all Artillery fires, Swedish and enemy alike (rules: "Artillery").

Each Cannon rolls once; a roll of at most its Styrka kills one piece in a Sector (never in a
Reserve). The players choose where their hits fall and which of their own pieces they lose;
the enemy, when hit, ALWAYS retreats a Commander rather than lose a Soldier."""

from __future__ import annotations

from bot.batalj.board import ENEMY, SWEDEN, adjective, name, Side
from bot.batalj.losses import remove_losses
from bot.batalj.state import RuleError, Table

RULE = "Artillery"
REACH = "Cannons cannot reach as far as the Reserves: a hit falls on a Sector holding {} pieces"


def swedish_default_target(t: Table) -> str | None:
    """Documented policy, not a rule (the players choose): the Sector holding the most enemy
    pieces, the leftmost column on ties."""
    held = t.battle.held(ENEMY)
    return max(held, key=lambda s: t.battle.sectors[s].pieces) if held else None


def enemy_target(t: Table) -> str | None:
    """Where an enemy hit falls when the players do not say: the Sector with the most Swedish
    Soldiers, ties by die (documented policy)."""
    held = t.battle.held(SWEDEN)
    if not held:
        return None
    most = max(t.battle.sectors[s].soldiers for s in held)
    return t.tie_break([s for s in held if t.battle.sectors[s].soldiers == most])


def _cannon_fires(t: Table, side: Side, number: int, styrka: int, commanders_first: bool) -> None:
    """One Cannon's die: a roll of at most its Styrka kills a piece in a Sector holding the
    other side's pieces; the players choose which, after the roll (Swedish hits: the enemy
    Sector; enemy hits: their own Sector, then the piece they lose)."""
    who, foe = ("Swedish", ENEMY) if side == SWEDEN else ("Enemy", SWEDEN)
    cannon = f"{who} Cannon {number} (Styrka {styrka})"
    roll = t.roll(cannon, side, styrka)
    if roll > styrka:
        t.say("fire", f"{cannon} rolls {roll}: a miss.", RULE, roll=roll)
        return
    held = t.battle.held(foe)
    if not held:
        t.say("fire", f"{cannon} rolls {roll}: a hit, but no Sector holds {'an' if foe == ENEMY else 'a'} "
                      f"{adjective(foe)} piece.", RULE, roll=roll)
        return
    t.say("fire", f"{cannon} rolls {roll}: a hit.", RULE, roll=roll)
    if side == SWEDEN:
        target, how = t.choose("target", f"{cannon} hits: which enemy Sector does the hit fall on?", held,
                               lambda: swedish_default_target(t) or held[0], REACH.format("enemy"))
        why = {"by default": "the one with the most enemy pieces, leftmost on ties (default)"}.get(how, how)
    else:
        target, how = t.choose("hit", f"{cannon} hits: which of your Sectors takes the loss?", held,
                               lambda: enemy_target(t) or held[0], REACH.format("Swedish"))
        why = {"by default": "the one with the most Swedish Soldiers, ties by die (default)"}.get(how, how)
    t.say("fire", f"The hit falls on {name(target)}, {why}; Cannons cannot reach the Reserves.", RULE)
    remove_losses(t, target, 1, commanders_first, f"{who} artillery")


def artillery_fire(t: Table) -> None:
    """Step 2. Swedish Cannons first, then the enemy's, Styrka 2; each hit's Sector and the
    Swedish losses are the players' choices (asked after the roll, or given with the step)."""
    b = t.battle
    if b.phase != "fire":
        raise RuleError(f"artillery fires at step 2 of a round; now is {b.phase}")
    for i, styrka in enumerate(b.reserves[SWEDEN].cannons, start=1):
        _cannon_fires(t, SWEDEN, i, styrka, True)
    enemy_artillery_fire(t)
    b.phase = "attack"


def enemy_artillery_fire(t: Table) -> None:
    """The enemy's part of step 2, after the Swedish Cannons: each enemy Cannon (Styrka 2) rolls."""
    for i, styrka in enumerate(t.battle.reserves[ENEMY].cannons, start=1):
        _cannon_fires(t, ENEMY, i, styrka, "loss" not in t.settled)
