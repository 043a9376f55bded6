"""An unsigned file whose dice commitment was edited on the way (checksum recomputed) cannot be
caught when it is imported: nothing in it, or in the files after it, binds the commitment
until the secret is revealed two files later (DN-ERR-1, docs/turn-files.md "Fair dice"). The
refusal of that later file then names the earlier file, both commitments, which file may have
been changed and where the true commitment is (found by use, December 7: it said only that
the secret "does not open the commitment of file 1")."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from campaign.app.mail import PbemService
from campaign.pbem.errors import DiceRevealError
from campaign.pbem.signing import generate_keys
from campaign.rules.canonical import sha256_hex
from campaign.rules.ids import Side
from tests.pbem.conftest import database_image, resealed
from tests.pbem.helpers import CAMPAIGN, Player

ASLAN, SOLOMANI = Side.ASLAN, Side.SOLOMANI
EDITED = sha256_hex("a commitment nobody can open")


def _third_file(tmp: Path, keys: Path, *, signed: bool) -> tuple[Player, str, str]:
    """Solomani's file 1 reaches Aslan with its commitment edited (and imports), file 2 goes
    back, Solomani writes file 3 (signed or not): Aslan, file 3 and file 1's true commitment."""
    solomani = Player(SOLOMANI, tmp / "solomani.db")
    aslan = Player(ASLAN, tmp / "aslan.db")
    for player in (solomani, aslan):
        player.create()
    solomani.order("solomani place-neutral solace")
    sent = solomani.export().json_text
    true = json.loads(sent)["body"]["dice"]["commitment"]

    def edit(data: dict) -> None:
        data["body"]["dice"]["commitment"] = EDITED

    aslan.pbem.import_turn(CAMPAIGN, resealed(sent, edit), "turn-1.json")  # nothing binds it
    aslan.order("aslan place-neutral beacon")
    solomani.pbem.import_turn(CAMPAIGN, aslan.export().json_text, "turn-2.json")
    solomani.order("solomani place-neutral lantern")
    third = solomani.export(sign_with=keys / "solomani.key" if signed else None).json_text
    return aslan, third, true


@pytest.mark.parametrize("signed", [False, True])
def test_the_reveal_names_the_file_whose_commitment_was_altered(
    tmp_path: Path, signed: bool
) -> None:
    """DN-ERR-1: file 3's refusal names file 1, the commitment imported and the one the
    secret opens, the sender's copy to compare with, and that only signed files catch the edit
    at import; with file 3 signed (and file 1 not) it says file 1's commitment was altered.
    Nothing is stored."""
    keys = tmp_path / "keys"
    generate_keys(keys, "solomani")
    aslan, third, true = _third_file(tmp_path, keys, signed=signed)
    # Solomani's public key, given to Aslan with the signed file
    receiver = PbemService(aslan.service, keys if signed else None, side=ASLAN)
    before = database_image(aslan)
    with pytest.raises(DiceRevealError) as refused:
        receiver.import_turn(CAMPAIGN, third, "turn-3.json")
    message = refused.value.message
    assert (
        f"does not open the commitment of file 1: it opens {true[:16]}…, but file 1 as "
        f"imported here committed to {EDITED[:16]}…"
    ) in message
    assert "campaign export nebula --again 1 -o FILE" in message
    assert "only signed files (`campaign keygen`) catch such an edit" in message
    if signed:
        assert (
            "file 3 is signed by solomani, file 1 was not: file 1's dice commitment was "
            "altered on the way"
        ) in message
    else:
        assert "neither file is signed, so either file 1's dice commitment was altered" in message
    assert "\n" not in message
    assert database_image(aslan) == before
