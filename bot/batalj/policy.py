"""A simple Swedish player for simulations (documented policy, not a rule; docs/batalj-bot.md):

- Army: a Province card of 2 Soldiers on each flank, 2 Soldiers and a Commander in the centre,
  players + 1 Soldiers in the Reserve (from one card), one Cannon of Styrka 1 (about the
  enemy's strength: players + 1 cards of 2.6 Soldiers on average).
- Fire and losses: the bot's defaults (hits on the enemy Sector with the most pieces; a
  Commander retreats instead of a Soldier being lost).
- Attack: every Sector that can, except one holding a single Soldier and no Commander (a 5 or
  6 would empty it); the Reserve always, on the enemy Sector with the fewest pieces.
- Redeployment: step 3, a card with at least two pieces advances into an empty enemy Sector
  (to attack the Reserve), and cards waiting in the Reserve move to empty Swedish Sectors;
  step 4, Soldiers from the Reserve to the Swedish Sectors with the fewest pieces, keeping two
  in the Reserve (one when no Swedish piece is left in a Sector); step 5, Commanders from the Reserve to the front with the most Soldiers.
Every line it makes goes through the same rules as a player's entry."""

from __future__ import annotations

from bot.batalj.attack import attackers
from bot.batalj.board import ENEMY_SECTORS, MAX_PIECES, SWEDEN, SWEDISH_SECTORS, opposite
from bot.batalj.redeployment import Move, _apply
from bot.batalj.state import RuleError, Table

KEEP_IN_RESERVE = 2


def army(players: int) -> list[str]:
    """The placement lines of the simulated Swedish army."""
    return ["place s1 West 2", "place s2 Middle 2 1", "place s3 East 2", f"place reserve Home {players + 1}",
            "artillery 1", "ready"]


def attack_line(t: Table) -> str:
    b = t.battle
    chosen = [a for a in attackers(t, SWEDEN)
              if a == "sr" or b.sectors[a].pieces > 1 or b.sectors[a].commanders or b.steel]
    return "attack from=" + ",".join(chosen) if chosen else "attack from="


def _try(t: Table, move: Move, moved: set[str], done: list[Move]) -> None:
    work = t.clone()
    try:
        _apply(work, move, set(moved))
    except RuleError:
        return
    _apply(t, move, moved)
    done.append(move)


def redeploy_line(t: Table) -> str:
    """The redeployment as a line, each move checked on a copy of the table first."""
    t = t.clone()
    b = t.battle
    done: list[Move] = []
    moved: set[str] = set()
    for s in SWEDISH_SECTORS:                                       # step 3
        g = b.sectors[s]
        if g.card and g.holds(SWEDEN) and g.pieces >= 2 and b.sectors[opposite(s)].empty:
            _try(t, Move("forward", g.card), moved, done)
    for card in list(b.reserves[SWEDEN].cards):
        empty = [s for s in SWEDISH_SECTORS if b.sectors[s].empty]
        if empty:
            _try(t, Move("forward", card, empty[0]), moved, done)
    keep = KEEP_IN_RESERVE if b.held(SWEDEN) else 1
    while b.reserves[SWEDEN].soldiers > keep:                       # step 4
        open_ = [s for s in SWEDISH_SECTORS if b.sectors[s].card and b.sectors[s].pieces < MAX_PIECES]
        if not open_:
            break
        s = min(open_, key=lambda a: b.sectors[a].pieces)
        before = len(done)
        _try(t, Move("reinforce", b.sectors[s].card or ""), moved, done)
        if len(done) == before:
            break
    while b.reserves[SWEDEN].commanders:                            # step 5
        fronts = [s for s in (*SWEDISH_SECTORS, *ENEMY_SECTORS) if b.sectors[s].holds(SWEDEN)
                  and b.sectors[s].soldiers and b.sectors[s].pieces < MAX_PIECES]
        if not fronts:
            break
        dst = max(fronts, key=lambda a: b.sectors[a].soldiers)
        _try(t, Move("commander", "sr", dst), moved, done)
    return ("redeploy " + "; ".join(map(str, _merged(done)))).strip()


def _merged(moves: list[Move]) -> list[Move]:
    """Repeated one-Soldier moves onto the same card as one move with a count."""
    out: list[Move] = []
    for m in moves:
        if out and m.verb in ("reinforce", "commander") and (out[-1].verb, out[-1].what, out[-1].to) == (m.verb, m.what, m.to):
            last = out.pop()
            m = Move(m.verb, m.what, m.to, last.count + m.count)
        out.append(m)
    return out


def next_line(t: Table) -> str:
    """The Swedish player's line for the current phase."""
    phase = t.battle.phase
    if phase == "fire":
        return "fire"
    if phase == "attack":
        return attack_line(t)
    if phase == "counter":
        return "counter"
    return redeploy_line(t)
