"""PDFs read by two strict outside readers: qpdf (structure, streams) and Ghostscript, which
interprets every page and, with -dPDFSTOPONERROR, stops at anything a printer's RIP would
refuse (a dash pattern of zeros, a number past PDF's range). Tests that need them skip,
saying why, where the tools are missing (.ci/run installs both from Debian)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path
from typing import Sequence

import pytest

GHOSTSCRIPT = ("gs", "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-dPDFSTOPONERROR", "-sDEVICE=nullpage")
# The PDF version that brought a feature this project's writer may use (ISO 32000-1).
FEATURE_VERSIONS = {b"/PrintScaling": (1, 6), b"/Duplex": (1, 7), b"/SMask": (1, 4), b"/CA ": (1, 4),
                    b"/ca ": (1, 4), b"/ICCBased": (1, 3)}


def need_tools() -> None:
    """Skip the calling test, naming what is missing, unless qpdf and Ghostscript are here."""
    missing = [tool for tool in ("qpdf", "gs") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: apt-get install qpdf ghostscript; "
                    ".ci/run installs them)")


def version_problems(data: bytes) -> list[str]:
    """What the file uses beyond the version its header names."""
    found = re.match(rb"%PDF-(\d)\.(\d)\n", data)
    if not found:
        return [f"no PDF header: {data[:12]!r}"]
    header = (int(found.group(1)), int(found.group(2)))
    return [f"{feature.decode().strip()} is PDF {v[0]}.{v[1]} but the header says {header[0]}.{header[1]}"
            for feature, v in FEATURE_VERSIONS.items() if feature in data and v > header]


def pdf_problems(paths: Sequence[Path]) -> list[str]:
    """Every problem qpdf, Ghostscript or the header's version finds, one line per file."""
    problems = []
    for path in paths:
        qpdf = subprocess.run(["qpdf", "--check", str(path)], capture_output=True, text=True, timeout=120)
        if qpdf.returncode != 0:        # 2: errors; 3: warnings
            problems.append(f"{path}: qpdf --check: {(qpdf.stdout + qpdf.stderr).strip()[-400:]}")
        problems.extend(f"{path}: {problem}" for problem in version_problems(path.read_bytes()))
    # One Ghostscript for all the files (its start is most of its time); on a failure each
    # file alone, to name the one it stopped at.
    if paths and subprocess.run([*GHOSTSCRIPT, *map(str, paths)], capture_output=True, timeout=600).returncode:
        for path in paths:
            alone = subprocess.run([*GHOSTSCRIPT, str(path)], capture_output=True, text=True, timeout=120)
            if alone.returncode:
                said = (alone.stdout + alone.stderr).strip().splitlines()
                problems.append(f"{path}: Ghostscript: {' | '.join(said[:3])}")
    return problems
