"""Games a build need not load again: every file their loading read, every file their files
were drawn from, and the files themselves as the last build left them.

Loading a game (reading and checking its data, binding every card to its layout) is most of
what a build costs when little has changed, so an incremental build loads only the games
whose inputs changed. The manifest keeps, for each game the last build loaded, the files
its loading read (with their hashes), the warnings it gave, the files it planned, and a key
of the code and options it was built with. A game whose key is the same, whose load inputs
are unchanged and whose every planned file is reusable is taken from the manifest as it is.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Iterable, Mapping

from generator.build.manifest_entry import ManifestEntry
from generator.build.ownership import WrittenFiles
from generator.kit.cachekeys import FileHashes, game_code_hash, inputs_unchanged, record_inputs
from generator.pieces.faces import fingerprint
from generator.pieces.job import BuildOptions


def game_key(code: str | None, core_hash: str, options: BuildOptions) -> str:
    """What a game's plan depends on besides its files: its code, the core's and the options."""
    return fingerprint(game_code_hash(code, core_hash), options.key())


def game_record(code: str | None, key: str, reads: Iterable[Path], warnings: list[str], files: Iterable[str],
                kit_root: Path, hashes: FileHashes) -> dict[str, Any]:
    """The manifest's record of one loaded game (see the module's docstring)."""
    return {"code": code, "key": key, "inputs": record_inputs(reads, kit_root, hashes),
            "warnings": list(warnings), "files": sorted(files)}


def entry_intact(entry: ManifestEntry, written: WrittenFiles, kit_root: Path, hashes: FileHashes) -> bool:
    """A manifest entry's inputs are unchanged and its file is as it was written."""
    return inputs_unchanged(entry.inputs, kit_root, hashes) and written.as_written(entry.path, entry)


def unchanged(record: Any, manifest: Mapping[str, ManifestEntry], key_of: Callable[[str | None], str],
              written: WrittenFiles, kit_root: Path, hashes: FileHashes) -> bool:
    """The game of ``record`` (from the last build's manifest) can be taken as it is."""
    if not isinstance(record, Mapping) or not isinstance(record.get("files"), list):
        return False
    code = record.get("code")
    if code is not None and not isinstance(code, str):
        return False
    try:
        if record.get("key") != key_of(code):
            return False
    except Exception:           # the code it named is gone or unreadable: load it and be told why
        return False
    if not inputs_unchanged(record.get("inputs"), kit_root, hashes):
        return False
    return all(path in manifest and entry_intact(manifest[path], written, kit_root, hashes)
               for path in record["files"])

