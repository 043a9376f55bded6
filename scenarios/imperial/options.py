"""Rules switches of the Imperial module. Defaults follow the teaching guide (the seed); each
switch names the published-game (or house) reading it selects. See ``docs/imperial.md``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """One game's variant: seats, deal seed and switches (all hashed into the position text)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(4, ge=2, le=6)
    seed: int = 0
    #: IMP-8 switch: the governor may top up a short treasury to build a factory.
    factory_top_up: bool = False
    #: IMP-16 guide: production also places tax chips where units are produced (these lie in
    #: the homeland, so they need ``home_chips`` too).
    production_chips: bool = True
    #: IMP-16 guide: chips are placed in the nation's own homeland too (published: neutral only).
    home_chips: bool = True
    #: IMP-20 spec reading: when the game ends on a Taxation reached by passing Investor, the
    #: interest is still paid; False = neither interest nor investor step.
    end_pass_pays_interest: bool = True
    #: IMP-11 published reading: convoying does not use the fleet's maneuver step, so a fleet
    #: may convoy and then move. Guide (default): the convoy counts as the fleet's one action;
    #: a fleet may still move first and then convoy in the sea it entered.
    convoy_keeps_fleet_move: bool = False
    #: Map switch: join Norway and Denmark (one public implementation does).
    norway_denmark: bool = False
    #: House safeguard: the game ends (and is scored) after this many nation turns.
    max_turns: int = Field(400, ge=1)
