"""What pnpkit keeps of a file (parsed, validated, compiled) is kept by the file's bytes, not
its time and size (``generator.core.contentcache``): a file replaced by other bytes of the
same size, its time set back to the old one (``git checkout``, ``cp -p``, an edit within the
clock's resolution), is read anew by the same process."""

from __future__ import annotations

import io
import os
from pathlib import Path
from typing import Any, Callable

import pytest
from PIL import Image
from pydantic import BaseModel

from generator.core.contentcache import ContentCache
from generator.draw.icons import load_icon
from generator.draw.images import load_image
from generator.kit.datafiles import validate_yaml_cached

SVG = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">'
       '<path d="M1 1 L9 1 L5 9 Z" fill="#{}"/></svg>')


class Numbers(BaseModel):
    n: int


def _png(colour: tuple[int, int, int]) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", (4, 4), colour).save(out, "PNG", compress_level=0)    # stored: one size for any colour
    return out.getvalue()


def _same_stamp_rewrite(path: Path, data: bytes) -> None:
    """``path`` holds ``data`` now, of the same size and with the same times as before."""
    before = path.stat()
    assert len(data) == before.st_size
    path.write_bytes(data)
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = path.stat()
    assert (after.st_size, after.st_mtime_ns) == (before.st_size, before.st_mtime_ns)


CASES: dict[str, tuple[str, bytes, bytes, Callable[[Path], Any]]] = {
    "an icon": ("icon.svg", SVG.format("aa0000").encode(), SVG.format("0000bb").encode(), load_icon),
    "an image": ("art.png", _png((200, 0, 0)), _png((0, 0, 200)), load_image),
    "a YAML file validated": ("n.yaml", b"n: 1\n", b"n: 2\n", lambda p: validate_yaml_cached(p, Numbers)),
}


@pytest.mark.parametrize("case", CASES.values(), ids=CASES.keys())
def test_other_bytes_of_the_same_size_and_time_are_read_anew(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                              case: tuple[str, bytes, bytes, Callable[[Path], Any]]) -> None:
    monkeypatch.setenv("PNPKIT_CACHE", str(tmp_path / "cache"))
    name, first, second, read = case
    if len(first) != len(second):
        pytest.skip("the two versions differ in size here")
    path = tmp_path / name
    path.write_bytes(first)
    old = read(path)
    _same_stamp_rewrite(path, second)
    new = read(path)
    assert new != old
    path.write_bytes(first)
    assert read(path) == old


def test_a_content_cache_makes_the_same_bytes_once_and_keeps_its_bound() -> None:
    cache: ContentCache[int] = ContentCache(2)
    made: list[bytes] = []

    def make(data: bytes) -> Callable[[], int]:
        return lambda: made.append(data) or len(made)
    assert cache.get("a", b"x", make(b"x")) == 1 and cache.get("a", b"x", make(b"x")) == 1
    assert cache.get("a", b"y", make(b"y")) == 2 and cache.get("b", b"x", make(b"x")) == 3   # other bytes, other key
    assert cache.get("a", b"x", make(b"x")) == 4                                              # the oldest went


def test_a_kit_template_is_out_of_date_when_its_bytes_change(tmp_path: Path) -> None:
    from jinja2 import Environment

    from generator.reference.templates import KitTemplates

    folder = tmp_path / "game"
    (folder / "templates").mkdir(parents=True)
    path = folder / "templates" / "sheet.xml.j2"
    path.write_bytes(b"<sheet>one</sheet>\r\n")
    source, _, uptodate = KitTemplates(tmp_path, folder).get_source(Environment(), "templates/sheet.xml.j2")
    assert source == "<sheet>one</sheet>\n" and uptodate()
    _same_stamp_rewrite(path, b"<sheet>two</sheet>\r\n")
    assert not uptodate()
