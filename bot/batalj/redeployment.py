"""Battle steps 5 and 6: the Swedish redeployment (entered by the players, checked here) and
the enemy's (played by the bot) (rules: "The Swedish redeployment", "The enemy redeployment").

The Swedish moves, in the five steps' order (any step may be skipped or repeated, but a card
or piece moves at most once in a step):

1. ``back CARD``: a Province card with its pieces one step backwards to an empty area.
2. ``retire CARD [N]``: Soldiers from a Province card to the Reserve.
3. ``forward CARD [SECTOR]``: a Province card one step forward to an empty area (from the
   Reserve to a Swedish Sector, named; from a Swedish Sector to the enemy Sector facing it).
4. ``reinforce CARD [N]``: Soldiers from the Reserve to a Province card in a Swedish Sector.
5. ``commander FROM TO [N]``: Commanders move freely (never alone, never a fifth piece).
"""

from __future__ import annotations

import shlex
from dataclasses import dataclass

from bot.batalj.board import (ENEMY, ENEMY_SECTORS, MAX_PIECES, RESERVE, SWEDEN, SWEDISH_SECTORS, ahead,
                              area_id, behind, fold, name, opposite)
from bot.batalj.losses import tidy
from bot.batalj.state import Group, RuleError, Table
from bot.errors import ActionSyntaxError
from generator.core.limits import excerpt

SWEDISH = "The Swedish redeployment"
ENEMY_RULE = "The enemy redeployment"
STEPS = {"back": 1, "retire": 2, "forward": 3, "reinforce": 4, "commander": 5}


@dataclass(frozen=True)
class Move:
    """One entered move: its verb (its step), the card or area it moves, where to, how many."""

    verb: str
    what: str
    to: str | None = None
    count: int = 1

    @property
    def step(self) -> int:
        return STEPS[self.verb]

    def __str__(self) -> str:
        parts = [self.verb, shlex.quote(self.what)] + ([self.to] if self.to else [])
        return " ".join(parts + ([str(self.count)] if self.count != 1 else []))


def parse_moves(text: str) -> list[Move]:
    """``back Uppland; forward Skåne s2; commander sr s1`` as Moves; ValueError naming the
    move that is not understood."""
    moves = []
    for i, part in enumerate(p for p in text.split(";") if p.strip()):
        try:
            words = shlex.split(part)
        except ValueError as err:
            raise ValueError(f"move {i + 1} {part.strip()!r}: {err}") from None
        verb = words[0].lower()
        if verb not in STEPS:
            raise ValueError(f"move {i + 1} {part.strip()!r}: expected one of {', '.join(STEPS)}")
        rest = words[1:]
        count = 1
        if rest and rest[-1].isdigit() and verb in ("retire", "reinforce", "commander"):
            count = int(rest.pop())
        if verb == "commander":
            if len(rest) != 2 or not all(area_id(w) for w in rest):
                raise ValueError(f"move {i + 1}: commander FROM TO [N] (areas such as sr, s2, e1)")
            moves.append(Move(verb, area_id(rest[0]) or "", area_id(rest[1]), count))
            continue
        if verb == "forward" and len(rest) == 2 and area_id(rest[1]):
            moves.append(Move(verb, rest[0], area_id(rest[1]), count))
            continue
        if len(rest) != 1:
            raise ValueError(f"move {i + 1} {part.strip()!r}: {verb} CARD" + (" [N]" if verb in ("retire", "reinforce")
                                                                                 else " [SECTOR]" if verb == "forward" else ""))
        if not 1 <= count <= 40:
            raise ValueError(f"move {i + 1}: a count from 1 to 40")
        moves.append(Move(verb, rest[0], None, count))
    return moves


def find_card(t: Table, word: str) -> str:
    """The Province card a player's word names: its name as typed (any case, with or without
    accents: ``ostergotland`` for Östergötland), or an area holding one (``s2``, ``left``).
    ActionSyntaxError when it names none."""
    cards = t.battle.cards()
    if word in cards:
        return word
    folded = {fold(c): c for c in cards}
    if fold(word) in folded:
        return folded[fold(word)]
    area = area_id(word)
    if area is not None and area in t.battle.sectors and t.battle.sectors[area].card:
        return t.battle.sectors[area].card or ""
    known = ", ".join(sorted(cards)) or "none"
    if area is not None:
        raise ActionSyntaxError(f"{excerpt(word)} names {name(area)}, where no Province card stands (cards: {known})")
    raise ActionSyntaxError(f"no Province card {excerpt(word)} on the board (cards: {known})")


def _card_area(t: Table, card: str) -> str:
    return t.battle.cards()[card]


def _with_pieces(g: Group) -> str:
    return f", with its {g.pieces} piece(s)" if g.pieces else " (it carries no piece)"


def _empty(t: Table, area: str) -> bool:
    return area in RESERVE.values() or t.battle.sectors[area].empty


def _move_card(t: Table, card: str, src: str, dst: str) -> None:
    """A card with all its pieces; into the Reserve its pieces join the Reserve's loose pieces."""
    b = t.battle
    if src == "sr":
        b.reserves[SWEDEN].cards.remove(card)
        b.sectors[dst] = Group(SWEDEN, 0, 0, card)
        return
    g = b.sectors[src]
    b.sectors[src] = Group()
    if dst == "sr":
        b.reserves[SWEDEN].soldiers += g.soldiers
        b.reserves[SWEDEN].commanders += g.commanders
        b.reserves[SWEDEN].cards.append(card)
    else:
        b.sectors[dst] = g


def _apply(t: Table, m: Move, moved: set[str]) -> None:
    b = t.battle
    sr = b.reserves[SWEDEN]
    if m.verb == "commander":
        src, dst = m.what, m.to or ""
        if RESERVE[ENEMY] in (src, dst):
            raise RuleError(f"a Swedish Commander never enters the {name(RESERVE[ENEMY])}")
        have = sr.commanders if src == "sr" else b.sectors[src].commanders if b.sectors[src].side == SWEDEN else 0
        if have < m.count:
            raise RuleError(f"{name(src)} has {have} Swedish Commander(s), not {m.count}")
        if dst != "sr":
            g = b.sectors[dst]
            if not g.holds(SWEDEN) or not g.soldiers:
                raise RuleError(f"a Commander may NEVER be left alone in a Sector: {name(dst)} holds no Swedish Soldier")
            if g.pieces + m.count > MAX_PIECES:
                raise RuleError(f"there can never be more than FOUR pieces in a Sector: {name(dst)} holds {g.pieces}")
        if src == dst:
            raise RuleError("a Commander's move goes to another area")
        if src == "sr":
            sr.commanders -= m.count
        else:
            b.sectors[src].commanders -= m.count
        if dst == "sr":
            sr.commanders += m.count
        else:
            b.sectors[dst].commanders += m.count
        t.say("swedish", f"{m.count} Commander(s) from {name(src)} to {name(dst)}.", f"{SWEDISH}, step 5")
        return
    card = find_card(t, m.what)
    src = _card_area(t, card)
    if m.verb in ("back", "forward"):
        if card in moved:
            raise RuleError(f"Province card {card} already moved in step {m.step}: a card moves only ONCE in a step")
        moved.add(card)
    if m.verb == "back":
        if src == "sr":
            raise RuleError(f"{card} is in the Reserve: there is no step backwards from it")
        dst = behind(src, SWEDEN)
        if not _empty(t, dst):
            raise RuleError(f"{card} can only move back to an empty area: {name(dst)} is not empty")
        carried = _with_pieces(b.sectors[src])
        _move_card(t, card, src, dst)
        t.say("swedish", f"{card} one step back, {name(src)} to {name(dst)}{carried}"
              + (" (they join the Reserve's pieces)" if dst == "sr" and carried.startswith(",") else "") + ".",
              f"{SWEDISH}, step 1")
    elif m.verb == "retire":
        if src == "sr":
            raise RuleError(f"{card} is in the Reserve: its Soldiers are Reserve Soldiers already")
        g = b.sectors[src]
        if g.soldiers < m.count:
            raise RuleError(f"{card} holds {g.soldiers} Soldier(s), not {m.count}")
        if g.soldiers == m.count and g.commanders:
            raise RuleError(f"a Commander may NEVER be left alone in a Sector: {card} would keep its Commander(s) "
                            "and no Soldier (move the card back at step 1 instead)")
        g.soldiers -= m.count
        sr.soldiers += m.count
        t.say("swedish", f"{m.count} Soldier(s) from {card} ({name(src)}) to the Reserve.", f"{SWEDISH}, step 2")
    elif m.verb == "forward":
        if src == "sr":
            if m.to not in SWEDISH_SECTORS:
                raise RuleError(f"{card} is in the Reserve: name the Swedish Sector it moves forward to (s1, s2, s3)")
            dst = m.to
        else:
            if src in ENEMY_SECTORS:
                raise RuleError(f"{card} stands in an enemy Sector already: there is no step forward from it")
            dst = opposite(src)
            if m.to and m.to != dst:
                raise RuleError(f"{card} moves forward straight ahead only, to {name(dst)}")
        if not _empty(t, dst):
            raise RuleError(f"{card} can only move forward to an empty area: {name(dst)} is not empty")
        carried = " (it carries no piece)" if src == "sr" else _with_pieces(b.sectors[src])
        _move_card(t, card, src, dst)
        t.say("swedish", f"{card} one step forward, {name(src)} to {name(dst)}{carried}.", f"{SWEDISH}, step 3")
    elif m.verb == "reinforce":
        if src not in SWEDISH_SECTORS:
            raise RuleError(f"a Soldier from the Reserve goes to a Province card in a Swedish Sector; {card} is in "
                            f"{name(src)}")
        g = b.sectors[src]
        if g.pieces + m.count > MAX_PIECES:
            raise RuleError(f"there can never be more than FOUR pieces in a Sector: {card} holds {g.pieces}")
        if sr.soldiers - m.count < 1:
            raise RuleError("both armies must always have at least one SOLDIER in their Reserve: "
                            f"the Reserve holds {sr.soldiers}")
        sr.soldiers -= m.count
        g.soldiers += m.count
        g.side = SWEDEN
        t.say("swedish", f"{m.count} Soldier(s) from the Reserve to {card} ({name(src)}).", f"{SWEDISH}, step 4")


def swedish_redeployment(t: Table, moves: list[Move]) -> None:
    """Step 5: the players' moves, checked one by one in the steps' order; the first that breaks
    a rule refuses the whole entry (nothing moves). Cards left without pieces go back to the
    Reserve; then the enemy redeploys."""
    b = t.battle
    if b.phase != "redeploy":
        raise RuleError(f"Sweden redeploys at step 5 of a round; now is {b.phase}")
    apply_moves(t, moves)
    for s in (*SWEDISH_SECTORS, *ENEMY_SECTORS):
        if b.sectors[s].side == SWEDEN or b.sectors[s].card:
            tidy(t, s)
    if not moves:
        t.say("swedish", "Sweden does not redeploy.", SWEDISH)


def apply_moves(t: Table, moves: list[Move]) -> None:
    """The players' moves checked and made one by one, in the steps' order, before the cards
    left without pieces are tidied away (a card moved forward from the Reserve is empty until
    reinforced): RuleError on the first that breaks a rule."""
    step = 0
    moved: set[str] = set()
    for i, m in enumerate(moves, start=1):
        if m.step < step:
            raise RuleError(f"move {i} ({m}) is step {m.step}, after step {step}: the five steps MUST take place "
                            "in the stated order")
        if m.step != step:
            moved = set()
        step = m.step
        try:
            _apply(t, m, moved)
        except RuleError as err:
            raise RuleError(f"move {i} ({m}): {err}") from None
        except ActionSyntaxError as err:
            raise ActionSyntaxError(f"move {i} ({m}): {err}") from None


def in_order(moves: list[Move]) -> list[Move]:
    """Moves sorted into the five steps' order, keeping their order within a step."""
    return sorted(moves, key=lambda m: m.step)


def _facing(t: Table, area: str) -> int:
    return t.battle.facing_soldiers(area, ENEMY)


def enemy_advance(t: Table) -> None:
    """Step 6, 3: the enemy always advances with as many Soldiers as possible: a red group
    with nothing Swedish straight ahead moves into the empty Swedish Sector; each red Sector
    left empty fills from the Reserve (up to four, one Soldier kept), the one facing the most
    Swedish Soldiers first, ties by die."""
    b = t.battle
    for s in ENEMY_SECTORS:
        g, dst = b.sectors[s], ahead(s, ENEMY)
        if g.holds(ENEMY) and b.sectors[dst].empty:
            b.sectors[dst], b.sectors[s] = g, Group()
            t.say("enemy", f"The enemy advances from {name(s)} into the empty {name(dst)} with all {g.pieces} "
                           "piece(s).", f"{ENEMY_RULE}, step 3")
    reserve = b.reserves[ENEMY]
    empty = [s for s in ENEMY_SECTORS if b.sectors[s].empty]
    while empty and reserve.soldiers > 1:
        most = max(_facing(t, s) for s in empty)
        s = t.tie_break([e for e in empty if _facing(t, e) == most])
        empty.remove(s)
        count = min(MAX_PIECES, reserve.soldiers - 1)
        reserve.soldiers -= count
        b.sectors[s] = Group(ENEMY, count, 0)
        t.say("enemy", f"{count} Soldier(s) from the enemy Reserve advance into the empty {name(s)} (as many as "
                       f"possible, one kept in the Reserve; it faces {most} Swedish Soldier(s)).", f"{ENEMY_RULE}, step 3")


def enemy_reinforce(t: Table) -> None:
    """Step 6, 4: a Soldier from the Reserve to each red Sector; when there are not enough,
    first the Sectors with the fewest Soldiers, then those facing the most Swedish Soldiers,
    then by die."""
    b = t.battle
    reserve = b.reserves[ENEMY]
    open_ = [s for s in ENEMY_SECTORS if not b.sectors[s].holds(SWEDEN) and b.sectors[s].pieces < MAX_PIECES
             and b.sectors[s].card is None]
    while open_ and reserve.soldiers > 1:
        fewest = min(b.sectors[s].soldiers for s in open_)
        tied = [s for s in open_ if b.sectors[s].soldiers == fewest]
        most = max(_facing(t, s) for s in tied)
        tied = [s for s in tied if _facing(t, s) == most]
        s = t.tie_break(tied)
        open_.remove(s)
        reserve.soldiers -= 1
        g = b.sectors[s]
        g.side, g.soldiers = ENEMY, g.soldiers + 1
        why = (f"{fewest} Soldier(s), the fewest" + (f"; facing {most} Swedish Soldier(s), the most" if len(tied) > 1
               or most else "") + ("; by die" if len(tied) > 1 else ""))
        t.say("enemy", f"A Soldier from the enemy Reserve to {name(s)} ({why}).", f"{ENEMY_RULE}, step 4")


def enemy_commanders(t: Table) -> None:
    """Step 6, 5: Commanders always try to be at the front, in the area facing the most Swedish
    Soldiers (ties by die) that has a Soldier and room; they stay in the Reserve only when no
    Sector can take them. They are placed one at a time; the table is told the net moves (each
    from an area that loses Commanders to one that gains them), so no Sector ever holds five."""
    b = t.battle
    reserve = b.reserves[ENEMY]
    before = {"er": reserve.commanders, **{s: b.sectors[s].commanders for s in b.held(ENEMY)}}
    origins: list[str] = ["er"] * reserve.commanders
    for s in b.held(ENEMY):
        origins += [s] * b.sectors[s].commanders
        b.sectors[s].commanders = 0
    reserve.commanders = 0
    why: dict[str, str] = {}
    for origin in origins:
        fronts = [s for s in b.held(ENEMY) if b.sectors[s].soldiers and b.sectors[s].pieces < MAX_PIECES]
        if not fronts:
            reserve.commanders += 1
            why["er"] = "no Sector has room"
            continue
        most = max(_facing(t, s) for s in fronts)
        tied = [s for s in fronts if _facing(t, s) == most]
        dst = origin if origin in tied else t.tie_break(tied)
        b.sectors[dst].commanders += 1
        why.setdefault(dst, f"the front facing the most Swedish Soldiers ({most})"
                       + (", by die among equals" if len(tied) > 1 and origin not in tied else ""))
    after = {"er": reserve.commanders, **{s: b.sectors[s].commanders for s in b.held(ENEMY)}}
    for src, dst in net_moves(before, after):
        t.say("enemy", f"An enemy Commander from {name(src)} to {name(dst)}: {why.get(dst, 'to the front')}.",
              f"{ENEMY_RULE}, step 5")


def net_moves(before: dict[str, int], after: dict[str, int]) -> list[tuple[str, str]]:
    """The fewest single moves turning counts ``before`` into ``after`` (areas in board order,
    the Reserve first): each from an area that loses to one that gains."""
    areas = list(dict.fromkeys([*before, *after]))
    losing = [a for a in areas for _ in range(max(0, before.get(a, 0) - after.get(a, 0)))]
    gaining = [a for a in areas for _ in range(max(0, after.get(a, 0) - before.get(a, 0)))]
    return list(zip(losing, gaining))


def stalled(t: Table) -> bool:
    """Nothing in any Sector and one Soldier in each Reserve: no attack can reach anything and
    no Soldier may leave a Reserve. The battle goes on (the rules end it only when a Reserve is
    empty; a card played "anytime during the war" can still decide it) unless the players end it."""
    b = t.battle
    return (not any(b.sectors[s].pieces for s in b.sectors)
            and all(r.soldiers == 1 for r in b.reserves.values()))


def enemy_redeployment(t: Table) -> None:
    """Step 6: the enemy never retreats (steps 1 and 2 skipped), advances, reinforces, and sends
    its Commanders to the front; then the next round begins."""
    t.say("enemy", "The enemy never retreats: steps 1 and 2 are skipped.", f"{ENEMY_RULE}, steps 1 & 2")
    enemy_advance(t)
    enemy_reinforce(t)
    enemy_commanders(t)
    b = t.battle
    if stalled(t):
        t.say("round", "No Sector holds a piece and each Reserve holds its last Soldier: neither army can attack. The "
                       "battle goes on until a Reserve is empty (a card played anytime, such as Supply train or "
                       "Poltava, can still decide it), or the players end it: pnpkit batalj end --agreed.",
              "The battle, step 7")
    b.round += 1
    b.phase, b.steel, b.fortune = "fire", False, False
    t.say("round", f"Round {b.round}: step 2, all Artillery fires.", "The battle, step 7")
