"""Print shops' upload sizes (``data/sheets/print-shops.yaml``): the bundled ones, and the kit's."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, PositiveFloat, PositiveInt

from generator.datafiles import validate_yaml_cached
from generator.kit_location import sheet_files
from generator.units import MM_PER_INCH

MATCH_MM = 1.0          # a piece goes to a product whose trim is this close to its own


class Product(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    trim: tuple[PositiveFloat, PositiveFloat]      # mm
    pixels: tuple[PositiveInt, PositiveInt]        # the upload's size, bleed included


class ShopsFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    dpi: PositiveInt = 300
    bleed_px: PositiveFloat = 37.5
    products: dict[str, Product] = {}


def shop() -> ShopsFile:
    """The bundled products, extended and overridden by the kit's."""
    files = [validate_yaml_cached(path, ShopsFile) for path in sheet_files("print-shops.yaml")]
    last = files[-1]
    products = {name: product for f in files for name, product in f.products.items()}
    return ShopsFile(dpi=last.dpi, bleed_px=last.bleed_px, products=products)


def product_for(width: float, height: float) -> tuple[str, Product]:
    """The product a piece of this trim is uploaded as; a size no product has gets its own
    (trim plus the bleed, at the shop's dpi), named ``custom-WxH``."""
    data = shop()
    for name, product in data.products.items():
        if abs(product.trim[0] - width) <= MATCH_MM and abs(product.trim[1] - height) <= MATCH_MM:
            return name, product
    for name, product in data.products.items():            # a landscape piece: the product turned
        if abs(product.trim[1] - width) <= MATCH_MM and abs(product.trim[0] - height) <= MATCH_MM:
            return f"{name} (landscape)", Product(trim=(width, height), pixels=(product.pixels[1], product.pixels[0]))
    pixels = tuple(round(mm / MM_PER_INCH * data.dpi + 2 * data.bleed_px) for mm in (width, height))
    return f"custom-{width:g}x{height:g}mm", Product(trim=(width, height), pixels=(pixels[0], pixels[1]))
