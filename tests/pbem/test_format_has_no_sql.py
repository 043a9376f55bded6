"""``campaign/pbem/`` is the turn-file format only (issue 30, ADR 0027): the file model, its
armour, signing, fair dice, the base check and the replay, with no SQL.

Every module of the package is read (not imported) and every import in it followed through our
own modules, imports inside functions included: none may reach a database driver, SQLAlchemy or
SQLModel, the store's statements, or the use cases that hold a database (``campaign.app``). The
store's pure parts (the rows read back, the hash chain) are allowed.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO_ROOT

PBEM = REPO_ROOT / "campaign" / "pbem"
#: Third-party or standard modules that mean SQL.
SQL_PACKAGES = ("sqlalchemy", "sqlmodel", "sqlite3", "psycopg")
#: Our modules that hold SQL or a database.
DATABASE_MODULES = (
    "campaign.store.database",
    "campaign.store.repository",
    "campaign.store.ledger",
    "campaign.store.tables",
    "campaign.app",
)


def _source(module: str) -> Path | None:
    """The file of one of our modules (``None`` for anything else)."""
    if module.split(".")[0] not in ("campaign", "scenarios"):
        return None
    base = REPO_ROOT.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, at any depth of its code (``from a import b`` gives ``a``
    and ``a.b``: b may be a module), with the packages above each."""
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and not node.level:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    parents = {
        ".".join(name.split(".")[:i]) for name in found for i in range(1, name.count(".") + 1)
    }
    return found | parents


def _reached(start: str) -> dict[str, str]:
    """Every module reached from ``start`` through our modules, with the one that imported it."""
    reached: dict[str, str] = {start: ""}
    todo = [start]
    while todo:
        module = todo.pop()
        path = _source(module)
        if path is None:
            continue
        for name in sorted(_imports(path)):
            if name not in reached:
                reached[name] = module
                todo.append(name)
    return reached


def _chain(reached: dict[str, str], name: str) -> str:
    links = [name]
    while reached[links[-1]]:
        links.append(reached[links[-1]])
    return " <- ".join(links)


def test_the_turn_file_format_imports_no_sql_and_no_database():
    modules = sorted(f"campaign.pbem.{path.stem}" for path in PBEM.glob("*.py"))
    assert "campaign.pbem.position" in modules and "campaign.pbem.model" in modules
    bad: list[str] = []
    for module in modules:
        reached = _reached(module)
        bad += [
            _chain(reached, name)
            for name in sorted(reached)
            if name.split(".")[0] in SQL_PACKAGES
            or any(name == db or name.startswith(db + ".") for db in DATABASE_MODULES)
        ]
    assert not bad, "campaign/pbem reaches SQL or a database:\n" + "\n".join(bad)


def test_the_walk_finds_imports_inside_functions():
    """The check cannot pass by missing an import: a late import is found like any other."""
    reached = _reached("campaign.pbem.signing")
    assert "cryptography.hazmat.primitives.asymmetric" in reached  # imported inside _crypto()
    assert _reached("campaign.store.ledger").keys() >= {"campaign.store.database", "sqlite3"}
