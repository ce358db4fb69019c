"""Shared fixtures: a private copy of the project's data for tests that change it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A kit holding a copy of data/, made the working directory: the code under test (the
    command line and the library alike) finds it there, as it would find a designer's kit."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "data", root / "data")
    monkeypatch.chdir(root)
    return root
