"""``pnpkit bot ask POSITION.json``: the Danish turn for a position, without a saved game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any, Sequence

from generator.errors import DataError, Problem

from bot.board import load_board
from bot.cards import event_cards, zone_cards
from bot.decks import Decks
from bot.rules.common import finish_draws, start_draws
from bot.rules.enemy import enemy_turn
from bot.state import Table, position_from_json

ACTION_KINDS = ("danish", "spawn", "ship", "card")


def read_position_file(path: Path) -> Any:
    shown = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError([Problem(shown, "position file not found")]) from None
    except (OSError, UnicodeDecodeError) as err:
        raise DataError([Problem(shown, f"cannot read the position file: {err}")]) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise DataError([Problem(shown, f"not valid JSON: {err.msg} (column {err.colno})", line=err.lineno)]) from None


def _loader_near(base: Path | None):
    """Load maps by name, or by path relative to the working directory, else to ``base``
    (the position file's folder), so a position file can sit beside its map."""
    def load(ref: str):
        if base is not None and ref != "stockholm1520" and not Path(ref).is_absolute() \
                and not Path(ref).exists() and (base / ref).exists():
            ref = str(base / ref)
        return load_board(ref)
    return load


def answer(data: Any, source: str = "<position>", seed: int = 0, drawn: Sequence[str] | None = None,
           base: Path | None = None) -> dict[str, Any]:
    """The enemy turn for ``data`` (a position dict): actions in order, result, new position.

    Cards drawn during the turn (a replayed Propaganda card) come from a full zone deck
    shuffled with ``seed``, or from ``drawn``. A relative map path may be relative to ``base``."""
    pos, board = position_from_json(data, source, _loader_near(base))
    rng = random.Random(seed)
    decks = Decks(zone_cards(board), event_cards())
    decks.shuffle_all(rng)
    table = Table(board, pos, decks, rng)
    start_draws(table, drawn)
    outcome = enemy_turn(table)
    finish_draws(table)
    actions = []
    for r in table.log:
        if r["kind"] not in ACTION_KINDS:
            continue
        actions.append({"kind": r["kind"], "unit": r.get("unit"), "path": r.get("path", []),
                        "attack": r.get("attack"), "reason": r["reason"]})
    result = {"continue": "continue", "round over": "round over", "won": "round over", "defeat": "defeat"}[outcome]
    position = pos.to_json()
    return {"actions": actions, "result": result, "won": outcome == "won", "position": position}
