"""Problems found in data files, reported all at once and never as a traceback."""

from __future__ import annotations

from dataclasses import dataclass, field as dataclass_field
from pathlib import Path
from typing import Any, Callable, Iterable, ParamSpec, TypeVar

from generator.core.limits import visible

P = ParamSpec("P")
T = TypeVar("T")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with one place in one data file."""

    file: Path | str
    message: str
    line: int | None = None
    field: str | None = None
    row: int | None = None
    column: str | None = None   # the letter of a workbook's column (``C``): "row 7, column C (cost)"
    # The file cannot be read as data at all (syntax, encoding, shape): what was read from it
    # elsewhere only follows from this problem (generator.loading.games.without_follow_on).
    unreadable: bool = dataclass_field(default=False, compare=False)

    def __str__(self) -> str:
        where = visible(str(self.file))
        if self.row is not None:
            where += f", row {self.row}"
            if self.line is not None and self.line != self.row:
                where += f" (line {self.line})"
        elif self.line is not None:
            where += f":{self.line}"
        if self.column is not None:
            where += f", column {self.column}" + (f" ({visible(self.field)})" if self.field else "")
        named = f" field '{visible(self.field)}':" if self.field and self.column is None else ""
        # Control and bidirectional characters a message may quote from a file (never line
        # breaks or tabs) are shown escaped: an error cannot garble the terminal or hide what it refuses.
        return f"{where}:{named} {visible(self.message)}"


class DataError(Exception):
    """Raised with every problem found, so the user can fix them in one pass."""

    def __init__(self, problems: Iterable[Problem]):
        # A file read by several components reports each problem once.
        self.problems = list(dict.fromkeys(problems))
        self.loaded: Any = None     # what loaded despite the problems (a game's good components), if any
        super().__init__("\n".join(str(p) for p in self.problems))


def by_file(problems: Iterable[Problem]) -> list[Problem]:
    """The problems grouped by file (a workbook's sheet is a file), files in the order first
    named and each file's problems in the order found: a designer fixes one file at a time."""
    order: dict[str, list[Problem]] = {}
    for problem in problems:
        order.setdefault(str(problem.file), []).append(problem)
    return [problem for found in order.values() for problem in found]


HIDDEN = "; the rest of this file is checked once it can be read"


def listed(problems: Iterable[Problem]) -> list[str]:
    """The problems as a command lists them: grouped by file (by_file), and a file that cannot
    be read at all says that its content was not checked (it hides nothing else)."""
    return [f"{problem}{HIDDEN if problem.unreadable else ''}" for problem in by_file(problems)]


class BuildError(Exception):
    """The command could not finish (a folder in the way, a file that cannot be written):
    exit code 1. A subclass, InputError, is the kit's input at fault: exit code 2."""


class InputError(BuildError):
    """The kit's data, or the options given, cannot be printed as asked (text or a reference
    sheet that does not fit, a piece larger than the paper, a glyph no font has): bad input,
    exit code 2 like a DataError (docs/exit-codes.md)."""


class InputMessage(str):
    """An InputError's message as a render worker sends it back (a str, so it crosses processes)."""


class ProblemCollector:
    """Gathers problems from many files; raise once at the end."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []

    def add(self, problem: Problem) -> None:
        self.problems.append(problem)

    def extend(self, problems: Iterable[Problem]) -> None:
        self.problems.extend(problems)

    def run(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | None:
        """Call fn; a DataError it raises is collected and None returned."""
        try:
            return fn(*args, **kwargs)
        except DataError as err:
            self.extend(err.problems)
            return None

    def run_partial(self, fn: Callable[P, T], *args: P.args, **kwargs: P.kwargs) -> T | Any:
        """Call fn; a DataError it raises is collected and what loaded despite it returned
        (``DataError.loaded``, None if nothing did): one run checks what the rest holds."""
        try:
            return fn(*args, **kwargs)
        except DataError as err:
            self.extend(err.problems)
            return err.loaded

    def raise_if_any(self) -> None:
        if self.problems:
            raise DataError(self.problems)
