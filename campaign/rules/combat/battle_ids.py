"""Short battle ids: ``b1``, ``b2``… for the battles of the current combat step.

A battle's full id is ``SYS/attacker-defender`` (``hlirakh/solomani-aslan``), long to type a
hundred times a night. Wherever an order takes a battle id, ``resolve_battle`` also accepts:

- ``bN`` (or ``BN``): the N-th battle of this step, in the order the battles opened (the
  numbering ``campaign battles`` and the TUI show; it does not change while the step lasts);
- the system id alone, when exactly one battle of this step is in that system;
- any unique prefix of a full id.

``canonical_battle_order`` rewrites an order's ``battle`` field to the full id before it is
decided and logged, so events and the log always carry full ids (replays never depend on the
numbering).
"""

from __future__ import annotations

import re

from campaign.rules.base import Order
from campaign.rules.combat import book
from campaign.rules.errors import IllegalOrderError, InvalidOrderError
from campaign.rules.sequence import FLOW
from campaign.rules.state import CampaignState


def short_ids(state: CampaignState) -> dict[str, str]:
    """Full battle id -> short id (``b1``…) for every battle of the current step."""
    return {bid: f"b{n}" for n, bid in enumerate(book.battle_ids(state), 1)}


def with_short_battle_ids(text: str, state: CampaignState) -> str:
    """``text`` with every full id of a battle of the current step, standing as a whole word,
    written as its short id (``b1`` for ``keystone/aslan-neutral``, DN-CBT-1), and nothing
    else changed: what a refusal quoting an order text needs (the seat's whole reading,
    aliases included, is ``views.seen_text``)."""
    return with_battle_names(text, short_ids(state))


def with_battle_names(text: str, shorts: dict[str, str]) -> str:
    """``text`` with every full battle id of ``shorts`` (full id -> short id), standing as a
    whole word, written as its short id, and nothing else changed."""
    for full, short in shorts.items():
        text = re.sub(rf"(?<![A-Za-z0-9/-]){re.escape(full)}(?![A-Za-z0-9/-])", short, text)
    return text


def resolve_battle(state: CampaignState, ref: str) -> str:
    """The full id of the battle ``ref`` names; ``InvalidOrderError`` listing the battles, or
    ``IllegalOrderError`` (DN-CBT-1) when no battle is open in this step."""
    battles = book.battle_ids(state)
    if ref in battles:
        return ref
    if not battles:  # found by use, December 7, night: "names no battle …; battles: none"
        raise IllegalOrderError(
            "DN-CBT-1",
            f"no battle is open in this step ({FLOW[state.step].label}): {ref!r} names none; "
            "battles are fought in the space sub-phase of a combat phase",
        )
    text = ref.strip().lower()
    if len(text) > 1 and text[0] == "b" and text[1:].isdigit():
        number = int(text[1:])
        if 1 <= number <= len(battles):
            return battles[number - 1]
    by_system = [bid for bid in battles if bid.partition("/")[0] == text]
    if len(by_system) == 1:
        return by_system[0]
    by_prefix = [bid for bid in battles if bid.startswith(text)] if text else []
    if len(by_prefix) == 1:
        return by_prefix[0]
    known = ", ".join(f"{short} = {bid}" for bid, short in short_ids(state).items()) or "none"
    why = "is ambiguous" if len(by_system) > 1 or len(by_prefix) > 1 else "names no battle"
    raise InvalidOrderError(f"battle {ref!r} {why} in this phase; battles: {known}")


def canonical_battle_order(state: CampaignState, order: Order) -> Order:
    """``order`` with its ``battle`` field (if any) replaced by the full battle id."""
    ref = getattr(order, "battle", None)
    if not isinstance(ref, str) or "battle" not in type(order).model_fields:
        return order
    full = resolve_battle(state, ref)
    return order if full == ref else order.model_copy(update={"battle": full})
