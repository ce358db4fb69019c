"""The incremental build is never stale: each kind of input, changed once, changes exactly
the files drawn from it, and renders nothing of the other games.

One SVG-only build of Stockholm 1520 and Breitenfeld 1631 is the baseline; each case
changes one file of a private copy of the data, rebuilds on a copy of the baseline's
output, and compares the manifest's sha256 of every file with the baseline's. The
expected changes were checked against full rebuilds (``--force``) of the changed data.
The table's builds lay each component on sheets of its own (``--sheets per-component``),
so that each file's inputs are told apart by component; the default packed sheets, which
every piece of a game shares, are checked by their own test below.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
from pathlib import Path
from typing import Callable, Iterator

import pytest

from generator.build.engine import BuildResult, build
from generator.kit.location import use_kit
from generator.pieces.job import BuildOptions

ROOT = Path(__file__).resolve().parents[2]
GAMES = ["stockholm1520", "breitenfeld1631"]
OPTIONS = BuildOptions(formats=frozenset({"svg"}), sheets="per-component")
S = "stockholm1520"
B = "breitenfeld1631"


class Kit:
    """A private copy of the data, and the baseline build of it."""

    def __init__(self, root: Path, baseline: Path) -> None:
        self.root = root
        self.baseline = baseline
        self.before = shas(baseline)

    def rebuild(self, tmp_path: Path) -> tuple[BuildResult, set[str]]:
        """Build on a copy of the baseline's output; the files whose bytes changed."""
        out = tmp_path / "out"
        shutil.copytree(self.baseline, out)
        result = build(GAMES, OPTIONS, out)
        after = shas(out)
        assert set(after) == set(self.before)
        return result, {path for path, digest in after.items() if digest != self.before[path]}


def shas(out: Path) -> dict[str, str]:
    return {e["path"]: e["sha256"] for e in json.loads((out / "manifest.json").read_text())["files"]}


@pytest.fixture(scope="module")
def kit(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Kit]:
    root = tmp_path_factory.mktemp("kit")
    shutil.copytree(ROOT / "data", root / "data")
    with use_kit(root):
        baseline = root / "baseline"
        build(GAMES, OPTIONS, baseline)
        yield Kit(root, baseline)


@pytest.fixture
def edit(kit: Kit) -> Iterator[Callable[[str, str, str], None]]:
    """Replace text in a file of the kit, put back after the test."""
    saved: dict[Path, str] = {}

    def change(relative: str, old: str, new: str) -> None:
        path = kit.root / relative
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {relative}"
        saved.setdefault(path, text)
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    yield change
    for path, text in saved.items():
        path.write_text(text, encoding="utf-8")


def matching(kit: Kit, pattern: str) -> set[str]:
    found = {path for path in kit.before if re.fullmatch(pattern, path)}
    assert found, pattern
    return found


def written(result: BuildResult) -> set[str]:
    return {str(job.path) for job in result.written}


ZONE_FRONTS = rf"{S}/cards/zone-cards/Z-..-.-front\.svg"
BOARD = f"{S}/map/board.svg"
COUNTERS = f"{S}/counters/counters-fronts-a4.svg"
PROOF = rf"{S}/{S}-proof\.(pdf|png)"      # the proof sheet shows every face of the game
S_REFERENCE = rf"{S}/reference/reference-a4\.svg"
B_AID = rf"{B}/reference/player-aid-a4\.svg"
B_PLAY_AIDS = rf"{B}/reference/play-aids-a4-.\.svg"

# (file changed, text, replacement, files whose bytes must change: exactly these)
CASES = {
    # the bug of issue 8: a deck's key covered only its own card file, so a troop colour did
    # not reach the zone cards or the E-MOVE event cards
    "troop colour": (f"data/{S}/troops.yaml", '"#9c2a22"', '"#7a1f1a"',
                     [rf"{S}/cards/zone-cards/Z-..-R-front\.svg", rf"{S}/cards/event-cards/E-MOVE-R-front\.svg",
                      COUNTERS, PROOF, S_REFERENCE]),
    "zone name": (f"data/{S}/zones.yaml", "name: Norrmalm", "name: Norrmalmen",
                  [rf"{S}/cards/zone-cards/Z-A.-.-front\.svg", BOARD, PROOF]),
    "event text": (f"data/{S}/cards/event_cards.csv", "lands after 5 turns", "lands after five turns",
                   [rf"{S}/cards/event-cards/E-SHIP-front\.svg", PROOF, S_REFERENCE]),
    "map subtitle": (f"data/{S}/map.yaml", "subtitle: The last defence", "subtitle: The last stand", [BOARD]),
    "counter label": (f"data/{S}/counters.yaml", "label: Propagandist", "label: Agitator", [COUNTERS, PROOF]),
    "track note": (f"data/{S}/tracks.yaml", 'note: "Militia"', 'note: "Militiamen"', [rf"{S}/tracks/rounds\.svg", PROOF]),  # a strip is a piece: on the proof
    "deck rule in game.yaml": (f"data/{S}/game.yaml", 'rule: "1.2.1"', 'rule: "1.2.1, 2.0"', [ZONE_FRONTS, PROOF]),
    "battle map subtitle": (f"data/{B}/map.yaml", "and the Saxons against Tilly", "and the Saxons beat Tilly",
                            [rf"{B}/map/battlefield\.svg"]),
    "game title": (f"data/{B}/game.yaml", "title: Breitenfeld 1631", "title: Breitenfeld, 1631",
                   [rf"{B}/PRINTING\.md", B_AID, B_PLAY_AIDS]),   # the sheets' SVG titles name the game
    # reference sheets: their content, and the game's tables they read
    "reference sheet text": (f"data/{S}/reference.yaml", "attack adjacent enemies", "attack the enemies next to them",
                             [S_REFERENCE]),
    "player aid text": (f"data/{B}/reference.yaml", "No stacking.", "No stacking at all.", [B_AID]),
    "play aids text": (f"data/{B}/play-aids.yaml", "Cut out each pair", "Cut out every pair",
                       [rf"{B}/reference/play-aids-a4-1\.svg"]),
    "demoralization level": (f"data/{B}/schedule.yaml", "points: 75", "points: 74",
                             [B_AID, rf"{B}/reference/play-aids-a4-2\.svg"]),
    "visibility effects": (f"data/{B}/visibility.yaml", "Movement allowances halved", "Movement halved",
                           [B_AID, rf"{B}/reference/play-aids-a4-1\.svg"]),
    # the look: layout files (and the layouts they extend), icons, the palette
    "zone front layout": (f"data/{S}/layouts/zone-front.yaml", "y: 36, w: 26.8", "y: 36.5, w: 26.8", [ZONE_FRONTS]),
    "shared card frame": (f"data/{S}/layouts/frame.yaml", "inset: -1, stroke: ink, stroke_width: 0.5",
                          "inset: -1, stroke: ink, stroke_width: 0.6",
                          [ZONE_FRONTS, rf"{S}/cards/event-cards/E-.*-front\.svg"]),
    "event front layout": (f"data/{S}/layouts/event-front.yaml", "emblem_y: 32", "emblem_y: 32.5",
                           [rf"{S}/cards/event-cards/E-.*-front\.svg"]),
    "shared back": (f"data/{S}/layouts/back.yaml", "stroke: gold, stroke_width: 0.6", "stroke: gold, stroke_width: 0.7",
                    [rf"{S}/cards/(zone|event)-cards/back\.svg"]),
    "zone back layout": (f"data/{S}/layouts/zone-back.yaml", "word: Zone", "word: Zones",
                         [rf"{S}/cards/zone-cards/back\.svg"]),
    "event back layout": (f"data/{S}/layouts/event-back.yaml", "word: Event", "word: Events",
                          [rf"{S}/cards/event-cards/back\.svg"]),
    "icon of one card": (f"data/{S}/icons/ship.svg", 'stroke-width="0.98"', 'stroke-width="1.2"',
                         [rf"{S}/cards/event-cards/E-SHIP-front\.svg"]),
    "icon of a card and the backs": (f"data/{S}/icons/crown.svg", "M2.29 15.682", "M2.4 15.682",
                                     [rf"{S}/cards/event-cards/E-CHRISTIAN-front\.svg",
                                      rf"{S}/cards/(zone|event)-cards/back\.svg"]),
    "palette colour": (f"data/{S}/palette.yaml", 'both: "#5b3f6e"', 'both: "#5b3f70"',
                       [rf"{S}/cards/event-cards/E-MOVE-.-front\.svg"]),
    # the Swedish kit's files (build --lang sv): the English build reads none of them
    "Swedish strings": (f"data/{S}/lang/sv.yaml", '"Game board": "Spelplan"', '"Game board": "Spelbräde"', []),
    "glossary": (f"data/{S}/glossary.yaml", "Castle: {sv: borg}", "Castle: {sv: [borg, slott]}", []),
    "sheet layout": ("data/sheets/layouts.yaml", "  tiles-gutter:\n    type: grid\n    gap: 2",
                     "  tiles-gutter:\n    type: grid\n    gap: 3", [COUNTERS, rf"{S}/{S}-proof\.pdf"]),   # Stockholm's counter sheet;
                     # the proof sheet shows the track strips, whose bleed is half that gutter
}


@pytest.mark.parametrize("case", list(CASES))
def test_a_changed_input_changes_exactly_the_files_drawn_from_it(kit: Kit, edit, tmp_path: Path, case: str) -> None:
    relative, old, new, patterns = CASES[case]
    edit(relative, old, new)
    result, changed = kit.rebuild(tmp_path)
    expected = set().union(*(matching(kit, p) for p in patterns))
    if case != "sheet layout" and any(p.startswith((f"{S}/cards/", f"{S}/counters/")) for p in expected):
        expected |= matching(kit, PROOF)      # the proof sheet shows every face of the game
    assert changed == expected
    games = {p.split("/")[0] for p in expected}
    assert {p.split("/")[0] for p in written(result)} <= games, "another game's files were rendered again"


def test_every_file_of_the_games_is_a_case() -> None:
    """Each data file of both games (and each kind of file: every icon and layout) is changed by a case."""
    changed = {relative for relative, *_ in CASES.values()}
    for game in GAMES:
        folder = ROOT / "data" / game
        files = [path for path in sorted(folder.rglob("*")) if path.is_file()]
        assert len(files) > 5, f"no data files found in {folder}"
        for path in files:
            relative = path.relative_to(ROOT).as_posix()
            kind_covered = path.suffix == ".svg" and any(c.startswith(f"data/{game}/icons/") for c in changed)
            assert relative in changed or kind_covered, f"no case changes {relative}"


def test_game_code_redraws_its_own_game_only(kit: Kit, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A change to a game's package (here a copy of it) renders that game's files again, no other."""
    import generator.kit.plugins

    package = tmp_path / "stockholm1520"
    shutil.copytree(ROOT / "games" / S, package, ignore=shutil.ignore_patterns("__pycache__"))
    monkeypatch.setattr(generator.kit.plugins, "game_code_location", lambda name: package)
    result, _ = kit.rebuild(tmp_path)
    assert not written(result), "the copy is the same code: nothing to redraw"
    (package / "palette.py").write_text((package / "palette.py").read_text() + "\n# a change\n")
    result, changed = kit.rebuild(tmp_path / "again")
    assert written(result) == {p for p in kit.before if p.startswith(f"{S}/")}
    assert not changed  # a comment draws nothing new


def test_force_renders_everything_again(kit: Kit, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from generator.cli.app import main

    out = tmp_path / "out"
    shutil.copytree(kit.baseline, out)
    files = {p for p in kit.before if p.startswith(f"{B}/map/")}
    plain = build([B], OPTIONS, out, only={"map"})
    # PRINTING.md and the proof sheet describe the whole game, as the full build wrote them: reused
    assert {str(j.path) for j in plain.reused} >= files | {f"{B}/PRINTING.md"} and not written(plain)
    forced = CliRunner().invoke(main, ["build", B, "--only", "map", "--format", "svg", "--force", "--out", str(out)])
    assert forced.exit_code == 0, forced.output
    assert "reused 0" in forced.output and f"{B}/PRINTING.md" in shas(out)
    after = shas(out)
    assert {p: after[p] for p in files} == {p: kit.before[p] for p in files}


def test_the_manifest_names_each_files_inputs_relative_to_the_kit(kit: Kit) -> None:
    entries = {e["path"]: e for e in json.loads((kit.baseline / "manifest.json").read_text())["files"]}
    board = entries[BOARD]["inputs"]
    assert set(board) >= {f"data/{S}/map.yaml", f"data/{S}/zones.yaml"}
    zones = (kit.root / "data" / S / "zones.yaml").read_bytes()
    assert board[f"data/{S}/zones.yaml"] == hashlib.sha256(zones).hexdigest()
    assert f"data/{B}/map.yaml" in entries[f"{B}/map/battlefield.svg"]["inputs"]


PACKED = BuildOptions(formats=frozenset({"pdf"}), sheets="packed")
CARD_SHEETS = f"{S}/{S}-sheets-card-a4.pdf"
BOARD_SHEETS = f"{S}/{S}-sheets-board-a4.pdf"


def test_the_shared_sheets_of_packed_builds_follow_every_piece_they_hold_and_nothing_else(
        kit: Kit, edit, tmp_path: Path) -> None:
    """The default build packs a game's pieces on shared sheets, one file a stock: a change to
    the counters redraws the board sheets only, a change to the cards the card sheets only; a
    change to the map, which is on neither, redraws neither."""
    with use_kit(kit.root):
        base = tmp_path / "packed"
        build([S], PACKED, base)
        before = shas(base)
        shared = (CARD_SHEETS, BOARD_SHEETS)
        assert set(shared) <= set(before) and not any(re.search(r"-(sheets|fronts)-a4\.(pdf|svg)$", p)
                                                      for p in before if p not in shared and "/reference/" not in p)
        for relative, old, new, changed in (
                (f"data/{S}/counters.yaml", "label: Propagandist", "label: Agitator", {BOARD_SHEETS}),
                (f"data/{S}/cards/event_cards.csv", "lands after 5 turns", "lands after five turns", {CARD_SHEETS}),
                (f"data/{S}/map.yaml", "subtitle: The last defence", "subtitle: The last stand", set())):
            edit(relative, old, new)
            result = build([S], PACKED, base)
            after = shas(base)
            for sheets in shared:
                assert (after[sheets] != before[sheets]) is (sheets in changed), (relative, sheets)
                if changed:     # the counters read map.yaml: their sheets may be redrawn the same
                    assert (sheets in written(result)) is (sheets in changed), (relative, sheets)
            before = after


def test_a_kit_icon_made_in_place_of_pnpkits_mark_is_drawn_by_the_next_build(tmp_path: Path) -> None:
    """A layout draws pnpkit's ``designed`` mark, which the kit has no icon of; once the kit
    adds icons/designed.svg, the next (incremental) build draws the kit's icon, as a fresh
    build would, and a build after that reuses every file."""
    from generator.cli.scaffold import new_kit

    root = tmp_path / "kit"
    new_kit(root, "mygame", "My Game")
    layout = root / "data" / "mygame" / "layouts" / "card-front.yaml"
    layout.write_text(layout.read_text(encoding="utf-8").replace(
        "  - type: icon                      # heroes only",
        "  - {type: icon, name: designed, x: 3, y: 3, w: 4, h: 4}\n  - type: icon                      # heroes only", 1),
        encoding="utf-8")
    options = BuildOptions(formats=frozenset({"svg"}), sheets="per-component")
    out = tmp_path / "out"
    with use_kit(root):
        build(None, options, out)
        before = shas(out)
        (root / "data" / "mygame" / "icons" / "designed.svg").write_text(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
            '<rect width="10" height="10" fill="#c0ffee"/></svg>', encoding="utf-8")
        build(None, options, out)
        after = shas(out)
        build(None, options, tmp_path / "fresh")
        again = build(None, options, out)
    fronts = [path for path in after if path.endswith("-front.svg")]
    assert fronts and all(after[path] != before[path] for path in fronts)
    assert all("#c0ffee" in (out / path).read_text(encoding="utf-8") for path in fronts)
    assert {p: d for p, d in after.items()} == {p: d for p, d in shas(tmp_path / "fresh").items()}
    assert not again.written
