"""Results of searches worth keeping while games of one game's data are played (a road's
costs for a set of Swedish positions, where a unit can go, a Dane's planned move): each is a
function of its key alone, an immutable value holding all it depends on, so one memo serves
every game of the same data (the policy's trial turns, the games of a simulation) and changes
no result, only the time. ``GameData.searches`` holds it."""

from __future__ import annotations

from typing import Any, TypeVar

KeyT = TypeVar("KeyT", bound=tuple)


class Memo:
    """Results of searches worth keeping while a game is played (a road's costs for a set of
    Swedish positions, where a unit can go), shared by a table and its clones: the policy
    plays many trial turns on clones of one position. Each kind has its own store, emptied
    when it grows past its limit."""

    def __init__(self) -> None:
        self._stores: dict[str, dict[Any, Any]] = {}

    def store(self, name: str, limit: int) -> dict[Any, Any]:
        found = self._stores.get(name)
        if found is None:
            found = self._stores[name] = {}
        elif len(found) > limit:
            found.clear()
        return found

    def clear(self) -> None:
        """Forget every result (a cold start, as the bench times one)."""
        self._stores.clear()


def key_of(kind: type[KeyT], fields: tuple[Any, ...]) -> KeyT:
    """A memo's key: the named tuple ``kind`` holding ``fields`` in its order, built as the
    tuple it is (a named tuple's own constructor is a Python call; searches make many keys)."""
    key: KeyT = tuple.__new__(kind, fields)
    return key


__all__ = ["Memo", "key_of"]
