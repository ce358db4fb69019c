"""A library whose internals pnpkit imitates has an upper bound on its version, and the one
installed (the one the tests ran on) is inside it: reportlab's platypus draws on pnpkit's
recording canvas (generator/draw/recorder.py), which stands in for reportlab's own by
duck-typing, so a new major version may call what the recorder does not have."""

from __future__ import annotations

import tomllib
from importlib.metadata import version
from pathlib import Path

from packaging.requirements import Requirement

ROOT = Path(__file__).resolve().parents[2]
IMITATED = {"reportlab": "generator/draw/recorder.py"}      # a library -> the module that imitates its API


def _requirements() -> dict[str, Requirement]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {Requirement(line).name.lower(): Requirement(line) for line in project["dependencies"]}


def test_an_imitated_library_is_bounded_to_the_major_version_tested() -> None:
    requirements = _requirements()
    for name, module in IMITATED.items():
        assert (ROOT / module).is_file()
        specifier = requirements[name].specifier
        uppers = [s for s in specifier if s.operator in ("<", "<=", "~=", "==")]
        assert uppers, f"{name} has no upper bound in pyproject.toml ({specifier}), though {module} imitates it"
        installed = version(name)
        assert specifier.contains(installed), f"{name} {installed} is outside {specifier}"
        major = int(installed.split(".")[0])
        assert not specifier.contains(f"{major + 1}.0"), f"{name} {major + 1}.0 would be taken untested"
