"""``pnpkit watch`` survives whatever a rebuild raises: one clean line, the last good output
kept, and the next save rebuilds."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import generator.build.watch as watching
from generator.components.base import BuildOptions


class _Done:
    def summary(self) -> str:
        return "Wrote 1 files"


@pytest.mark.parametrize("error", [RuntimeError("reportlab: bad image\nsecond line"), AssertionError(),
                                   RecursionError("maximum recursion depth exceeded"), KeyError("x" * 5000),
                                   OSError(28, "No space left on device"), MemoryError()])
def test_any_error_of_a_rebuild_is_one_line_and_watching_goes_on(monkeypatch, tmp_path: Path,
                                                                  error: BaseException) -> None:
    outcomes: list[Any] = [_Done(), error, _Done()]

    def build(*args: Any, **kwargs: Any) -> Any:
        outcome = outcomes.pop(0)
        if isinstance(outcome, BaseException):
            raise outcome
        return outcome

    monkeypatch.setattr(watching, "build", build)
    saves = [{(watching.watchfiles.Change.modified, "gone.csv")}] * 2       # two saves, as watchfiles gives them
    monkeypatch.setattr(watching.watchfiles, "watch", lambda *args, **kwargs: iter(saves))
    lines: list[str] = []
    watching.watch(None, BuildOptions(formats=frozenset({"svg"})), tmp_path / "out", lines.append)
    assert lines[0].endswith("Wrote 1 files") and lines[1].startswith("watching")
    failed = lines[2]
    assert "build failed" in failed and "the last good output is kept" in failed
    assert "\n" not in failed and len(failed) < 400 and type(error).__name__ in failed
    assert lines[3].endswith("Wrote 1 files") and not outcomes
