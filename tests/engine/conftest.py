"""Engine test fixtures."""

from __future__ import annotations

import pytest

from campaign.rules import catalog, registry

#: Modules of the core engine; hooks of other areas (movement, combat, economy) are left out by
#: ``core_hooks_only`` so the sequence tests see the bare phase table.
CORE_MODULES = ("campaign.rules.flow", "campaign.rules.setup_rules", "campaign.rules.referee")


@pytest.fixture
def core_hooks_only(monkeypatch: pytest.MonkeyPatch) -> registry.Hooks:
    """Only the core engine's phase hooks are active during the test."""
    catalog.load()

    def core(fn: object) -> bool:
        return getattr(fn, "__module__", "") in CORE_MODULES

    hooks = registry.Hooks(
        enter=[h for h in registry.HOOKS.enter if core(h[2])],
        idle=[h for h in registry.HOOKS.idle if core(h[1])],
        end_checks=[h for h in registry.HOOKS.end_checks if core(h[1])],
        turn_end=[h for h in registry.HOOKS.turn_end if core(h)],
    )
    for name in ("enter", "idle", "end_checks", "turn_end"):
        monkeypatch.setattr(registry.HOOKS, name, getattr(hooks, name))
    return registry.HOOKS
