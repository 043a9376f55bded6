"""What a seat sees goes through one rule (issue 41, architecture property 9, DN-NEU-1).

A code-level companion of the indistinguishability test (``tests/integration/
test_hidden_views.py``, which proves it on every door's output): every view of
``campaign.views`` that takes a viewer starts from that viewer's ``Seen``
(``campaign.rules.views.see``), directly or through another view that does; a seen state
(``SeenState``) is made only by the hiding rule; and the predicate "may this viewer identify
this counter" is written once. A new view that skips the rule fails here by name.
"""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO_ROOT

VIEWS = REPO_ROOT / "campaign" / "views"
#: Views that take a viewer but give it nothing a hidden fact could be read from, each with why.
NOTHING_TO_HIDE = {
    "play.legal_orders_for": "order templates only (placeholders, no counter): the viewer "
    "chooses whose orders are listed",
    "play.may_move": "a yes/no on whose stack it is",
    "report.viewer_name": "the viewer's own name",
    "systems.systems_report": "the map and the explored routes, public to both sides "
    "(DN-NEB-1); no counter",
    "scene.supply_overlay": "supply decided without any face-down kind (a face-down counter "
    "in space counts as a warship until revealed, DN-ECO-3); the "
    "picture is compared across permuted games in test_hidden_views",
    "scene.moves_overlay": "the viewer's own stacks' destinations; compared across permuted "
    "games in test_hidden_views (map --overlay moves)",
}
#: The rules core's narration (sentences, dice lines) reads through ``see`` itself (checked
#: below); a view that narrates for a viewer goes through the rule.
NARRATION = {"narrate", "last_battle_summary", "rolls_of"}


def _functions() -> dict[str, ast.FunctionDef]:
    found = {}
    for path in sorted(VIEWS.glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.FunctionDef) and not node.name.startswith("_"):
                found[f"{path.stem}.{node.name}"] = node
    return found


def _takes_a_viewer(node: ast.FunctionDef) -> bool:
    names = [a.arg for a in (*node.args.args, *node.args.kwonlyargs)]
    return "viewer" in names or (
        node.name in {"campaign_scene", "moves_overlay", "supply_overlay"} and "side" in names
    )


def _calls(node: ast.AST) -> set[str]:
    called = set()
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call):
            func = sub.func
            if isinstance(func, ast.Name):
                called.add(func.id)
            elif isinstance(func, ast.Attribute):
                called.add(func.attr)
    return called


def test_every_view_that_takes_a_viewer_starts_from_its_seen() -> None:
    # DN-NEU-1: one rule, one entry (``see``), or a view that goes through it
    functions = _functions()
    by_name = {qualified.split(".")[1]: qualified for qualified in functions}
    narration = ast.parse(
        (REPO_ROOT / "campaign" / "rules" / "narration.py").read_text(encoding="utf-8")
    )
    assert "see" in _calls(narration)
    through = {q for q, node in functions.items() if _calls(node) & NARRATION}
    changed = True
    while changed:  # a view is "through" when it calls see() or a view that is
        changed = False
        for qualified, node in functions.items():
            if qualified in through:
                continue
            called = _calls(node)
            if "see" in called or any(by_name.get(c) in through for c in called):
                through.add(qualified)
                changed = True
    skipping = sorted(
        q
        for q, node in functions.items()
        if _takes_a_viewer(node) and q not in through and q not in NOTHING_TO_HIDE
    )
    assert skipping == [], "views that take a viewer but never reach rules.views.see"
    assert "log.story" in through and "log.story" not in NOTHING_TO_HIDE


def _annotations(node: ast.FunctionDef) -> dict[str, str]:
    return {
        a.arg: ast.unparse(a.annotation) if a.annotation is not None else ""
        for a in (*node.args.args, *node.args.kwonlyargs)
    }


#: Views of one campaign state that still take the state and a viewer, each with why.
STATE_AND_VIEWER = {
    "play.seen_text": "a text through the hiding rule: ``Seen.text`` itself, for one-off texts",
    "log.outcome_lines": "narrates an order's events from the state it was given on: the "
    "narration sees every state it passes through (``see``, above)",
}


def test_a_view_of_one_state_is_given_a_seen_never_a_state_and_a_viewer() -> None:
    # DN-NEU-1, issue 41 item 2: a view of one state takes what the seat sees (``Seen``, made
    # only by ``see``), so mypy, which ``make test`` runs, rejects a call that hands a view the
    # true state; views of the log (rows and events: many states) take a viewer and see each
    # state through ``see`` (the test above)
    functions = _functions()
    both = sorted(
        q
        for q, node in functions.items()
        if "CampaignState" in _annotations(node).values()
        and _takes_a_viewer(node)
        and q not in NOTHING_TO_HIDE
        and q not in STATE_AND_VIEWER
    )
    assert both == [], "views that take the true state and a viewer: give them a Seen"
    given_a_seen = {q for q, node in functions.items() if "Seen" in _annotations(node).values()}
    assert {
        "units.units_report",
        "status.status_report",
        "status.status",
        "income.income_report",
        "upkeep.upkeep_report",
        "battles.battles_report",
        "scene.campaign_scene",
        "play.duties_of",
        "play.move_choices",
    } <= given_a_seen


def test_a_seen_state_is_made_only_by_the_hiding_rule() -> None:
    # DN-NEU-1: ``_as_seen(...)`` (a cast to ``SeenState``) marks a state as one seat's sight;
    # only the rule may do it
    makers = []
    for path in sorted((REPO_ROOT / "campaign").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            named = [arg.id for arg in node.args[:1] if isinstance(arg, ast.Name)]
            if node.func.id in ("SeenState", "_as_seen") or (
                node.func.id == "cast" and named == ["SeenState"]
            ):
                makers.append(path.relative_to(REPO_ROOT).as_posix())
    assert makers and set(makers) == {"campaign/rules/views.py"}


def test_the_may_this_viewer_identify_it_predicate_is_written_once() -> None:
    # issue 41: views/report.py and views/choices.py each wrote it out again
    restated = []
    for path in sorted((REPO_ROOT / "campaign").rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if "face_down" in line and "owner is not" in line:
                restated.append(f"{path.relative_to(REPO_ROOT).as_posix()}:{number}")
    allowed = {"campaign/rules/views.py"}
    # forms never offer a face-down counter, not even to the referee: a form policy, not sight
    policy = [where for where in restated if where.startswith("campaign/views/choices.py")]
    assert len(policy) == 1
    assert [
        where for where in restated if where.split(":")[0] not in allowed and where not in policy
    ] == []


def test_the_checks_see_the_views_package() -> None:
    # so the tests above cannot pass by reading nothing
    assert len(_functions()) > 30 and Path(VIEWS, "units.py").is_file()
