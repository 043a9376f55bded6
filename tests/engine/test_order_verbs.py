"""The fixed table of order usages whose verbs shell completion offers (issue 47 item 2).

Completion reads ``campaign.views.verbs`` so that a Tab does not load the rules engine; the
registry stays the source of truth, and this test fails as soon as the two differ.
"""

from __future__ import annotations

from campaign.rules.registry import order_specs
from campaign.views import verbs
from campaign.views.orders import registry_usages, registry_verbs


def test_the_usage_table_is_the_registry_s_in_its_order():
    """issue 47 item 2: PLAYER_USAGES / REFEREE_USAGES equal the registry's templates (the
    usage a listing of bash's show-all-if-ambiguous shows), so the verbs are its verbs."""
    player, referee = registry_usages()
    assert (player, referee) == (verbs.PLAYER_USAGES, verbs.REFEREE_USAGES), (
        "campaign/views/verbs.py is stale; paste these tables there:\n"
        f"PLAYER_USAGES = {player!r}\nREFEREE_USAGES = {referee!r}"
    )
    assert registry_verbs() == (verbs.PLAYER_VERBS, verbs.REFEREE_VERBS)


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
