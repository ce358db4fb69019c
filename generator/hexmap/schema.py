"""The shape of a map file, as pydantic models. Meaning (adjacency, goals) is checked in checks.py."""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, BeforeValidator, Field, ValidationError, field_validator

from generator.core.errors import DataError
from generator.core.limits import MAX_HEX_MM, MAX_LABEL_PT, MIN_HEX_MM, MIN_LABEL_PT
from generator.core.output_name import OutputName
from generator.core.models import Strict
from generator.draw.colour import normalise
from generator.kit.datafiles import validation_problems


def _hex_text(value: Any) -> Any:
    """YAML reads an unquoted 1008 as a number and 0101 as octal 65: accept 4-digit numbers,
    refuse the rest with advice to quote."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        if 1000 <= value <= 9999:
            return str(value)
        raise ValueError(f"hex id {value} read as a number: write hex ids in quotes, like '0101'")
    if isinstance(value, str):
        text = value.strip()
        if len(text) != 4 or not text.isdigit():
            raise ValueError(f"a hex id is four digits, column then row (like '0907'), got {value!r}")
        return text
    return value


HexId = Annotated[str, BeforeValidator(_hex_text)]


class TerrainIn(Strict):
    name: str = Field(min_length=1)
    key: str = Field(default="", max_length=1, description="letter used in terrain_rows")
    label: str = ""
    fill: str = "#e8dcb8"
    passable: bool = True
    pattern: Literal["waves", "trees", "forest", "marsh", "hills", "houses", "town", "fields", "hilltop", "bridge"] | None = None

    @field_validator("fill")
    @classmethod
    def _colour(cls, v: str) -> str:
        normalise(v)            # '#rgb' or '#rrggbb', as drawing takes it: refused here, not mid-drawing
        return v

    @field_validator("key")
    @classmethod
    def _upper(cls, v: str) -> str:
        if v and not (v.isalpha() and v.isupper()):
            raise ValueError(f"a terrain key is one capital letter (lower case marks hexes outside the playfield), got {v!r}")
        return v


class GridIn(Strict):
    cols: int = Field(ge=1, le=99)
    rows: int = Field(ge=1, le=99)
    flat_mm: float = Field(ge=MIN_HEX_MM, le=MAX_HEX_MM, description="hex size across the flats, mm")
    low_columns: Literal["even", "odd"] = "even"


class HexIn(Strict):
    terrain: str | None = None
    label: str | None = None
    playfield: bool | None = None


class FeatureIn(Strict):
    kind: str = Field(min_length=1)
    hexes: list[HexId] = Field(min_length=1)
    name: str = ""


class HexsideIn(Strict):
    kind: str = Field(min_length=1)
    name: str = ""
    sides: list[Annotated[list[HexId], Field(min_length=2, max_length=2)]] = Field(min_length=1)


class LabelIn(Strict):
    text: str
    at: HexId
    dx_mm: float = 0.0
    dy_mm: float = 0.0
    size_pt: float = Field(default=12.0, ge=MIN_LABEL_PT, le=MAX_LABEL_PT)
    rotate: float = 0.0
    style: Literal["land", "water", "title", "small"] = "land"


class RulesIn(Strict):
    """Map-specific requirements, so the code needs no game names (a game's overlay may add keys)."""

    exactly_one: list[str] = Field(default=[], description="feature kinds that must exist once, in one hex")
    at_least_one: list[str] = []


class DecorIn(Strict):
    """Where the ornaments go: a hex id each (centred there), or into a panel below the map."""

    panel: Literal["bottom", "none"] = "none"
    compass: HexId | Literal["panel"] | None = None
    legend: HexId | Literal["panel"] | None = None
    cartouche: HexId | Literal["panel"] | None = None
    scale: HexId | Literal["panel"] | None = None


class MapFile(Strict):
    id: OutputName         # names the map's files (pnpkit map build)
    title: str
    subtitle: str = ""
    notes: str = ""
    # what of the map is ours (generator.kit.designed): "title: why" when its geography is, so
    # that its title carries the designed mark
    designed: str = ""
    grid: GridIn
    terrains: list[TerrainIn] = Field(min_length=1)
    default_terrain: str | None = None
    terrain_rows: str | None = None
    hexes: dict[HexId, HexIn] = {}
    features: list[FeatureIn] = []
    hexsides: list[HexsideIn] = []
    labels: list[LabelIn] = []
    rules: RulesIn = RulesIn()
    decor: DecorIn = DecorIn()
    legend: dict[str, str] = Field(default={}, description="feature kind -> the legend's words for it, in legend order")


def read_map_file(shown: str, data: Any, model: type[BaseModel] = MapFile) -> MapFile:
    """Validate the shape of parsed YAML as ``model``: MapFile, or the subclass with the keys
    a game's overlay adds (``generator.hexmap.overlay.map_file_model``), whose instances hold
    them too; DataError with every shape problem."""
    try:
        return model.model_validate(data)  # type: ignore[return-value]
    except ValidationError as err:
        raise DataError(validation_problems(shown, err, data)) from None
