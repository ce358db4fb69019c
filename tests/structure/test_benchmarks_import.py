"""Every script in benchmarks/ is run as docs/benchmarks.md says (``python benchmarks/NAME.py``,
from any folder): what it imports, at its top and inside its functions, resolves then. A script
that reaches the repository's tests/ (the browser helpers) puts the repository on its path
itself; one that did not failed only when its benchmark ran (companion_taps.py, 2026-11-29),
and one named a function a module no longer has (simulate.py, since the move of issue 32)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

#: Run in one fresh interpreter: each script's top level as the script itself would run it (its
#: folder first on the path, the repository not), then every module it names imported.
CHECK = r"""
import ast, importlib, runpy, sys
from pathlib import Path
base_path, base_modules = list(sys.path[1:]), set(sys.modules)
failed = []
for name in sys.argv[1:]:
    path = Path(name)
    sys.path[:] = [str(path.parent), *base_path]
    for module in set(sys.modules) - base_modules:
        if module.split(".")[0] in ("tests", "benchmarks"):
            del sys.modules[module]
    try:
        runpy.run_path(str(path), run_name="not_main")
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                for alias in node.names:
                    importlib.import_module(alias.name)
            elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
                module = importlib.import_module(node.module)
                for alias in node.names:          # a name of it, or a module under it
                    if alias.name != "*" and not hasattr(module, alias.name):
                        importlib.import_module(f"{node.module}.{alias.name}")
    except Exception as err:
        failed.append(f"{path.name}: {type(err).__name__}: {err}")
print("\n".join(failed))
"""


def test_every_benchmark_finds_what_it_imports_from_any_folder(tmp_path: Path) -> None:
    scripts = sorted(str(p) for p in (ROOT / "benchmarks").glob("*.py"))
    assert len(scripts) >= 10
    done = subprocess.run([sys.executable, "-c", CHECK, *scripts], cwd=tmp_path, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "", done.stdout
