"""Starting a campaign with every option of ``campaign new``, for the CLI and the TUI alike.

``campaign new`` took layout, seed, dice mode, manual stepping, fair mode and the side this
database plays by e-mail; the TUI's new-campaign dialog offered only name, layout and seed, so a
referee had to go to the CLI to start the campaign he came for (issue 44 item 5). Both front
ends now fill a ``NewCampaignOptions`` and call ``start_campaign``: the same checks (a side or
fair mode is for play by e-mail, not physical dice), the same order of steps (create, then
``referee stepping manual``, then the side claimed), the same refusals.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from msgspec import Struct

from campaign.app.campaigns import Loaded, fair_dice_refusal
from campaign.rules.ids import Side

if TYPE_CHECKING:
    from campaign.app import CampaignService

#: The layouts offered by name (``random``: random assembly, DN-MAP-5).
LAYOUT_CHOICES = ("standard", "demo", "random")
#: Who rolls, as ``campaign new --dice`` takes it.
DICE_CHOICES = ("seeded", "physical", "commit-reveal", "strict")


class NewCampaignOptions(Struct, frozen=True):
    """Everything ``campaign new`` takes (``as_side``: the side this database plays by e-mail)."""

    name: str
    layout: str = "standard"
    seed: int | None = None
    dice: str | None = None  # None: seeded, or strict with ``fair`` (issue 42)
    manual_steps: bool = False
    fair: bool = False
    as_side: Side | None = None
    neutrals: str = "tool"  # "table": drawn from the boxed game's pile (issue 45)

    def problem(self) -> str | None:
        """Why these options do not go together, or ``None``."""
        refusal = fair_dice_refusal(self.dice) if self.fair else None
        if refusal is not None:
            return refusal
        if self.as_side is not None and self.dice == "physical":
            return (
                "--as is for play by e-mail; a campaign with physical dice is played at "
                "the table (use --dice commit-reveal or seeded)"
            )
        if self.neutrals == "table" and (self.fair or self.as_side is not None):
            return (
                "--neutrals table is for a game at the table: by e-mail the machines draw "
                "the neutral counters"
            )
        return None

    def summary(self, loaded: Loaded) -> str:
        """One line saying what was created."""
        return (
            f"campaign {self.name!r} created: layout {loaded.row.layout}, "
            f"{len(loaded.ruleset.star_map.sections)} sections, event {loaded.head.seq}"
            + (", manual stepping" if self.manual_steps else "")
            + (", neutral counters drawn at the table" if self.neutrals == "table" else "")
            + (
                f", fair mode (face-down counters shuffled jointly by turn file), "
                f"{loaded.dice_mode} dice"
                if self.fair
                else ""
            )
        )


class Started(NamedTuple):
    """A campaign just created, and what its player must do about keys (fair mode)."""

    loaded: Loaded
    notes: list[str]


def start_campaign(service: CampaignService, options: NewCampaignOptions) -> Started:
    """Create the campaign of ``options`` in ``service``; ``ValueError``
    when the options do not go together (nothing created), else the service's own refusals.
    In fair mode the player's key pair is made if he has none (issue 42 item 4: every file
    is signed), and the notes say how to exchange public keys."""
    problem = options.problem()
    if problem is not None:
        raise ValueError(problem)
    loaded = service.create(
        options.name,
        layout=options.layout,
        seed=options.seed,
        dice_mode=options.dice,
        fair=options.fair,
    )
    if options.manual_steps:
        service.order(options.name, "referee stepping manual")
    if options.neutrals == "table":
        service.order(options.name, "referee neutral-draw table")
    if options.manual_steps or options.neutrals == "table":
        loaded = service.load(options.name)  # the summary's event: after those orders too
    if options.as_side is not None:
        from campaign.app.mail import PbemService  # the turn-file machinery, only when needed

        PbemService(service).claim_side(options.name, options.as_side)
    return Started(loaded, fair_keys(options) if options.fair else [])


def fair_keys(options: NewCampaignOptions) -> list[str]:
    """Fair mode: the player's key pair made in the keys home if he has none, and how to
    exchange public keys (``campaign.app.mail.keys``)."""
    from campaign.app.mail.keys import keys_home, prepare

    home = keys_home()
    if options.as_side is None:
        return [
            f"fair mode signs every turn file: make your key pair with `campaign keygen "
            f"SIDE --dir {home}` and send SIDE.pub to the other player "
            '(docs/turn-files.md, "Keys in fair mode")'
        ]
    return prepare(home, options.name, options.as_side.value)
