"""Shared fixtures: a private copy of the project's data for tests that change it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def project_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of data/ and templates/ that the code under test reads instead of the real one."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "data", root / "data")
    shutil.copytree(ROOT / "templates", root / "templates")
    monkeypatch.setenv("PNPKIT_ROOT", str(root))
    return root
