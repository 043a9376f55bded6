"""Read-only combat views for the UI and the CLI: open battles and their forecasts."""

from __future__ import annotations

from campaign.rules.combat import book
from campaign.rules.combat.forecast import BattleForecast, forecast_battle
from campaign.rules.combat.model import Battle
from campaign.rules.combat.space_orders import face_down_in
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState


def open_battles(state: CampaignState) -> dict[str, Battle]:
    """Battles of the current space sub-phase that are not over, by id."""
    return {bid: rec.battle for bid, rec in book.records(state).items() if rec.is_open}


def battle_stage(state: CampaignState, battle_id: str) -> str:
    """Where the round of ``battle_id`` stands (``range``, ``choose``, ``assign``…)."""
    return book.find(state, battle_id).stage


def forecast_open_battle(
    state: CampaignState,
    ruleset: Ruleset,
    battle_id: str,
    *,
    samples: int = 10_000,
    seed: int = 0,
) -> BattleForecast:
    """Monte Carlo forecast of an open battle as it stands now (pure; see ``forecast``), by the
    policy the game follows for its face-down counters (DN-NEU-1)."""
    battle = book.find(state, battle_id).battle
    return forecast_battle(
        battle,
        ruleset.tables["space_crt"],
        face_down_in(state, battle),
        samples=samples,
        seed=seed,
    )
