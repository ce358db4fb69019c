"""Stockholm 1520's ``tracks`` kind (its propaganda meter and round track): a kind of its own
code, known to its game.yaml only, drawn from tracks.yaml."""

from __future__ import annotations

from types import SimpleNamespace

import pymupdf

from generator.components.base import BuildOptions
from generator.components.registry import KINDS, kinds_of
from generator.plugins import load_game_code

from .conftest import REPO

GAME = SimpleNamespace(id="stockholm1520", title="Stockholm 1520", folder=REPO / "data" / "stockholm1520", kit=REPO,
                       code="stockholm1520")


def test_the_kind_is_the_games_own():
    load_game_code("stockholm1520")
    assert "tracks" in kinds_of("stockholm1520")
    assert "tracks" not in KINDS and "tracks" not in kinds_of(None) and "tracks" not in kinds_of("other")


def test_tracks_page():
    load_game_code("stockholm1520")
    raw = {"kind": "tracks", "id": "tracks", "title": "Tracks", "source": "tracks.yaml"}
    tracks = kinds_of("stockholm1520")["tracks"](GAME, raw, "game.yaml", 0)
    [job] = [j for j in tracks.jobs(BuildOptions(formats=frozenset({"pdf"})), "code")]
    assert str(job.path) == "stockholm1520/tracks/tracks-a4.pdf"
    text = pymupdf.open(stream=job.render(), filetype="pdf")[0].get_text()
    for word in ("Propaganda meter", "Round track", "Militia", "Christian II", "9 zone cards"):
        assert word in text
