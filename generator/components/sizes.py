"""Named trim sizes (poker, bridge, mini, ...) from ``data/sheets/sizes.yaml``."""

from __future__ import annotations

from functools import lru_cache

from pydantic import BaseModel, ConfigDict, PositiveFloat

from generator.datafiles import validate_yaml
from generator.paths import data_dir


class Size(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    width: PositiveFloat
    height: PositiveFloat


class SizesFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    sizes: dict[str, Size]


@lru_cache(maxsize=2)
def named_sizes() -> dict[str, Size]:
    return dict(validate_yaml(data_dir() / "sheets" / "sizes.yaml", SizesFile).sizes)
