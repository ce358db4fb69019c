"""Named trim sizes (poker, bridge, mini, ...) from ``data/sheets/sizes.yaml``: the bundled
ones, and the kit's own, which add to and override them."""

from __future__ import annotations


from pydantic import BaseModel, ConfigDict, Field

from generator.datafiles import validate_yaml_cached
from generator.kit_location import sheet_files
from generator.limits import MAX_PIECE_MM, MIN_PIECE_MM


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
