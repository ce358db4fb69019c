"""Battle step 2: all Artillery fires, Swedish and enemy alike (rules: "Artillery").

Each Cannon rolls once; a roll of at most its Styrka kills one piece in a Sector (never in a
Reserve). The players choose where their hits fall and which of their own pieces they lose;
the enemy, when hit, ALWAYS retreats a Commander rather than lose a Soldier."""

from __future__ import annotations

from bot.batalj.board import ENEMY, SWEDEN, name
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


def _roll(t: Table, why: str, hits_on: int) -> int:
    """A Swedish die, rolled again once under Fortune of war when it failed."""
    roll, by_bot = t.die(why, SWEDEN)
    if t.battle.fortune and by_bot and roll > hits_on:
        again, _ = t.die(why, SWEDEN)
        t.say("fortune", f"{why}: {roll} failed, rolled again (Fortune of war): {again}.", "Fortune of war")
        roll = again
    return roll


def artillery_fire(t: Table, targets: list[str], hits_on: list[str], keep_commanders: bool) -> None:
    """Step 2. Swedish Cannons first (hits on the enemy Sectors the players name in
    ``targets``, in order), then the enemy's Cannons, Styrka 2 (hits on the Swedish Sectors
    the players name in ``hits_on``). ``keep_commanders``: the players lose Soldiers before
    retreating Commanders."""
    b = t.battle
    if b.phase != "fire":
        raise RuleError(f"artillery fires at step 2 of a round; now is {b.phase}")
    for i, styrka in enumerate(sorted(b.reserves[SWEDEN].cannons, reverse=True), start=1):
        roll = _roll(t, f"Swedish Cannon {i} (Styrka {styrka})", styrka)
        if roll > styrka:
            t.say("fire", f"Swedish Cannon {i} (Styrka {styrka}) rolls {roll}: a miss.", RULE, roll=roll)
            continue
        target = targets.pop(0) if targets else swedish_default_target(t)
        if target is None:
            t.say("fire", f"Swedish Cannon {i} rolls {roll}: a hit, but no Sector holds an enemy piece.", RULE)
            continue
        if not b.sectors[target].holds(ENEMY):
            raise RuleError(f"a Swedish Cannon's hit must fall on a Sector holding enemy pieces, not {name(target)}")
        t.say("fire", f"Swedish Cannon {i} (Styrka {styrka}) rolls {roll}: a hit on {name(target)}.", RULE, roll=roll)
        remove_losses(t, target, 1, True, "Swedish artillery")
    for i, styrka in enumerate(b.reserves[ENEMY].cannons, start=1):
        roll, _ = t.die(f"enemy Cannon {i}", ENEMY)
        if roll > styrka:
            t.say("fire", f"Enemy Cannon {i} (Styrka 2) rolls {roll}: a miss.", RULE, roll=roll)
            continue
        target = hits_on.pop(0) if hits_on else enemy_target(t)
        if target is None:
            t.say("fire", f"Enemy Cannon {i} rolls {roll}: a hit, but no Sector holds a Swedish piece.", RULE)
            continue
        if not b.sectors[target].holds(SWEDEN):
            raise RuleError(f"an enemy Cannon's hit must fall on a Sector holding Swedish pieces, not {name(target)}")
        t.say("fire", f"Enemy Cannon {i} (Styrka 2) rolls {roll}: a hit on {name(target)} "
                      "(Cannons cannot reach the Reserves).", RULE, roll=roll)
        remove_losses(t, target, 1, not keep_commanders, "enemy artillery")
    if targets or hits_on:
        raise RuleError("more hit Sectors were named than Cannons hit")
    b.phase = "attack"
