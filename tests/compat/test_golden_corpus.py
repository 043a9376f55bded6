"""The golden corpus (ADR 0055): today's code writes and says exactly what was recorded.

Replays ``tests/compat/golden/corpus.json.gz`` (made by ``tests.compat.golden``, whose
docstring says what it holds and how to re-record it deliberately) with the current code and
compares every value. Rules checked byte for byte: the hash chain and every stored payload
(DN-ERR-1), the state's canonical text and the snapshots (ADR 0031), the seed games' digests
(DN-SEQ-1), one notation per order (DN-ERR-1), and every refusal sentence of bad input: order
texts and JSON (DN-ERR-1, DN-SET-1, DN-MOV-2, DN-NEU-1), stored events (DN-ERR-1), turn files
and data files (DN-DATA-4).

The games are not played by the driver here: their recorded order texts are given again
through ``CampaignService.submit``, so a change in ``legal_orders`` does not move them.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.compat import golden

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def recorded() -> dict[str, Any]:
    return golden.load()


@pytest.fixture(scope="module")
def today(recorded: dict[str, Any]) -> dict[str, Any]:
    return golden.build(recorded["games"])


def _same(recorded: dict[str, Any], today: dict[str, Any], part: str) -> None:
    found = golden.differences(recorded[part], today[part])
    assert not found, (
        f"the golden corpus's {part!r} changed (first differences; re-record only if the change "
        f"is intended: python -m tests.compat.golden --record):\n" + "\n".join(found)
    )


def test_the_games_store_the_same_rows_states_and_snapshots(recorded, today):
    """DN-ERR-1 (hash chain, payload text), ADR 0031 (canonical text, snapshots)."""
    for game in recorded["games"].values():
        assert game["payloads_not_read_back_equal"] == []  # DN-ERR-1: read back, same text
        assert game["final_state_is_folded"]
    _same(recorded, today, "games")


def test_the_seed_games_replay_to_the_same_digests(recorded, today):
    """DN-SEQ-1: every shipped seed game gives the same verdicts, lines and digests."""
    _same(recorded, today, "seeds")


def test_every_order_type_has_the_same_notation_and_json(recorded, today):
    """DN-ERR-1: one notation and one canonical JSON per order."""
    verbs = {text.split(" ", 2)[1] for text, _ in recorded["notations"]}
    assert verbs >= golden.order_verbs(), "an order type has no text"
    _same(recorded, today, "notations")


@pytest.mark.parametrize(
    "kind", ["order-text", "order-json", "stored-event", "turn-file", "data-file"]
)
def test_bad_input_gets_the_same_sentence(recorded, today, kind):
    """DN-ERR-1 (and the rule each sentence names): the same class and the same words."""
    found = golden.differences(recorded["refusals"][kind], today["refusals"][kind])
    assert not found, f"refusals of {kind} changed:\n" + "\n".join(found)
