"""A face drawn into a frame of another size: its trim onto the frame's trim, for uploads
and deck sheets whose sizes are fixed by someone else."""

from __future__ import annotations

from generator.draw.scene import Scene
from generator.pieces.faces import Piece


def _draw_scaled(target: Scene, art: Scene, x: float, y: float, sx: float, sy: float) -> None:
    with target.group(translate=(x, y), scale=(sx, sy)):
        for item in art.items:
            target.add(item)


def fitted(art: Scene, piece: Piece, width: float, height: float, bleed: float) -> Scene:
    """``art`` (a full-bleed face of ``piece``) in a ``width`` x ``height`` mm frame whose trim
    is inset by ``bleed``. Where the face has less bleed than the frame wants, the face,
    stretched to the whole frame, fills the sliver underneath (it is cut off anyway)."""
    scene = Scene(width, height, title=art.title)
    sx = (width - 2 * bleed) / piece.width
    sy = (height - 2 * bleed) / piece.height
    if piece.bleed * min(sx, sy) < bleed - 1e-6:
        _draw_scaled(scene, art, 0.0, 0.0, width / art.width, height / art.height)
    _draw_scaled(scene, art, bleed - piece.bleed * sx, bleed - piece.bleed * sy, sx, sy)
    return scene


def trimmed(art: Scene, piece: Piece, width: float, height: float) -> Scene:
    """The face's trim alone, scaled to ``width`` x ``height`` mm (a deck sheet's cell)."""
    scene = Scene(width, height, title=art.title)
    sx, sy = width / piece.width, height / piece.height
    with scene.group(clip=((("M", 0.0, 0.0), ("L", width, 0.0), ("L", width, height), ("L", 0.0, height), ("Z",)))):
        _draw_scaled(scene, art, -piece.bleed * sx, -piece.bleed * sy, sx, sy)
    return scene
