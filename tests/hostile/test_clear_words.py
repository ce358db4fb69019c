"""Clear words for inputs that are refused or cannot be used: the row and column of a CSV's
first byte that is not UTF-8, the game.yaml line and field of a font weight outside its
font's range, and the folder and variable of a user cache that cannot be written (with the
command going on without it)."""

from __future__ import annotations

import errno
import os
from pathlib import Path

import pytest

from generator.core import usercache
from tests.hostile.conftest import GAME, Kit

CSV = f"{GAME}/cards/cards.csv"


def _latin1(kit: Kit, old: str, new: str) -> None:
    path = kit.path(CSV)
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_bytes(text.replace(old, new, 1).encode("latin-1"))


@pytest.mark.parametrize(("old", "new", "where"), [
    ("Blocks one attack", "Blocks one attäck", "row 7: field 'text': not UTF-8 text: byte 0xE4"),
    ("guard,Guard", "guard,Gärd", "row 7: field 'name': not UTF-8 text: byte 0xE4, byte 8 of line 7"),
    ("id,name", "id,nåme", "row 5: not UTF-8 text: byte 0xE5, byte 5 of line 5"),    # the header: no name yet
])
def test_a_latin1_csv_is_refused_at_the_row_and_column_of_its_first_bad_byte(kit: Kit, old: str, new: str,
                                                                            where: str) -> None:
    _latin1(kit, old, new)
    for output in kit.check_and_build_refuse("mygame"):
        assert f"data/mygame/cards/cards.csv, {where}" in output, output
        assert "save the sheet as CSV UTF-8" in output


def test_the_row_of_a_bad_byte_after_a_cell_of_several_lines_is_the_sheets_row(tmp_path: Path) -> None:
    from generator.kit.textdecode import not_utf8

    data = 'id,text\na,"one\ntwo"\nb,caf\xe9\n'.encode("latin-1")
    with pytest.raises(UnicodeDecodeError) as caught:
        data.decode("utf-8")
    problem = not_utf8("cards.csv", caught.value, table=True)
    assert (problem.row, problem.line, problem.field) == (3, 4, "text")
    assert str(problem).startswith("cards.csv, row 3 (line 4): field 'text': not UTF-8 text: byte 0xE9, byte 6 of line 4")


def test_a_yaml_file_that_is_not_utf8_is_refused_at_its_line(kit: Kit) -> None:
    path = kit.path(f"{GAME}/palette.yaml")
    path.write_bytes(path.read_bytes() + "# café\n".encode("latin-1"))
    output = kit.refused("check", "mygame")
    lines = path.read_bytes().count(b"\n")
    assert f"data/mygame/palette.yaml:{lines}: not UTF-8 text: byte 0xE9" in output, output


def test_a_font_weight_outside_the_fonts_range_names_game_yaml_and_the_field(kit: Kit) -> None:
    kit.replace(f"{GAME}/game.yaml", "icons: icons ",
                'icons: icons\nfonts: {heavy: "fontpkg_cinzel:Cinzel[wght].ttf@1000"}\n')
    for output in kit.check_and_build_refuse("mygame"):
        assert ("data/mygame/game.yaml:7: field 'fonts.heavy': weight 1000 is outside the range of "
                "'Cinzel[wght].ttf': 400-900") in output, output


# -- the user cache ---------------------------------------------------------------------------

@pytest.fixture
def fresh_cache_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """No stand-in cache yet in this process (put back as it was after the test)."""
    monkeypatch.setattr(usercache, "_stand_in", None)
    for name in ("PNPKIT_CACHE", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)


def _said_once(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err
    assert err.count("pnpkit: cannot use pnpkit's cache folder") == 1, err
    assert "optional" not in err
    return err


def test_a_pnpkit_cache_that_is_a_file_is_named_and_the_command_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache_state: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    blocker = tmp_path / "cache-file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("PNPKIT_CACHE", str(blocker))
    first, second = usercache.user_cache("fonts"), usercache.user_cache("yaml")
    assert first.is_dir() and second.is_dir() and not first.is_relative_to(blocker)
    err = _said_once(capsys)
    assert f"{blocker / 'pnpkit'} (Not a directory; it is set by PNPKIT_CACHE)" in err
    assert "set PNPKIT_CACHE to a folder you can write" in err
    # kept entries are made and read back in the stand-in, not refused
    assert usercache.kept_bytes("yaml", "slot", b"key", lambda: b"made") == b"made"


def test_a_home_whose_cache_cannot_be_made_is_named_with_the_variable(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache_state: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    home = tmp_path / "home"
    home.mkdir()
    real_mkdir = Path.mkdir

    def read_only(self: Path, *args, **kwargs) -> None:      # a read-only HOME (root ignores chmod)
        if self.is_relative_to(home):
            raise OSError(errno.EROFS, os.strerror(errno.EROFS), str(self))
        real_mkdir(self, *args, **kwargs)

    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setattr(Path, "mkdir", read_only)
    assert usercache.user_cache("status").is_dir()
    err = _said_once(capsys)
    assert f"{home / '.cache' / 'pnpkit'} (Read-only file system; it is set by HOME's .cache (or PNPKIT_CACHE))" in err


def test_a_full_disk_while_a_font_is_prepared_goes_on_in_a_temporary_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache_state: None,
        capsys: pytest.CaptureFixture[str]) -> None:
    from generator.draw import fonts
    from tests.draw.fontmaker import make_font

    cache = tmp_path / "cache"
    monkeypatch.setenv("PNPKIT_CACHE", str(cache))
    real = fonts._write_cut

    def full(static, target: Path) -> None:
        if target.is_relative_to(cache):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(target))
        real(static, target)

    monkeypatch.setattr(fonts, "_write_cut", full)
    face = fonts.register_font_file(make_font(tmp_path / "Blocky.ttf", cff=False))
    try:
        cut = fonts.font_file(face)
        assert cut.is_file() and not cut.is_relative_to(cache)
        assert fonts.text_width("AB", face, 10) > 0
    finally:
        fonts._forget(face)
    err = _said_once(capsys)
    assert f"{cache / 'pnpkit'} (No space left on device; it is set by PNPKIT_CACHE)" in err


def test_a_full_disk_while_a_template_is_kept_compiled_is_no_error(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_cache_state: None) -> None:
    from jinja2.bccache import Bucket

    from generator.reference.templates import DEFAULT_TEMPLATE, environment

    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))

    def full(self: Bucket, f: object) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(Bucket, "write_bytecode", full)
    assert environment(tmp_path, tmp_path).get_template(DEFAULT_TEMPLATE) is not None
