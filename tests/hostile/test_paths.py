"""Nothing outside the kit is read, nothing outside --out is written, and the build owns
only what it wrote."""

from __future__ import annotations

import json

import pytest

from tests.hostile.conftest import GAME, STOCKHOLM, Kit


def test_a_component_id_that_is_a_path(kit: Kit) -> None:
    kit.replace(f"{GAME}/game.yaml", "id: cards ", "id: ../../x ")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/game.yaml:9: field 'components.0.id': expected a name of lower-case letters, " \
               "digits and '-'" in output and "got '../../x'" in output
        assert "^[a-z" not in output
    assert not (kit.root.parent / "x").exists()


def test_a_track_id_that_is_a_path(stockholm: Kit) -> None:
    stockholm.replace(f"{STOCKHOLM}/tracks.yaml", "  - id: rounds", "  - id: ../../x")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert "data/stockholm1520/tracks.yaml:22: field 'tracks.1.id': expected a name" in output


def test_a_map_id_that_is_a_path(stockholm: Kit) -> None:
    stockholm.replace(f"{STOCKHOLM}/map.yaml", "id: stockholm1520", "id: ../../x")
    for output in stockholm.check_and_build_refuse("stockholm1520"):
        assert "data/stockholm1520/map.yaml:24: field 'id': expected a name" in output


def test_a_source_of_etc_passwd_is_refused_and_not_quoted(kit: Kit) -> None:
    kit.replace(f"{GAME}/game.yaml", "cards/cards.csv", "/etc/passwd")
    for output in kit.check_and_build_refuse("mygame"):
        assert "data/mygame/game.yaml:11: field 'components.0.source': '/etc/passwd' is an absolute path" in output
        assert "root:" not in output


def test_a_source_leading_out_of_the_kit(kit: Kit) -> None:
    kit.replace(f"{GAME}/game.yaml", "cards/cards.csv", "../../../../etc/passwd")
    for output in kit.check_and_build_refuse("mygame"):
        assert "field 'components.0.source': '../../../../etc/passwd' leads outside the kit folder" in output
        assert "root:" not in output


def test_a_symlink_out_of_the_kit(kit: Kit) -> None:
    kit.path(f"{GAME}/cards/out.csv").symlink_to("/etc/passwd")
    kit.replace(f"{GAME}/game.yaml", "cards/cards.csv", "cards/out.csv")
    for output in kit.check_and_build_refuse("mygame"):
        assert "field 'components.0.source': 'cards/out.csv' leads outside the kit folder" in output
        assert "root:" not in output


def test_out_equal_to_or_inside_the_data_folder(kit: Kit) -> None:
    for out in (kit.path("data"), kit.path(f"{GAME}/output")):
        output = kit.refused("build", "mygame", "--out", str(out))
        assert "Invalid value for --out" in output and "inside the kit's data folder data/" in output
    assert not kit.path(f"{GAME}/output").exists() and not kit.path("data/mygame/cards/cards").exists()


def test_the_users_own_files_in_the_output_folder_are_kept(kit: Kit) -> None:
    kit.out.mkdir()
    (kit.out / "mygame").mkdir()
    (kit.out / "mygame" / "PRINTING.md").write_text("my notes", encoding="utf-8")
    (kit.out / "notes.txt").write_text("mine", encoding="utf-8")
    own_staging = kit.out / ".pnpkit-staging-mine"
    own_staging.mkdir()
    (own_staging / "keep.txt").write_text("mine", encoding="utf-8")
    run = kit.run("build", "mygame", "--format", "pdf", "--out", str(kit.out))
    assert run.code != 0 and not run.crashed
    assert "mygame/PRINTING.md: a file the build did not write" in run.output and "--force" in run.output
    assert (kit.out / "mygame" / "PRINTING.md").read_text(encoding="utf-8") == "my notes"
    assert not list(kit.out.rglob("*.pdf"))
    (kit.out / "mygame" / "PRINTING.md").unlink()
    assert kit.run("build", "mygame", "--format", "pdf", "--out", str(kit.out)).code == 0
    assert (kit.out / "notes.txt").read_text(encoding="utf-8") == "mine"
    assert (own_staging / "keep.txt").read_text(encoding="utf-8") == "mine"
    assert kit.run("build", "mygame", "--format", "pdf", "--out", str(kit.out)).code == 0   # its own files: fine


def test_a_hand_made_manifest_is_not_overwritten(kit: Kit) -> None:
    kit.out.mkdir()
    (kit.out / "manifest.json").write_text('{"mine": true}', encoding="utf-8")
    run = kit.run("build", "mygame", "--format", "pdf", "--out", str(kit.out))
    assert run.code != 0 and "manifest.json: not a manifest pnpkit wrote" in run.output
    assert json.loads((kit.out / "manifest.json").read_text(encoding="utf-8")) == {"mine": True}
    assert kit.run("build", "mygame", "--format", "pdf", "--out", str(kit.out), "--force").code == 0
    assert json.loads((kit.out / "manifest.json").read_text(encoding="utf-8"))["generator"].startswith("pnpkit")


def test_a_file_the_user_edited_after_the_build_is_not_replaced(kit: Kit) -> None:
    assert kit.run("build", "mygame", "--format", "pdf", "--out", str(kit.out)).code == 0
    notes = kit.out / "mygame" / "PRINTING.md"
    notes.write_text("edited by hand", encoding="utf-8")
    kit.replace(f"{GAME}/game.yaml", 'title: "My Game"', 'title: "My Other Game"')
    run = kit.run("build", "mygame", "--format", "pdf", "--out", str(kit.out))
    assert run.code != 0 and "PRINTING.md: a file the build did not write (or one changed since)" in run.output
    assert notes.read_text(encoding="utf-8") == "edited by hand"


SECRET = "TOPSECRET-CONTENT"


def _outside_file(kit: Kit, name: str, text: str) -> str:
    outside = kit.root.parent / "outside"
    outside.mkdir(exist_ok=True)
    (outside / name).write_text(text, encoding="utf-8")
    return str(outside / name)


@pytest.mark.parametrize("relative", ["data/evil/game.yaml", "data/sheets/papers.yaml", "data/sheets/sizes.yaml",
                                      "data/sheets/layouts.yaml"])
def test_a_definition_file_that_is_a_symlink_out_of_the_kit(kit: Kit, relative: str) -> None:
    target = _outside_file(kit, "defs.yaml", f"id: evil\ntitle: {SECRET}\n{SECRET}: [{SECRET}]\n")
    kit.path(relative).parent.mkdir(parents=True, exist_ok=True)
    kit.path(relative).symlink_to(target)
    game = "evil" if "evil" in relative else "mygame"
    for output in kit.check_and_build_refuse(game):
        assert f"{relative}: a symlink that leads outside the kit folder" in output, output
        assert SECRET not in output and "outside/" not in output


def test_a_game_folder_that_is_a_symlink_out_of_the_kit(kit: Kit) -> None:
    import shutil

    shutil.copytree(kit.path(GAME), kit.root.parent / "elsewhere")
    kit.path("data/evil").symlink_to(kit.root.parent / "elsewhere")
    output = kit.refused("check", "evil")
    assert "data/evil/game.yaml: a symlink that leads outside the kit folder" in output, output


@pytest.mark.parametrize("relative", [f"{GAME}/palette.yaml", f"{GAME}/layouts/card-back.yaml",
                                      f"{GAME}/cards/cards.csv"])
def test_a_data_file_that_is_a_symlink_out_of_the_kit(kit: Kit, relative: str) -> None:
    target = _outside_file(kit, "data.txt", f"{SECRET}: [{SECRET}\n")
    kit.path(relative).unlink()
    kit.path(relative).symlink_to(target)
    for output in kit.check_and_build_refuse("mygame"):
        assert "a symlink that leads outside the kit folder" in output or "leads outside the kit folder" in output
        assert SECRET not in output, output


def test_a_symlink_inside_the_kit_is_followed(kit: Kit) -> None:
    kit.path(f"{GAME}/cards/cards.csv").rename(kit.path(f"{GAME}/cards/real.csv"))
    kit.path(f"{GAME}/cards/cards.csv").symlink_to("real.csv")
    assert kit.run("check", "mygame").code == 0
