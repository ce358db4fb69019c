"""What an action did, one typed record per step, for every bot: its kind, what it decided
(its facts: a unit, a path, a card, a roll, a result), the words that say it, and the rule it
follows. The rules make records (``bot.stockholm1520.rules.common.record``,
``bot.batalj.state.Table.say``); the log, the answers and the pages read them.

A record reads as the JSON each game documents for it (``to_json``; a Mapping of it, so
``record["unit"]`` reads a fact): Stockholm 1520's words under ``reason``, Batalj's under
``text`` with its ``rule``. Every ``--json`` answer writes records through ``to_json``
(``bot.commands.dumps``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, Iterator, Literal, Mapping

#: Every kind of step a bot records. Stockholm 1520: ``place`` (a unit set up), ``round``,
#: ``event`` and ``card`` (cards drawn), ``spawn``, ``ship``, ``turn``, ``danish`` (a Dane's
#: path and attack), ``swedish`` (a Swedish move or attack), ``end`` (a round's or the game's
#: end), ``note``. Batalj adds ``fire``, ``attack``, ``retreat``, ``decide``, ``enemy``,
#: ``loss`` and ``fortune``.
RecordKind = Literal["place", "round", "event", "card", "spawn", "ship", "turn", "danish", "swedish", "end", "note",
                     "fire", "attack", "retreat", "decide", "enemy", "loss", "fortune"]
#: The key a game's JSON gives a record's words under (its documented shape).
WordsKey = Literal["reason", "text"]


@dataclass(frozen=True)
class Record(Mapping[str, Any]):
    """One step of an action: ``kind``, its ``facts`` (JSON values, in the order the rules
    gave them), ``words`` saying it (written under ``words_key``) and the ``rule`` it follows
    ("" when the words say it)."""

    kind: RecordKind
    facts: Mapping[str, Any] = field(default_factory=dict)
    words: str = ""
    rule: str = ""
    words_key: WordsKey = "reason"

    def fact(self, name: str, default: Any = None) -> Any:
        """One of the facts (a unit, a path, a roll...), or ``default``."""
        return self.facts.get(name, default)

    @cached_property
    def _json(self) -> dict[str, Any]:
        shape: dict[str, Any] = {"kind": self.kind}
        if self.words_key == "text":                 # Batalj's shape: its words and rule first, always
            shape.update(text=self.words, rule=self.rule)
        shape.update(self.facts)
        if self.words_key == "reason":               # Stockholm's: the reason last, when there is one
            if self.words:
                shape["reason"] = self.words
            if self.rule:
                shape["rule"] = self.rule
        return shape

    def to_json(self) -> dict[str, Any]:
        """The record as its game documents it (a new dict each time)."""
        return dict(self._json)

    def __getitem__(self, key: str) -> Any:
        return self._json[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._json)

    def __len__(self) -> int:
        return len(self._json)


def records_json(records: Any) -> Any:
    """``json.dumps``' ``default``: a record written as its JSON (``Record.to_json``)."""
    if isinstance(records, Record):
        return records.to_json()
    raise TypeError(f"{type(records).__name__} is not JSON")
