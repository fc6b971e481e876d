"""The rules core is plain Python: it imports nothing but the standard library (and itself)."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
PACKAGE = REPO / "armybuilder" / "rules"
FRAMEWORKS = {"django", "rest_framework", "rosters"}

PROBE = textwrap.dedent(
    """
    import importlib, json, pkgutil, sys
    import armybuilder.rules as rules
    names = [m.name for m in pkgutil.walk_packages(rules.__path__, "armybuilder.rules.")]
    for name in names:
        importlib.import_module(name)
    loaded = sorted(m for m in sys.modules if m.split(".")[0] in %r)
    print(json.dumps({"modules": names, "frameworks": loaded}))
    """
)


def test_importing_every_module_loads_no_framework() -> None:
    env = {k: v for k, v in os.environ.items() if k != "DJANGO_SETTINGS_MODULE"}
    done = subprocess.run(
        [sys.executable, "-c", PROBE % sorted(FRAMEWORKS)],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert "armybuilder.rules.validate" in report["modules"]
    assert "armybuilder.rules.profiles.nine10" in report["modules"]
    assert report["frameworks"] == []


def _imports(path: Path) -> list[str]:
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
        if isinstance(node, ast.Import):
            names.extend(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


def test_every_import_is_standard_library_or_the_core() -> None:
    sources = sorted(PACKAGE.rglob("*.py"))
    assert len(sources) >= 10
    foreign = {
        f"{path.relative_to(REPO)}: {name}"
        for path in sources
        for name in _imports(path)
        if not (
            name == "armybuilder.rules"
            or name.startswith("armybuilder.rules.")
            or name.split(".")[0] in sys.stdlib_module_names
        )
    }
    assert foreign == set()


@pytest.mark.skipif(
    shutil.which("mypy") is None and not (Path(sys.executable).parent / "mypy").exists(),
    reason="mypy is not installed",
)
def test_mypy_strict_passes() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "armybuilder/rules"],
        cwd=REPO,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stdout + done.stderr
