"""Rules switches of the Imperial module. Defaults follow the teaching guide (the seed); each
switch names the published-game (or house) reading it selects. Named presets (``PRESETS``) set
several switches at once. See ``docs/imperial.md``."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """One game's variant: seats, deal seed and switches (all hashed into the position text)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    players: int = Field(default=4, ge=2, le=6)
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
    max_turns: int = Field(default=400, ge=1)


#: Named rule presets: every switch each one sets (issue 21). ``guide`` is the default of every
#: switch (the teaching guide, the spec's reading); ``published`` is the published game's reading
#: wherever a switch offers one. The map switch ``norway_denmark`` stays off in both (the spec:
#: keep it out until the printed board settles it).
PRESETS: dict[str, dict[str, bool]] = {
    "guide": {
        "factory_top_up": False,
        "production_chips": True,
        "home_chips": True,
        "end_pass_pays_interest": True,
        "convoy_keeps_fleet_move": False,
        "norway_denmark": False,
    },
    "published": {
        "factory_top_up": True,
        "production_chips": False,
        "home_chips": False,
        "end_pass_pays_interest": False,
        "convoy_keeps_fleet_move": False,
        "norway_denmark": False,
    },
}
DEFAULT_PRESET = "guide"


def preset_switches(name: str) -> dict[str, bool]:
    """The switches a preset sets (ValueError naming the known presets for an unknown name)."""
    if name not in PRESETS:
        raise ValueError(f"unknown rules preset {name!r} (known: {', '.join(PRESETS)})")
    return dict(PRESETS[name])


def options_for(preset: str | None = None, **settings: object) -> Options:
    """Options from a preset (default ``guide``) with any switch or setting overriding it."""
    values: dict[str, object] = dict(preset_switches(preset or DEFAULT_PRESET))
    values.update(settings)
    return Options(**values)  # type: ignore[arg-type]


def preset_of(options: Options) -> str | None:
    """The preset whose switches ``options`` has exactly, or ``None`` for a custom mix."""
    for name, switches in PRESETS.items():
        if all(getattr(options, key) == value for key, value in switches.items()):
            return name
    return None
