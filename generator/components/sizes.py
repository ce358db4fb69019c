"""Named trim sizes (poker, bridge, mini, ...) from ``data/sheets/sizes.yaml``."""

from __future__ import annotations


from pydantic import BaseModel, ConfigDict, PositiveFloat

from generator.datafiles import validate_yaml_cached
from generator.paths import data_dir


class Size(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    width: PositiveFloat
    height: PositiveFloat


class SizesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sizes: dict[str, Size]


def named_sizes() -> dict[str, Size]:
    return dict(validate_yaml_cached(data_dir() / "sheets" / "sizes.yaml", SizesFile).sizes)
