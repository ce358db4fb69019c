"""Where the pieces stand, and the table a rule works on: the position, the seeded die, the
dice the players entered, and the records that explain what happened."""

from __future__ import annotations

import copy
import random
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Literal

from bot.batalj.board import ENEMY, RESERVE, SECTORS, SWEDEN, Side, ahead, other
from bot.records import Record, RecordKind
from bot.errors import RuleError  # noqa: F401  (the rules' refusal, as the battle modules import it)
from generator.core.limits import excerpt



#: A battle's steps (the rulebook's), and its end.
Phase = Literal["setup", "fire", "attack", "counter", "redeploy", "over"]

@dataclass(frozen=True)
class Question:
    """A choice the players make after the dice: what it is about, the text asking it, and the
    answers it takes (``pnpkit batalj choose ANSWER``)."""

    kind: str                 # "target" (a Swedish hit), "hit" (an enemy hit on Sweden), "loss" (which piece)
    text: str
    options: tuple[str, ...]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "options": list(self.options),
                "answer": "pnpkit batalj choose " + "|".join(self.options)}


class NeedChoice(Exception):
    """A step stops at a choice of the players' (its dice already rolled and shown)."""

    def __init__(self, question: Question) -> None:
        super().__init__(question.text)
        self.question = question


class BattleOver(Exception):
    """The last Soldier left a Reserve: the battle ends at once, mid-step."""


@dataclass
class Group:
    """The pieces in one Sector: one side's at a time (an area is entered only when empty).
    A Swedish group stands on its Province card (``card``)."""

    side: Side | None = None
    soldiers: int = 0
    commanders: int = 0
    card: str | None = None

    @property
    def pieces(self) -> int:
        return self.soldiers + self.commanders

    @property
    def empty(self) -> bool:
        return self.pieces == 0 and self.card is None

    def holds(self, side: Side) -> bool:
        return self.side == side and self.pieces > 0


@dataclass
class Reserve:
    """A Reserve: any number of pieces, the Cannons (their Styrka), and for Sweden the
    Province cards moved back into it (empty: pieces in a Reserve belong to no card)."""

    soldiers: int = 0
    commanders: int = 0
    cannons: list[int] = field(default_factory=list)
    cards: list[str] = field(default_factory=list)

    @property
    def pieces(self) -> int:
        return self.soldiers + self.commanders


@dataclass
class Battle:
    """The position: phase, round, both armies, the event cards played."""

    players: int
    phase: Phase = "setup"
    round: int = 0
    sectors: dict[str, Group] = field(default_factory=lambda: {s: Group() for s in SECTORS})
    reserves: dict[Side, Reserve] = field(default_factory=lambda: {SWEDEN: Reserve(), ENEMY: Reserve()})
    reserve_cards_placed: list[str] = field(default_factory=list)
    played: list[str] = field(default_factory=list)
    steel: bool = False               # The Taste of the Swedish Steel, this round
    fortune: bool = False             # Fortune of war, this round
    winner: Side | None = None
    ended: str | None = None          # "agreement": ended by the players (`end agreed`), no winner

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    def cards(self) -> dict[str, str]:
        """Each Swedish Province card on the board and the area it is in."""
        found = {g.card: s for s, g in self.sectors.items() if g.card}
        found.update({c: RESERVE[SWEDEN] for c in self.reserves[SWEDEN].cards})
        return found

    def held(self, side: Side) -> list[str]:
        """The Sectors holding pieces of ``side``, column by column."""
        return [s for s in SECTORS if self.sectors[s].holds(side)]

    def facing_soldiers(self, area: str, side: Side) -> int:
        """The adversary's Soldiers straight ahead of a group of ``side`` in ``area``."""
        target = ahead(area, side)
        if target in RESERVE.values():
            return self.reserves[other(side)].soldiers
        g = self.sectors[target]
        return g.soldiers if g.side == other(side) else 0


@dataclass
class Pending:
    """A step waiting for the players' choices: its log line, the table before it (the step is
    played again from there with every answer so far: the same dice), the answers given, the
    question now asked and how many of the step's records were shown already."""

    line: str
    before: "Table"
    answers: list[str]
    question: Question
    shown: int


@dataclass
class Table:
    """The battle and the chance in it: a seeded ``random.Random`` (replaying the log from the
    seed rolls the same dice) and the dice entered for the current action, used first.

    The players' choices after the dice: ``preset`` holds answers given with the step
    (``--targets``, ``--hits-on``, ``--keep-commanders``) by kind, ``answers`` those given
    with ``choose`` in the order asked; with neither, ``asks`` says whether the step stops at
    the question (a battle of save version 2) or takes the documented default (version 1,
    and simulation)."""

    battle: Battle
    rng: random.Random
    entered: dict[str, list[int]] = field(default_factory=lambda: {SWEDEN: [], ENEMY: []})
    records: list[Record] = field(default_factory=list)
    asks: bool = False
    preset: dict[str, list[str]] = field(default_factory=dict)
    answers: list[str] = field(default_factory=list)
    settled: set[str] = field(default_factory=set)
    pending: Pending | None = None
    edition: int = 2                  # 1: a battle saved before choices came after the dice (save version 1)

    def clone(self) -> "Table":
        return copy.deepcopy(self)

    def die(self, why: str, side: Side) -> tuple[int, bool]:
        """One die of ``side`` for ``why``: the next die entered for that side, else the seeded
        die. Returns the roll and whether the bot rolled it (only those are rolled again under
        Fortune of war)."""
        if self.entered[side]:
            return self.entered[side].pop(0), False
        return self.rng.randint(1, 6), True

    def roll(self, why: str, side: Side, hits_on: int) -> int:
        """A die that hits on at most ``hits_on``; under Fortune of war a failed Swedish die the
        bot rolled is rolled again, once."""
        roll, by_bot = self.die(why, side)
        if side == SWEDEN and self.battle.fortune and by_bot and roll > hits_on:
            again, _ = self.die(why, side)
            self.say("fortune", f"{why}: {roll} failed, rolled again (Fortune of war): {again}.", "Fortune of war")
            roll = again
        return roll

    def choose(self, kind: str, text: str, options: list[str], default: Callable[[], str],
               refusal: str = "") -> tuple[str, str]:
        """The players' answer to a question asked after the dice, and how it was given: "as the
        players chose" (given with the step or with ``choose``), "the only choice", or "by
        default" (``default()``, a documented policy: in a battle that does not ask, or for a
        kind the players settled with the step, such as ``--keep-commanders``). NeedChoice when
        the battle asks and has no answer yet; RuleError when the answer is not one of
        ``options`` (``refusal`` says why)."""
        preset = self.preset.get(kind)
        asked = self.asks and kind not in self.settled and len(options) > 1
        given = preset or (self.answers if asked else None)
        if given:
            answer = given.pop(0)
            if answer not in options:
                raise RuleError(f"{text} {excerpt(answer)} is not one of: {', '.join(options)}"
                                + (f" ({refusal})" if refusal else ""))
            return answer, "as the players chose"
        if len(options) == 1:
            return options[0], "the only choice"
        if not asked:
            return default(), "by default"
        raise NeedChoice(Question(kind, text, tuple(options)))

    def tie_break(self, options: list[str]) -> str:
        """The rules' "determined by dieroll": one of tied options, by the seeded die."""
        return options[0] if len(options) == 1 else self.rng.choice(options)

    def say(self, kind: RecordKind, text: str, rule: str, **facts: Any) -> None:
        """Record what happened and the rule (rulebook heading) it follows (a
        ``bot.records.Record``, its words its ``text``)."""
        self.records.append(Record(kind, facts, text, rule, words_key="text"))

