"""The units and systems an order names, checked as the person typing it knows them (DN-ERR-1,
DN-NEU-1), with a 'did you mean' drawn from what that person may see (issue 32 item 6).

``check_names`` runs on an order as it was typed, before aliases are resolved:

- a unit id must be one the typist may name. A player (``viewer``, e.g. ``campaign order
  --side aslan``) may name any unit, except a face-down counter it does not own by its real id:
  it knows that counter only by its alias ``N-X-k``. Such a real id is refused exactly as an id
  that does not exist is (``unknown unit 'N-PD-1'``), and the suggestions are drawn from the
  player's own view only, so the refusal depends on the typed text and that view alone: it never
  tells which ids are face down. The referee (``viewer`` None, e.g. at the table or in the TUI)
  may name every counter by its real id or its alias;
- a system id must be on the campaign's map.

The handlers still check everything else (whose unit, where, which phase).
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Iterator

from campaign.rules.base import Order
from campaign.rules.errors import InvalidOrderError
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Location, Where
from campaign.rules.suggest import did_you_mean
from campaign.rules.views import ALIAS_PREFIX, hidden_names, neutral_aliases

#: A unit id (``A-CL-3``, ``N-X-2``) as a whole token piece; pieces are split at ``> + ,``.
_UNIT_ID = re.compile(r"^[ASN]-[A-Z0-9]+-[0-9]+$")
_PIECES = re.compile(r"[>+,]")
#: Fields that hold system ids (``withdraw``'s destination may also be ``box``).
_SYSTEM_FIELDS = ("system", "path", "destination")


def nameable_units(state: CampaignState, side: Side | None) -> list[str]:
    """Every unit id ``side`` may name, sorted: real ids of what it may identify, aliases of the
    face-down counters it may not (the referee: every real id and every alias)."""
    hidden = hidden_names(state, side)
    visible = [uid for uid in state.units if uid not in hidden]
    return sorted(visible) + sorted(neutral_aliases(state).values(), key=_alias_number)


def suggested_units(state: CampaignState, viewer: Side | None, typed: str) -> list[str]:
    """The unit ids a refusal of ``typed`` may suggest to ``viewer``: a player, every id he may
    name (``nameable_units``); the referee, the names of the form he typed: aliases for an
    ``N-X-k``, else the real ids he names counters by (found by use, December 7, night: ``maintain
    A-XX-7`` offered the referee the players' alias ``N-X-7``)."""
    if viewer is not None:
        return nameable_units(state, viewer)
    if typed.upper().startswith(ALIAS_PREFIX):
        return sorted(neutral_aliases(state).values(), key=_alias_number)
    return sorted(state.units)


def _alias_number(alias: str) -> int:
    return int(alias[len(ALIAS_PREFIX) :])


def named_units(order: Order) -> Iterator[str]:
    """The unit ids the order's text names (also inside lists, ``SHIP>TARGET`` and ``on:``)."""
    for token in shlex.split(order.to_notation())[2:]:
        if token.lower().startswith("on:"):
            token = token[3:]
        for piece in _PIECES.split(token):
            if _UNIT_ID.match(piece):
                yield piece


def named_systems(order: Order) -> Iterator[str]:
    """The system ids the order names: its system fields and its ``hex:``/``box:`` places."""
    for name in type(order).model_fields:
        value = getattr(order, name)
        if isinstance(value, Location):
            if value.where in (Where.HEX, Where.BOX) and value.system:
                yield value.system
        elif name in _SYSTEM_FIELDS:
            values = value if isinstance(value, list | tuple) else [value]
            yield from (v for v in values if isinstance(v, str) and v and v != "box")


def check_names(state: CampaignState, ruleset: Ruleset, order: Order, viewer: Side | None) -> None:
    """``InvalidOrderError`` for the first unit or system the order names that ``viewer`` (the
    player typing it; None: the referee) cannot name (see the module docstring); the message
    suggests the closest names that viewer may use."""
    allowed = nameable_units(state, viewer)
    known = set(allowed)
    for unit_id in named_units(order):
        if unit_id not in known:
            suggested = suggested_units(state, viewer, unit_id)
            raise InvalidOrderError(f"unknown unit {unit_id!r}{did_you_mean(unit_id, suggested)}")
    systems = system_ids(ruleset)
    for system_id in named_systems(order):
        if system_id not in systems:
            raise InvalidOrderError(
                f"unknown system {system_id!r}{did_you_mean(system_id, systems)}"
            )


def system_ids(ruleset: Ruleset) -> list[str]:
    """The ids of the systems of the campaign's map, the names an order may give a system."""
    return [system.id for system in ruleset.star_map.systems]
