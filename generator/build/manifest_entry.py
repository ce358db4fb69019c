"""One file's entry in ``manifest.json`` (the ledger, ``generator.build.ledger``), as a typed
value: what the build writes of a file it made, and what it reads back of a file it keeps.

The manifest is JSON that anyone can edit, so reading an entry takes what has the expected
type and leaves the rest at its default (``from_json``); writing gives the JSON object in the
one order the manifest has always had (``to_json``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import PurePosixPath
from typing import Any, Mapping, Sequence

from generator.pieces.job import OutputJob
from generator.pieces.roles import Role, role_of
from generator.preflight.findings import Finding


def _not_rendered() -> bytes:
    raise RuntimeError("a reused file is not rendered")


def _text(value: object) -> str:
    return value if isinstance(value, str) else ""


@dataclass(frozen=True)
class ManifestEntry:
    """A file of the output folder: what wrote it (game, kind, item, component, role), what
    it is (format, paper, trimmed size, pieces it carries, ``extra`` for PRINTING.md), its
    bytes (``sha256``, ``size``), what it was drawn from (``key``, ``inputs``: input name to
    sha256), the files of the folder it links to (``refs``) and, for a file printed at home,
    what the preflight found on it (``preflight``, None for the others)."""

    path: str
    game: str = ""
    kind: str = ""
    item: str = ""
    format: str = ""
    paper: str | None = None
    trim_mm: tuple[float, float] | None = None
    items: int = 0
    sha256: str = ""
    size: int = 0
    key: str = ""
    inputs: Mapping[str, str | None] = field(default_factory=dict)
    role: Role = ""
    component: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)
    refs: tuple[str, ...] = ()
    preflight: tuple[Mapping[str, Any], ...] | None = None

    @classmethod
    def of_job(cls, job: OutputJob, data_hash: str, size: int, read: Mapping[str, str | None],
               findings: Sequence[Finding] = ()) -> "ManifestEntry":
        """The entry of a file the build wrote now: ``data_hash`` and ``size`` of its bytes,
        ``read`` its inputs, ``findings`` the preflight's (kept, so that a reused file reports
        what it was found to hold)."""
        return cls(path=str(job.path), game=job.game, kind=job.kind, item=job.item, format=job.format,
                   paper=job.paper, trim_mm=job.trim_mm, items=job.items, sha256=data_hash, size=size, key=job.key,
                   inputs=read, role=job.role, component=job.component, extra=job.extra,
                   refs=tuple(sorted(dict.fromkeys(str(ref) for ref in job.refs()))),
                   preflight=tuple(f.to_json() for f in findings) if job.preflight is not None else None)

    @classmethod
    def from_json(cls, entry: Mapping[str, Any]) -> "ManifestEntry":
        """An entry as a manifest holds it; a field of another type is taken as missing."""
        trim = entry.get("trim_mm")
        extra, refs, found, inputs = entry.get("extra"), entry.get("refs"), entry.get("preflight"), entry.get("inputs")
        items = entry.get("items")
        return cls(path=str(entry["path"]), game=_text(entry.get("game")), kind=_text(entry.get("kind")),
                   item=_text(entry.get("item")), format=_text(entry.get("format")),
                   paper=entry.get("paper") if isinstance(entry.get("paper"), str) else None,
                   trim_mm=(trim[0], trim[1]) if isinstance(trim, list) and len(trim) == 2 else None,
                   items=items if isinstance(items, int) and not isinstance(items, bool) else 0,
                   sha256=_text(entry.get("sha256")),
                   size=entry["bytes"] if isinstance(entry.get("bytes"), int) else 0, key=_text(entry.get("key")),
                   inputs=dict(inputs) if isinstance(inputs, dict) else {}, role=role_of(entry.get("role")),
                   component=_text(entry.get("component")), extra=dict(extra) if isinstance(extra, dict) else {},
                   refs=tuple(str(ref) for ref in refs) if isinstance(refs, list) else (),
                   preflight=tuple(f for f in found if isinstance(f, dict)) if isinstance(found, list) else None)

    def to_json(self) -> dict[str, Any]:
        """The manifest's JSON object of the entry, its keys in the manifest's order."""
        entry: dict[str, Any] = {"path": self.path, "game": self.game, "kind": self.kind, "item": self.item,
                                 "format": self.format, "paper": self.paper,
                                 "trim_mm": list(self.trim_mm) if self.trim_mm else None, "items": self.items,
                                 "sha256": self.sha256, "bytes": self.size, "key": self.key, "inputs": self.inputs,
                                 "role": self.role, "component": self.component}
        if self.extra:                          # what PRINTING.md says of it (generator.printing.notes)
            entry["extra"] = self.extra
        if self.refs:                           # the files it links to (generator.build.ledger)
            entry["refs"] = list(self.refs)
        if self.preflight is not None:
            entry["preflight"] = list(self.preflight)
        return entry

    def job(self) -> OutputJob:
        """The job the entry was written by, as far as a build's summary and PRINTING.md (which
        describes each file of the ledger) need it: it cannot be rendered again."""
        return OutputJob(PurePosixPath(self.path), self.game, self.kind, self.item, self.format, self.key, _not_rendered,
                         paper=self.paper, trim_mm=self.trim_mm, items=self.items, extra=dict(self.extra),
                         role=self.role, component=self.component)
