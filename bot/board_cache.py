"""The board's picture rasterised once per machine, for ``bot show``: the printed board does
not change between turns, so a position's PNG draws only its pieces, marks and arrows over it
(``generator.hexmap.position.write_position``'s ``board_raster``).

An entry in the user cache (``boards``) is named by a digest of pnpkit's code (``code_stamp``),
the loaded map (its pickle) and the dpi, and holds the picture's raw RGB pixels with the files
its drawing read (sha256 each, checked on use). Anything amiss is a miss: the board is drawn."""

from __future__ import annotations

import hashlib
import json
import pickle
from pathlib import Path
from typing import Any

from PIL import Image

from generator.atomic import write_atomic
from generator.hexmap.model import HexMap
from generator.usercache import user_cache

from bot.status_cache import _file_sha256, code_stamp


def _key(hexmap: HexMap, dpi: float) -> str | None:
    try:
        drawn = pickle.dumps(hexmap, protocol=pickle.HIGHEST_PROTOCOL)
    except (pickle.PicklingError, TypeError, AttributeError):
        return None
    digest = hashlib.sha256(code_stamp().encode())
    digest.update(f"\0{dpi!r}\0".encode())
    digest.update(drawn)
    return digest.hexdigest()


def _kept(folder: Path, key: str) -> Image.Image | None:
    try:
        entry: dict[str, Any] = json.loads((folder / f"{key}.json").read_text(encoding="utf-8"))
        if any(_file_sha256(path) != digest for path, digest in entry["inputs"].items()):
            return None
        width, height = entry["size"]
        pixels = (folder / f"{key}.rgb").read_bytes()
        if len(pixels) != 3 * width * height:
            return None
        return Image.frombytes("RGB", (width, height), pixels)
    except (OSError, ValueError, KeyError, TypeError):
        return None


def board_raster(hexmap: HexMap, dpi: float) -> Image.Image:
    """``board_image(hexmap, dpi)``: the one kept, else drawn (and kept;
    a cache that cannot be written is no error)."""
    from generator.hexmap.position import board_image
    from generator.inputs import recording

    key = _key(hexmap, dpi)
    folder = user_cache("boards")
    image = _kept(folder, key) if key else None
    if image is not None:
        return image
    with recording() as reads:
        image = board_image(hexmap, dpi)
    if key is None:
        return image
    inputs = {str(path): _file_sha256(str(path)) for path in sorted(reads)}
    if any(digest is None for digest in inputs.values()):
        return image
    try:
        write_atomic(folder / f"{key}.rgb", image.tobytes())
        write_atomic(folder / f"{key}.json", json.dumps({"size": list(image.size), "inputs": inputs}))
    except OSError:
        pass
    return image
