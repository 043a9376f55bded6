"""The fixed table of order verbs that shell completion offers (issue 47 item 2).

Completion reads ``campaign.views.verbs`` so that a Tab does not load the rules engine; the
registry stays the source of truth, and this test fails as soon as the two differ.
"""

from __future__ import annotations

from campaign.rules.registry import order_specs
from campaign.views import verbs
from campaign.views.orders import registry_verbs


def test_the_verb_table_is_the_registry_s_in_its_order():
    """issue 47 item 2: PLAYER_VERBS / REFEREE_VERBS equal the registry's verbs."""
    player, referee = registry_verbs()
    assert (player, referee) == (verbs.PLAYER_VERBS, verbs.REFEREE_VERBS), (
        "campaign/views/verbs.py is stale; paste these tables there:\n"
        f"PLAYER_VERBS = {player!r}\nREFEREE_VERBS = {referee!r}"
    )


def test_order_words_are_each_side_then_its_verbs():
    """issue 47 item 2: players get the player verbs, the referee only the referee's."""
    words = verbs.order_words(("jump", "pass"), ("stepping",))
    assert words == [
        "aslan jump",
        "aslan pass",
        "solomani jump",
        "solomani pass",
        "referee stepping",
    ]


def test_the_bare_verbs_are_the_registry_s_orders_without_arguments():
    """Completion closes the quote only after these (docs/completion.md)."""
    bare = tuple(
        spec.verb
        for spec in order_specs()
        if not [name for name in spec.cls.model_fields if name not in ("type", "side")]
    )
    assert bare == verbs.BARE_VERBS
