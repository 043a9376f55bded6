"""The house's import rules (issue 30, docs/index.md "Code map"), checked on the source.

Every import of the project's own modules — at module level or inside a function — is an edge
from one layer to another. A layer may import only the layers listed for it:

- ``rules`` (the pure engine) imports nothing of ours;
- ``content`` (data files -> Ruleset), ``views`` (the read side) and ``records`` (the stored
  forms without a database: event rows, ledger rows, the hash chain) import only ``rules``;
- ``store`` (all SQL) and ``pbem`` (the turn-file format) import ``rules`` and ``records``;
- ``app`` (the write side, one use case per module) imports ``rules``, ``content``, ``records``,
  ``store``, ``pbem``, ``views`` and ``render`` (the pictures use case draws);
- ``render`` draws what ``views`` describes; of ``rules`` it names only ids and map types;
- the front ends ``cli`` and ``tui`` import ``app``, ``views`` and ``render``, and of ``rules``
  only ids, errors, the phase enums and the text helper ``suggest``; ``cli`` starts the
  ``tui`` (``campaign tui``, ``campaign demo``) and both host the ``scenarios``.

The foundation modules (``campaign`` itself for the version, ``userfiles`` the bounded reader,
``extras`` the install hints, ``bundled`` the shipped files) may be imported by every layer but
``rules``. ``scenarios`` import no campaign layer (only the foundation). No import circle may
exist among the modules of ``campaign`` or of ``scenarios`` (issue 30; ADR 0029).
"""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

from tests.conftest import REPO_ROOT

FOUNDATION = {"campaign", "userfiles", "extras", "bundled"}
#: What each layer may import besides itself and the foundation.
ALLOWED: dict[str, set[str]] = {
    "rules": set(),
    "content": {"rules"},
    "records": {"rules"},
    "store": {"rules", "records"},
    "pbem": {"rules", "records"},
    "views": {"rules"},
    "app": {"rules", "content", "records", "store", "pbem", "views", "render"},
    "render": {"views", "rules"},
    "cli": {"app", "views", "render", "tui", "rules", "scenarios"},
    "tui": {"app", "views", "render", "rules", "scenarios"},
    "__main__": {"cli"},
}
#: The only ``rules`` modules a layer that may name "rules' ids and types" imports.
RULES_FOR = {
    "render": {"campaign.rules.ids", "campaign.rules.ruleset"},
    "cli": {"campaign.rules.ids", "campaign.rules.errors", "campaign.rules.phases",
            "campaign.rules.suggest"},
    "tui": {"campaign.rules.ids", "campaign.rules.errors", "campaign.rules.phases",
            "campaign.rules.suggest"},
}


def _module(path: Path) -> str:
    parts = list(path.relative_to(REPO_ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _type_only(tree: ast.Module) -> set[ast.AST]:
    """The import statements under ``if TYPE_CHECKING:``: read by the type checker, never run."""
    guarded: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            guarded.update(inner for stmt in node.body for inner in ast.walk(stmt))
    return guarded


def _imports(path: Path, module: str, modules: set[str], *, typing: bool = True) -> set[str]:
    """Every module of ours that ``path`` imports (relative imports resolved), wherever the
    import statement stands (a function-local import is an edge too): ``from X import name`` is
    an edge to ``X.name`` when that is a module, else to ``X`` (as import-linter counts; the
    parent package that Python loads first is not an edge). ``typing=False`` leaves out the
    imports only the type checker reads."""
    found: set[str] = set()
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    tree = ast.parse(path.read_text(encoding="utf-8"))
    skipped = set() if typing else _type_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, base] if base else anchor)
            for alias in node.names:
                name = f"{base}.{alias.name}"
                found.add(name if name in modules else base)
    return {name for name in found if name in modules}


def _sources() -> dict[str, Path]:
    modules = {}
    for package in ("campaign", "scenarios"):
        for path in sorted((REPO_ROOT / package).rglob("*.py")):
            modules[_module(path)] = path
    return modules


def _graph(*, typing: bool = True) -> dict[str, set[str]]:
    modules = _sources()
    known = set(modules)
    return {module: _imports(path, module, known, typing=typing) - {module}
            for module, path in modules.items()}


def _layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "scenarios":
        return "scenarios"
    return "campaign" if len(parts) == 1 else parts[1]


def test_every_layer_imports_only_what_the_house_allows():
    broken = []
    for module, targets in sorted(_graph().items()):
        layer = _layer(module)
        for target in sorted(targets):
            other = _layer(target)
            if other == layer or (other in FOUNDATION and layer != "rules"):
                continue
            if layer == "scenarios" and other in FOUNDATION:
                continue
            allowed = ALLOWED.get(layer, set())
            if other not in allowed or (other == "rules" and layer in RULES_FOR
                                        and target not in RULES_FOR[layer]
                                        and target != "campaign.rules"):
                broken.append(f"{module} -> {target}")
    assert broken == [], "imports the house does not allow:\n" + "\n".join(broken)


def test_no_import_circle_in_campaign_or_scenarios():
    """A circle closed by a function-local import counts; one closed only by an import under
    ``if TYPE_CHECKING:`` does not (it never runs)."""
    graph = _graph(typing=False)
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    circles: list[list[str]] = []
    counter = [0]

    def visit(node: str) -> None:  # Tarjan's strongly connected components
        index[node] = low[node] = counter[0]
        counter[0] += 1
        stack.append(node)
        on_stack.add(node)
        for nxt in graph[node]:
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                circles.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    by_size = defaultdict(list)
    for circle in circles:
        by_size[len(circle)].append(" <-> ".join(circle))
    assert circles == [], "import circles:\n" + "\n".join(
        line for size in sorted(by_size) for line in by_size[size])
