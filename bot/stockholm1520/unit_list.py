"""The page's list of Swedish units with their moves as buttons (issue 36): every unit that can
act this turn, each move, attack and upgrade one tap, no selection first.

A button plays what a player decides in one go and the rules allow in one go: a move; an
attack, moving next to the Dane first when needed (attacking ends the unit's movement, 4.0,
so a move then an attack is one decision); a militia's upgrade, walking into the training
zone first when needed (3.1; that an upgrade ends the unit's turn is docs/rules-notes.md 35).
Each unit shows its best few buttons (every attack and upgrade, and up to ``FEW`` moves in two
rows of a phone's width) and the rest behind "more": the moves ordered as a defender chooses
(spaces no Dane could attack next turn first, then nearest a Dane, then nearer Kristina), an
attack from ``reach.attack_space``. The order, ``FEW`` and ``FEWEST`` are designed for the
page (the rulebook leaves every choice to the player), not rules.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.stockholm1520.reach import OUTCOME_WORDS, Reach, attack_space, danish_threats, exposed, reach
from bot.stockholm1520.state import Table, Unit
from bot.stockholm1520.units import SHORT, TROOPS

#: The moves a unit shows before "more": two rows of buttons at phone width (390 CSS px) with
#: the unit's name; an attack or upgrade button is about as wide as two moves and takes their place.
FEW = 6
#: The fewest moves shown beside attacks and upgrades.
FEWEST = 2


def moves_shown(wide: int, few: int = FEW) -> int:
    """How many moves a unit shows before "more" beside ``wide`` attack and upgrade buttons."""
    return max(few - 2 * wide, FEWEST)


@dataclass(frozen=True)
class Option:
    """One button: the unit, the space it moves to first ("" where it stands), the Dane it
    attacks or the troop it becomes ("" for neither), and its words."""

    unit: str
    hex: str = ""
    target: str = ""
    troop: str = ""
    outcome: str = ""               # the attack's outcome for the attacker (5.0): win | trade | loss
    risky: bool = False             # a Dane could attack it where it ends, next turn

    def label(self) -> str:
        """The button's words, short: "→0912", "→0912 × C5-pike", "× C5-pike", "→1010: pikemen"."""
        words = f"→{self.hex}" if self.hex else ""
        if self.target:
            words = f"{words} × {self.target}".strip()
        if self.troop:
            words = f"{words}: {self.troop}" if words else f"become {self.troop}"
        return words + (" ⚠" if self.risky else "")

    def said(self, at: str) -> str:
        """The button in full (its accessible name and title): 'xbow2: 1204 -> 1206, attacks
        C5-pike (you win)'."""
        words = f"{self.unit}: {at}" + (f" -> {self.hex}" if self.hex else "")
        if self.target:
            words += f", attacks {self.target} ({OUTCOME_WORDS.get(self.outcome, self.outcome)})"
        if self.troop:
            words += f", becomes {self.troop} (3.1)"
        if self.risky:
            words += "; a Dane could attack it there next turn"
        return words


@dataclass
class UnitRow:
    """A unit of the list: the buttons shown and those behind "more"."""

    unit: Unit
    shown: list[Option] = field(default_factory=list)
    more: list[Option] = field(default_factory=list)

    @property
    def short(self) -> str:
        return SHORT.get(self.unit.type, self.unit.type)


def unit_rows(t: Table, few: int = FEW) -> list[UnitRow]:
    """Every Swedish unit that can still act this turn, with its options (see the module)."""
    if t.pos.phase not in ("player", "regroup"):
        return []
    rows = []
    for unit in t.pos.swedish:
        found = reach(t, unit.id)
        if found.done:
            continue
        attacks, upgrades, moves = _attacks(t, found), _upgrades(t, found), _moves(t, found)
        if not (attacks or upgrades or moves):
            continue
        shown = moves_shown(len(attacks) + len(upgrades), few)
        rows.append(UnitRow(unit, attacks + upgrades + moves[:shown], moves[shown:]))
    return rows


def _moves(t: Table, found: Reach) -> list[Option]:
    """Safe spaces first (no Dane could attack the unit there next turn), then those nearest a
    Dane (where a defender blocks a road or strikes next), then nearer Kristina, fewer steps."""
    board = t.board
    unsafe = danish_threats(t, found.unit.type)
    home = board.land_distances(board.kristina)
    danes = [u.hex for u in t.pos.danish]

    def key(h: str) -> tuple[bool, int, int, int, str]:
        nearest = min((board.distance(h, d) for d in danes), default=99)
        return h in unsafe, nearest, home.get(h, 99), found.spaces[h], h

    order = sorted(found.spaces, key=key)
    return [Option(found.unit.id, h, risky=h in unsafe) for h in order]


def _attacks(t: Table, found: Reach) -> list[Option]:
    """Each Dane within reach, attacked from ``attack_space`` (where the board's tap and the
    terminal's attack move too); a win marked when the unit could be struck where it ends."""
    out = []
    for tg in found.targets:
        space = attack_space(t, found, tg)
        out.append(Option(found.unit.id, "" if space == found.unit.hex else space, tg.unit.id, outcome=tg.outcome,
                          risky=tg.outcome == "win" and exposed(t, found, tg)))
    return out


def _upgrades(t: Table, found: Reach) -> list[Option]:
    """A militia's upgrades (3.1): where it stands in the training zone, else on the nearest
    space of it that it can reach this turn (fewest steps, then the lowest id)."""
    unit = found.unit
    if unit.type != "militia":
        return []
    training = t.board.training
    if unit.hex in training:
        space = ""
    else:
        inside = [h for h in found.spaces if h in training]
        if not inside:
            return []
        space = min(inside, key=lambda h: (found.spaces[h], h))
    return [Option(unit.id, space, troop=troop) for troop in TROOPS]


__all__ = ["FEW", "Option", "UnitRow", "moves_shown", "unit_rows"]
