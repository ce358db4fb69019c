"""What a game's game.yaml asks of the preflight.

``preflight: strict`` makes the game's builds fail on a finding (the bundled games are
strict); ``preflight: warn`` (the default) writes the files and prints the findings. The
long form may change the text floor: raising it needs no reason, lowering it does, and the
report repeats that reason::

    preflight:
      mode: strict
      text_pt: 5.5
      reason: "the hex numbers are read from above the board, 5.5 pt is what the original uses"
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from generator.preflight.findings import DEFAULT_TEXT_PT, Limits

Mode = Literal["strict", "warn"]
LOWEST_TEXT_PT = 3.0         # below this no reason makes text readable


class PreflightSpec(BaseModel):
    """The long form of game.yaml's ``preflight:``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    mode: Mode = "warn"
    text_pt: float = Field(DEFAULT_TEXT_PT, ge=LOWEST_TEXT_PT, le=72.0)
    reason: str = ""

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

    @classmethod
    def of(cls, spec: PreflightSpec) -> "GamePreflight":
        return cls(spec.mode == "strict", spec.text_pt, spec.reason.strip())

    def limits(self, margin_mm: float) -> Limits:
        return Limits(self.text_pt, self.reason, margin_mm)
