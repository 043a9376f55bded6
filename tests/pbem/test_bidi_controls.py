"""Bidirectional-text controls in a reason or an order are refused where they come in
(DN-ERR-1; docs/turn-files.md, "Limits").

Found by use (December 7, late night): `campaign undo NAME --referee "a<U+202E>b"` was
accepted and logged; the reason travels in the next turn file, and the other player's
terminal shows it reordered (a right-to-left override turns the rest of the line around), so a
reason, a withdrawal or a fork decision could read otherwise than it was written. Like the
control characters, the embedding, override and isolate controls (U+202A-U+202E,
U+2066-U+2069) are now refused in one line, nothing stored.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from campaign.cli import main
from campaign.rules.errors import CampaignError
from campaign.rules.notation import parse_order
from campaign.rules.plain_text import check_reason

BIDI = [chr(code) for code in (*range(0x202A, 0x202F), *range(0x2066, 0x206A))]


@pytest.mark.parametrize("control", BIDI)
def test_a_reason_or_an_order_with_a_bidi_control_is_refused(control: str) -> None:
    """DN-ERR-1: a reason and an order text holding the control are refused, naming it."""
    named = re.escape(f"U+{ord(control):04X}")
    with pytest.raises(CampaignError, match=named):
        check_reason(f"agreed{control} by both")
    with pytest.raises(CampaignError, match=named):
        parse_order(f"aslan end-phase{control}")


def test_a_referee_undo_with_a_bidi_override_is_refused_and_stores_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """DN-ERR-1: `undo --referee` with a right-to-left override in its reason: one line,
    exit status 1, the log as it was."""
    db = ["--db", f"sqlite:///{tmp_path / 'c.db'}"]
    assert main(["new", "t", "--seed", "3", *db]) == 0
    assert main(["order", "t", "solomani place-neutral lantern", *db]) == 0
    before = (tmp_path / "c.db").read_bytes()
    capsys.readouterr()
    assert main(["undo", "t", "--referee", "a\u202eb", "--yes", *db]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "U+202E" in err, err
    assert (tmp_path / "c.db").read_bytes() == before
