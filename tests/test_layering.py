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
- ``serve`` (the browser seats, issue 43) names the seats by the rules' ids only, and counts
  with ``wording.plural``: each seat's screen is the ``tui`` in a process of its own;
- the front ends ``cli`` and ``tui`` import ``app``, ``views`` and ``render``, and of ``rules``
  only ids, errors, the phase enums and the text helper ``suggest``; ``cli`` starts the
  ``tui`` (``campaign tui``, ``campaign demo``) and both host the ``scenarios``.

The foundation modules (``campaign`` itself for the version, ``userfiles`` the bounded reader,
``extras`` the install hints, ``bundled`` the shipped files) may be imported by every layer but
``rules``. ``scenarios`` import no campaign layer (only the foundation). No import circle may
exist among the modules of ``campaign`` or of ``scenarios``, counting every import statement
(function-local and ``TYPE_CHECKING`` ones too; issue 30, ADR 0029). The graph is read by
``tests/import_graph.py``, shared with the rules core's and the scenarios' own checks.
"""

from __future__ import annotations

from pathlib import Path

from tests.import_graph import circles, import_graph, modules, relative_imports

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
    "cli": {"app", "views", "render", "tui", "serve", "rules", "scenarios"},
    # ``campaign serve`` (issue 43): the seat links and the web server; it starts the ``tui``
    # as a command in a new process, and names the seats by the rules' ids
    "serve": {"rules"},
    "tui": {"app", "views", "render", "rules", "scenarios"},
    "__main__": {"cli"},
}
#: The only ``rules`` modules a layer that may name "rules' ids and types" imports.
RULES_FOR = {
    "render": {"campaign.rules.ids", "campaign.rules.ruleset"},
    "cli": {
        "campaign.rules.ids",
        "campaign.rules.errors",
        "campaign.rules.phases",
        "campaign.rules.seats",
        "campaign.rules.suggest",
    },
    "tui": {
        "campaign.rules.ids",
        "campaign.rules.errors",
        "campaign.rules.phases",
        "campaign.rules.seats",
        "campaign.rules.suggest",
    },
    # and the one plural helper of every sentence that counts (no "1 open screen(s)")
    "serve": {"campaign.rules.ids", "campaign.rules.wording"},
}


def _graph() -> dict[str, set[str]]:
    return import_graph({**modules("campaign"), **modules("scenarios")})


def _layer(module: str) -> str:
    parts = module.split(".")
    if parts[0] == "scenarios":
        return "scenarios"
    return "campaign" if len(parts) == 1 else parts[1]


def _allowed(layer: str, target: str) -> bool:
    other = _layer(target)
    if other == layer or (other in FOUNDATION and layer != "rules"):
        return True
    if other not in ALLOWED.get(layer, set()):
        return False
    return other != "rules" or layer not in RULES_FOR or target in RULES_FOR[layer]


def test_every_layer_imports_only_what_the_house_allows():
    broken = [
        f"{module} -> {target}"
        for module, targets in sorted(_graph().items())
        for target in sorted(targets)
        if not _allowed(_layer(module), target)
    ]
    assert broken == [], "imports the house does not allow:\n" + "\n".join(broken)


def test_the_house_rules_see_a_forbidden_import():
    # the check above would pass vacuously if its table allowed everything
    assert not _allowed("views", "campaign.store.repository")
    assert not _allowed("pbem", "campaign.store.database")
    assert not _allowed("tui", "campaign.rules.engine")
    assert not _allowed("rules", "campaign.userfiles")
    assert _allowed("app", "campaign.store.repository")
    assert _allowed("cli", "campaign.rules.ids")


def test_no_import_circle_in_campaign_or_scenarios():
    found = circles(_graph())
    assert found == [], "import circles:\n" + "\n".join(" <-> ".join(c) for c in found)


def test_no_relative_import_anywhere():
    # issue 48 item 4: ``from ..store import repository`` in views/ passed the check above,
    # which reads absolute names only; every module of campaign/ and scenarios/ is absolute
    found = relative_imports({**modules("campaign"), **modules("scenarios")})
    assert found == [], "relative imports (write the absolute module name):\n" + "\n".join(found)


def test_a_relative_import_is_seen(tmp_path: Path):
    # so the check above cannot pass by reading nothing
    module = tmp_path / "units.py"
    module.write_text("from ..store import repository\n", encoding="utf-8")
    assert relative_imports({"campaign.views.units": module}) == ["campaign.views.units:1"]
