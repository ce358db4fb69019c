"""A manifest entry is read in one place (``generator.build.manifest_entry``): everywhere else
it is a ``ManifestEntry``, not a JSON object whose keys each module spells again."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.structure.source_scan import scan

ROOT = Path(__file__).resolve().parents[2]
THE_ENTRY = Path("generator/build/manifest_entry.py")
#: keys only a manifest entry has (``path``, ``key`` and ``inputs`` name other things too)
ENTRY_KEYS = {"sha256", "bytes", "refs", "preflight", "data_inputs", "trim_mm"}


def _key(node: ast.AST) -> str | None:
    """The string key ``node`` reads: ``x["refs"]`` or ``x.get("refs", ...)``."""
    if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant):
        key = node.slice.value
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
          and node.args and isinstance(node.args[0], ast.Constant)):
        key = node.args[0].value
    else:
        return None
    return key if isinstance(key, str) else None


def raw_entry_reads(root: Path, packages: tuple[str, ...] = ("generator",)) -> list[str]:
    """``file:line key`` of each read of a manifest entry's key outside ``ManifestEntry``."""
    return scan(root, packages, THE_ENTRY, lambda node: key if (key := _key(node)) in ENTRY_KEYS else None)


def test_manifest_entries_are_read_through_their_type() -> None:
    found = raw_entry_reads(ROOT)
    assert not found, "manifest entries read as raw JSON (use ManifestEntry):\n" + "\n".join(found)


def test_the_scan_sees_a_raw_read(tmp_path: Path) -> None:
    (tmp_path / "generator").mkdir()
    (tmp_path / "generator" / "probe.py").write_text(
        'def same(entry, digest):\n    return entry.get("sha256") == digest or entry["refs"] == []\n', encoding="utf-8")
    assert raw_entry_reads(tmp_path) == ["generator/probe.py:2 sha256", "generator/probe.py:2 refs"]
