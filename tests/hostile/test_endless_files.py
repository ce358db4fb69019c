"""Files that never end: a named pipe or a device where a kit names a file is refused before it
is opened, and a manifest's recorded inputs are read only inside the kit, bounded."""

from __future__ import annotations

import json
import re
import os

import pytest

from tests.hostile.conftest import GAME, Kit, refused_bounded, run_bounded

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="named pipes")


def _pipe_in_place_of(kit: Kit, relative: str) -> None:
    path = kit.path(relative)
    path.unlink(missing_ok=True)
    os.mkfifo(path)


@pytest.mark.parametrize("relative", [f"{GAME}/icons/star.svg", f"{GAME}/layouts/card-back.yaml",
                                      f"{GAME}/palette.yaml", f"{GAME}/cards/cards.csv"])
def test_a_named_pipe_where_a_file_is_named(kit: Kit, relative: str) -> None:
    _pipe_in_place_of(kit, relative)
    for command in (("check", "mygame"), ("build", "mygame", "--format", "pdf", "--out", str(kit.out))):
        output = refused_bounded(kit, *command)
        assert f"{relative.rsplit('/', 1)[-1]}" in output and "not a regular file" in output, output


def test_a_named_pipe_as_an_image_and_a_font(kit: Kit) -> None:
    from PIL import Image

    Image.new("RGB", (8, 8), "red").save(kit.path(f"{GAME}/picture.png"))
    os.mkfifo(kit.path(f"{GAME}/pipe.png"))
    os.mkfifo(kit.path(f"{GAME}/pipe.ttf"))
    kit.replace(f"{GAME}/game.yaml", "icons: icons ", "icons: icons\nfonts: {runes: pipe.ttf}\n")
    output = refused_bounded(kit, "check", "mygame")
    assert "field 'fonts.runes': 'pipe.ttf' is not a regular file" in output, output
    kit.replace(f"{GAME}/game.yaml", "fonts: {runes: pipe.ttf}", "")
    kit.replace(f"{GAME}/layouts/card-front.yaml", 'source: "../images/{{ kind }}.png"', "source: ../pipe.png")
    output = refused_bounded(kit, "check", "mygame")
    assert "'../pipe.png' is not a regular file" in output, output


def test_a_manifest_naming_dev_zero_and_files_outside_the_kit(kit: Kit, tmp_path) -> None:
    assert run_bounded(kit, "build", "mygame", "--format", "pdf", "--out", str(kit.out)).code == 0
    manifest = kit.out / "manifest.json"
    data = json.loads(manifest.read_text(encoding="utf-8"))
    secret = tmp_path / "secret.txt"
    secret.write_text("not the kit's", encoding="utf-8")
    entries = [entry for entry in data["files"] if isinstance(entry.get("inputs"), dict)]
    assert entries
    for entry in entries:
        entry["inputs"]["/dev/zero"] = "0" * 64
        entry["inputs"]["../secret.txt"] = "0" * 64
    manifest.write_text(json.dumps(data), encoding="utf-8")
    run = run_bounded(kit, "build", "mygame", "--format", "pdf", "--out", str(kit.out))
    assert run.code == 0 and not run.crashed, run.output
    # Inputs it cannot confirm: every piece is drawn again (a file drawn from no recorded input,
    # such as the calibration page, may still be reused).
    assert re.search(r"\(\d+ items rendered, 0 reused\)", run.output), run.output


def test_recorded_inputs_are_hashed_only_inside_the_kit(kit: Kit, tmp_path) -> None:
    from generator.kit.cachekeys import FileHashes, file_sha256

    (tmp_path / "outside.txt").write_text("x", encoding="utf-8")
    hashes = FileHashes()
    assert hashes.named(str(tmp_path / "outside.txt"), kit.root) is None
    assert hashes.named("../outside.txt", kit.root) is None
    assert hashes.named(f"{GAME}/game.yaml", kit.root) == file_sha256(kit.path(f"{GAME}/game.yaml"))
    assert file_sha256(kit.path(f"{GAME}/game.yaml")) is not None
    os.mkfifo(tmp_path / "pipe")
    assert file_sha256(tmp_path / "pipe") is None
