"""The import graph of ``scenarios/`` (issue 30): no circle between its modules, function-local
imports counted too, and a function-local import only where it is a deliberate lazy import of
something heavy (numpy/numba code, the Textual screens), said so in a comment just above it.

(The rules these games implement are not at stake here; the check keeps the layering that the
rule modules — ``rules``, ``notation``, ``turns`` … — depend on, so no INV/SHO/IMP id applies.)
The graph is read by ``tests/import_graph.py``.
"""

from __future__ import annotations

from tests.import_graph import (
    circles,
    import_graph,
    modules,
    relative_imports,
    undeclared_local_imports,
)


def test_no_import_circle_in_scenarios():
    assert circles(import_graph(modules("scenarios"))) == []


def test_the_circle_finder_finds_a_circle():
    # the check above would pass vacuously if the finder could not see a circle
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_function_local_imports_are_deliberate_and_say_so():
    assert undeclared_local_imports(modules("scenarios")) == []


def test_no_relative_imports():
    assert relative_imports(modules("scenarios")) == []
