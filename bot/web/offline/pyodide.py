"""Pyodide, the CPython built for the browser, fetched from npm once per machine into pnpkit's
user cache and checked against the integrity pinned here.

The version is pinned: 0.29.x runs Python 3.13 (the 314.x line runs 3.14). pnpkit's terminal
runs on 3.11 and later, and 3.13 is the oldest Python Pyodide still ships, so the bot code runs
on an interpreter as near as possible to the one most terminals have; 0.29 is the stable line
that runs under Node 18 and later (the tests' Node 20). npm downloads the package (``npm pack``,
which checks the registry's integrity); the tarball's sha512 is then compared with the one
pinned below, so a registry or cache that hands out other bytes is refused, not bundled.
"""

from __future__ import annotations

import base64
import hashlib
import json
import os
import shutil
import subprocess
import tarfile
import tempfile
from pathlib import Path

from generator.core.usercache import user_cache

VERSION = "0.29.5"
#: The npm registry's integrity of pyodide-VERSION.tgz (``npm view pyodide@VERSION dist.integrity``).
INTEGRITY = "sha512-TkYrUv9m8QmfImADKRmpwZulL48E0uUaBSO+dvRQKyAJc0qh9gu7jn8btyHPh3NZm1r2IH2YrJhIr7Q2B9urAw=="
#: Where ``--pyodide-url`` loads it from when it is not bundled: Pyodide's official CDN.
CDN = f"https://cdn.jsdelivr.net/pyodide/v{VERSION}/full/"
#: The files a page needs to start the interpreter (the loader, the runtime, the standard
#: library, the lock file it reads at start); the package's other files are for developers.
RUNTIME = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
NPM_TIMEOUT = 300          # seconds: a download of ~6 MB on a slow line, not a hung process


class Unavailable(Exception):
    """Pyodide is not in the cache and cannot be fetched (no npm, no network): said in words."""


def folder() -> Path:
    """Where this version lives in the user cache (it may not be there yet)."""
    return user_cache("pyodide") / VERSION


def installed() -> Path | None:
    """The cached package's folder when every runtime file is there, else None."""
    here = folder()
    return here if all((here / name).is_file() for name in RUNTIME) else None


def ensure() -> Path:
    """The package's folder, fetched from npm first when it is not cached (once per machine;
    two processes at once fetch it once: the second waits on the first's lock)."""
    here = installed()
    if here is not None:
        return here
    npm = shutil.which("npm")
    if npm is None:
        raise Unavailable(f"the app bundles Pyodide {VERSION} from npm, and npm is not installed: install "
                          "Node.js with npm (apt-get install nodejs npm), or pass --pyodide-url to load it "
                          "from Pyodide's site when the app starts")
    from filelock import FileLock

    target = folder()
    with FileLock(str(target.parent / f".{VERSION}.lock")):
        if installed() is None:
            _fetch(npm, target)
    found = installed()
    if found is None:
        raise Unavailable(f"the npm package pyodide@{VERSION} lacks "
                          f"{', '.join(n for n in RUNTIME if not (target / n).is_file())}")
    return found


def _fetch(npm: str, target: Path) -> None:
    """The pinned package from npm, checked, unpacked into ``target`` whole (renamed into place)."""
    with tempfile.TemporaryDirectory(prefix=".fetch-", dir=target.parent) as work:
        tarball = _pack(npm, Path(work))
        _check(tarball)
        _unpack(tarball, Path(work))
        shutil.rmtree(target, ignore_errors=True)        # a folder an interrupted fetch left
        os.replace(Path(work) / "package", target)


def _pack(npm: str, work: Path) -> Path:
    """``npm pack`` of the pinned version into ``work``: the tarball's path."""
    try:
        done = subprocess.run([npm, "pack", f"pyodide@{VERSION}", "--json", "--pack-destination", str(work)],
                              cwd=work, capture_output=True, text=True, timeout=NPM_TIMEOUT, check=False)
    except subprocess.TimeoutExpired:
        raise Unavailable(f"npm did not fetch pyodide@{VERSION} within {NPM_TIMEOUT} s: is the network up? "
                          "(or pass --pyodide-url)") from None
    if done.returncode != 0:
        said = " ".join(line for line in done.stderr.splitlines() if "ERR" in line)[-400:] or done.stderr[-400:]
        raise Unavailable(f"npm could not fetch pyodide@{VERSION} (is the network or the registry reachable? "
                          f"or pass --pyodide-url): {said.strip()}")
    try:
        name = json.loads(done.stdout)[0]["filename"]
    except (ValueError, LookupError, TypeError):
        name = f"pyodide-{VERSION}.tgz"
    tarball = work / Path(name).name
    if not tarball.is_file():
        raise Unavailable(f"npm pack said it wrote {name!r}, and no such file is there")
    return tarball


def integrity(data: bytes) -> str:
    """npm's integrity string (Subresource Integrity, sha512) of ``data``."""
    return "sha512-" + base64.b64encode(hashlib.sha512(data).digest()).decode()


def _check(tarball: Path) -> None:
    found = integrity(tarball.read_bytes())
    if found != INTEGRITY:
        raise Unavailable(f"the pyodide@{VERSION} npm handed out is not the one pnpkit pins (its integrity is "
                          f"{found}, expected {INTEGRITY}): refused")


def _unpack(tarball: Path, work: Path) -> None:
    """The tarball's files into ``work/package``, each checked to stay inside it (the 'data'
    filter: no links out, no devices, no absolute paths)."""
    with tarfile.open(tarball, "r:gz") as archive:
        archive.extractall(work, filter="data")


def weight(names: tuple[str, ...] = RUNTIME) -> int:
    """Bytes of the runtime files as bundled (the cached package must be there)."""
    here = folder()
    return sum((here / name).stat().st_size for name in names)
