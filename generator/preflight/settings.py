"""What a game's game.yaml asks of the preflight.

``preflight: strict`` makes the game's builds fail on a finding (the bundled games are
strict); ``preflight: warn`` (the default) writes the files and prints the findings. The
long form may change the text floor: raising it needs no reason, lowering it does, and the
report repeats that reason::

    preflight:
      mode: strict
      text_pt: 5.5
      reason: "the hex numbers are read from above the board, 5.5 pt is what the original uses"
      colour_sets:                     # colours that code something: told apart by every reader?
        troops: {colours: [red, green, blue], cue: "each piece names its troop"}
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.preflight.findings import DEFAULT_TEXT_PT, Limits

Mode = Literal["strict", "warn"]
LOWEST_TEXT_PT = 3.0         # below this no reason makes text readable


class ColourSet(BaseModel):
    """Colours that code something (nations, factions, troops): ``colours`` (palette names or
    '#rrggbb'), or the ``field`` of each entry of a ``table`` of game.yaml (``troops.troops``:
    the table, then keys into it); a ``cue`` says what second cue the pieces carry (a letter,
    a symbol), if they do."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    colours: list[str] = Field(default_factory=list, max_length=64)
    table: str = ""
    field: str = "colour"
    cue: str = ""

    @model_validator(mode="after")
    def _one_source(self) -> "ColourSet":
        if bool(self.colours) == bool(self.table):
            raise ValueError("give the set's colours, or the table they are read from (table:), not both")
        return self


class PreflightSpec(BaseModel):
    """The long form of game.yaml's ``preflight:``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    mode: Mode = "warn"
    text_pt: float = Field(DEFAULT_TEXT_PT, ge=LOWEST_TEXT_PT, le=72.0)
    reason: str = ""
    colour_sets: dict[str, ColourSet] = Field(default_factory=dict, max_length=64)

    @model_validator(mode="after")
    def _lowered_with_reason(self) -> "PreflightSpec":
        if self.text_pt < DEFAULT_TEXT_PT and not self.reason.strip():
            raise ValueError(f"text_pt {self.text_pt:g} is below the {DEFAULT_TEXT_PT:g} pt floor: give the reason "
                             f"(reason: ...), which the preflight report repeats")
        return self


def spec_of(value: Any) -> PreflightSpec:
    """``strict`` / ``warn`` / a mapping, as validated (pydantic raises on anything else)."""
    if value is None:
        return PreflightSpec()
    if isinstance(value, str):
        return PreflightSpec.model_validate({"mode": value})
    return PreflightSpec.model_validate(value)


@dataclass(frozen=True)
class GamePreflight:
    """A game's preflight settings as the build uses them."""

    strict: bool = False
    text_pt: float = DEFAULT_TEXT_PT
    reason: str = ""
    colour_sets: tuple[tuple[str, ColourSet], ...] = ()

    @classmethod
    def of(cls, spec: PreflightSpec) -> "GamePreflight":
        sets = tuple(spec.colour_sets.items())
        return cls(spec.mode == "strict", spec.text_pt, spec.reason.strip(), sets)

    def limits(self, margin_mm: float) -> Limits:
        return Limits(self.text_pt, self.reason, margin_mm)
