"""A built wheel, installed without the editable checkout, lists and builds the bundled games
from an empty directory: the bundled data ships inside the package.

The wheel is built from a copy of the sources (no build/ or egg-info left in the checkout),
without build isolation (setuptools and wheel come with the test extras), and installed with
pip into a fresh virtual environment that reaches the test environment's dependencies
through a .pth line; that line adds the folder to the path without running its .pth files,
so the editable pnpkit's import hook is not installed. About 10 s.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pymupdf
import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ["pyproject.toml", "setup.py", "README.md", "generator", "bot", "games", "data", "templates", "docs"]


def _run(args: list[str | Path], cwd: Path, env: dict[str, str]) -> str:
    done = subprocess.run([str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, f"{args} failed:\n{done.stdout}\n{done.stderr}"
    return done.stdout


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, str]]:
    """(the wheel, the fresh environment's bin folder, an environment without PYTHONPATH)."""
    base = tmp_path_factory.mktemp("wheel")
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV", "PYTHONHOME")}
    source = base / "src"
    source.mkdir()
    for name in SOURCES:
        if (ROOT / name).is_dir():
            shutil.copytree(ROOT / name, source / name, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
        else:
            shutil.copy2(ROOT / name, source / name)
    _run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
          "-w", base / "dist", source], base, env)
    wheel = next((base / "dist").glob("pnpkit-*.whl"))

    target = base / "env"
    venv.EnvBuilder(with_pip=False).create(target)
    python = target / ("Scripts" if os.name == "nt" else "bin") / "python"
    site = Path(_run([python, "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], base, env).strip())
    (site / "test-dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    _run([sys.executable, "-m", "pip", "--python", python, "install", "-q", "--no-deps", "--no-index", wheel], base, env)
    return wheel, python.parent, env


def test_an_installed_wheel_lists_and_builds_from_an_empty_directory(
        installed: tuple[Path, Path, dict[str, str]], tmp_path: Path) -> None:
    wheel, bin_dir, env = installed
    shipped = {n.removeprefix("generator/bundled/") for n in zipfile.ZipFile(wheel).namelist()
               if n.startswith("generator/bundled/")}
    in_repo = {p.relative_to(ROOT).as_posix() for folder in ("data", "templates", "docs") for p in (ROOT / folder).rglob("*")
               if p.is_file() and "__pycache__" not in p.parts}
    assert shipped == in_repo

    where = _run([bin_dir / "python", "-c", "import generator, games; print(generator.__file__); print(games.__file__)"],
                 tmp_path, env)
    assert all(Path(line).is_relative_to(bin_dir.parent) for line in where.split()), where

    empty = tmp_path / "empty"
    empty.mkdir()
    pnpkit = bin_dir / "pnpkit"
    designing = _run([pnpkit, "docs", "designing"], empty, env)
    assert designing.startswith("# Designing your own kit")
    listing = _run([pnpkit, "list"], empty, env)
    bundle = next(Path(bin_dir.parent).rglob("generator/bundled"))
    assert listing.splitlines()[0] == f"Kit: the games bundled with pnpkit ({bundle})"
    for game in sorted(p.parent.name for p in (ROOT / "data").glob("*/game.yaml")):
        assert f"\n{game}  " in listing
    assert "event-cards             9 items" in listing

    summary = _run([pnpkit, "build", "stockholm1520", "--only", "cards"], empty, env)
    assert summary.strip().endswith("-> output"), summary
    out = empty / "output"
    sheets = pymupdf.open(out / "stockholm1520" / "stockholm1520-sheets-card-a4.pdf")    # every card, packed
    assert sheets.page_count == 14                 # 48 + 9 cards: 7 fronts pages, each with its backs
    assert "Z-A1-R" in sheets[0].get_text()
    assert len(list((out / "stockholm1520" / "cards" / "event-cards").glob("E-*.pdf"))) == 7
    assert (out / "manifest.json").is_file()
    assert not list(bundle.rglob("output")) and not (bundle / "data" / "output").exists()
