"""The board's art made once per machine, for ``bot show``: the printed board does not change
between turns, so a position's picture takes the board's scene and its raster from here and
draws only its pieces, marks and arrows (``generator.hexart.position.write_position``'s
``board_cache``). This module is a ``generator.hexart.position.BoardCache``.

An entry in the user cache (``boards``) is named by a digest of pnpkit's code (``code_stamp``),
the loaded map (its pickle, ``_content``) and, for a raster, the dpi (for the SVG text of the
board's part of a cropped picture, the crop); it holds the scene or that text (pickled) or the
raster's raw RGB pixels, with the files the drawing read (sha256 each, checked on use); a
raster is read by parts (a cropped picture needs a part of it). Anything amiss is a miss: the
board is drawn again."""

from __future__ import annotations

import hashlib
import io
import json
import mmap
import os
import pickle
from pathlib import Path
from typing import Callable, TypeVar

from PIL import Image

from generator.core.atomic import write_atomic
from generator.core.usercache import prune, used, user_cache
from generator.draw.scene import Scene
from generator.draw.svg import SvgPart
from generator.hexmap.model import HexMap

from bot.status_cache import code_stamp
from generator.kit.cachekeys import file_sha256

T = TypeVar("T")

# The most the boards' folder keeps (least recently used entries go first): a map's board at
# one dpi is about 11 MB and each crop's SVG part 0.7 MB, made anew by each version of pnpkit.
BOARDS_KEPT_BYTES = 256 * 1024 * 1024


def _content(hexmap: HexMap) -> bytes:
    """The map pickled without its memo, each object written whole where it appears: the same
    bytes for equal maps, whichever objects they share (a map read back from a pickle shares
    fewer strings than the map as loaded, and pickles otherwise)."""
    out = io.BytesIO()
    pickler = pickle.Pickler(out, protocol=pickle.HIGHEST_PROTOCOL)
    pickler.fast = True
    pickler.dump(hexmap)
    return out.getvalue()


def _key(hexmap: HexMap, what: str) -> str | None:
    try:
        drawn = _content(hexmap)
    except (pickle.PicklingError, TypeError, AttributeError, ValueError, RecursionError):   # ValueError: a cycle
        return None
    digest = hashlib.sha256(code_stamp().encode())
    digest.update(f"\0{what}\0".encode())
    digest.update(drawn)
    return digest.hexdigest()


def _kept_or_made(key: str | None, make: Callable[[], T], dump: Callable[[T], tuple[bytes, object]],
                  load: Callable[[Path, object], T]) -> T:
    """The thing kept under ``key`` (``load(data file, shape)``), else ``make()`` kept as
    ``dump`` says (data and shape) with the files making it read; a cache that cannot be
    written is no error."""
    from generator.core.filehash import ABSENT
    from generator.core.inputs import digest_as_read, reading_session, recording

    folder = user_cache("boards")
    if key is not None:
        try:
            entry = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
            if all(file_sha256(Path(path)) == digest for path, digest in entry["inputs"].items()):
                kept = load(folder / f"{key}.data", entry["shape"])
                used(folder / f"{key}.data", folder / f"{key}.json")
                return kept
        except (OSError, ValueError, KeyError, TypeError, EOFError, pickle.UnpicklingError, AttributeError):
            pass
    with reading_session(), recording() as reads:       # each file kept as it was read, not as it is after
        made = make()
        inputs = {str(path): digest_as_read(path, file_sha256) for path in sorted(reads)}
    if key is None or any(digest in (None, ABSENT) for digest in inputs.values()):
        return made
    data, shape = dump(made)
    try:
        write_atomic(folder / f"{key}.data", data)
        write_atomic(folder / f"{key}.json", json.dumps({"shape": shape, "inputs": inputs}))
    except OSError:
        pass
    prune(folder, BOARDS_KEPT_BYTES)
    return made


Box = tuple[int, int, int, int] | None       # (left, top, right, bottom) pixels; None: all


def _within(size: tuple[int, int], box: Box) -> tuple[int, int, int, int]:
    """``box`` on a picture of ``size`` pixels, cut to the picture."""
    width, height = size
    if box is None:
        return 0, 0, width, height
    left, top = min(max(0, box[0]), width), min(max(0, box[1]), height)
    return left, top, min(max(left, box[2]), width), min(max(top, box[3]), height)


def _pixels(box: Box) -> Callable[[Path, object], Image.Image]:
    """A reader of the kept raster's part in ``box``: only its rows are read (mapped), and of
    them only its columns copied."""
    def load(path: Path, shape: object) -> Image.Image:
        if not isinstance(shape, list) or len(shape) != 2:
            raise ValueError("the kept board's size is not (width, height)")
        width, height = int(shape[0]), int(shape[1])
        left, top, right, bottom = _within((width, height), box)
        with open(path, "rb") as kept:
            if os.fstat(kept.fileno()).st_size != 3 * width * height:
                raise ValueError("the kept board's pixels are not its size")
            if right == left or bottom == top:
                return Image.new("RGB", (right - left, bottom - top))
            with mmap.mmap(kept.fileno(), 0, access=mmap.ACCESS_READ) as mapped, memoryview(mapped) as pixels:
                start = 3 * (width * top + left)
                rows = pixels[start:start + 3 * width * (bottom - top)]
                try:            # the rows' stride is the board's width: the decoder copies the part's columns
                    return Image.frombytes("RGB", (right - left, bottom - top), rows, "raw", "RGB", 3 * width)
                finally:
                    rows.release()
    return load


def _scene(path: Path, shape: object) -> Scene:
    scene = pickle.loads(path.read_bytes())
    if not isinstance(scene, Scene):
        raise ValueError("the kept board is not a scene")
    return scene


def _svg_part(path: Path, shape: object) -> SvgPart:
    part = pickle.loads(path.read_bytes())
    if not isinstance(part, SvgPart):
        raise ValueError("the kept board's SVG is not an SVG part")
    return part


def register_game_code(hexmap: HexMap) -> None:
    """Register the game code the map is drawn with (``hexmap.art``), as loading the map does:
    a map read back from a pickle (``bot.status_cache``) comes without it."""
    from generator.core.errors import DataError, Problem
    from generator.kit.plugins import load_game_code

    if hexmap.art:
        try:
            load_game_code(hexmap.art)
        except KeyError:
            raise DataError([Problem(str(hexmap.source or hexmap.id), f"no installed game code named {hexmap.art!r}",
                                     field="code")]) from None


def picture(hexmap: HexMap) -> Scene:
    """``board_picture(hexmap)``: the one kept, else drawn (and kept), with the map's game
    code registered (its overlay draws on the board)."""
    from generator.hexart.position import board_picture

    def draw() -> Scene:
        register_game_code(hexmap)
        return board_picture(hexmap)

    return _kept_or_made(_key(hexmap, "scene"), draw,
                         lambda scene: (pickle.dumps(scene, protocol=pickle.HIGHEST_PROTOCOL), None), _scene)


def raster(hexmap: HexMap, dpi: float, box: Box = None) -> Image.Image:
    """``board_image(picture(hexmap), dpi)``: the one kept, else drawn (and kept); ``box``:
    only its part there (cut to the raster), read alone from the kept pixels (a cropped picture
    needs that part of the board)."""
    from generator.hexart.position import board_image

    drawn: list[Image.Image] = []

    def draw() -> Image.Image:
        drawn.append(board_image(picture(hexmap), dpi))
        return drawn[0]

    kept = _kept_or_made(_key(hexmap, f"raster {dpi!r}"), draw, lambda image: (image.tobytes(), list(image.size)),
                         _pixels(box))
    if not drawn:
        return kept                             # read: the part only
    part = _within(kept.size, box)
    return kept if part == (0, 0, *kept.size) else kept.crop(part)


def svg_part(hexmap: HexMap, area: tuple[float, float, float, float]) -> SvgPart:
    """``board_svg_part(picture(hexmap), area)``: the one kept, else written (and kept). A
    position's crop stays while the last enemy moves stay (the player's turn): its pictures
    then write only their pieces' SVG."""
    from generator.hexart.position import board_svg_part

    return _kept_or_made(_key(hexmap, f"svg {area!r}"), lambda: board_svg_part(picture(hexmap), area),
                         lambda part: (pickle.dumps(part, protocol=pickle.HIGHEST_PROTOCOL), None), _svg_part)
