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

from campaign.rules import catalog, registry
from tests.conftest import REPO_ROOT

PRINT_HOOK_ORDER = """
import importlib, sys
from campaign.rules import catalog
if sys.argv[1] == "reversed-areas":
    for name in reversed(catalog.AREA_MODULES + ("campaign.rules.combat.surface_orders",)):
        importlib.import_module(name)
if sys.argv[1] == "reversed-modules":
    for name in reversed(catalog.REGISTRATION_ORDER):
        importlib.import_module(name)
catalog.load()
from campaign.rules import engine, registry
from campaign.rules.phases import Phase
for _, _, hook in engine.enter_hooks():
    print("enter", hook.__module__, hook.__qualname__)
for hook in engine.turn_end_hooks():
    print("turn-end", hook.__module__, hook.__qualname__)
for phase in Phase:
    for kind, hooks in (("end-check", registry.end_checks_of(phase)),
                        ("pass-default", registry.pass_defaults_of(phase)),
                        ("idle", registry.idle_hooks_of(phase))):
        for hook in hooks:
            print(kind, phase.name, hook.__module__, hook.__qualname__)
for fn in registry.normalizers():
    print("normalizer", fn.__module__, fn.__qualname__)
print("orders", [spec.verb for spec in registry.order_specs()])
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
    # DN-SEQ-1, DN-SEQ-3, DN-ERR-1: areas imported backwards, and every registering module
    # imported backwards (maintenance's module after production's, say) list orders and run
    # hooks exactly as a clean load does
    normal = _hook_order("normal")
    assert normal.count("enter ") >= 3, normal
    assert "pass-default " in normal and "end-check " in normal, normal
    orders = normal.split("orders ", 1)[1]
    assert orders.index("'maintain'") < orders.index("'produce'"), orders
    assert orders.index("'jump'") < orders.index("'load'"), orders
    assert _hook_order("reversed-areas") == normal
    assert _hook_order("reversed-modules") == normal


def test_every_registering_module_has_its_place_in_the_catalog() -> None:
    # DN-SEQ-1: the order of orders and hooks is the catalog's, so each module that registers
    # one is named in REGISTRATION_ORDER (an unlisted one would sort after all of them)
    catalog.load()
    defining = [spec.cls for spec in registry.ORDERS.values()]
    defining += [hook for _, _, hook in registry.HOOKS.enter]
    defining += registry.HOOKS.turn_end + registry.NORMALIZERS
    defining += list(registry.EVENTS.values()) + list(registry.OFFERED.values())
    for entries in (registry.HOOKS.idle, registry.HOOKS.end_checks, registry.HOOKS.pass_defaults):
        defining += [hook for _, hook in entries]
    modules = {item.__module__ for item in defining if item.__module__.startswith("campaign.")}
    assert modules == set(catalog.REGISTRATION_ORDER)
