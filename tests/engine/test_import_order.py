"""Hooks and offered orders follow the catalog, not the order in which modules were imported.

A caller (a test, a tool) that imports an area module before ``catalog.load()`` changes the order
in which decorators register. The engine must still run phase hooks in one fixed order (the
catalog's), or the automatic events of a step — and so replays and digests — would depend on
what some caller imported first (DN-SEQ-1: the phase table decides what happens; DN-SEQ-3: the
end-of-turn hooks; DN-ERR-1: replay never diverges).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO_ROOT

PRINT_HOOK_ORDER = """
import importlib, sys
from campaign.rules import catalog
if sys.argv[1] == "reversed":
    for name in reversed(catalog.AREA_MODULES + ("campaign.rules.combat.surface_orders",)):
        importlib.import_module(name)
catalog.load()
from campaign.rules import engine
for _, _, hook in engine.enter_hooks():
    print("enter", hook.__module__, hook.__qualname__)
for hook in engine.turn_end_hooks():
    print("turn-end", hook.__module__, hook.__qualname__)
print("legal", [o.verb for o in engine.legal_orders(engine.CampaignState(), None)])
"""


def _hook_order(mode: str) -> str:
    result = subprocess.run(
        [sys.executable, "-c", PRINT_HOOK_ORDER, mode],
        capture_output=True,
        text=True,
        cwd=REPO_ROOT,
        timeout=120,
        check=True,
    )
    return result.stdout


@pytest.mark.slow
def test_hook_order_does_not_depend_on_import_order() -> None:
    # DN-SEQ-1, DN-SEQ-3, DN-ERR-1
    normal, reversed_imports = _hook_order("normal"), _hook_order("reversed")
    assert normal.count("enter ") >= 3, normal
    assert normal == reversed_imports
