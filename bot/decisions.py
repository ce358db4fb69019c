"""A game's decisions as one hash: its log lines, each line's decisions (what every record
decided, without its words: ``reason``, ``text``, ``rule``) and how it ended, so the same play
can be shown on two machines, or in the terminal and the offline app
(benchmarks/bot_decisions.py, tests/structure/test_browser_closure.py). Standard library only."""

from __future__ import annotations

import hashlib
import json
from typing import Any

#: A record's words, not its decision: left out of the hash.
WORDING = frozenset({"reason", "text", "rule"})


def decisions(record: Any) -> dict[str, Any]:
    """What a record decided (its kind, unit, path, card, roll, result...), without its words;
    a typed record is read through its ``to_json``."""
    fields = record.to_json() if hasattr(record, "to_json") else dict(record)
    return {k: v for k, v in fields.items() if k not in WORDING}


def digest(log: list[str], records: list[list[Any]], end: Any = None) -> str:
    """sha256 of a game's log lines, each line's decisions and how the game ended (JSON, keys
    sorted)."""
    played = [[line, [decisions(r) for r in recs]] for line, recs in zip(log, records)]
    text = json.dumps([played, end], sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()
