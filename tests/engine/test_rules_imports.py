"""The import graph of the rules core (issue 30): no circle among the modules of
``campaign/rules/``, counting every import (function-local and ``TYPE_CHECKING`` ones too),
and a function-local import only where it is deliberately lazy, said so in a comment just
above it (``# deliberate lazy import: why``). docs/engine.md, "Imports inside the rules core".

The sequence of play (DN-SEQ-1) is the clearest case: the state names its phase from the table
``sequence.FLOW``, a leaf module, instead of importing the flow's orders and events, which
import the state.
"""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import (
    circles,
    import_graph,
    modules,
    relative_imports,
    undeclared_local_imports,
)


def rules_modules() -> dict[str, Path]:
    return modules("campaign.rules")


def test_no_import_circle_in_the_rules_core():  # DN-SEQ-1: state -> sequence, not -> flow
    assert circles(import_graph(rules_modules())) == []


def test_function_local_imports_in_the_rules_core_are_deliberate():
    assert undeclared_local_imports(rules_modules()) == []


def test_no_relative_imports_in_the_rules_core():
    assert relative_imports(modules("campaign.rules")) == []


def test_a_circle_closed_by_a_function_local_import_is_seen(tmp_path: Path):
    # the checks above would pass vacuously if a function-local import were not an edge
    top = tmp_path / "top.py"
    top.write_text("from pkg.inner import helper\n", encoding="utf-8")
    inner = tmp_path / "inner.py"
    inner.write_text("def helper():\n    from pkg.top import x\n    return x\n", encoding="utf-8")
    graph = import_graph({"pkg.top": top, "pkg.inner": inner})
    assert circles(graph) == [["pkg.inner", "pkg.top"]]
    assert undeclared_local_imports({"pkg.inner": inner}) == ["pkg.inner:2"]
