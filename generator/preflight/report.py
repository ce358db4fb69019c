"""The preflight's report: as warnings, as PRINTING.md's section, as JSON for tools."""

from __future__ import annotations

from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from typing import Iterator, Sequence

from generator.core.limits import visible_json
from generator.preflight.findings import Finding
from generator.preflight.run import ordered
from generator.preflight.settings import GamePreflight

NO_FINDINGS = "preflight: no findings"


@dataclass(frozen=True)
class GameReport:
    """One game's findings and the settings they were measured with."""

    game: str
    settings: GamePreflight
    findings: tuple[Finding, ...] = field(default_factory=tuple)

    @property
    def faults(self) -> tuple[Finding, ...]:
        """The findings that are not warnings: what stops a strict build and fails a check."""
        return tuple(f for f in self.findings if not f.warning)

    @property
    def warnings(self) -> tuple[Finding, ...]:
        return tuple(f for f in self.findings if f.warning)

    def lines(self) -> list[str]:
        """The report in lines of text: the summary, the lowered floor's reason, each finding,
        then each warning."""
        faults, warnings = self.faults, self.warnings
        head = [NO_FINDINGS if not faults else f"preflight: {len(faults)} finding{'s' if len(faults) != 1 else ''}"]
        if warnings:
            head[0] += f", {len(warnings)} warning{'s' if len(warnings) != 1 else ''}"
        if self.settings.reason:
            head.append(f"text floor {self.settings.text_pt:g} pt, lowered in game.yaml: {self.settings.reason}")
        return head + [f.message() for f in ordered(faults)] + [f.message() for f in ordered(warnings)]

    def to_json(self) -> dict:
        return {"game": self.game, "strict": self.settings.strict, "text_pt": self.settings.text_pt,
                "reason": self.settings.reason, "findings": [f.to_json() for f in ordered(self.faults)],
                "warnings": [f.to_json() for f in ordered(self.warnings)]}


def as_json(reports: Sequence[GameReport]) -> str:
    # a finding may quote a kit's text: control and bidirectional characters written \uXXXX
    return visible_json({"games": [r.to_json() for r in reports],
                         "findings": sum(len(r.faults) for r in reports),
                         "warnings": sum(len(r.warnings) for r in reports)}, indent=2)


_current: ContextVar[dict[str, GameReport] | None] = ContextVar("pnpkit_preflight_report", default=None)


@contextmanager
def reporting(reports: dict[str, GameReport]) -> Iterator[None]:
    """PRINTING.md drawn inside the block carries its game's report."""
    token = _current.set(reports)
    try:
        yield
    finally:
        _current.reset(token)


def current(game_id: str) -> GameReport | None:
    """The report of the game being written, if the build has one (None: not inspected)."""
    reports = _current.get()
    return None if reports is None else reports.get(game_id)
