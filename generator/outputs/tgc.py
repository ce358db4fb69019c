"""``--format tgc``: The Game Crafter's uploads. Per piece a front PNG (and its back, or the
deck's one shared back) at the shop's pixel size with 1/8 in bleed, and per component a CSV
of ids, counts and files to upload."""

from __future__ import annotations

import csv
import io
from functools import partial
from pathlib import PurePosixPath
from typing import Iterator

from generator.outputs.job import BuildOptions, OutputJob
from generator.outputs.offers import PiecedComponent as Component, Pieces, Writer
from generator.outputs.shops import product_for, shop
from generator.pieces import Face, Piece
from generator.units import MM_PER_INCH


def folder(component: Component) -> PurePosixPath:
    return PurePosixPath(component.game_id) / "tgc" / component.id


def face_png(face: Face, piece: Piece) -> bytes:
    """The face at the product's pixel size, trim inset by the shop's bleed."""
    from generator.draw.png import png_bytes, render_image
    from generator.outputs.fitting import fitted

    data = shop()
    _, product = product_for(piece.width, piece.height)
    mm = [px / data.dpi * MM_PER_INCH for px in product.pixels]
    scene = fitted(face.scene(), piece, mm[0], mm[1], data.bleed_px / data.dpi * MM_PER_INCH)
    image = render_image(scene, dpi=data.dpi, size=product.pixels).convert("RGB")
    return png_bytes(image, data.dpi)


def _backs(component: Component) -> dict[int, str]:
    """File name of each back face (by identity): ``back.png`` when all pieces share one."""
    faces = {id(p.back_face): p for p in component.pieces if p.back_face is not None}
    shared = len(faces) == 1 and all(p.back_face is not None for p in component.pieces)
    return {key: "back.png" if shared else f"{piece.id}-back.png" for key, piece in faces.items()}


def rows(component: Component) -> list[dict[str, str | int]]:
    """The CSV: one row per piece with what to upload and how many copies to order."""
    backs = _backs(component)
    table: list[dict[str, str | int]] = []
    for piece in component.pieces:
        name, product = product_for(piece.width, piece.height)
        table.append({"id": piece.id, "title": piece.title, "count": piece.quantity, "front": f"{piece.id}-front.png",
                      "back": backs.get(id(piece.back_face), "") if piece.back_face is not None else "",
                      "product": name, "pixels": f"{product.pixels[0]}x{product.pixels[1]}"})
    return table


def csv_bytes(table: list[dict[str, str | int]]) -> bytes:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=["id", "title", "count", "front", "back", "product", "pixels"],
                            lineterminator="\n")
    writer.writeheader()
    writer.writerows(table)
    return out.getvalue().encode("utf-8")


def write(offer: Pieces, options: BuildOptions) -> Iterator[OutputJob]:
    yield from component_jobs(offer.component, offer.code_hash)


def component_jobs(component: Component, code_hash: str) -> Iterator[OutputJob]:
    where = folder(component)
    sizes = shop().model_dump(mode="json")
    for piece in component.pieces:
        yield component.job(where / f"{piece.id}-front.png", piece.id, "png",
                            component.key(code_hash, "tgc", piece.data_hash, sizes),
                            partial(face_png, piece.front_face, piece), [piece.front_face],
                            trim_mm=(piece.width, piece.height))
    backs = _backs(component)
    for piece in component.pieces:
        back = piece.back_face
        if back is None or id(back) not in backs:
            continue
        name = backs.pop(id(back))
        data = "back" if name == "back.png" else piece.data_hash
        yield component.job(where / name, f"{component.id} {name[:-4]}", "png",
                            component.key(code_hash, "tgc", "back", data, sizes),
                            partial(face_png, back, piece), [back], items=0,
                            trim_mm=(piece.width, piece.height))
    table = rows(component)
    yield component.job(where.with_name(f"{component.id}.csv"), f"{component.id} (upload list)", "csv",
                        component.key(code_hash, "tgc-csv", table), lambda: csv_bytes(table), items=0)


WRITER = Writer("tgc", Pieces, "The Game Crafter uploads: each face at the shop's pixel size, and a CSV", write)
