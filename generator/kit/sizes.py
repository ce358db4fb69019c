"""Named trim sizes (poker, bridge, mini, square, jumbo...) from ``data/sheets/sizes.yaml``: the
bundled ones, and the kit's own, which add to and override them; or any size written
``70x120`` (mm, width by height)."""

from __future__ import annotations


import re

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from generator.core.limits import MAX_PIECE_MM, MIN_PIECE_MM
from generator.kit.datafiles import validate_yaml_cached
from generator.kit.location import sheet_files


class Size(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    width: float = Field(ge=MIN_PIECE_MM, le=MAX_PIECE_MM)     # mm; past these no paper prints it
    height: float = Field(ge=MIN_PIECE_MM, le=MAX_PIECE_MM)


class SizesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sizes: dict[str, Size] = {}


def named_sizes() -> dict[str, Size]:
    return {name: size for path in sheet_files("sizes.yaml")
            for name, size in validate_yaml_cached(path, SizesFile).sizes.items()}


MM_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*[x×]\s*(\d+(?:\.\d+)?)\s*(?:mm)?\s*$", re.I)
SIZE_WORDS = "a name of data/sheets/sizes.yaml, 'WIDTHxHEIGHT' in mm (70x120) or {width: .., height: ..}"


def find_size(text: str) -> Size | None:
    """A named size, or one written ``70x120`` (mm); None if it is neither (or is out of bounds)."""
    sizes = named_sizes()
    if text in sizes:
        return sizes[text]
    found = MM_SIZE.fullmatch(text)
    if not found:
        return None
    try:
        return Size(width=float(found.group(1)), height=float(found.group(2)))
    except ValidationError:
        return None
