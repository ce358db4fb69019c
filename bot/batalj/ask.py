"""``pnpkit batalj ask POSITION.json``: what the enemy army does from a battle's position, without
a saved battle (docs/batalj-bot.md "The position").

The position names the step; the answer is the enemy's part of it, by the same rules a battle
is played by: at ``ready`` the enemy laid from its strength cards in hand (at random, as the
rules say: ``--seed``), at ``fire`` its Cannons, at ``counter`` its counter-attack, at
``redeploy`` its redeployment. Its dice are those given (``--dice``, in the order it rolls),
else the seeded die; the players' own choices within the step (where an enemy Cannon's hit
falls, a Swedish loss taken as a Soldier or a retreating Commander) are their documented
defaults, each said in its record ("(default)"), as in ``simulate``."""

from __future__ import annotations

import random
from typing import Any, Sequence

from bot.positionfile import Lines
from bot.batalj.artillery import enemy_artillery_fire
from bot.batalj.attack import enemy_counter_attack
from bot.batalj.board import ENEMY, SWEDEN
from bot.batalj.explain import next_step
from bot.batalj.placement import start_battle
from bot.batalj.positions import position_from_json, position_to_json
from bot.batalj.redeployment import enemy_redeployment
from bot.batalj.state import BattleOver, RuleError, Table


def answer(data: Any, source: str = "<position>", seed: int = 0, dice: Sequence[int] = (),
           lines: Lines | None = None) -> dict[str, Any]:
    """The enemy's part of the position's step: its actions in order (each what happened and
    the rule it follows, with its die), the result, and the position after it."""
    situation = position_from_json(data, source, lines)
    battle = situation.battle
    t = Table(battle, random.Random(seed))            # asks nothing: the players' choices by default
    t.entered[ENEMY] = list(dice)
    phase = battle.phase
    try:
        if phase == "setup":
            start_battle(t, situation.hand)
        elif phase == "fire":
            enemy_artillery_fire(t)
            battle.phase = "attack"
        elif phase == "counter":
            enemy_counter_attack(t)
        else:
            enemy_redeployment(t)
    except BattleOver:
        pass
    left = len(t.entered[ENEMY])
    if left and battle.phase != "over":
        rolled = len(dice) - left
        raise RuleError(f"{len(dice)} dice given, but the enemy rolls {rolled} at this step: give at most {rolled} "
                        "(--dice)")
    actions = [{"kind": r.kind, "text": r.words, "rule": r.rule, "roll": r.fact("roll")} for r in t.records]
    return {"actions": actions, "result": "over" if battle.phase == "over" else "continue",
            "won": battle.winner == SWEDEN, "winner": battle.winner, "next": next_step(battle),
            "position": position_to_json(battle)}


def answer_lines(result: dict[str, Any]) -> list[str]:
    """The answer in words: each action, the rule it follows under it, then the result."""
    lines = [f"{a['text']}\n   rule: {a['rule']}" for a in result["actions"]]
    if result["result"] == "over":
        words: dict[str, str] = {SWEDEN: "Sweden wins (you win)", ENEMY: "the enemy wins"}
        won = words.get(result["winner"] or "", "ended by agreement")
        lines.append(f"result: over: {won}")
    else:
        lines.append(f"result: continue; next: {result['next']}")
    return lines


__all__ = ["answer", "answer_lines"]
