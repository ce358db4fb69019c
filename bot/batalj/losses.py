"""Losses, Commanders and the end of the battle (rules: "Losses", "Commanders", and the
battle's last paragraph: "At the same moment as the last SOLDIER is removed is the battle
over")."""

from __future__ import annotations

from bot.batalj.board import RESERVE, SWEDEN, adjective, name, other, Side
from bot.batalj.state import BattleOver, Group, Table

LOSSES = "Losses"
COMMANDERS = "Losses: Commanders"
THE_END = "The battle: the side who removes all Soldiers from the adversary's Reserve wins"


def check_the_end(t: Table) -> None:
    """The battle ends the moment a Reserve holds no Soldier, even with Commanders or
    Cannons still in it."""
    b = t.battle
    for side, reserve in b.reserves.items():
        if reserve.soldiers == 0 and b.phase not in ("setup", "over"):
            b.phase, b.winner = "over", other(side)
            t.say("end", f"The {name(RESERVE[side])} has no Soldier left: "
                         f"{'Sweden' if other(side) == SWEDEN else 'the enemy'} wins the battle.", THE_END)
            raise BattleOver


def retreat(t: Table, sector: str, soldiers: int, commanders: int, why: str, rule: str) -> None:
    """Pieces of ``sector`` back to their own Reserve (at most what stands there)."""
    g = t.battle.sectors[sector]
    if g.side is None:
        return
    soldiers, commanders = min(soldiers, g.soldiers), min(commanders, g.commanders)
    if soldiers + commanders <= 0:
        return
    g.soldiers, g.commanders = g.soldiers - soldiers, g.commanders - commanders
    reserve = t.battle.reserves[g.side]
    reserve.soldiers, reserve.commanders = reserve.soldiers + soldiers, reserve.commanders + commanders
    moved = " and ".join(f"{n} {kind}(s)" for n, kind in ((soldiers, "Soldier"), (commanders, "Commander")) if n)
    t.say("retreat", f"{moved} of the {adjective(g.side)} army retreat from {name(sector)} to the Reserve: {why}.",
          rule)


def never_alone(t: Table, sector: str) -> None:
    """A Commander may NEVER be left alone in a Sector: with no Soldier, they retreat."""
    g = t.battle.sectors[sector]
    if g.soldiers == 0 and g.commanders:
        retreat(t, sector, 0, g.commanders, "a Commander is never left alone in a Sector", COMMANDERS)
    tidy(t, sector)


def tidy(t: Table, sector: str) -> None:
    """An area left without pieces belongs to no side; a Swedish Province card left without
    pieces goes back to the Swedish Reserve (interpretation: an empty card would block the
    Sector for both armies; docs/batalj-rules-notes.md)."""
    g = t.battle.sectors[sector]
    if g.pieces == 0:
        if g.card:
            t.battle.reserves[SWEDEN].cards.append(g.card)
            t.say("card", f"Province card {g.card} has no piece left in {name(sector)}: back to the Swedish Reserve.",
                  "Interpretation: an empty Province card")
        t.battle.sectors[sector] = Group()


def remove_losses(t: Table, area: str, count: int, commanders_first: bool, cause: str) -> None:
    """Take ``count`` losses from ``area``. In a Sector each loss removes a Soldier or, instead,
    retreats a Commander: the enemy ALWAYS retreats one, the players choose loss by loss
    (``commanders_first`` is their default where the battle does not ask); a Commander left
    alone retreats; losses beyond the pieces are simply lost. In a Reserve (reached by an
    advanced group) losses remove Soldiers (Commanders there have nowhere to retreat,
    Cannons are never taken out)."""
    b = t.battle
    if area in RESERVE.values():
        reserve = b.reserves[next(s for s, r in RESERVE.items() if r == area)]
        lost = min(count, reserve.soldiers)
        reserve.soldiers -= lost
        t.say("loss", f"{cause}: {lost} Soldier(s) lost in the {name(area)}"
                      + (f" ({count - lost} more loss(es) find no Soldier)" if count > lost else "") + ".", LOSSES)
        check_the_end(t)
        return
    g: Group = b.sectors[area]
    if g.side is None:
        t.say("loss", f"{cause}: {name(area)} is empty, the {count} loss(es) are lost.", LOSSES)
        return
    side: Side = g.side
    soldiers = commanders = 0
    for i in range(count):
        if g.commanders and g.soldiers and side == SWEDEN:
            answer, _ = t.choose("loss", f"{cause}: loss {i + 1} of {count} in {name(area)} ({g.soldiers} Soldier(s), "
                                         f"{g.commanders} Commander(s)): remove a Soldier, or retreat a Commander "
                                         "to the Reserve instead?", ["soldier", "commander"],
                                 lambda: "commander" if commanders_first else "soldier")
            retreat_one = answer == "commander"
        else:
            retreat_one = bool(g.commanders) and (commanders_first or not g.soldiers)
        if retreat_one:
            g.commanders -= 1
            commanders += 1
            b.reserves[side].commanders += 1
        elif g.soldiers:
            g.soldiers -= 1
            soldiers += 1
    excess = count - soldiers - commanders
    parts = [f"{soldiers} {adjective(side)} Soldier(s) removed"]
    if commanders:
        parts.append(f"{commanders} Commander(s) retreat to the Reserve instead of a Soldier"
                     + (" (the enemy ALWAYS chooses to retreat)" if side != SWEDEN else ""))
    if excess:
        parts.append(f"{excess} loss(es) more than the pieces are simply lost")
    t.say("loss", f"{cause}: in {name(area)} " + ", ".join(parts) + ".", LOSSES if not commanders else COMMANDERS)
    never_alone(t, area)


def retreat_soldiers(t: Table, sector: str, count: int, why: str) -> None:
    """Soldiers of ``sector`` back to their Reserve (a 5 or 6 without a Commander)."""
    retreat(t, sector, count, 0, why, "Attack: a 5 or a 6")
    never_alone(t, sector)
