"""Counts in sentences and refusals are written in words that agree with them (DN-ERR-1: a
sentence a player can follow; found by use, December 7, late night: "after 2 more step
change(s)", "must have at least 1 character(s)", "1 value(s) were entered")."""

from __future__ import annotations

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
