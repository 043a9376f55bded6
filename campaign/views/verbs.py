"""The usage of every order, as a fixed table: shell completion offers its verbs on every Tab,
and the usage where a listing needs a second line (bash's show-all-if-ambiguous).

``campaign.views.orders.registry_usages`` reads them from the order registry, which loads every
rules module (0.19 s CPU per Tab, issue 47 item 2); completion reads this table instead (0.05 s).
``tests/engine/test_order_verbs.py`` checks that the table is the registry's, in its order, and
prints the table to paste here when an order is added, renamed or its usage changes.
"""

from __future__ import annotations

from campaign.rules.ids import ORDER_GIVERS

#: Who may type orders: the two players and the referee.
TYPISTS = ORDER_GIVERS

#: The usage of each order a player gives (``VERB ARGUMENTS``), in the registry's order.
PLAYER_USAGES = (
    "end-phase",
    "pass",
    "place-neutral SYSTEM",
    "buy KIND [COUNT]",
    "deploy UNITS LOCATION",
    "maintain [UNPAID|-] [RECOVER|-]",
    "conscript SYSTEM",
    "rebuild UNIT",
    "produce KIND [COUNT] [LOCATION]",
    "launch BATTLE FIGHTERS",
    "range BATTLE",
    "choose-range BATTLE R",
    "target BATTLE UNITS [ENGAGEMENTS]",
    "assign BATTLE ENGAGEMENTS",
    "declare BATTLE CLOSE SHORT MULTIPLE RETURNS",
    "fire BATTLE",
    "withdraw BATTLE DEST",
    "stay BATTLE",
    "join-battle SYS UNITS",
    "remove-losses SYS UNITS",
    "interact SYS LAND BOMBARD DROPS",
    "pd-fire SYS PD>SHIP",
    "lift-off SYS UNITS",
    "jump STACK PATH",
    "sublight STACK SYSTEM",
    "end-move STACK",
    "leave-box STACK",
    "load CARGO CARRIER",
    "unload CARGO",
    "install-pd PD SYSTEM",
    "form-stack LABEL UNITS",
    "split-stack STACK LABEL UNITS",
    "merge-stacks STACK OTHERS",
    "seal-deck DIGEST",
    "share CARD SHARE",
    "reveal CARD LABEL",
)

#: The usage of each order only the referee gives, in the registry's order.
REFEREE_USAGES = (
    "stepping manual|auto",
    "neutral-draw table|tool",
    'set-ru SIDE RU "REASON"',
    'adjust-unit UNIT LOCATION yes|no|- "REASON"',
    "referee-assign BATTLE ENGAGEMENTS",
)

#: The verbs a player gives, and those only the referee gives, in the registry's order.
PLAYER_VERBS = tuple(usage.split()[0] for usage in PLAYER_USAGES)
REFEREE_VERBS = tuple(usage.split()[0] for usage in REFEREE_USAGES)
#: Each verb's usage (``buy`` -> ``buy KIND [COUNT]``).
USAGES = {usage.split()[0]: usage for usage in PLAYER_USAGES + REFEREE_USAGES}

#: The verbs that take no argument (``aslan pass``): completing one closes the order's quote;
#: after any other verb the quote stays open for the arguments.
BARE_VERBS = tuple(usage for usage in PLAYER_USAGES + REFEREE_USAGES if " " not in usage)


def order_words(
    player_verbs: tuple[str, ...] = PLAYER_VERBS,
    referee_verbs: tuple[str, ...] = REFEREE_VERBS,
    *,
    typists: tuple[str, ...] | list[str] = TYPISTS,
) -> list[str]:
    """``SIDE VERB`` for every verb that side may give, for the order givers ``typists`` (those
    the seat may type for: ``campaign.app.lookup.order_givers``); the rest of an order is the
    player's."""
    return [
        f"{side} {verb}"
        for side in typists
        for verb in (referee_verbs if side == "referee" else player_verbs)
    ]
