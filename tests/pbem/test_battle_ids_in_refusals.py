"""A turn file's refusal names a battle by its short id (docs/seats.md, DN-CBT-1).

Found by use (December 7): an import refused a batch quoting its order text as the file holds
it, e.g. "batch 4 ('aslan range keystone/aslan-neutral' …)": the inner battle id, which no
screen shows (every screen says ``b1``). The quoted order now names the battle as
``campaign battles`` does, and nothing else of it is rewritten: an echoed real neutral id stays
as typed (tests/pbem/test_real_ids_from_a_player.py), or the refusal would tell which alias is
which counter.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from campaign.pbem import errors
from campaign.rules.ids import Side
from campaign.rules.views import neutral_aliases
from tests.fair.by_mail import CAMPAIGN, MailTable, play_to_a_battle_order, play_to_contact
from tests.pbem.conftest import resealed

ASLAN, SOLOMANI = Side.ASLAN, Side.SOLOMANI


def _battle_order_sent(table: MailTable) -> tuple[str, str]:
    """The bot plays on from the contact at Solace until Aslan has given an order naming a
    battle (not yet sent); Aslan's file of it and the full id of that battle."""
    battle = play_to_a_battle_order(table, ASLAN)
    path = table.files_dir / "battle.json"
    table.machines[ASLAN].pbem.export_file(CAMPAIGN, ASLAN, path)
    return path.read_text(), battle


def test_a_refused_batch_names_its_battle_by_its_short_id(tmp_path: Path) -> None:  # DN-CBT-1
    table = MailTable(tmp_path, fair=False)
    play_to_contact(table)
    text, battle = _battle_order_sent(table)

    def foreign(data: dict) -> None:  # the battle order given as Solomani's
        for batch in data["body"]["batches"]:
            if battle in batch["order"]:
                batch["order"] = batch["order"].replace("aslan ", "solomani ", 1)
                return

    with pytest.raises(errors.TurnFileError) as caught:
        table.machines[SOLOMANI].pbem.import_turn(CAMPAIGN, resealed(text, foreign), "t.json")
    said = caught.value.message
    assert "an order of solomani in a file from aslan" in said, said
    assert battle not in said and "'solomani " in said and " b1" in said, said


def test_a_real_neutral_id_in_the_quoted_order_stays_as_typed(tmp_path: Path) -> None:
    """DN-NEU-1 with DN-CBT-1: only the battle id of the quoted order is shortened; a real
    neutral id a forged order names stays as typed, never turned into its alias."""
    table = MailTable(tmp_path, fair=False)
    play_to_contact(table)
    text, battle = _battle_order_sent(table)
    truth = table.machines[ASLAN].state()
    real, alias = next(iter(neutral_aliases(truth).items()))

    def forged(data: dict) -> None:
        for batch in data["body"]["batches"]:
            if battle in batch["order"]:
                batch["order"] = f"solomani target {battle} {real}"
                return

    with pytest.raises(errors.TurnFileError) as caught:
        table.machines[SOLOMANI].pbem.import_turn(CAMPAIGN, resealed(text, forged), "t.json")
    said = caught.value.message
    assert f"('solomani target b1 {real}'" in said and alias not in said, said


def test_the_referee_orders_to_agree_to_name_their_battle_by_its_short_id(
    tmp_path: Path,
) -> None:
    """DN-CBT-1 with DN-ERR-1: a file imported without ``--allow-referee`` is refused, and the
    list of its referee orders (what the TUI asks the receiver to agree to) names a battle as
    ``campaign battles`` does, ``b1``, never by its inner id; a real neutral id in it stays as
    typed (DN-NEU-1). Found by use (December 7): the list quoted the order texts unchanged."""
    table = MailTable(tmp_path, fair=False)
    play_to_contact(table)
    text, battle = _battle_order_sent(table)
    truth = table.machines[ASLAN].state()
    real = next(iter(neutral_aliases(truth)))
    order = f"referee referee-assign {battle} A-CL-1>{real}"

    def refereed(data: dict) -> None:  # the battle order replaced by a referee order
        for batch in data["body"]["batches"]:
            if battle in batch["order"]:
                batch["order"] = order
                return

    with pytest.raises(errors.RefereeOrderError) as caught:
        table.machines[SOLOMANI].pbem.import_turn(CAMPAIGN, resealed(text, refereed), "t.json")
    listed = caught.value.orders
    assert listed and all(battle not in named for named in listed), listed
    assert any(f"'referee referee-assign b1 A-CL-1>{real}'" in named for named in listed), listed
