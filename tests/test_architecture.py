"""The house rules of docs/architecture.md that a machine can check.

No import cycle between the project's modules, counting the imports hidden in functions
and under ``TYPE_CHECKING`` (a cycle there is still two modules that cannot be read or
moved apart), and no module outside migrations over 800 lines.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("armybuilder", "rosters")
MAX_LINES = 800


def _modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            if "migrations" in parts:
                continue
            if parts[-1] == "__init__":
                parts = parts[:-1]
            found[".".join(parts)] = path
    return found


def _imported(node: ast.AST, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The project modules one import statement names."""
    names: list[str] = []
    if isinstance(node, ast.Import):
        names = [alias.name for alias in node.names]
    elif isinstance(node, ast.ImportFrom):
        base = node.module or ""
        if node.level:
            anchor = module.split(".")
            anchor = anchor if is_package else anchor[:-1]
            anchor = anchor[: len(anchor) - (node.level - 1)]
            base = ".".join([*anchor, base] if base else anchor)
        names = [f"{base}.{alias.name}" for alias in node.names] + [base]
    hits: set[str] = set()
    for name in names:
        # "from a.b import c" names module a.b.c when c is a module, else a.b itself.
        while name and name not in known:
            name = name.rpartition(".")[0]
        if name and name != module:
            hits.add(name)
    return hits


def module_imports(source: str, module: str, is_package: bool, known: set[str]) -> set[str]:
    """The project modules a module's source imports anywhere: at the top, in functions,
    under TYPE_CHECKING (ast.walk visits every statement)."""
    edges: set[str] = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Import | ast.ImportFrom):
            edges |= _imported(node, module, is_package, known)
    # A package's own __init__ re-exporting its submodules is not a cycle.
    return {e for e in edges if not e.startswith(module + ".")}


def import_graph() -> dict[str, set[str]]:
    modules = _modules()
    known = set(modules)
    return {
        module: module_imports(
            path.read_text(encoding="utf-8"), module, path.name == "__init__.py", known
        )
        for module, path in modules.items()
    }


def cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    counter = 0
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        top = stack.pop()
                        on_stack.discard(top)
                        component.append(top)
                        if top == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = counter
                counter += 1
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_import_cycle_between_the_projects_modules() -> None:
    assert cycles(import_graph()) == []


def test_no_module_outside_migrations_is_over_800_lines() -> None:
    long = {
        name: lines
        for name, path in _modules().items()
        if (lines := len(path.read_text(encoding="utf-8").splitlines())) > MAX_LINES
    }
    assert long == {}


@pytest.mark.parametrize(
    ("graph", "expected"),
    [
        ({"a": {"b"}, "b": set()}, []),
        ({"a": {"b"}, "b": {"a"}}, [["a", "b"]]),
        ({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}, [["a", "b", "c"]]),
        ({"a": {"b"}, "b": {"a"}, "c": {"d"}, "d": {"c"}}, [["a", "b"], ["c", "d"]]),
    ],
)
def test_the_cycle_finder_finds_what_it_should(graph, expected) -> None:
    assert sorted(cycles(graph)) == expected


def test_the_graph_sees_imports_hidden_in_functions_and_type_checking() -> None:
    source = """
from typing import TYPE_CHECKING
import django
from . import sibling
if TYPE_CHECKING:
    from pkg.typed import Thing
def later():
    from pkg.late import helper
"""
    known = {"pkg", "pkg.mod", "pkg.sibling", "pkg.typed", "pkg.late"}
    # "from . import sibling" runs the package's __init__ first: it is an edge too.
    assert module_imports(source, "pkg.mod", False, known) == {
        "pkg",
        "pkg.sibling",
        "pkg.typed",
        "pkg.late",
    }
    graph = import_graph()
    assert "armybuilder.rules.model" in graph["armybuilder.rules.reserves"]
    # Only the project's own modules are nodes: Django and the standard library are not.
    assert all(edge.startswith(PACKAGES) for edges in graph.values() for edge in edges)
