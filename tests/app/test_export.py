"""``pnpkit bot app OUT/`` and ``pnpkit batalj app OUT/``: the folder written whole (or not at
all), the page the server's template with no token and relative URLs, a service worker that
keeps every file under a name keyed by their digest, a manifest and its icons."""

from __future__ import annotations

import hashlib
import json
import re
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from PIL import Image

from bot.web.offline import export as app_export
from bot.web.offline.export import MARKER, AppSpec, Refused, export

CDN = "https://cdn.jsdelivr.net/pyodide/v0.29.5/full/"


def pnpkit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def cdn_app(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Batalj's app loading Pyodide from its site, written by the command."""
    out = tmp_path_factory.mktemp("cdn") / "app"
    done = pnpkit("batalj", "app", str(out), "--pyodide-url", CDN, "--json")
    assert done.returncode == 0, done.stderr + done.stdout
    answer = json.loads(done.stdout)
    assert answer["ok"] and answer["pyodide"] == CDN and answer["pyodide_bytes"] == 0
    return out


def test_every_file_is_listed_by_the_service_worker_under_a_digest_of_them_all(cdn_app: Path) -> None:
    files = sorted(p.relative_to(cdn_app).as_posix() for p in cdn_app.rglob("*") if p.is_file())
    assert {"index.html", "app.js", "sw.js", "manifest.webmanifest", "app.zip", "static/htmx.min.js",
            "icon-192.png", "icon-512.png", "apple-touch-icon.png", MARKER} <= set(files)
    worker = (cdn_app / "sw.js").read_text()
    listed = dict(json.loads(re.search(r"var FILES = (\[.*?\]);", worker, re.S).group(1)))
    assert set(listed) == {"./", *(f for f in files if f not in ("sw.js", MARKER))} | {
        CDN + name for name in ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip",
                                "pyodide-lock.json")}
    # each file's digest, by which a new export's worker carries it over (the CDN's URLs name their version)
    assert listed["./"] == hashlib.sha256((cdn_app / "index.html").read_bytes()).hexdigest()[:16]
    assert all(listed[f] == hashlib.sha256((cdn_app / f).read_bytes()).hexdigest()[:16]
               for f in files if f not in ("sw.js", MARKER))
    assert all(digest is None for url, digest in listed.items() if url.startswith(CDN))
    assert re.search(r'var CACHE = "pnpkit-app-" \+ "[0-9a-f]{16}";', worker)
    assert "caches.delete" in worker                      # the old caches go


def test_the_cache_name_changes_with_any_file_and_only_then() -> None:
    files = {"index.html": b"<p>1</p>", "app.zip": b"zip"}
    first = app_export.worker(files, [])
    assert app_export.worker(dict(files), []) == first
    assert app_export.worker({**files, "app.zip": b"zip2"}, []) != first


def test_the_page_is_the_servers_template_with_no_token_and_relative_urls(cdn_app: Path) -> None:
    page = (cdn_app / "index.html").read_text()
    assert "X-Token" not in page and "?t=" not in page
    assert not re.search(r'(src|href)="/', page)           # every URL relative: the app lives in any folder
    config = json.loads(re.search(r'<script id="pnpkit-app" type="application/json">(.*?)</script>', page).group(1))
    assert config["game"] == "batalj" and config["pyodide"] == CDN and config["seed"] is None
    assert 'htmx:configRequest' in page and 'id="trouble"' in page      # the server page's own script
    assert "Export save" in page and "Import save" in page


@pytest.mark.parametrize("title, short", [("Stockholm 1520", "Stockholm"), ("Batalj", "Batalj"),
                                          ("Christina Regina", "Christina"), ("Thirty Years War", "Thirty Years"),
                                          ("Supercalifragilistic", "Supercalifra")])
def test_the_home_screen_name_is_whole_words_that_fit(title: str, short: str) -> None:
    """A phone shows about 12 characters under an icon: the title's first words that fit, never
    a word cut ("Stockholm 15"); a first word longer than that is cut."""
    spec = AppSpec("stockholm1520", title, "bot", "stockholm1520.save.json")
    assert json.loads(app_export.manifest(spec))["short_name"] == short


def test_the_manifest_and_its_icons(cdn_app: Path) -> None:
    manifest = json.loads((cdn_app / "manifest.webmanifest").read_text())
    assert manifest["display"] == "standalone" and manifest["start_url"] == "./" and "Batalj" in manifest["name"]
    for entry in manifest["icons"]:
        width, height = (int(n) for n in entry["sizes"].split("x"))
        with Image.open(cdn_app / entry["src"]) as picture:
            assert picture.format == "PNG" and picture.size == (width, height)
            assert len(picture.getcolors(maxcolors=1 << 20) or []) > 10          # a drawn mark, not a flat square


def test_the_bundle_holds_the_boot_module_and_the_games_closure_only_pure_python(cdn_app: Path) -> None:
    with zipfile.ZipFile(cdn_app / "app.zip") as archive:
        names = set(archive.namelist())
    assert {"bot/web/offline/boot.py", "bot/web/browser.py", "bot/web/templates/page.html"} <= names
    assert any(n.startswith("jinja2/") for n in names) and any(n.startswith("markupsafe/") for n in names)
    assert not any(n.endswith((".so", ".pyd")) for n in names)


def test_the_same_export_twice_gives_the_same_bytes(cdn_app: Path, tmp_path: Path) -> None:
    spec = AppSpec("batalj", "Batalj", "batalj", "batalj.save.json")
    export(spec, tmp_path / "a", CDN)
    export(spec, tmp_path / "b", CDN)
    for path in (tmp_path / "a").rglob("*"):
        if path.is_file():
            assert path.read_bytes() == (tmp_path / "b" / path.relative_to(tmp_path / "a")).read_bytes(), path


def test_a_folder_of_other_files_is_refused_and_left_as_it_was(tmp_path: Path) -> None:
    out = tmp_path / "site"
    out.mkdir()
    (out / "notes.txt").write_text("mine")
    done = pnpkit("batalj", "app", str(out), "--pyodide-url", CDN)
    assert done.returncode == 2 and "not an app pnpkit exported" in done.stderr and "Traceback" not in done.stderr
    assert [p.name for p in out.iterdir()] == ["notes.txt"]


def test_an_earlier_export_is_replaced_and_its_files_no_longer_written_removed(tmp_path: Path,
                                                                             pyodide_dir: Path) -> None:
    spec = AppSpec("batalj", "Batalj", "batalj", "batalj.save.json")
    export(spec, tmp_path / "app")                          # Pyodide bundled
    assert (tmp_path / "app" / "pyodide" / "pyodide.asm.wasm").is_file()
    done = export(spec, tmp_path / "app", CDN)               # then loaded from its site
    assert not (tmp_path / "app" / "pyodide").exists()
    assert sorted(json.loads((tmp_path / "app" / MARKER).read_text())["files"]) == sorted([*done.files, MARKER])
    (tmp_path / "app" / "stranger.txt").write_text("x")
    with pytest.raises(Refused, match="stranger.txt"):
        export(spec, tmp_path / "app", CDN)


def test_a_failure_while_writing_leaves_no_file_of_the_new_export(tmp_path: Path,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    spec = AppSpec("batalj", "Batalj", "batalj", "batalj.save.json")
    real_add = app_export.FileSet.add
    count = {"n": 0}

    def failing(self: object, path: Path, data: bytes | str) -> None:
        count["n"] += 1
        if count["n"] == 5:
            raise OSError(28, "No space left on device", str(path))
        real_add(self, path, data)                          # type: ignore[arg-type]

    monkeypatch.setattr(app_export.FileSet, "add", failing)
    with pytest.raises(OSError):
        export(spec, tmp_path / "app", CDN)
    assert not (tmp_path / "app").exists() or list((tmp_path / "app").rglob("*")) == [] or \
        all(p.is_dir() for p in (tmp_path / "app").rglob("*"))


def test_a_plain_http_pyodide_url_is_refused_in_words(tmp_path: Path) -> None:
    done = pnpkit("batalj", "app", str(tmp_path / "app"), "--pyodide-url", "http://example.com/pyodide/")
    assert done.returncode == 2 and "HTTPS" in done.stderr and not (tmp_path / "app").exists()


def test_the_app_verb_is_beside_serve_in_both_bots() -> None:
    for group in ("bot", "batalj"):
        done = pnpkit(group, "app", "--help")
        assert done.returncode == 0 and "--pyodide-url" in done.stdout and "--seed" in done.stdout


def test_the_bundled_weight_is_printed(tmp_path: Path, pyodide_dir: Path) -> None:
    done = pnpkit("batalj", "app", str(tmp_path / "app"))
    assert done.returncode == 0, done.stderr
    assert re.search(r"\d+ files, \d+\.\d MB \(Pyodide \d+\.\d MB of it\)", done.stdout)
    assert (tmp_path / "app" / "pyodide" / "python_stdlib.zip").is_file()



def test_the_apps_own_python_is_pure_as_the_browser_needs() -> None:
    from bot.web.bundle import check_pure, closure
    found = closure(("bot.web.offline.boot",))
    check_pure(found)                                    # only the standard library and our pure modules
    assert "bot.web.offline.boot" in found.modules and "bot.web.offline.export" not in found.modules
