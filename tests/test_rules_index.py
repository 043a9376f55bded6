"""The project's contract with its rules catalogue (docs/rules/): every rule id is cited by a test.

Uses the same scanner that writes docs/rules.md (``python -m tools.rules_index``). Where the team's
workbench spec sits beside the checkout (``../shared/spec``, development machines only), the
catalogue must hold exactly its rule ids; anywhere else that comparison is skipped.
"""

from __future__ import annotations

import re

import pytest

from tests.conftest import REPO_ROOT, RULES_DIR
from tools import rules_index

#: The workbench spec the catalogue was written from. The one place the project looks outside
#: the repository, and only to compare ids; nothing is read from it otherwise.
WORKBENCH_SPEC_DIR = REPO_ROOT.parent / "shared" / "spec"
CATALOGUE_FILES = ("dark-nebula.md", "imperial.md", "imperium-shogi.md", "invector.md")
#: Rule ids the project added to the catalogue that the workbench spec does not define: rules of
#: the module's own making, tagged [HOUSE] (IMP-22, Imperial's order notation and saved games:
#: the refusals of a save had no rule to name).
PROJECT_RULE_IDS = {"IMP-22"}


def _ids_by_file(directory) -> dict[str, list[str]]:
    by_file: dict[str, list[str]] = {}
    for file, rule_id, _ in rules_index.spec_rules(directory):
        by_file.setdefault(file, []).append(rule_id)
    return by_file


def test_every_catalogue_rule_id_is_cited_by_a_test() -> None:
    # DN-*, SHO-*, INV-*, IMP-*: every id defined in docs/rules/*.md
    rules = rules_index.spec_rules()
    assert len(rules) >= 90, "the rules catalogue was not found or not parsed"
    _, uncited = rules_index.render()
    assert uncited == [], f"rule ids no test cites: {uncited}"


def test_catalogue_has_one_file_per_game_and_unique_ids() -> None:
    by_file = _ids_by_file(RULES_DIR)
    assert sorted(by_file) == sorted(CATALOGUE_FILES)
    ids = [rule_id for file_ids in by_file.values() for rule_id in file_ids]
    assert len(ids) == len(set(ids)), "a rule id is defined twice"
    prefixes = {
        "dark-nebula.md": "DN-",
        "imperial.md": "IMP-",
        "imperium-shogi.md": "SHO-",
        "invector.md": "INV-",
    }
    for file, file_ids in by_file.items():
        assert all(rule_id.startswith(prefixes[file]) for rule_id in file_ids), file


@pytest.mark.skipif(not WORKBENCH_SPEC_DIR.is_dir(), reason="no ../shared/spec beside the checkout")
def test_catalogue_holds_exactly_the_rule_ids_of_the_workbench_spec() -> None:
    ours, theirs = _ids_by_file(RULES_DIR), _ids_by_file(WORKBENCH_SPEC_DIR)
    assert sorted(ours) == sorted(theirs)
    for file in theirs:
        spec_ids = [rule_id for rule_id in ours[file] if rule_id not in PROJECT_RULE_IDS]
        assert spec_ids == theirs[file], f"{file}: ids differ (or are in another order)"


def test_the_project_s_own_rule_ids_are_house_rules() -> None:
    """A rule id the workbench spec lacks is the project's own and says so ([HOUSE])."""
    defined = {
        rule_id: line
        for path in RULES_DIR.glob("*.md")
        for line in path.read_text(encoding="utf-8").splitlines()
        for rule_id in PROJECT_RULE_IDS
        if f"**{rule_id} " in line
    }
    assert sorted(defined) == sorted(PROJECT_RULE_IDS)
    assert all("[HOUSE]" in line for line in defined.values()), defined


def test_catalogue_links_stay_inside_the_repository() -> None:
    for path in RULES_DIR.glob("*.md"):
        for target in re.findall(r"\]\(([^)#]+)", path.read_text(encoding="utf-8")):
            assert (path.parent / target).resolve().is_relative_to(REPO_ROOT), (path, target)
            assert (path.parent / target).exists(), (path, target)


def test_rule_scanner_matches_whole_ids_only() -> None:
    # DN-TEST-1 must not be counted as cited by a file that only names DN-TEST-10.
    files = {rules_index.ROOT / "x.py": "# DN-TEST-10 only"}
    assert rules_index.citations("DN-TEST-1", files) == []
    assert rules_index.citations("DN-TEST-10", files) == ["x.py"]
