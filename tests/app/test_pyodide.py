"""Pyodide comes from npm at the pinned version, once per machine, checked against the pinned
integrity; without npm or the network the export says so in words and writes nothing."""

from __future__ import annotations

import io
import json
import tarfile
from pathlib import Path

import pytest

from bot.web.offline import pyodide


def test_the_cached_package_is_the_pinned_version_with_every_runtime_file(pyodide_dir: Path) -> None:
    meta = json.loads((pyodide_dir / "package.json").read_text())
    assert meta["name"] == "pyodide" and meta["version"] == pyodide.VERSION
    assert all((pyodide_dir / name).stat().st_size > 0 for name in pyodide.RUNTIME)
    assert pyodide.ensure() == pyodide_dir                # once per machine: found, not fetched again
    assert 8_000_000 < pyodide.weight() < 30_000_000


def _tarball(tmp_path: Path) -> Path:
    data = b'{"name": "pyodide"}'
    out = io.BytesIO()
    with tarfile.open(fileobj=out, mode="w:gz") as archive:
        info = tarfile.TarInfo("package/package.json")
        info.size = len(data)
        archive.addfile(info, io.BytesIO(data))
    path = tmp_path / "pyodide.tgz"
    path.write_bytes(out.getvalue())
    return path


def test_a_tarball_of_other_bytes_is_refused_naming_both_integrities(tmp_path: Path) -> None:
    tarball = _tarball(tmp_path)
    with pytest.raises(pyodide.Unavailable) as err:
        pyodide._check(tarball)
    assert pyodide.INTEGRITY in str(err.value) and pyodide.integrity(tarball.read_bytes()) in str(err.value)


def test_without_npm_the_message_says_what_to_install_and_the_other_way(tmp_path: Path,
                                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path))          # an empty cache: it would have to fetch
    monkeypatch.setattr(pyodide.shutil, "which", lambda name: None)
    with pytest.raises(pyodide.Unavailable) as err:
        pyodide.ensure()
    assert "npm is not installed" in str(err.value) and "--pyodide-url" in str(err.value)
    assert not (tmp_path / "pnpkit" / "pyodide" / pyodide.VERSION).exists()


def test_npm_failing_is_said_with_its_error_and_leaves_no_half_folder(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    fake = tmp_path / "bin" / "npm"
    fake.parent.mkdir()
    fake.write_text("#!/bin/sh\necho 'npm ERR! code ENOTFOUND registry.npmjs.org' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(pyodide.shutil, "which", lambda name: str(fake))
    with pytest.raises(pyodide.Unavailable) as err:
        pyodide.ensure()
    assert "ENOTFOUND" in str(err.value) and "network" in str(err.value)
    left = (tmp_path / "cache" / "pnpkit" / "pyodide").iterdir()
    assert [p.name for p in left if not p.name.endswith(".lock")] == []       # no half-unpacked folder
