"""Print shops' products (``data/sheets/print-shops.yaml``: the bundled ones, and the kit's),
and which product a piece is uploaded as, or why it cannot be."""

from __future__ import annotations

from dataclasses import dataclass

from pydantic import BaseModel, ConfigDict, Field, PositiveFloat, PositiveInt

from generator.kit.datafiles import validate_yaml_cached
from generator.kit.location import sheet_files

MATCH_MM = 1.0          # a piece goes to a product whose trim is this close to its own


class Product(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    name: str                                      # as the shop calls it
    shapes: tuple[str, ...] = Field(alias="for")   # the pieces it is for (generator.components.base.PIECE_SHAPES)
    sides: int = Field(2, ge=1, le=2)              # 1: the face alone (a folding board)
    trim: tuple[PositiveFloat, PositiveFloat]      # mm
    pixels: tuple[PositiveInt, PositiveInt]        # the upload's size, bleed included


class ShopsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dpi: PositiveInt = 300
    bleed_px: PositiveFloat = 37.5
    products: dict[str, Product] = {}
    unsold: dict[str, str] = {}                    # by piece shape: why no product is for it


def shop() -> ShopsFile:
    """The bundled products, extended and overridden by the kit's."""
    files = [validate_yaml_cached(path, ShopsFile) for path in sheet_files("print-shops.yaml")]
    last = files[-1]
    products = {name: product for f in files for name, product in f.products.items()}
    unsold = {shape: text for f in files for shape, text in f.unsold.items()}
    return ShopsFile(dpi=last.dpi, bleed_px=last.bleed_px, products=products, unsold=unsold)


@dataclass(frozen=True)
class Match:
    """The product a piece is uploaded as (``turned``: a landscape piece on a portrait
    product), and its upload size in pixels as the piece lies."""

    key: str
    product: Product
    turned: bool

    @property
    def pixels(self) -> tuple[int, int]:
        w, h = self.product.pixels
        return (h, w) if self.turned else (w, h)

    @property
    def label(self) -> str:
        return f"{self.key} (landscape)" if self.turned else self.key


def _fits(product: Product, width: float, height: float, turned: bool) -> bool:
    w, h = (product.trim[1], product.trim[0]) if turned else product.trim
    return abs(w - width) <= MATCH_MM and abs(h - height) <= MATCH_MM


def _miss(product: Product, width: float, height: float) -> float:
    """How far (mm) the product is from the piece's size, the better way round."""
    w, h = product.trim
    return min(max(abs(w - width), abs(h - height)), max(abs(h - width), abs(w - height)))


def product_for(shape: str, width: float, height: float, two_sided: bool) -> Match | str:
    """The product a ``shape`` piece of this trim is uploaded as, or why none is (a sentence
    for the export's README, naming the nearest product)."""
    data = shop()
    family = {key: p for key, p in data.products.items() if shape in p.shapes}
    if not family:
        return data.unsold.get(shape, f"The Game Crafter sells no product for a {shape}.")
    for turned in (False, True):
        for key, product in family.items():
            if _fits(product, width, height, turned):
                if two_sided and product.sides == 1:
                    return (f"the {product.name} ({_size(product.trim)}) prints one side and this piece has two: "
                            "upload its front alone by hand, or make it a flat board")
                return Match(key, product, turned)
    nearest = min(family.values(), key=lambda p: _miss(p, width, height))
    return (f"no {shape} product is {_size((width, height))} (within {MATCH_MM:g} mm); the nearest is the "
            f"{nearest.name}, {_size(nearest.trim)}")


def _size(trim: tuple[float, float]) -> str:
    return f"{mm(trim[0])} x {mm(trim[1])} mm"


def mm(value: float) -> str:
    """A length for a sentence: 425.9, 63.5, 30."""
    return f"{round(value, 1):g}"
