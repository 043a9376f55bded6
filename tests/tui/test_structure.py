"""The shape of the TUI package (issue 30): one widget per tab talking to the screen through
Messages, no import circle (not even one closed by an import inside a function or under
TYPE_CHECKING), and every key binding remappable and explained (an id and a description)."""

from __future__ import annotations

import ast
import importlib
import inspect
import pkgutil
import re
import sys
from pathlib import Path

from textual.binding import Binding
from textual.message import Message

import campaign.tui
from campaign.tui.tab_registry import TABS

PACKAGE = Path(campaign.tui.__file__).parent


def tui_modules() -> list[str]:
    """Every module of ``campaign.tui``."""
    return sorted(info.name for info in pkgutil.walk_packages([str(PACKAGE)], "campaign.tui."))


def imported_tui_modules(module: str) -> set[str]:
    """The ``campaign.tui`` modules ``module`` imports anywhere in its source (top level,
    inside functions, under TYPE_CHECKING)."""
    spec = importlib.util.find_spec(module)
    assert spec is not None and spec.origin is not None
    tree = ast.parse(Path(spec.origin).read_text(encoding="utf-8"))
    known = set(tui_modules())
    found: set[str] = set()
    for node in ast.walk(tree):
        names: list[str] = []
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module] + [f"{node.module}.{alias.name}" for alias in node.names]
        found.update(name for name in names if name in known and name != module)
    return found


def test_no_import_circle_in_the_tui():
    """Issue 30: ``tui/commands.py`` and ``screens/campaign.py`` imported each other (closed by
    an import under TYPE_CHECKING). No module of the TUI may reach itself again."""
    graph = {module: imported_tui_modules(module) for module in tui_modules()}

    def reaches(start: str) -> set[str]:
        seen: set[str] = set()
        todo = list(graph[start])
        while todo:
            module = todo.pop()
            if module not in seen:
                seen.add(module)
                todo.extend(graph.get(module, ()))
        return seen

    circles = sorted(module for module in graph if module in reaches(module))
    assert not circles, circles


def test_every_binding_has_an_id_and_a_description():
    """Issue 30 / docs/tui.md "Keymap": every key can be remapped by its id and the help (F1)
    says what it does."""
    checked = 0
    for module in tui_modules():
        for _, cls in inspect.getmembers(importlib.import_module(module), inspect.isclass):
            if not cls.__module__.startswith("campaign.tui"):
                continue
            for binding in cls.__dict__.get("BINDINGS", []):  # its own, not Textual's
                assert isinstance(binding, Binding), (cls.__name__, binding)
                assert binding.id and binding.description, (cls.__name__, binding.key)
                checked += 1
    assert checked > 30


def test_one_widget_per_tab_each_in_its_own_module_with_its_messages():
    """Issue 30: the campaign screen composes one widget per tab, each in its own module of
    ``campaign/tui/widgets/``; the widgets that report a choice do it with typed Messages."""
    widgets = [tab.widget for tab in TABS]
    modules = {cls.__module__ for cls in widgets}
    assert len(modules) == len(widgets) == 6
    assert all(module.startswith("campaign.tui.widgets.") for module in modules)
    messages = {
        name
        for cls in widgets
        for name, member in vars(cls).items()
        if inspect.isclass(member) and issubclass(member, Message)
    }
    assert {"MoveChosen", "MoveRefused", "EntryOpened", "Exchanged", "Sorted"} <= messages


def test_the_campaign_screen_reads_its_tabs_from_one_registry():
    """Issue 48 item 2: one table of tabs (id, title, widget, key, focus) instead of seven
    parallel ones; the screen's tab keys and strip come from it, and the screen never names an
    id that a tab's widget gives one of its own parts."""
    from campaign.tui.screens.campaign import CampaignScreen

    keys = {
        binding.key: binding.action
        for binding in CampaignScreen.BINDINGS
        if binding.action.startswith("show_tab")
    }
    assert keys == {tab.key: f"show_tab({index})" for index, tab in enumerate(TABS)}
    assert [tab.title for tab in TABS][:2] == ["1 Map", "2 Forces"]
    screen_source = (PACKAGE / "screens" / "campaign.py").read_text(encoding="utf-8")
    inner_ids = 0
    for module in {tab.widget.__module__ for tab in TABS}:
        source = Path(sys.modules[module].__file__ or "").read_text(encoding="utf-8")
        inner = set(re.findall(r'\bid="([a-z-]+)"', source))
        inner_ids += len(inner)
        named = sorted(name for name in inner if f'"#{name}' in screen_source)
        assert named == [], f"the campaign screen reaches into {module}: {named}"
    assert inner_ids > 10  # the map's, the log's, the battle's, ...
