"""Battle step 2: all Artillery fires, Swedish and enemy alike (rules: "Artillery").

Each Cannon rolls once; a roll of at most its Styrka kills one piece in a Sector (never in a
Reserve). The players choose where their hits fall and which of their own pieces they lose;
the enemy, when hit, ALWAYS retreats a Commander rather than lose a Soldier."""

from __future__ import annotations

from bot.batalj.board import ENEMY, SWEDEN, adjective, name
from bot.batalj.losses import remove_losses
from bot.batalj.state import RuleError, Table

RULE = "Artillery"


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


def _cannon_fires(t: Table, side: str, number: int, styrka: int, named: list[str], commanders_first: bool) -> None:
    """One Cannon's die: a roll of at most its Styrka kills a piece in the Sector named next in
    ``named`` (else the default), which must hold the other side's pieces."""
    who, foe = ("Swedish", ENEMY) if side == SWEDEN else ("Enemy", SWEDEN)
    cannon = f"{who} Cannon {number} (Styrka {styrka})"
    roll = t.roll(cannon, side, styrka)
    if roll > styrka:
        t.say("fire", f"{cannon} rolls {roll}: a miss.", RULE, roll=roll)
        return
    chosen = bool(named)
    target = named.pop(0) if named else swedish_default_target(t) if side == SWEDEN else enemy_target(t)
    if target is None:
        t.say("fire", f"{cannon} rolls {roll}: a hit, but no Sector holds an {adjective(foe)} piece.", RULE, roll=roll)
        return
    if not t.battle.sectors[target].holds(foe):
        raise RuleError(f"a {who} Cannon's hit must fall on a Sector holding {adjective(foe)} pieces, not {name(target)}")
    why = ("as the players chose" if chosen else "no Sector named: the one with the most enemy pieces, leftmost on "
           "ties (default)" if side == SWEDEN else "no Sector named: the one with the most Swedish Soldiers, ties by "
           "die (default)")
    t.say("fire", f"{cannon} rolls {roll}: a hit on {name(target)}, {why}; Cannons cannot reach the Reserves.",
          RULE, roll=roll)
    remove_losses(t, target, 1, commanders_first, f"{who} artillery")


def artillery_fire(t: Table, targets: list[str], hits_on: list[str], keep_commanders: bool) -> None:
    """Step 2. Swedish Cannons first (hits on the enemy Sectors the players name in
    ``targets``, in order), then the enemy's Cannons, Styrka 2 (hits on the Swedish Sectors
    the players name in ``hits_on``). ``keep_commanders``: the players lose Soldiers before
    retreating Commanders."""
    b = t.battle
    if b.phase != "fire":
        raise RuleError(f"artillery fires at step 2 of a round; now is {b.phase}")
    for i, styrka in enumerate(b.reserves[SWEDEN].cannons, start=1):
        _cannon_fires(t, SWEDEN, i, styrka, targets, True)
    for i, styrka in enumerate(b.reserves[ENEMY].cannons, start=1):
        _cannon_fires(t, ENEMY, i, styrka, hits_on, not keep_commanders)
    if targets or hits_on:
        raise RuleError("more hit Sectors were named than Cannons hit")
    b.phase = "attack"
