"""The icons, fonts and images one game's layouts use, each read once and only from the kit.

An icon is named, never given as a path: the name is looked up among the SVG files of the
game's icons folder, so an expression cannot reach another file. pnpkit's own marks
(``generator.draw.marks``: ``designed``, the cue of a value the rulebook does not give) are
icons of every game unless the game draws its own of that name. Image paths are checked
with ``inside_kit``. Every file read is noted for the build cache (``generator.core.inputs``),
also when it is served again from memory: the back of a deck depends on an icon the front
read first just as much as the front does.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable, Hashable, TypeVar, cast

from generator.core.inputs import note_read, note_reads_again, recording
from generator.draw import fonts as builtin_fonts
from generator.draw.icons import Icon, load_icon
from generator.draw.images import RasterImage, load_image
from generator.draw.marks import mark_files
from generator.kit.datafiles import display_path
from generator.kit.paths import inside_kit, not_a_file
from generator.layout.schema import NAME
from generator.layout.style import BUILTIN_FONTS, GameStyle

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg")
T = TypeVar("T")


class Assets:
    """What a game's layouts draw besides shapes and text: fonts by name, icons by name, images by path."""

    def __init__(self, style: GameStyle):
        self.style = style
        self._kept: dict[Hashable, tuple[object, frozenset[Path]]] = {}
        self._marks = mark_files()
        self._icon_files = {**self._marks, **({path.stem: path for path in sorted(style.icons_dir.glob("*.svg"))
                                              if NAME.fullmatch(path.stem)} if style.icons_dir else {})}

    def _once(self, key: Hashable, load: Callable[[], T]) -> T:
        """``load()`` the first time; later the kept value, noting again the files it was read from."""
        if key in self._kept:
            value, files = self._kept[key]
            note_reads_again(files)
            return cast(T, value)
        with recording() as reads:
            value = load()
        note_reads_again(reads)
        self._kept[key] = (value, frozenset(reads))
        return value

    # -- fonts ---------------------------------------------------------------------------
    def faces(self) -> dict[str, str]:
        """Font names a layout may give -> the face the drawing code knows (kit fonts registered once)."""
        return self._once("faces", self._register_fonts)

    def _register_fonts(self) -> dict[str, str]:
        faces = {name: name for name in BUILTIN_FONTS}
        for name, source in self.style.font_files.items():
            if isinstance(source, Path):
                faces[name] = builtin_fonts.register_font_file(source, shown=display_path(source))
            else:
                faces[name] = builtin_fonts.register_package_font(source, shown=f"fonts.{name}")
        return faces

    def face(self, name: str) -> str:
        faces = self.faces()
        if name not in faces:
            raise ValueError(f"unknown font {name!r}; known: {', '.join(sorted(faces))}")
        return faces[name]

    # -- icons ---------------------------------------------------------------------------
    def icon_names(self) -> list[str]:
        return sorted(self._icon_files)

    def icon_files(self) -> dict[str, Path]:
        """Icon names -> the files they are read from (the game's, and pnpkit's marks it does not draw)."""
        return dict(self._icon_files)

    def icon(self, name: str) -> Icon:
        """The game's icon ``name`` (an SVG file of its icons folder); ValueError if there is none."""
        path = self._icon_files.get(name)
        if path is None:
            where = f"{self.style.icons_dir.name}/" if self.style.icons_dir else "the game's icons folder (none)"
            known = ", ".join(self.icon_names()) or "none"
            raise ValueError(f"unknown icon {name!r}: no {name}.svg in {where} (known: {known})")
        return self._once(("icon", name), lambda: self._load_icon(path))

    def _load_icon(self, path: Path) -> Icon:
        if self._marks.get(path.stem) == path:          # pnpkit's own mark, not the kit's
            if self.style.icons_dir is not None:        # where a kit icon of its name would take its place
                note_read(self.style.icons_dir / path.name)
            return load_icon(path, f"pnpkit's mark {path.stem}")
        inside = inside_kit(self.style.kit, path.parent, path.name)   # a symlink out of the kit is refused
        return load_icon(inside, display_path(inside))

    # -- images --------------------------------------------------------------------------
    def image_path(self, base: Path, relative: str) -> Path:
        """An image file named in a layout, relative to the layout's folder; refused outside the kit."""
        path = inside_kit(self.style.kit, base, relative)
        if path.suffix.lower() not in IMAGE_SUFFIXES:
            raise ValueError(f"expected a PNG or JPEG image, got {relative!r}")
        fault = not_a_file(path, relative, "image")
        if fault:
            raise ValueError(f"{fault} (the path is relative to {base.name}/)")
        return path

    def image(self, path: Path) -> RasterImage:
        return self._once(("image", path), lambda: load_image(path, display_path(path)))

