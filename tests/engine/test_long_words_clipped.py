"""A refusal echoes what was typed, but never a very long word whole (issue 44 item 4: a
1000-character unknown word was repeated in full on the status line). DN-ERR-1: the order is
refused, with a message a player reads on one line."""

from __future__ import annotations

import pytest

from campaign.rules.errors import LONGEST_ECHO, IllegalOrderError, InvalidOrderError
from campaign.rules.notation import parse_order


def test_an_unknown_thousand_character_word_is_echoed_clipped():
    word = "x" * 990
    with pytest.raises(InvalidOrderError) as refused:
        parse_order(f"aslan {word}")
    message = refused.value.message
    assert word not in message and "(990 characters)" in message
    assert message.startswith("DN-ERR-1: unknown order 'xxxx") and "'; known orders:" in message
    assert len(message) < 1000


def test_words_of_ordinary_length_are_echoed_whole():
    path = "/tmp/" + "d" * (LONGEST_ECHO - 15) + "/turn.json"  # as long as may be: whole
    assert len(path) == LONGEST_ECHO
    error = IllegalOrderError("DN-MOV-2", f"cannot read {path}")
    assert error.message == f"DN-MOV-2: cannot read {path}"
