"""The exported app in headless Chromium at 390 x 844, served from 127.0.0.1 and then cut off
(the server stopped after the first load): a Stockholm game and a Batalj battle played by taps
from the service worker's cache, a reload that keeps the game (IndexedDB), the save exported
and read by the terminal, a terminal save imported and played on, a bad file refused."""

from __future__ import annotations

import json
import re
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.app.conftest import the_bot
from tests.web.browser import browser_or_skip, swaps, wait_swapped
from tests.web.test_batalj_browser import deploy_the_issues_army, place
from tests.web.test_browser import shot, small_targets, tap, text

pytestmark = pytest.mark.slow


def started(d: Any, url: str) -> None:
    """Open the app and wait until Python answers and the service worker controls the page."""
    d.get(url)
    wait_ready(d)
    ok = d.execute_async_script("""var done = arguments[0];
      navigator.serviceWorker.ready.then(function () {
        (function check() { if (navigator.serviceWorker.controller) done(true); else setTimeout(check, 50); })();
      });""")
    assert ok


def wait_ready(d: Any) -> None:
    failed = d.execute_async_script("var done = arguments[0]; window.pnpkitReady().then(function () { done(''); },"
                                    " function (e) { done(String(e)); });")
    assert not failed
    assert d.find_elements("css selector", "#game[data-at]"), d.find_element("tag name", "body").text[:500]


#: Each fragment the app puts in place, recorded (app.js calls page.html's pnpkitSwap).
RECORD_SWAPS = """window.pnpkitSwapped = []; var swap = window.pnpkitSwap;
window.pnpkitSwap = function (content) { window.pnpkitSwapped.push(String(content)); return swap.apply(this, arguments); };
return Array.from(document.querySelectorAll('svg defs [id]')).map(function (e) { return e.id; });"""
DEFINED = re.compile(r"<defs>(.*?)</defs>", re.S)


def record_swaps(d: Any) -> list[str]:
    """Start recording the swapped fragments; the ids of the definitions the page holds now."""
    return list(d.execute_script(RECORD_SWAPS))


def definitions_once(d: Any, before: list[str]) -> None:
    """A tap parses only what changed: no swapped fragment holds a definition (a glyph, a counter's
    face) the page held already, none is in the page twice, and every ``<use>`` finds its own."""
    found = d.execute_script("""return {ids: Array.from(document.querySelectorAll('[id]')).map(function (e) { return e.id; }),
      refs: Array.from(document.querySelectorAll('use')).map(function (u) { return u.getAttribute('href') || u.getAttribute('xlink:href'); }),
      swapped: window.pnpkitSwapped};""")
    assert len(found["swapped"]) >= 3
    held = set(before)
    for fragment in found["swapped"]:
        sent = set(re.findall(r' id="([^"]+)"', "".join(DEFINED.findall(fragment))))
        assert not sent & held, f"parsed again: {sorted(sent & held)[:5]}"
        held |= sent
    assert len(found["ids"]) == len(set(found["ids"])), "an id twice in the page"
    missing = {ref for ref in found["refs"] if not ref or ref[1:] not in set(found["ids"])}
    assert not missing, f"<use> of nothing: {sorted(missing)[:5]}"


def app_save(d: Any) -> dict[str, Any]:
    return json.loads(d.execute_script("return window.pnpkitSaveText()"))


def pnpkit(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True, text=True, timeout=120)


def downloaded(d: Any, folder: Path, name: str) -> Path:
    d.execute_cdp_cmd("Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    d.execute_script("document.getElementById('app-tools').open = true")
    d.find_element("id", "export-save").click()
    path = folder / name
    for _ in range(200):
        if path.is_file() and path.stat().st_size:
            return path
        time.sleep(0.05)
    raise AssertionError(f"no {name} downloaded")


def imported(d: Any, path: Path) -> str:
    d.execute_script("document.getElementById('app-tools').open = true; document.getElementById('app-note')"
                     ".textContent = ''; document.getElementById('import-file').hidden = false")
    d.find_element("id", "import-file").send_keys(str(path))
    for _ in range(200):
        note = d.find_element("id", "app-note").text
        if note.startswith(("Imported", "Refused")):
            return str(note)
        time.sleep(0.05)
    raise AssertionError("the import said nothing")


def test_a_stockholm_game_by_taps_offline_its_save_to_the_terminal_and_back(served_app: Any, driver: Any,
                                                                           tmp_path: Path) -> None:
    browser_or_skip()
    d = driver
    server = served_app("stockholm1520")
    d.get_log("browser")                                     # what earlier tests left in the console
    started(d, server.url)
    # the page says nothing in the console at its start: a deprecated or missing meta, a failed
    # fetch or a script error would show here before a player sees it
    said = [entry["message"] for entry in d.get_log("browser") if entry["level"] in ("WARNING", "SEVERE")]
    assert said == [], said
    server.stop()                                            # from here on, only the service worker answers
    assert d.execute_script("return document.documentElement.scrollWidth") <= 390
    shot(d, "app-1-start")
    held = record_swaps(d)
    tap(d, "button[hx-vals*='place auto']")
    tap(d, "#end-turn")                                      # the round and the first Danish turn
    log = app_save(d)["log"]
    assert log[:2] == ["place auto", "round"] and log[-1].startswith("enemy")
    assert "On the table" in text(d, "#checklist")
    assert small_targets(d) == []
    shot(d, "app-2-danes")
    # a unit tapped on the board, then a hex it may reach: it moves there (the board's taps, htmx.ajax)
    from bot.stockholm1520.reach import reach
    here = tmp_path / "here.json"
    here.write_text(json.dumps(app_save(d)))
    game = the_bot("stockholm1520").load(here)
    unit = next(u for u in game.pos.swedish if reach(game.table, u.id).spaces)
    # the board zoomed and scrolled stays so over a tap (issue 36), in the app as on the served page
    d.find_element("id", "zoom").click()
    d.execute_script("var b = document.getElementById('board'); b.scrollLeft = 120; b.scrollTop = 40;")
    view = d.execute_script("var b = document.getElementById('board'); return [b.scrollLeft, b.scrollTop];")
    assert view[0] > 0
    before = swaps(d)                                       # the finger's tap, where the board is (no scrolling to it)
    d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                     d.find_element("css selector", f"polygon[data-tap='{unit.hex}']"))
    wait_swapped(d, before)
    assert "zoom" in d.find_element("id", "board").get_attribute("class")
    assert d.execute_script("var b = document.getElementById('board'); return [b.scrollLeft, b.scrollTop];") == view
    d.find_element("id", "zoom").click()
    assert d.find_element("id", "game").get_attribute("data-sel") == unit.id and unit.id in text(d, "#reach")
    found = reach(game.table, unit.id)
    dest = max(found.spaces, key=lambda h: (found.spaces[h], h))
    tap(d, f"polygon[data-tap='{dest}']")
    assert app_save(d)["log"][-1] == f"move {unit.id} {dest}"
    definitions_once(d, held)
    shot(d, "app-2b-moved")
    tap(d, "#end-turn")                                      # the Danes again
    played = app_save(d)
    d.refresh()                                              # a reload (a locked phone): offline, the game kept
    wait_ready(d)
    assert app_save(d) == played and "On the table" in text(d, "#checklist")
    shot(d, "app-3-reloaded-offline")

    # the save exported from the app replays in the terminal
    exported = downloaded(d, tmp_path, "stockholm1520.save.json")
    status = pnpkit("bot", "status", "--save", str(exported), "--json")
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout)["actions"] == len(played["log"])

    # a terminal save imported into the app plays on
    theirs = tmp_path / "terminal.json"
    assert pnpkit("bot", "new", "--seed", "42", "--save", str(theirs)).returncode == 0
    assert pnpkit("bot", "place", "auto", "--save", str(theirs)).returncode == 0
    assert imported(d, theirs).startswith("Imported")
    assert app_save(d)["seed"] == 42 and app_save(d)["log"] == ["place auto"]
    tap(d, "#end-turn")
    assert app_save(d)["log"][1:3] == ["round", "enemy"]
    shot(d, "app-4-imported-played-on")

    # a bad file is refused in words, the game kept
    before = app_save(d)
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "something else"}')
    note = imported(d, bad)
    assert note.startswith("Refused") and "The game is kept" in note and "Traceback" not in note
    assert app_save(d) == before
    shot(d, "app-5-refused")


def test_a_batalj_battle_by_taps_offline_its_save_to_the_terminal_and_back(served_app: Any, driver: Any,
                                                                          tmp_path: Path) -> None:
    browser_or_skip()
    from selenium.webdriver.common.by import By
    d = driver
    server = served_app("batalj")
    started(d, server.url)
    server.stop()
    deploy_the_issues_army(d)
    tap(d, "#ready")
    assert len(app_save(d)["log"]) >= 5
    shot(d, "app-b1-ready")
    rolled = 0
    for _ in range(30):
        if d.find_elements(By.ID, "question"):
            tap(d, "#question button")
        elif d.find_elements(By.ID, "bot-rolls"):
            tap(d, "#bot-rolls")
            rolled += 1
        elif d.find_elements(By.ID, "redeploy"):
            tap(d, "#redeploy")
        else:
            break
        if rolled >= 4:
            break
    assert rolled >= 4 and small_targets(d) == []
    played = app_save(d)
    d.refresh()
    wait_ready(d)
    assert app_save(d) == played
    shot(d, "app-b2-battle-reloaded-offline")

    # the save exported from the app replays in the terminal
    exported = downloaded(d, tmp_path, "batalj.save.json")
    status = pnpkit("batalj", "status", "--save", str(exported), "--json")
    assert status.returncode == 0, status.stderr
    assert json.loads(status.stdout)["actions"] == len(played["log"])
    log = pnpkit("batalj", "log", "--save", str(exported), "--json")
    assert [entry["action"] for entry in json.loads(log.stdout)["log"]] == played["log"]

    # a terminal save imported into the app plays on
    theirs = tmp_path / "terminal.json"
    assert pnpkit("batalj", "new", "--seed", "42", "--players", "4", "--save", str(theirs)).returncode == 0
    assert pnpkit("batalj", "place", "left", "Uppland", "3", "1", "--save", str(theirs)).returncode == 0
    assert imported(d, theirs).startswith("Imported")
    assert app_save(d)["seed"] == 42 and app_save(d)["players"] == 4 and len(app_save(d)["log"]) == 1
    place(d, "s2", "Skåne", 2)
    assert len(app_save(d)["log"]) == 2 and app_save(d)["log"][1].startswith("place centre")
    shot(d, "app-b3-imported-played-on")

    # a bad file is refused in words, the game kept (and kept over a reload)
    before = app_save(d)
    for bad_text in ('{"format": "something else"}', "not json at all", ""):
        bad = tmp_path / "bad.json"
        bad.write_text(bad_text)
        note = imported(d, bad)
        assert note.startswith("Refused") and "The game is kept" in note and "Traceback" not in note, note
        assert app_save(d) == before
    shot(d, "app-b4-refused")
    d.refresh()
    wait_ready(d)
    assert app_save(d) == before


def test_a_first_visit_downloads_each_file_once(served_app: Any, driver: Any) -> None:
    """The app is 12 MB, on a phone's network: the first visit fetches each of its files from
    the host once (the page takes them from the service worker, which keeps every file), not
    once for the page and once more for the worker."""
    from collections import Counter
    server = served_app("batalj")
    started(driver, server.url)
    driver.execute_async_script("var done = arguments[0]; window.pnpkitBytecode() ? window.pnpkitBytecode().then(done, done) : done();")
    folder = server.folder
    twice = {path: n for path, n in Counter(server.requested).items()
             if n > 1 and (folder / path.lstrip("/")).is_file() and (folder / path.lstrip("/")).stat().st_size > 64 * 1024}
    assert twice == {}, f"fetched more than once: {twice}"
    assert any(path.endswith(".wasm") for path in server.requested)       # the runtime did come from the host


def test_a_new_export_replaces_the_cache_and_the_old_one_is_deleted(apps: Any, driver: Any, tmp_path: Path) -> None:
    browser_or_skip()
    import shutil

    from bot.web.offline.export import AppSpec, export
    from tests.app.static_server import StaticServer
    site = tmp_path / "site"
    shutil.copytree(apps["batalj"], site)
    server = StaticServer(site)
    d = driver
    try:
        started(d, server.url)
        names = "var done = arguments[0]; caches.keys().then(done);"
        first = d.execute_async_script(names)
        assert len(first) == 1 and first[0].startswith("pnpkit-app-")
        export(AppSpec("batalj", "Batalj", "batalj", "batalj.save.json", seed=99), site)     # published again
        asked = len(server.requested)
        d.refresh()                                      # the new worker installs, and takes over
        wait_ready(d)
        for _ in range(200):
            now = d.execute_async_script(names)
            if now != first and len(now) == 1:
                break
            time.sleep(0.1)
        assert len(now) == 1 and now != first             # the new export's cache only
        again = set(server.requested[asked:])
        assert "/index.html" in again or "/" in again      # what changed is fetched...
        assert not {path for path in again if path.startswith("/pyodide/")}, again   # ...what did not is carried over
        d.refresh()
        wait_ready(d)
        config = d.execute_script("return JSON.parse(document.getElementById('pnpkit-app').textContent)")
        assert config["seed"] == "99"                      # the page is the new export's
    finally:
        server.stop()


def test_with_pyodide_from_another_site_the_app_still_opens_offline(pyodide_dir: Path, driver: Any,
                                                                   tmp_path: Path) -> None:
    """--pyodide-url: Pyodide comes from a site of its own (a CDN, here another port answering
    any origin); the service worker keeps its files too, so a reload with both servers gone works."""
    browser_or_skip()
    from bot.web.offline.export import AppSpec, export
    from tests.app.static_server import StaticServer
    cdn = StaticServer(pyodide_dir, cors=True)
    try:
        done = export(AppSpec("batalj", "Batalj", "batalj", "batalj.save.json"), tmp_path / "site", cdn.url)
        assert done.pyodide == 0 and not (tmp_path / "site" / "pyodide").exists()
        site = StaticServer(tmp_path / "site")
        d = driver
        try:
            started(d, site.url)
        finally:
            site.stop()
        cdn.stop()
        place(d, "s1", "Uppland", 3, 1)
        d.refresh()
        wait_ready(d)
        assert len(app_save(d)["log"]) == 1
    finally:
        cdn.stop()


#: The page's record of Pyodide's snapshot changed in IndexedDB: ``how`` is ``flip`` (a byte in the middle of
#: the memory changed), ``garbage`` (other bytes, their digest right: not a snapshot's shape), ``header`` (the
#: snapshot's record of JavaScript objects unreadable, its digest right: Pyodide's restore fails) or ``stale`` (kept for another
#: bundle); the script answers the record's key and size before.
SPOIL = """var how = arguments[0], done = arguments[1], config = JSON.parse(document.getElementById('pnpkit-app').textContent);
var open = indexedDB.open('pnpkit-' + config.game, 1);
open.onsuccess = function () {
  var saves = open.result.transaction('saves', 'readwrite').objectStore('saves'), get = saves.get('snapshot');
  get.onsuccess = function () {
    var kept = get.result, before = kept ? [kept.key, kept.data.byteLength] : null;
    if (!kept) { done(null); return; }
    var put = function () {                    /* answered once written (the transaction's end, not the request's) */
      var tx = open.result.transaction('saves', 'readwrite');
      tx.objectStore('saves').put(kept, 'snapshot');
      tx.oncomplete = function () { done(before); };
    };
    if (how === 'flip') { kept.data = kept.data.slice(); kept.data[kept.data.length >> 1] ^= 0xff; put(); }
    else if (how === 'stale') { kept.key = 'another/' + kept.key; put(); }
    else {
      if (how === 'garbage') kept.data = new Uint8Array(1 << 20).fill(7);
      else { kept.data = kept.data.slice(); kept.data.fill(7, 48, 64); }
      crypto.subtle.digest('SHA-256', kept.data).then(function (hash) {
        kept.digest = Array.from(new Uint8Array(hash), function (b) { return (b + 256).toString(16).slice(1); }).join('');
        put();
      });
    }
  };
};"""


def snapshot_kept(d: Any) -> None:
    """Wait until the app has kept its bytecode and its snapshot (a few seconds after a start that made them)."""
    for _ in range(200):
        if d.execute_script("return window.pnpkitBytecode() !== null"):
            break
        time.sleep(0.05)
    d.execute_async_script("var done = arguments[0]; (window.pnpkitBytecode() || Promise.resolve()).then(done, done);")


def test_a_later_start_restores_the_snapshot_and_a_bad_or_stale_one_still_starts(served_app: Any, driver: Any) -> None:
    browser_or_skip()
    d = driver
    server = served_app("batalj")
    started(d, server.url)
    assert d.execute_script("return window.pnpkitTimes.snapshot") == 0          # none yet: made at this start
    place(d, "s1", "Uppland", 3, 1)
    played = app_save(d)
    snapshot_kept(d)
    server.stop()
    d.refresh()
    wait_ready(d)
    assert d.execute_script("return window.pnpkitTimes.snapshot") == 1          # restored
    assert app_save(d) == played
    place(d, "s2", "Skåne", 2)                                                   # and it plays on
    played = app_save(d)
    assert len(played["log"]) == 2
    for how, said in (("flip", -2), ("garbage", -2), ("header", -1), ("stale", 0)):
        before = d.execute_async_script(SPOIL, how)
        assert before is not None and before[1] > 1 << 20, how                   # a whole snapshot was kept
        d.refresh()
        wait_ready(d)
        assert d.execute_script("return window.pnpkitTimes.snapshot") == said, how
        assert app_save(d) == played, how
        snapshot_kept(d)                                                         # made again, and it restores
    d.refresh()
    wait_ready(d)
    assert d.execute_script("return window.pnpkitTimes.snapshot") == 1
    place(d, "s3", "Småland", 2)
    assert len(app_save(d)["log"]) == 3
