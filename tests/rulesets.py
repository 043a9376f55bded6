"""The one test ruleset (issue 48 item 5): the shipped rules profile, loaded once per process.

Every test that needs the real profile — units.csv, the combat tables, the sample sections on
the standard layout (or a random one) — takes it from here; the small hand-built map of the
engine tests is ``tests.engine.factory.small_ruleset``. A cached function rather than a pytest
fixture, because the areas' position builders (``tests.economy.game.Game``,
``tests.movement.helpers.Game``) and module-level drivers need it outside a test's arguments.
Rulesets are frozen, so sharing one is safe.
"""

from __future__ import annotations

from functools import cache

from campaign.content import load_ruleset
from campaign.rules.ruleset import HouseRules, Ruleset


@cache
def sample(layout: str | None = None, seed: int | None = None) -> Ruleset:
    """The shipped profile: the standard layout of the sample sections, or ``layout`` (e.g.
    ``"random"`` with ``seed``, DN-MAP-5)."""
    return load_ruleset(None, layout, seed)


def with_rules(base: Ruleset | None = None, **switches: bool) -> Ruleset:
    """``base`` (default: ``sample()``) with some house switches changed."""
    base = base or sample()
    rules = HouseRules(**{**base.house_rules.model_dump(), **switches})
    return base.model_copy(update={"house_rules": rules})
