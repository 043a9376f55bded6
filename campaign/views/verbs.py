"""The verbs of every order, as a fixed table: shell completion offers them on every Tab.

``campaign.views.orders.registry_verbs`` reads them from the order registry, which loads every
rules module (0.19 s CPU per Tab, issue 47 item 2); completion reads this table instead (0.05 s).
``tests/engine/test_order_verbs.py`` checks that the table is the registry's, in its order, and
prints the table to paste here when an order is added or renamed.
"""

from __future__ import annotations

from campaign.rules.ids import ORDER_GIVERS

#: Who may type orders: the two players and the referee.
TYPISTS = ORDER_GIVERS

#: The verbs a player gives, in the registry's order.
PLAYER_VERBS = (
    "end-phase",
    "pass",
    "place-neutral",
    "buy",
    "deploy",
    "maintain",
    "conscript",
    "rebuild",
    "produce",
    "launch",
    "range",
    "choose-range",
    "target",
    "assign",
    "declare",
    "fire",
    "withdraw",
    "stay",
    "join-battle",
    "remove-losses",
    "interact",
    "pd-fire",
    "lift-off",
    "jump",
    "sublight",
    "end-move",
    "leave-box",
    "load",
    "unload",
    "install-pd",
    "form-stack",
    "split-stack",
    "merge-stacks",
    "seal-deck",
    "share",
    "reveal",
)

#: The verbs only the referee gives, in the registry's order.
REFEREE_VERBS = (
    "stepping",
    "neutral-draw",
    "set-ru",
    "adjust-unit",
    "referee-assign",
)


#: The verbs that take no argument (``aslan pass``): completing one closes the order's quote;
#: after any other verb the quote stays open for the arguments.
BARE_VERBS = ("end-phase", "pass")


def order_words(
    player_verbs: tuple[str, ...] = PLAYER_VERBS, referee_verbs: tuple[str, ...] = REFEREE_VERBS
) -> list[str]:
    """``SIDE VERB`` for every verb that side may give; the rest of an order is the player's."""
    return [
        f"{side} {verb}"
        for side in TYPISTS
        for verb in (referee_verbs if side == "referee" else player_verbs)
    ]
