"""Counts in sentences and refusals are written in words that agree with them (DN-ERR-1: a
sentence a player can follow; found by use, December 7, late night: "after 2 more step
change(s)", "must have at least 1 character(s)", "1 value(s) were entered")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from campaign.rules.wording import plural
from campaign.views.words import plural as screen_plural


@pytest.mark.parametrize(
    ("count", "noun", "nouns", "said"),
    [
        (1, "unit", None, "1 unit"),
        (0, "unit", None, "0 units"),
        (2, "more step change", None, "2 more step changes"),
        (2, "box", None, "2 boxes"),
        (3, "loss", None, "3 losses"),
        (1, "die", "dice", "1 die"),
        (4, "die", "dice", "4 dice"),
    ],
)
def test_a_count_agrees_with_its_noun(count: int, noun: str, nouns: str | None, said: str):
    assert plural(count, noun, nouns) == said
    assert screen_plural(count, noun, nouns) == said  # the screens count alike


#: A noun with its plural left to the reader: "column(s)", "box(es)".
HEDGED_PLURAL = re.compile(r"[a-z]\((?:s|es)\)")


def _said_strings(path: Path) -> list[tuple[int, str]]:
    """The string constants of a module that a user may read (its docstrings left out: they
    quote the old wording when they tell of a fix)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and id(node) not in docstrings
    ]


def test_no_sentence_leaves_its_plural_to_the_reader():
    """DN-ERR-1 / DN-DATA-5: no message says "1 column(s)" or "2 open screen(s)": a count goes
    through ``campaign.rules.wording.plural`` (found by use, December 8: a data file's header
    error said "missing column(s): count", ``campaign serve`` "(1 open screen(s) closed)")."""
    root = Path(__file__).resolve().parents[2]
    hedged = [
        f"{path.relative_to(root)}:{line}: {text!r}"
        for package in ("campaign", "scenarios")
        for path in sorted((root / package).rglob("*.py"))
        for line, text in _said_strings(path)
        if HEDGED_PLURAL.search(text)
    ]
    assert hedged == []
