"""The Danish army's decision procedure, step by step in the rulebook's words.

docs/bot.md lists these steps (a test keeps the two the same); every Danish action the bot
records names the steps that decided it (``steps`` in its record), and ``bot ask --explain``
prints them. The details of each step (ties, costs, what counts as a block) are in
docs/rules-notes.md.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable


@dataclass(frozen=True)
class Step:
    """One step of the procedure: its number (what a record's ``steps`` keeps), a name, the
    rulebook section and its words."""

    number: int
    name: str           # a few words, printed by --explain
    rule: str           # the rulebook section
    words: str          # what the bot does, in the rulebook's words


ORDER = Step(1, "move order", "2.0 step 2",
              "\"If an enemy troop can kill one of your units, they move first\"; then \"according to their "
              "zone name in alphabetical order. Whenever a tie happens, the road number decides\".")
ATTACK = Step(2, "attack", "2.0 step 2, 4.0, 5.0",
              "Where it stands and after every step: next to Kristina, it attacks her (\"If an enemy unit at "
              "any point manages to attack Kristina, you lose the game\"); next to a Swedish unit it beats or "
              "trades with, it attacks (\"Enemy units will enter combat provided that a Swedish unit will "
              "die\", \"they will still attack a unit if possible\"). Never \"a losing battle\". The attack "
              "ends its move.")
REJOIN = Step(3, "back to its road", "4.0",
              "Off its road (a lineup space, half-way round a block, landed by the ship), \"they will return "
              "to their road at the nearest possible moment\".")
ALONG = Step(4, "along its road", "2.0 step 2",
              "\"Enemies move along the roads on which they spawned on. They move forward until they reach "
              "the castle of Stockholm and Kristina.\" A Swedish unit it beats or trades with does not stop it: "
              "it walks up to it (step 2).")
AROUND = Step(5, "around a block", "2.0 step 2, 4.0",
              "\"If the road is blocked by one of your units, enemies will move around your unit and get back "
              "to the road in the quickest way possible\": only a unit it cannot beat blocks it.")
CLOSEST = Step(6, "as close as possible", "2.0 step 2",
              "\"If the road is completely blocked off at a choke point, they will move as close as possible, "
              "leaving their road if necessary.\" (Also the closed bridge, and Kristina ringed by Swedish units.)")
NO_SHARING = Step(7, "no shared space", "3.2",
              "Danish troops never stand on one space (\"Rules that state that danish troops cannot be on the "
              "same space do not apply to propagandists\"): it stops on the last free space.")
PROPAGANDIST = Step(8, "propagandists", "6.2 Propaganda",
              "\"It will try to get to a Castle, moving 1 space per turn. If they reach it the player will get "
              "+1 in Propaganda\" and the card is replayed.")
CHRISTIAN = Step(9, "Christian II", "3.2", "\"Stationary non-combat unit\": he stays.")
SHIP = Step(10, "the ship", "6.2 Ship",
              "\"a ship will make its way to Stockholm's port after 5 turns\"; then its troop lands and "
              "follows its road (step 3).")

#: The steps in the rulebook's order (docs/bot.md lists them; a test keeps the two the same).
STEPS: tuple[Step, ...] = (ORDER, ATTACK, REJOIN, ALONG, AROUND, CLOSEST, NO_SHARING, PROPAGANDIST, CHRISTIAN, SHIP)

BY_NUMBER: dict[int, Step] = {s.number: s for s in STEPS}


def describe(numbers: Iterable[int]) -> str:
    """'step 3 (back to its road), step 2 (attack)': the steps that decided an action."""
    return ", ".join(f"step {n} ({BY_NUMBER[n].name})" for n in numbers)


__all__ = ["BY_NUMBER", "STEPS", "Step", "describe", "ORDER", "ATTACK", "REJOIN", "ALONG", "AROUND", "CLOSEST", "NO_SHARING", "PROPAGANDIST", "CHRISTIAN", "SHIP"]
