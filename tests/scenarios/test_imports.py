"""The import graph of ``scenarios/`` (issue 30): no circle between its modules, function-local
imports counted too, and a function-local import only where it is a deliberate lazy import of
something heavy (numpy/numba code, the Textual screens), said so in a comment just above it.

(The rules these games implement are not at stake here; the check keeps the layering that the
rule modules — ``rules``, ``notation``, ``turns`` … — depend on, so no INV/SHO/IMP id applies.)
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "scenarios"
MARK = "deliberate lazy import"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(node: ast.AST) -> list[str]:
    """The absolute module names an import statement names (the project uses no relative
    imports; a test below keeps it so)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    return []


def import_graph() -> dict[str, set[str]]:
    """Module -> our modules it imports anywhere in its body, parent packages left out (a
    submodule's import runs its package's ``__init__`` first, which is not a circle)."""
    known = modules()
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            for target in imported(node):
                parts = target.split(".")
                while parts and ".".join(parts) not in known:
                    parts.pop()
                found = ".".join(parts)
                if parts and found != name and not name.startswith(found + "."):
                    graph[name].add(found)
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components with more than one module (iterative Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in sorted(graph):
        if root in index:
            continue
        work = [(root, iter(sorted(graph[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(graph[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_no_import_circle_in_scenarios():
    assert circles(import_graph()) == []


def test_the_circle_finder_finds_a_circle():
    # the check above would pass vacuously if the finder could not see a circle
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_function_local_imports_are_deliberate_and_say_so():
    offenders = []
    for name, path in modules().items():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = ast.parse("\n".join(lines))
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    above = lines[node.lineno - 2] if node.lineno >= 2 else ""
                    if MARK not in above:
                        offenders.append(f"{name}:{node.lineno}")
    assert offenders == []


def test_no_relative_imports():
    relative = [f"{name}:{node.lineno}" for name, path in modules().items()
                for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                if isinstance(node, ast.ImportFrom) and node.level]
    assert relative == []
