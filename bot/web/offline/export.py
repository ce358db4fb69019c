"""The offline app written as a static folder (``pnpkit bot app OUT/``): the page (the
server's template with its app flag), the glue and the service worker, a manifest and icons,
the bot's Python as one zip (``bot.web.bundle.browser_files`` and the app's boot module), and
Pyodide's runtime unless it is loaded from Pyodide's site (``--pyodide-url``).

All files or none: each is staged beside its place and renamed only when every one is
written (``generator.core.atomic.FileSet``). A folder that holds other files than an earlier
export's is refused, so the export never mixes with a user's files; the files of an earlier
export that this one no longer writes are removed after the commit."""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import dataclass
from pathlib import Path

from bot.web.offline import pyodide
from bot.web.offline.icons import icons
from bot.web.pages import STATIC, render
from generator.core.atomic import FileSet
from generator.core.limits import MAX_DATA_FILE_BYTES, excerpt

#: The list of files an export wrote, at the top of its folder: what a later export may replace.
MARKER = "pnpkit-app.json"
BUNDLE = "app.zip"
PYODIDE_DIR = "pyodide/"
#: Where the app's Python is unpacked in Pyodide's file system.
ROOT = "/home/pyodide/pnpkit"
#: The page's first content, until Python answers (a few seconds on a phone's first start).
LOADING = ('<div id="game"><p class="status">Starting the bot on this phone: the first start loads '
           'Python (a few seconds); later starts come from the phone itself.</p></div>')
OWN = ("bot/web/offline/__init__.py", "bot/web/offline/boot.py")


class Refused(Exception):
    """The export cannot be written where it was asked (said in words)."""


@dataclass(frozen=True)
class Exported:
    files: list[str]          # relative to the folder, in the order written
    total: int                # bytes of every file
    pyodide: int              # bytes of those that are Pyodide's (0: loaded from its site)
    pyodide_from: str         # where the app loads Pyodide from


@dataclass(frozen=True)
class AppSpec:
    """What the app is of: the game's id (``bot.web.bundle``), its name, the CLI group (for the
    page's hints), the save's file name, and the seed of its first game (None: each phone
    starts its own)."""
    game: str
    title: str
    command: str
    save_name: str
    seed: int | None = None


def bundle(game: str) -> bytes:
    """The app's Python as a zip: the browser closure of ``game`` and the boot module."""
    from bot.web.bundle import browser_files

    files = dict(browser_files(game))
    here = Path(__file__).resolve().parents[3]
    for name in OWN:
        files.setdefault(name, (here / name).read_bytes())
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as archive:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0))      # the same bytes every export
            info.compress_type = zipfile.ZIP_DEFLATED
            archive.writestr(info, files[name])
    return out.getvalue()


#: About what a phone shows of a name under its home-screen icon.
SHORT_NAME = 12


def short_name(title: str) -> str:
    """The title's first whole words that fit under an icon (a first word too long is cut)."""
    words = title.split()
    fitting = ""
    for word in words:
        if len(f"{fitting} {word}".strip()) > SHORT_NAME:
            break
        fitting = f"{fitting} {word}".strip()
    return fitting or title.strip()[:SHORT_NAME]


def manifest(spec: AppSpec) -> str:
    return json.dumps({
        "name": f"{spec.title} · pnpkit", "short_name": short_name(spec.title), "start_url": "./", "scope": "./",
        "display": "standalone", "orientation": "portrait", "background_color": "#f6eedb", "theme_color": "#4a3422",
        "description": f"The {spec.title} bot of pnpkit, offline on this phone.",
        "icons": [{"src": "icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any maskable"},
                  {"src": "icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any maskable"}],
    }, indent=1)


def page(spec: AppSpec, pyodide_base: str, python: bytes) -> str:
    """index.html: the server's page template with its app flag (no token, relative URLs);
    ``python``: the bundle (its digest keys the bytecode the phone keeps)."""
    from bot.web.bundle import BAKED
    config = {"game": spec.game, "command": spec.command, "save": spec.save_name, "root": ROOT,
              "baked": f"{ROOT}/{BAKED}/{spec.game}", "bundle": BUNDLE, "pyodide": pyodide_base,
              "bundle_digest": hashlib.sha256(python).hexdigest()[:16], "pyodide_version": pyodide.VERSION, "seed": None if spec.seed is None else str(spec.seed),
              "save_limit": MAX_DATA_FILE_BYTES}
    return render("page.html", title=spec.title, token="", body=LOADING, app=config)


def worker(files: dict[str, bytes], extra: list[str]) -> str:
    """sw.js: the files to keep, each with a digest of its bytes (``extra`` URLs, Pyodide's site,
    with none: their version is in the URL), and a cache name keyed by a digest of them all. A
    new export's worker carries over from the earlier cache each file whose digest is the same
    (Pyodide's 12 MB, most often), and fetches only the others."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0" + hashlib.sha256(files[name]).digest())
    for url in extra:
        digest.update(url.encode() + b"\0")

    def of(name: str) -> str:
        return hashlib.sha256(files[name]).hexdigest()[:16]
    listed = [["./", of("index.html")], *([name, of(name)] for name in sorted(files)), *([url, None] for url in extra)]
    text = (STATIC / "offline" / "sw.js").read_text(encoding="utf-8")
    return (text.replace("__DIGEST__", json.dumps(digest.hexdigest()[:16]))
            .replace("__FILES__", json.dumps(listed, indent=1)))


def export(spec: AppSpec, out: Path, pyodide_url: str | None = None) -> Exported:
    """Write the app into ``out``; Refused or pyodide.Unavailable when it cannot, with nothing written."""
    owned = _owned(out)
    if pyodide_url is not None:
        base = pyodide_url if pyodide_url.endswith("/") else pyodide_url + "/"
        if not base.startswith(("https://", "http://localhost", "http://127.0.0.1")):
            raise Refused(f"--pyodide-url {excerpt(pyodide_url, 80)} is no HTTPS address: the app's page is "
                          "served over HTTPS and cannot load a script over plain HTTP")
        runtime: dict[str, Path] = {}
        extra = [base + name for name in pyodide.RUNTIME]
    else:
        base = PYODIDE_DIR
        here = pyodide.ensure()
        runtime = {PYODIDE_DIR + name: here / name for name in pyodide.RUNTIME}
        extra = []
    python = bundle(spec.game)
    small: dict[str, bytes] = {
        "index.html": page(spec, base, python).encode(),
        "app.js": (STATIC / "offline" / "app.js").read_bytes(),
        "static/htmx.min.js": (STATIC / "htmx.min.js").read_bytes(),
        "static/htmx.LICENSE.txt": (STATIC / "htmx.LICENSE.txt").read_bytes(),
        "manifest.webmanifest": manifest(spec).encode(),
        BUNDLE: python,
        **icons(spec.title),
    }
    every = {**small, **{name: path.read_bytes() for name, path in runtime.items()}}
    every["sw.js"] = worker(every, extra).encode()
    names = list(every)
    staged = FileSet()
    try:
        for name in names:
            staged.add(out / name, every[name])
        staged.add(out / MARKER, json.dumps({"files": sorted([*names, MARKER])}, indent=1))
    except BaseException:
        staged.discard()
        raise
    staged.commit()
    for name in sorted(owned - set(names) - {MARKER}):       # an earlier export's files this one does not write
        (out / name).unlink(missing_ok=True)
        for folder in (out / name).parents:
            if folder == out or not folder.is_dir() or any(folder.iterdir()):
                break
            folder.rmdir()                                    # ... and the folder that held them, emptied
    weight = sum(len(data) for data in every.values())
    return Exported(names, weight, sum(len(every[n]) for n in runtime),
                    f"{PYODIDE_DIR} (bundled, Pyodide {pyodide.VERSION})" if runtime else base)


def _owned(out: Path) -> set[str]:
    """The files an earlier export wrote in ``out`` (none when it is new or empty); Refused when
    ``out`` holds anything else."""
    if out.exists() and not out.is_dir():
        raise Refused(f"{out} is a file: give a folder for the app")
    if not out.exists() or not any(out.iterdir()):
        return set()
    marker = out / MARKER
    try:
        listed = json.loads(marker.read_text(encoding="utf-8"))["files"]
        owned = {str(name) for name in listed if isinstance(name, str) and ".." not in Path(name).parts
                 and not Path(name).is_absolute()}
    except (OSError, ValueError, KeyError, TypeError):
        raise Refused(f"{out} holds files that are not an app pnpkit exported (no readable {MARKER}): "
                      "give an empty or new folder") from None
    found = {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}
    strangers = sorted(found - owned)
    if strangers:
        raise Refused(f"{out} holds files the earlier export did not write ({', '.join(excerpt(s, 60) for s in strangers[:3])}"
                      f"{', ...' if len(strangers) > 3 else ''}): move them, or give another folder")
    return owned
