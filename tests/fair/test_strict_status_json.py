"""`campaign status --json` says what `campaign status` says while an order waits for strict
dice (issue 48 item 3: both read the campaign through the one ``Sight``; the JSON used to list
the duties of the position as if nothing were held). DN-ERR-1, issue 46 item 5."""

from __future__ import annotations

import json
from pathlib import Path

from campaign.cli import main
from campaign.rules.ids import Side
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_contact, play_until_held


def test_the_json_status_names_the_wait_as_the_text_does(tmp_path: Path, capsys) -> None:
    table = MailTable(tmp_path, fair=False, dice="strict")
    play_to_contact(table)
    assert play_until_held(table) is Side.ASLAN
    aslan = table.machines[Side.ASLAN].service
    (duty,) = aslan.status(CAMPAIGN, viewer=Side.ASLAN).duties
    db = ["--db", aslan.store.url]
    capsys.readouterr()
    assert main(["status", CAMPAIGN, *db]) == 0
    text = capsys.readouterr().out
    assert f"must act now: solomani — {duty.reason} (DN-ERR-1)" in text
    assert "legal orders now" not in text
    assert main(["status", CAMPAIGN, "--json", *db]) == 0
    report = json.loads(capsys.readouterr().out)
    assert [(row["side"], row["reason"], row["rule"]) for row in report["must_act"]] == [
        ("solomani", duty.reason, "DN-ERR-1")
    ]
