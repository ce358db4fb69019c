"""Stockholm 1520's counters take the troops' names, colours and movement from troops.yaml,
the file the zone cards read too (rules 3.1, 3.2): one home for each. The counters file names
it (``troops: troops.yaml``, beside it); its ``types:`` may not repeat what it gives. This is
the game's counter overlay (``generator.hexmap.overlay.CounterOverlay``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.core.errors import DataError, Problem
from generator.hexmap.counterfile import referenced_file
from generator.hexmap.overlay import CounterOverlay, TypeBasics, TypeSource
from generator.kit.datafiles import display_path, load_yaml, validation_problems


class CounterKeys(BaseModel):
    model_config = ConfigDict(extra="forbid")
    troops: str | None = None


class TroopIn(BaseModel):
    """What the counters read of a troops file: each troop's name, colour and movement."""
    model_config = ConfigDict(extra="ignore")
    name: str | None = None
    colour: str | None = Field(default=None, pattern=r"^#[0-9a-fA-F]{6}$")
    movement: int | None = Field(default=None, ge=0, le=20)


class TroopsIn(BaseModel):
    model_config = ConfigDict(extra="ignore")
    troops: dict[str, TroopIn]


def _troops(path: Path) -> dict[str, TypeBasics]:
    data = load_yaml(path)
    try:
        troops = TroopsIn.model_validate(data).troops
    except ValidationError as err:
        raise DataError(validation_problems(display_path(path), err, data)) from None
    return {name: TypeBasics(t.name, t.colour, t.movement) for name, t in troops.items()}


def troop_types(raw: Any, path: Path, data: Any, problems: list[Problem]) -> TypeSource:
    """The troops of the troops file the counters file ``path`` names, if it names one."""
    if not raw.troops:
        return "", {}
    troops_path = referenced_file(path, raw.troops, "troops", display_path(path), data, problems)
    return f"troops file ({raw.troops})", _troops(troops_path) if troops_path else {}


OVERLAY = CounterOverlay(keys=CounterKeys, types=troop_types)
