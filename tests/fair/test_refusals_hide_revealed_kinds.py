"""A refused file names its batches as the importing player reads them (DN-NEU-1, ADR 0028;
docs/seats.md, "Fair mode tells no more than a refereed game").

Found by use (December 7, late night): Aslan's import of a fair file refused for a difference
in its reveal batch read "batch 2 ('solomani reveal hex-2 neutral:M-9-2-7/1', from event
218) …": the kind the card opened to, which the machines learn at a contact and a player never
reads (the counter stays face down). The batch is now named as his notes name it:
"solomani reveal hex-2 ?".
"""

from __future__ import annotations

import json

import pytest

from campaign.pbem.errors import TurnFileError
from campaign.rules.ids import Side
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_contact, signer, sqlite_image
from tests.pbem.conftest import resigned


@pytest.mark.slow
def test_a_refused_reveal_batch_does_not_name_the_kind(tmp_path) -> None:
    """DN-NEU-1: Solomani's machine reveals the counter of Solace after Aslan's share came;
    its file, with an event of the reveal's batch changed (signed again, as a modified client
    would), is refused by Aslan's import naming the batch without the kind; nothing stored."""
    table = MailTable(tmp_path)
    play_to_contact(table)
    table.send(Side.ASLAN)  # Aslan's share; Solomani's machine gives its own and the reveal
    path = table.files_dir / "forged.json"
    table.machines[Side.SOLOMANI].pbem.export_file(CAMPAIGN, Side.SOLOMANI, path)
    batches = json.loads(path.read_text())["body"]["batches"]
    number, reveal = next(
        (number, batch)
        for number, batch in enumerate(batches)
        if " reveal " in batch["order"] and " neutral:" in batch["order"]
    )
    kind = reveal["order"].rsplit(" ", 1)[1]
    index = next(i for i, event in enumerate(reveal["events"]) if "payload" in event)

    def forge(data: dict) -> None:
        payload = data["body"]["batches"][number]["events"][index]["payload"]
        payload["order"] = payload.get("order", "") + " "

    path.write_text(resigned(path.read_text(), forge, signer(path)))
    aslan = table.machines[Side.ASLAN]
    before = sqlite_image(aslan.path)
    with pytest.raises(TurnFileError) as refused:
        aslan.pbem.import_turn(CAMPAIGN, path.read_bytes(), source=path.name)
    message = str(refused.value)
    assert f"batch {number + 1} (" in message and " reveal " in message
    assert kind not in message and "neutral:" not in message, message
    assert sqlite_image(aslan.path) == before
