"""pnpkit watch: a save rebuilds, a broken file keeps the last good output."""

from __future__ import annotations

import threading
import time
from pathlib import Path

from generator.build.watch import watch
from generator.pieces.job import BuildOptions

OPTIONS = BuildOptions(formats=frozenset({"svg"}))


def _wait_for(condition, seconds: float = 60.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if condition():
            return True
        time.sleep(0.05)
    return False


def _same_as_a_fresh_build(out: Path, fresh: Path) -> None:
    """What the watching process wrote (from faces and pictures it kept) is what a build with
    nothing kept writes, byte for byte, its manifest too."""
    from generator.build.engine import build
    from generator.draw import png_bands
    from generator.layout import kept

    kept.forget()
    png_bands.forget()
    build(["stockholm1520"], OPTIONS, fresh, jobs_n=1)

    def files(folder: Path) -> dict[str, bytes]:
        return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}
    assert files(out) == files(fresh)


def test_a_save_rebuilds_and_a_broken_file_keeps_the_last_good_output(project_copy: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    lines: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(["stockholm1520"], OPTIONS, out, lines.append),
                              kwargs={"jobs_n": 1, "stop": stop}, daemon=True)
    thread.start()
    try:
        assert _wait_for(lambda: any(line.startswith("watching") for line in lines))
        assert "Wrote" in lines[0]
        card = out / "stockholm1520/cards/event-cards/E-SHIP-front.svg"
        before = card.read_bytes()
        csv = project_copy / "data/stockholm1520/cards/event_cards.csv"
        time.sleep(0.3)
        csv.write_text(csv.read_text().replace("lands after 5 turns", "lands after five turns"))
        assert _wait_for(lambda: len(lines) >= 3)
        assert "Wrote" in lines[2] and "\n" not in lines[2]          # one line per rebuild
        good = card.read_bytes()
        assert good != before
        _same_as_a_fresh_build(out, tmp_path / "fresh")
        csv.write_text(csv.read_text().replace("E-BRIDGE,The Bridge,bridge,,danish,1",
                                               "E-BRIDGE,The Bridge,bridge,,danish,lots"))
        assert _wait_for(lambda: len(lines) >= 4)
        assert "data problems" in lines[3] and "event_cards.csv" in lines[3] and "quantity" in lines[3]
        assert card.read_bytes() == good
        csv.write_text(csv.read_text().replace("danish,lots", "danish,1"))
        assert _wait_for(lambda: len(lines) >= 5)
        assert "Wrote" in lines[4]
    finally:
        stop.set()
        thread.join(10)


def test_one_workbook_save_is_one_rebuild(tmp_path: Path, monkeypatch) -> None:
    """A spreadsheet saves in two bursts (it writes the file, then touches it again) and writes
    lock and temporary files beside it: one rebuild, whatever it writes in between."""
    from generator.cli.scaffold import new_kit

    kit = tmp_path / "kit"
    new_kit(kit)
    monkeypatch.chdir(kit)
    out = tmp_path / "out"
    lines: list[str] = []
    stop = threading.Event()
    thread = threading.Thread(target=watch, args=(None, OPTIONS, out, lines.append),
                              kwargs={"jobs_n": 1, "stop": stop}, daemon=True)
    thread.start()
    try:
        assert _wait_for(lambda: any(line.startswith("watching") for line in lines))
        cards = kit / "data" / "mygame" / "cards"
        saved = (cards / "cards.csv").read_text(encoding="utf-8").replace("Blocks one attack", "Blocks two attacks")
        (cards / ".~lock.cards.csv#").write_text("me,host,2026", encoding="utf-8")   # the spreadsheet's lock
        (cards / "lu1234.tmp").write_text(saved, encoding="utf-8")                    # its temporary copy
        (cards / "lu1234.tmp").replace(cards / "cards.csv")                          # renamed over the file
        assert _wait_for(lambda: len(lines) >= 3)
        (cards / "cards.csv").write_text(saved, encoding="utf-8")        # touched again: the same bytes
        (cards / ".~lock.cards.csv#").unlink()
        time.sleep(0.3)
        # the next change, told apart by its answer: a rebuild of the repeated save would come before it
        (cards / "cards.csv").write_text(saved.replace("guard,Guard,2,", "guard,Guard,two,"), encoding="utf-8")
        assert _wait_for(lambda: any("data problems" in line for line in lines))
        rebuilds = lines[2:]
        assert len(rebuilds) == 2 and "Wrote" in rebuilds[0] and "data problems" in rebuilds[1], lines
    finally:
        stop.set()
        thread.join(10)
