"""The import graph of one of our packages, read from the source with ``ast`` (issue 30).

Shared by the import checks of ``scenarios/`` (``tests/scenarios/test_imports.py``) and of the
rules core (``tests/engine/test_rules_imports.py``). Every import statement counts, wherever it
stands: at module level, under ``if TYPE_CHECKING``, or inside a function (a function-local
import hides a circle from Python, not from the design).
"""

from __future__ import annotations

import ast
import functools
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The comment a function-local import must have on the line above it: it is lazy on purpose.
MARK = "deliberate lazy import"


@functools.cache
def syntax_tree(path: Path) -> ast.Module:
    """The parsed source of ``path`` (read once per test process: four checks walk the tree)."""
    return ast.parse(path.read_text(encoding="utf-8"))


def module_name(path: Path) -> str:
    """``campaign/rules/state.py`` -> ``campaign.rules.state`` (a package is its ``__init__``)."""
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules(package: str) -> dict[str, Path]:
    """Every module of ``package`` (dotted name) and its file."""
    folder = ROOT.joinpath(*package.split("."))
    return {module_name(path): path for path in sorted(folder.rglob("*.py"))}


def imported(node: ast.AST) -> list[str]:
    """The absolute module names an import statement names (the project uses no relative
    imports; ``relative_imports`` keeps it so)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    if isinstance(node, ast.ImportFrom) and node.module:
        return [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
    return []


def import_graph(known: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules of ``known`` it imports anywhere in its body, parent packages left
    out (a submodule's import runs its package's ``__init__`` first, which is not a circle)."""
    graph: dict[str, set[str]] = {name: set() for name in known}
    for name, path in known.items():
        for node in ast.walk(syntax_tree(path)):
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
                    work.append((child, iter(sorted(graph.get(child, ())))))
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


def undeclared_local_imports(known: dict[str, Path]) -> list[str]:
    """``module:line`` of every function-local import without the ``MARK`` comment on the line
    above it."""
    offenders = []
    for name, path in known.items():
        lines = path.read_text(encoding="utf-8").splitlines()
        tree = syntax_tree(path)
        for function in ast.walk(tree):
            if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
                continue
            for node in ast.walk(function):
                if isinstance(node, ast.Import | ast.ImportFrom):
                    above = lines[node.lineno - 2] if node.lineno >= 2 else ""
                    if MARK not in above:
                        offenders.append(f"{name}:{node.lineno}")
    return sorted(set(offenders))


def relative_imports(known: dict[str, Path]) -> list[str]:
    """``module:line`` of every relative import."""
    return [
        f"{name}:{node.lineno}"
        for name, path in known.items()
        for node in ast.walk(syntax_tree(path))
        if isinstance(node, ast.ImportFrom) and node.level
    ]
