"""What `campaign status` reads and loads (issue 47 item 2: `status` and `order` cheaper).

A load reads each stored event by its own class rather than by the union of every event type
(whose validator takes longer to build than the few types logged since the last snapshot take
to read): the same events, and a row that does not read so is still named as before. `status`
on a campaign this database does not play by e-mail never imports the play-by-e-mail code.
"""

from __future__ import annotations

import pytest

from campaign.app import CampaignService
from campaign.app.campaigns import parse_stored
from campaign.cli import main
from campaign.records.rows import StoredEvent
from campaign.rules.errors import TamperedLogError
from campaign.rules.registry import event_adapter
from tests.fresh_process import modules_imported_by

MAIL_CODE = ("campaign.app.mail", "campaign.app.fair_mail")


def _rows(tmp_path) -> list[StoredEvent]:
    service = CampaignService(db_url=f"sqlite:///{tmp_path / 'c.db'}")
    service.create("c", seed=3)
    return service.store.rows("c")


def test_each_event_read_by_its_own_class_equals_the_union_reading(tmp_path):
    """issue 47 item 2: the events a load folds are the ones the union of all types gave."""
    rows = _rows(tmp_path)
    assert len({row.type for row in rows}) > 1
    union = event_adapter()
    assert parse_stored(rows) == [union.validate_json(row.payload) for row in rows]


@pytest.mark.parametrize("change", ["unknown type", "payload of another type"])
def test_a_row_that_does_not_read_by_its_type_is_still_named(tmp_path, change):
    """DN-ERR-1 / issue 47 item 2: a row whose type is unknown, or whose payload is tagged
    with another type, is read again with the union: the same result as before."""
    rows = _rows(tmp_path)
    other = next(row.type for row in rows if row.type != rows[-1].type)
    rows[-1] = rows[-1]._replace(type="no-such-event" if change == "unknown type" else other)
    union = event_adapter()
    assert parse_stored(rows) == [union.validate_json(row.payload) for row in rows]
    rows[-1] = rows[-1]._replace(payload='{"type": "no-such-event"}')
    with pytest.raises(TamperedLogError, match=str(rows[-1].seq)):
        parse_stored(rows, "c")


def test_status_of_a_campaign_not_played_by_e_mail_leaves_the_mail_code_out(tmp_path):
    """issue 47 item 2: `status` prints no next step there, so it does not load that code."""
    url = f"sqlite:///{tmp_path / 'c.db'}"
    assert main(["new", "c", "--seed", "3", "--db", url]) == 0
    output, loaded = modules_imported_by(MAIL_CODE, ["status", "c", "--db", url])
    assert "game turn" in output and "next:" not in output
    assert loaded == []
