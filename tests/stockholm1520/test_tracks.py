"""Stockholm 1520's ``tracks`` kind (its propaganda meter and round track): a kind of its own
code, known to its game.yaml only, drawn from tracks.yaml."""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

import pymupdf

from generator.kit.plugins import load_game_code
from generator.loading.kinds import KINDS, kinds_of
from generator.outputs.registry import component_jobs
from generator.pieces.job import BuildOptions
from generator.printing.layouts import layouts

from .conftest import REPO

GAME = SimpleNamespace(id="stockholm1520", title="Stockholm 1520", folder=REPO / "data" / "stockholm1520", kit=REPO,
                       code="stockholm1520")


def test_the_kind_is_the_games_own():
    load_game_code("stockholm1520")
    assert "tracks" in kinds_of("stockholm1520")
    assert "tracks" not in KINDS and "tracks" not in kinds_of(None) and "tracks" not in kinds_of("other")


def test_the_strips_are_pieces_on_card_stock_with_their_own_sheets_only_per_component():
    """Issue 38: the strips go on the game's shared card sheets (their own sheets, with crop
    marks, only with --sheets per-component), not on an A4 card sheet they leave 60 % blank."""
    load_game_code("stockholm1520")
    raw = {"kind": "tracks", "id": "tracks", "title": "Tracks", "source": "tracks.yaml"}
    tracks = kinds_of("stockholm1520")["tracks"](GAME, raw, "game.yaml", 0)
    assert [(p.id, p.has_back, p.bleed) for p in tracks.pieces] == [("propaganda", False, 1.0), ("rounds", False, 1.0)]
    assert tracks.pieces[0].bleed == layouts()["tiles-gutter"].gap / 2      # the gutter's half, read from the layout
    assert tracks.packed(BuildOptions()) and not tracks.packed(BuildOptions(sheets="per-component"))
    pdfs = [j for j in component_jobs(tracks, BuildOptions(formats=frozenset({"pdf"})), "code")]
    assert pdfs == []                                   # packed: the game's sheets hold them
    options = BuildOptions(formats=frozenset({"pdf"}), sheets="per-component")
    [job] = [j for j in component_jobs(tracks, options, "code") if j.format == "pdf"]
    assert str(job.path) == "stockholm1520/tracks/tracks-sheets-a4.pdf" and job.role == "sheets"
    [page] = pymupdf.open(stream=job.render(), filetype="pdf")
    text = page.get_text()
    for word in ("Propaganda meter", "Round track", "Militia", "Christian II", "9 zone cards", "print at 100 %"):
        assert word in text


def test_a_strip_is_cut_at_its_trim_clear_of_its_boxes():
    """The piece is the strip with blank card round it: its trim (the crop marks) lies PAD mm
    outside the boxes' outer line, and the boxes are at their printed size."""
    from games.stockholm1520.track_component import PAD

    load_game_code("stockholm1520")
    raw = {"kind": "tracks", "id": "tracks", "title": "Tracks", "source": "tracks.yaml"}
    tracks = kinds_of("stockholm1520")["tracks"](GAME, raw, "game.yaml", 0)
    rounds = tracks.pieces[1]
    assert rounds.width == 8 * tracks.tracks.box_mm + 0.6 + 2 * PAD
    front = rounds.front()
    assert (front.width, front.height) == (rounds.width + 2 * rounds.bleed, rounds.height + 2 * rounds.bleed)


def test_the_round_track_is_the_generic_track_diagram_with_its_notes_and_tags():
    from games.stockholm1520.tracks import load_tracks, strip_scene

    tracks = load_tracks(REPO / "data" / "stockholm1520" / "tracks.yaml")
    rounds = next(t for t in tracks.tracks if t.id == "rounds")
    scene = strip_scene(rounds, tracks.box_mm)
    words = [t.text for t in scene.walk_text()]
    assert words[:2] == ["Round track", "Rules 2.0, 6.1"]
    assert [w for w in words if w in "12345678" and w] == [str(n) for n in range(1, 9)]
    assert words.count("M") == 3 and words.count("C") == 1 and words.count("Militia") == 3
    assert scene.width == 8 * tracks.box_mm + 0.6                   # boxes at their printed size


def test_boxes_count_up_by_one(tmp_path):
    import pytest

    from generator.core.errors import DataError
    from games.stockholm1520.tracks import load_tracks

    text = (REPO / "data" / "stockholm1520" / "tracks.yaml").read_text(encoding="utf-8")
    (tmp_path / "tracks.yaml").write_text(text.replace('- {label: "4"}', '- {label: "6"}'), encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_tracks(tmp_path / "tracks.yaml")
    [problem] = err.value.problems
    assert "box 6 of track 'rounds' should be numbered 4" in problem.message and problem.field == "tracks.1.boxes.3.label"


def test_build_only_a_games_own_kind(tmp_path):
    from click.testing import CliRunner

    from generator.cli.app import main

    result = CliRunner().invoke(main, ["build", "stockholm1520", "--only", "tracks", "--format", "svg", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "stockholm1520" / "tracks").iterdir()) == ["propaganda.svg", "rounds.svg"]
    result = CliRunner().invoke(main, ["build", "--only", "trax", "--out", str(tmp_path)])
    assert result.exit_code != 0 and "no kind or component 'trax'" in result.output and "tracks" in result.output


def test_the_strips_keep_their_text_in_the_safe_zone():
    """The titles and rule numbers of a strip stay 3 mm inside its trim (GUIDE.md): the
    preflight's safe-zone rule on the strips' own sheet finds nothing."""
    from generator.preflight.findings import Limits
    from generator.preflight.run import inspected

    load_game_code("stockholm1520")
    raw = {"kind": "tracks", "id": "tracks", "title": "Tracks", "source": "tracks.yaml"}
    tracks = kinds_of("stockholm1520")["tracks"](GAME, raw, "game.yaml", 0)
    options = BuildOptions(formats=frozenset({"pdf"}), sheets="per-component")
    for paper in ("a4", "letter"):
        [job] = [j for j in component_jobs(tracks, replace(options, paper=paper), "code") if j.format == "pdf"]
        _, found = inspected(job.render, str(job.path), Limits())
        assert [f.message() for f in found if f.rule == "safe-zone"] == []
