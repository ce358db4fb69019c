"""The output folder tells the truth: the designer's sequences of builds (all formats, an edit,
fewer formats; ``--only``; a palette change; watch; gutterfold after packed sheets) each leave
a folder whose ledger (manifest.json) finds nothing wrong and whose every link (Tabletop
Simulator's image URLs, The Game Crafter's CSV and README, PRINTING.md) names a file present."""

from __future__ import annotations

import csv
import fnmatch
import io
import json
import re
import threading
import time
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner

from generator.build.engine import build
from generator.build.ledger import verify
from generator.cli.app import main
from generator.cli.scaffold import new_kit
from generator.pieces.job import BuildOptions

GAME = "mygame"
ALL = frozenset({"pdf", "svg", "png", "tts", "tgc", "showcase"})
FEWER = frozenset({"pdf", "svg", "png"})

TILE = ("size: {width: 25.4, height: 25.4}\nbleed: 2\nsafe: 2\nlayers:\n"
        "  - {type: rect, area: bleed, fill: accent}\n"
        "  - {type: text, x: 50%, y: 50%, text: '{{ title }}', size: 6, align: center, colour: paper}\n")
TILE_BACK = ("size: {width: 25.4, height: 25.4}\nbleed: 2\nsafe: 2\nlayers:\n"
             "  - {type: rect, area: bleed, fill: gold}\n"
             "  - {type: text, x: 50%, y: 50%, text: '{{ side }}', size: 6, align: center}\n")
# forest and lake show one back, hill another: a back shared by some tiles, not all
TILES = "id,title,quantity,side\nforest,Forest,2,green\nlake,Lake,1,green\nhill,Hill,1,brown\n"
COMPONENT = ("  - {kind: tiles, id: lands, title: Land tiles, source: tiles.csv, front: layouts/tile.yaml,"
             " back: layouts/tile-back.yaml}\n")


@pytest.fixture
def kit(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The scaffold's kit (a deck) with tiles, as the working directory."""
    root = tmp_path / "kit"
    new_kit(root, GAME, "My Game")
    game = root / "data" / GAME
    (game / "layouts" / "tile.yaml").write_text(TILE, encoding="utf-8")
    (game / "layouts" / "tile-back.yaml").write_text(TILE_BACK, encoding="utf-8")
    (game / "tiles.csv").write_text(TILES, encoding="utf-8")
    (game / "game.yaml").write_text((game / "game.yaml").read_text(encoding="utf-8") + COMPONENT, encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def _edit_a_card(kit: Path) -> None:
    cards = kit / "data" / GAME / "cards" / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace("Blocks one attack", "Blocks two attacks"),
                     encoding="utf-8")


def _change_the_palette(kit: Path) -> None:
    palette = kit / "data" / GAME / "palette.yaml"
    palette.write_text(palette.read_text(encoding="utf-8").replace('gold: "#c8a04a"', 'gold: "#b08a30"'),
                       encoding="utf-8")


def _files(out: Path) -> set[str]:
    return {p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_file()}


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


FILE_NAME = re.compile(r"`([^`\s]+\.(?:pdf|svg|png|json|csv|md))`")


def _dangling_links(out: Path) -> list[str]:
    """Every link of every export and PRINTING.md that names no file present, read from the
    files themselves (not from the ledger)."""
    bad: list[str] = []
    for saved in out.glob("*/tts/*.json"):
        for text in _strings(json.loads(saved.read_text(encoding="utf-8"))):
            if text.startswith("file://"):
                target = Path(unquote(urlparse(text).path))
                if not target.is_file():
                    bad.append(f"{saved.relative_to(out)}: {text}")
    for upload in out.glob("*/tgc/*.csv"):
        for row in csv.DictReader(io.StringIO(upload.read_text(encoding="utf-8"))):
            for column in ("front", "back"):
                if row[column] and not (upload.parent / upload.stem / row[column]).is_file():
                    bad.append(f"{upload.relative_to(out)}: {row[column]}")
    for readme in out.glob("*/tgc/README.md"):
        for name in FILE_NAME.findall(readme.read_text(encoding="utf-8")):
            if not (readme.parent / name).is_file():
                bad.append(f"{readme.relative_to(out)}: {name}")
    for notes in out.glob("*/PRINTING.md"):
        for name in FILE_NAME.findall(notes.read_text(encoding="utf-8")):
            if not list(notes.parent.glob(name)):
                bad.append(f"{notes.relative_to(out)}: {name}")
    return bad


def _unlisted(out: Path) -> list[str]:
    """Files of a game's folder that PRINTING.md's table of every file leaves out."""
    missing: list[str] = []
    for notes in out.glob("*/PRINTING.md"):
        table = re.findall(r"^\| `([^`]+)` \|", notes.read_text(encoding="utf-8"), re.MULTILINE)
        for path in notes.parent.rglob("*"):
            relative = path.relative_to(notes.parent).as_posix()
            if path.is_file() and not any(fnmatch.fnmatchcase(relative, pattern) for pattern in table):
                missing.append(relative)
    return missing


def _empty_folders(out: Path) -> list[str]:
    return [p.relative_to(out).as_posix() for p in out.rglob("*") if p.is_dir() and not any(p.iterdir())]


def _assert_true(out: Path) -> None:
    assert [str(f) for f in verify(out)] == []
    assert _dangling_links(out) == []
    assert _unlisted(out) == []
    assert _empty_folders(out) == []


def test_fewer_formats_after_an_edit_leave_no_export_linking_to_removed_files(kit: Path) -> None:
    out = kit / "output"
    build(None, BuildOptions(formats=ALL), out, jobs_n=1)
    _assert_true(out)
    assert (out / GAME / "tts" / f"{GAME}.json").is_file()
    _edit_a_card(kit)
    result = build(None, BuildOptions(formats=FEWER), out, jobs_n=1)
    _assert_true(out)
    # the saved object and the upload list linked to the deck's removed pictures: gone with them, and said
    assert not (out / GAME / "tts" / f"{GAME}.json").exists()
    assert not (out / GAME / "tgc" / "cards.csv").exists()
    summary = result.summary()
    assert f"{GAME}/tts/{GAME}.json" in result.unlinked and "link to files removed" in summary


def test_only_cards_into_an_empty_folder_lists_only_what_is_there(kit: Path) -> None:
    out = kit / "output"
    build(None, BuildOptions(sheets="per-component"), out, only={"cards"}, jobs_n=1)
    _assert_true(out)
    notes = (out / GAME / "PRINTING.md").read_text(encoding="utf-8")
    assert not any("lands" in path for path in _files(out))
    assert "calibration-a4.pdf`" not in notes and "duplex-test-a4.pdf`" not in notes
    not_built = notes.split("## Not built this time")[1].split("##")[0]
    assert f"**Land tiles** (its tiles): `pnpkit build {GAME} --only tiles --sheets per-component`" in not_built
    assert "`pnpkit build --only calibration --sheets per-component`" in not_built
    assert f"`pnpkit build {GAME} --format tts --sheets per-component`" in not_built
    build(None, BuildOptions(sheets="per-component"), out, only={"calibration"}, jobs_n=1)
    _assert_true(out)
    notes = (out / GAME / "PRINTING.md").read_text(encoding="utf-8")
    assert "`../calibration-a4.pdf`" in notes and "--only calibration" not in notes


def test_only_cards_after_a_palette_change_lists_none_of_the_files_it_removed(kit: Path) -> None:
    out = kit / "output"
    build(None, BuildOptions(), out, jobs_n=1)
    _change_the_palette(kit)
    result = build(None, BuildOptions(), out, only={"cards"}, jobs_n=1)
    assert f"{GAME}/tiles/lands/forest-front.svg" in result.removed     # drawn in the old colours
    _assert_true(out)
    assert "tiles/lands/" not in (out / GAME / "PRINTING.md").read_text(encoding="utf-8")


def test_gutterfold_after_packed_sheets_lists_every_file_still_there(kit: Path) -> None:
    out = kit / "output"
    build(None, BuildOptions(formats=ALL), out, jobs_n=1)
    build(None, BuildOptions(formats=ALL, sheets="gutterfold"), out, jobs_n=1)
    _assert_true(out)
    notes = (out / GAME / "PRINTING.md").read_text(encoding="utf-8")
    # the packed sheets of the first build, one file a stock (cards, tiles), still there and listed
    assert f"`{GAME}-sheets-card-a4.pdf`" in notes and f"`{GAME}-sheets-board-a4.pdf`" in notes
    assert "gutterfold" in notes


def test_watch_after_an_edit_keeps_the_folder_true(kit: Path) -> None:
    from generator.build.watch import watch

    out = kit / "output"
    build(None, BuildOptions(formats=ALL), out, jobs_n=1)
    lines: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(None, BuildOptions(), out, lines.append),
                              kwargs={"jobs_n": 1, "stop": stop}, daemon=True)
    thread.start()
    try:
        end = time.monotonic() + 60
        while not any(line.startswith("watching") for line in lines) and time.monotonic() < end:
            time.sleep(0.05)
        time.sleep(0.3)
        _edit_a_card(kit)
        while len(lines) < 3 and time.monotonic() < end:
            time.sleep(0.05)
        assert len(lines) >= 3 and "Wrote" in lines[2], lines
    finally:
        stop.set()
        thread.join(10)
    _assert_true(out)


def test_a_shared_back_is_named_after_its_first_piece_in_every_format(kit: Path) -> None:
    out = kit / "output"
    build(None, BuildOptions(formats=frozenset({"svg", "tts", "tgc"})), out, jobs_n=1)
    files = _files(out)
    assert f"{GAME}/tiles/lands/forest-back.svg" in files and f"{GAME}/tiles/lands/lake-back.svg" not in files
    assert f"{GAME}/tts/lands/forest-back.png" in files and f"{GAME}/tts/lands/lake-back.png" not in files
    assert f"{GAME}/tgc/lands/forest-back.png" in files and f"{GAME}/tgc/lands/lake-back.png" not in files


def test_the_ledger_check_names_each_kind_of_finding(kit: Path) -> None:
    out = kit / "output"
    build(None, BuildOptions(formats=ALL), out, jobs_n=1)
    runner = CliRunner()
    clean = runner.invoke(main, ["verify", "--out", str(out)])
    assert clean.exit_code == 0, clean.output
    assert runner.invoke(main, ["verify"]).exit_code == 0          # the kit's output folder
    (out / GAME / "mygame-proof.png").unlink()
    (out / GAME / "tts" / "cards-1.png").unlink()
    (out / GAME / "mygame-proof.pdf").write_bytes(b"%PDF- not the one")
    (out / GAME / "notes.txt").write_text("mine", encoding="utf-8")
    found = runner.invoke(main, ["verify", str(out)])
    assert found.exit_code == 1
    text = found.output
    assert f"missing: {out / GAME / 'mygame-proof.png'}" in text
    assert f"changed: {out / GAME / 'mygame-proof.pdf'}" in text
    assert f"dangling: {out / GAME / 'tts' / 'mygame.json'}" in text and "tts/cards-1.png" in text
    assert f"unknown: {out / GAME / 'notes.txt'}" in text
    nothing = runner.invoke(main, ["verify", str(kit / "nowhere")])
    assert nothing.exit_code == 2 and "manifest.json" in nothing.output and "Traceback" not in nothing.output


def test_a_file_linking_to_a_dropped_file_is_dropped_in_turn() -> None:
    from generator.build.ledger import resolved
    from generator.build.manifest_entry import ManifestEntry

    links = {"g/tgc/README.md": ("g/tgc/deck.csv",), "g/tgc/deck.csv": ("g/tgc/deck/a.png",),
             "g/tts/g.json": ("g/tts/deck-1.png",), "g/tts/deck-1.png": (), "g/new.md": ("gone",)}
    entries = {path: ManifestEntry(path=path, refs=refs) for path, refs in links.items()}
    kept, dropped = resolved(entries, ["g/tgc/README.md", "g/tgc/deck.csv", "g/tts/g.json", "g/tts/deck-1.png"])
    assert dropped == {"g/tgc/deck.csv": ["g/tgc/deck/a.png"], "g/tgc/README.md": ["g/tgc/deck.csv"]}
    assert set(kept) == {"g/tts/g.json", "g/tts/deck-1.png", "g/new.md"}     # written now: not the build's to drop


def test_only_the_folders_emptied_by_a_removal_go(tmp_path: Path) -> None:
    from generator.build.ledger import remove_emptied_folders

    (tmp_path / "g" / "cards" / "deck").mkdir(parents=True)
    (tmp_path / "g" / "tiles" / "lands").mkdir(parents=True)
    (tmp_path / "g" / "tiles" / "mine.txt").write_text("a user's own file", encoding="utf-8")
    (tmp_path / "g" / "other").mkdir()
    remove_emptied_folders(tmp_path, ["g/cards/deck/back.svg", "g/tiles/lands/a.svg", "../outside/x.svg"])
    assert not (tmp_path / "g" / "cards").exists() and not (tmp_path / "g" / "tiles" / "lands").exists()
    assert (tmp_path / "g" / "tiles" / "mine.txt").is_file() and (tmp_path / "g" / "other").is_dir()


def test_a_folder_without_a_ledger_is_bad_input_named_without_a_traceback(kit: Path) -> None:
    out = kit / "output"
    out.mkdir()
    runner = CliRunner()
    for text, said in (("{", "cannot be read as JSON"), ('{"files": []}', "not a manifest pnpkit wrote"),
                       ('{"generator": "pnpkit 1", "files": [{"path": "../../etc/passwd"}]}', "file entry 1")):
        (out / "manifest.json").write_text(text, encoding="utf-8")
        result = runner.invoke(main, ["verify", str(out)])
        assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output, result.output


def test_a_file_name_is_echoed_escaped(kit: Path) -> None:
    out = kit / "output"
    build(None, BuildOptions(formats=frozenset({"svg"})), out, jobs_n=1)
    (out / "evil\x1b[2Jname\u202e.txt").write_text("x", encoding="utf-8")
    result = CliRunner().invoke(main, ["verify", str(out)])
    assert result.exit_code == 1
    assert "\x1b" not in result.output and "\u202e" not in result.output and "\\x1b[2Jname\\u202e.txt" in result.output
