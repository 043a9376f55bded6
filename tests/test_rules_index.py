"""The project's contract with the specs: every rule id is cited by at least one test.

Uses the same scanner that writes docs/rules.md (``python -m tools.rules_index``).
"""

from __future__ import annotations

from tools import rules_index


def test_every_spec_rule_id_is_cited_by_a_test() -> None:
    # DN-*, SHO-*, INV-*, IMP-*: every id defined in ../shared/spec/*.md
    rules = rules_index.spec_rules()
    assert len(rules) >= 90, "the spec files were not found or not parsed"
    _, uncited = rules_index.render()
    assert uncited == [], f"rule ids no test cites: {uncited}"


def test_rule_scanner_matches_whole_ids_only() -> None:
    # DN-TEST-1 must not be counted as cited by a file that only names DN-TEST-10.
    files = {rules_index.ROOT / "x.py": "# DN-TEST-10 only"}
    assert rules_index.citations("DN-TEST-1", files) == []
    assert rules_index.citations("DN-TEST-10", files) == ["x.py"]
