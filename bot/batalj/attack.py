"""Battle steps 3 and 4: Sweden attacks, then the enemy counter-attacks (rules: "Attack",
"Attacking from the Reserve", "Losses").

Each attacking Sector rolls one die: a roll of at most its pieces (Soldiers + Commanders)
removes that many pieces from the area DIRECTLY IN FRONT; a 5 makes one Soldier retreat and a
6 two, unless a Commander attacked. A Reserve attacks once with at most two pieces (a hit on
1 or 2) on a Sector the attacker chooses, and never retreats."""

from __future__ import annotations

from bot.batalj.board import ENEMY, MAX_PIECES, RESERVE, SWEDEN, ahead, name, other, Side
from bot.batalj.losses import remove_losses, retreat_soldiers
from bot.batalj.state import RuleError, Table

ATTACK = "Attack"
RESERVE_ATTACK = "Attack: from the Reserve"
ENEMY_ATTACK = "The enemy attacks: always, if he can"


def can_attack(t: Table, area: str, side: Side) -> bool:
    """A group attacks when the area straight ahead holds the adversary's pieces (an empty
    area has nothing to lose); a Reserve when some Sector does."""
    b = t.battle
    if area == RESERVE[side]:
        return b.reserves[side].pieces > 0 and bool(b.held(other(side)))
    if not b.sectors[area].holds(side):
        return False
    target = ahead(area, side)
    if target in RESERVE.values():
        return b.reserves[other(side)].pieces > 0
    return b.sectors[target].holds(other(side))


def attackers(t: Table, side: Side) -> list[str]:
    """Every area of ``side`` that can attack now: Sectors column by column, then the Reserve."""
    found = [s for s in t.battle.held(side) if can_attack(t, s, side)]
    return found + ([RESERVE[side]] if can_attack(t, RESERVE[side], side) else [])


def sector_attack(t: Table, area: str, side: Side, commanders_first: bool) -> None:
    """One Sector's attack: hits on the area straight ahead; 5 or 6 without a Commander, Soldiers
    retreat. Under The Taste of the Swedish Steel a Swedish Sector counts as four Soldiers."""
    b = t.battle
    g = b.sectors[area]
    pieces = g.pieces
    steel = side == SWEDEN and b.steel
    if steel:
        pieces = MAX_PIECES
    target = ahead(area, side)
    who = "Swedish" if side == SWEDEN else "Enemy"
    roll = t.roll(f"{who} attack from {name(area)}", side, pieces)
    counted = f"{pieces} pieces" + (" (The Taste of the Swedish Steel)" if steel else "")
    if roll <= pieces:
        t.say("attack", f"{who} attack from {name(area)} on {name(target)}: {counted}, rolls {roll}: {roll} hit(s).",
              ATTACK if side == SWEDEN else ENEMY_ATTACK, roll=roll)
        remove_losses(t, target, roll, commanders_first, f"{who} attack from {name(area)}")
    elif roll >= 5 and g.commanders:
        t.say("attack", f"{who} attack from {name(area)}: {counted}, rolls {roll}: a miss; a Commander attacked, "
                        "so no Soldier retreats.", "Attack: a 5 or a 6", roll=roll)
    elif roll >= 5:
        t.say("attack", f"{who} attack from {name(area)}: {counted}, rolls {roll}: no Commander attacked, "
                        f"{roll - 4} Soldier(s) must retreat.", "Attack: a 5 or a 6", roll=roll)
        retreat_soldiers(t, area, roll - 4, f"a {roll} with no Commander")
    else:
        t.say("attack", f"{who} attack from {name(area)}: {counted}, rolls {roll}: a miss.",
              ATTACK if side == SWEDEN else ENEMY_ATTACK, roll=roll)


def reserve_attack(t: Table, side: Side, target: str | None, commanders_first: bool) -> None:
    """The Reserve's one attack: at most two pieces (a hit on 1 or 2, or 1 with a single piece),
    the losses from the Sector the attacker chooses (the enemy before its roll; the players
    after theirs, when ``target`` is None), the defender choosing the pieces."""
    b = t.battle
    pieces = min(2, b.reserves[side].pieces)
    who = "Swedish" if side == SWEDEN else "Enemy"
    roll = t.roll(f"{who} Reserve attack", side, pieces)
    if roll > pieces:
        t.say("attack", f"{who} Reserve attacks with {pieces} piece(s), rolls {roll}: a miss "
                        "(Reserves never retreat).", RESERVE_ATTACK, roll=roll)
        return
    t.say("attack", f"{who} Reserve attacks with {pieces} of its pieces (at most two), rolls {roll}: {roll} hit(s).",
          RESERVE_ATTACK, roll=roll)
    if target is None:
        held = b.held(other(side))
        target, how = t.choose("reserve", f"The {who} Reserve hits {roll} time(s): which enemy Sector takes the "
                                          "losses?", held, lambda: swedish_reserve_target(t) or held[0],
                               "the Reserve's losses come from a Sector holding enemy pieces")
        t.say("decide", f"The {who} Reserve's hits fall on {name(target)}, " + {
            "by default": "the Sector with the fewest enemy pieces (default)"}.get(how, how) + ".", RESERVE_ATTACK)
    remove_losses(t, target, roll, commanders_first, f"{who} Reserve attack")


def swedish_attack(t: Table, chosen: list[str] | None) -> None:
    """Step 3: the Swedish areas the players name attack (all that can, by default; none with
    ``attack --none``), Sectors column by column then the Reserve; the enemy's losses are
    removed at once. The players choose the Sector their Reserve's hits fall on after its roll."""
    b = t.battle
    if b.phase != "attack":
        raise RuleError(f"Sweden attacks at step 3 of a round; now is {b.phase}")
    possible = attackers(t, SWEDEN)
    areas = possible if chosen is None else chosen
    for area in areas:
        if area not in possible:
            raise RuleError(f"{name(area)} cannot attack: " + ("it holds no Swedish piece" if
                            area != "sr" and not b.sectors[area].holds(SWEDEN) else "nothing of the enemy's "
                            "is straight ahead of it"))
    if t.preset.get("reserve") and "sr" not in areas:
        raise RuleError("a target for the Reserve's attack was named, but the Reserve does not attack")
    if not areas:
        t.say("attack", "Sweden does not attack this round.", ATTACK)
    for area in [a for a in possible if a in areas]:       # the board's order, whatever the entry's
        if area == "sr":
            if b.held(ENEMY):
                reserve_attack(t, SWEDEN, None, True)
        elif can_attack(t, area, SWEDEN):
            sector_attack(t, area, SWEDEN, True)
    b.phase = "counter"


def swedish_reserve_target(t: Table) -> str | None:
    """Documented policy for the Swedish Reserve's target when the players name none: the
    Sector with the fewest enemy pieces (the nearest to being cleared), the leftmost on ties."""
    held = t.battle.held(ENEMY)
    return min(held, key=lambda s: t.battle.sectors[s].pieces) if held else None


def enemy_reserve_target(t: Table) -> str | None:
    """The enemy Reserve attacks the Sector with the most Swedish Soldiers, ties by die."""
    held = t.battle.held(SWEDEN)
    if not held:
        return None
    most = max(t.battle.sectors[s].soldiers for s in held)
    return t.tie_break([s for s in held if t.battle.sectors[s].soldiers == most])


def enemy_counter_attack(t: Table) -> None:
    """Step 4: the enemy ALWAYS attacks if he can: every red group with Swedish pieces straight
    ahead, then its Reserve on the Sector with the most Swedish Soldiers. The players choose
    their losses, loss by loss, after each roll."""
    b = t.battle
    if b.phase != "counter":
        raise RuleError(f"the enemy counter-attacks at step 4 of a round; now is {b.phase}")
    for area in attackers(t, ENEMY):
        if area == "er":
            target = enemy_reserve_target(t)
            if target is not None:
                t.say("decide", f"The enemy Reserve attacks {name(target)}: the Sector with the most Swedish "
                                "Soldiers (ties by die).", ENEMY_ATTACK)
                reserve_attack(t, ENEMY, target, "loss" not in t.settled)
        elif can_attack(t, area, ENEMY):
            sector_attack(t, area, ENEMY, "loss" not in t.settled)
    b.phase = "redeploy"
