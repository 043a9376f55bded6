"""The Battle tab: the open battles of the space sub-phase, or the last battle fought, and the
Monte Carlo forecast of an open battle (computed in a worker thread)."""

from __future__ import annotations

from textual import work
from textual.app import ComposeResult
from textual.widgets import LoadingIndicator, Static

from campaign.app.orders import untypable_dice
from campaign.rules.errors import CampaignError
from campaign.rules.ids import HIDDEN_KIND
from campaign.tui.markup import escape
from campaign.tui.session import CampaignSession
from campaign.tui.views import battle_lines, forecast_lines, stage_hint, wrap_line
from campaign.tui.widgets.wrapped_tab import WrappedTab
from campaign.views.words import plural


def dice_line(session: CampaignSession) -> str:
    """What the dice field does for this screen's seat in this campaign: the table's dice
    (a physical-dice campaign: an empty field asks for each die when due), the referee's
    override of the seeded dice, or nothing a player's seat may type (DN-ERR-1)."""
    if session.takes_typed_dice:
        return (
            "Enter the dice rolled at the table in the dice field (d) before sending, or "
            "leave it empty to be asked for each die when it is due."
        )
    mode = session.loaded.dice_mode
    if untypable_dice(session.loaded) is not None:
        return f"The campaign's {mode} dice roll (played by e-mail: no dice are typed in)."
    if session.typed_dice_refusal() is not None:
        return f"The campaign's {mode} dice roll (a player's screen takes no typed dice)."
    return (
        "Enter physical dice in the dice field (d) before sending, or leave it "
        "empty for the seeded dice."
    )


#: The dice line of a fire step whose dice the seat neither sees nor types (DN-NEU-1): the
#: shots by or at a face-down counter. Said wherever such a counter fights, fired at or not
#: and whatever it is (whether a die is rolled at all follows its hidden factors); "no die
#: rolls" was said there (found by use, December 7, night).
CONCEALED_FIRE = (
    "The dice of shots by or at a face-down counter are rolled behind the screen: not shown "
    "here, nor typed (DN-NEU-1)."
)


class BattleTab(WrappedTab):
    """Round, stage, factors and the order that moves each open battle on (``n`` pre-fills
    it); the last battle's sentences when none is open; ``forecast`` runs in the background."""

    def __init__(
        self,
        session: CampaignSession,
        *,
        name: str | None = None,
        id: str | None = None,
        classes: str | None = None,
    ) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self.session = session
        #: The forecast's lines for the battle as it stands (wrapped at each draw's width).
        self._forecast: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static(id="battle")
        yield LoadingIndicator(id="forecast-loading")
        yield Static(id="forecast")

    def on_mount(self) -> None:
        self.query_one("#forecast-loading").display = False

    def show(self) -> None:
        """Rewrite the battles from the session's campaign (a forecast is for the old
        position, so it goes), from their first line: scrolled down to a forecast, the tab
        stayed there after the next order, the battle's round and stage above its edge
        (found by use, December 7, late night)."""
        self._forecast = []
        self.redraw()
        self.scroll_home(animate=False)

    def draw(self, width: int) -> None:
        """Write the open battles, or the last battle fought, wrapped at ``width``."""
        if not self.session.battles():
            text = (
                "No open battle. Battles open when a combat phase's space sub-phase starts "
                "in a system with both sides' ships (DN-CBT-1)."
            )
            summary = self.session.last_battle()
            if not summary.empty:
                systems = ", ".join(self.session.system_name(s) for s in summary.systems)
                fought = (
                    plural(summary.rounds, "round") + " of space combat"
                    if summary.rounds
                    else "no space combat round (bombardment, landing, ground combat)"
                )
                text += f"\n\n[b]Last battle[/b] at {systems}, {fought}:\n"
                text += "\n".join(
                    escape(row) for line in summary.lines for row in wrap_line(f"  {line}", width)
                )
        else:
            lines = []
            rolling = False  # whether a battle's next step rolls a die
            concealed = False  # whether one's fire is by or at a counter the seat can't name
            for row in self.session.battle_rows():
                battle_id, stage = row.id, row.stage
                concealed = concealed or (
                    stage == "fire" and any(unit.kind == HIDDEN_KIND for unit in row.units)
                )
                lines.extend(battle_lines(row, width))
                for line in self.session.battle_round_lines(battle_id):
                    lines.extend(wrap_line(line, width))
                lines.extend(wrap_line(f"  next: {stage_hint(stage)}", width))
                try:
                    step = self.session.next_battle_order(battle_id)
                except CampaignError as error:
                    lines.extend(escape(row) for row in wrap_line(f"  {error.message}", width))
                    continue
                lines.append(f"  [b]n[/b] pre-fills: {escape(step)}")
                rolls = self.session.dice_needed(step)
                rolling = rolling or bool(rolls)
                if rolls:
                    lines.extend(
                        wrap_line(
                            f"  it rolls {plural(len(rolls), 'die', 'dice')}: {', '.join(rolls)}",
                            width,
                        )
                    )
            # the dice field only where a step rolls (it was offered on choose-range and
            # target too, which roll none: found by use, December 7)
            dice = (
                dice_line(self.session)
                if rolling
                else CONCEALED_FIRE
                if concealed
                else "No battle's next step rolls a die."
            )
            lines.extend(wrap_line(f"{dice}  f: forecast", width))
            text = "\n".join(lines)
        self.query_one("#battle", Static).update(text)
        self.query_one("#forecast", Static).update(
            "\n".join(escape(row) for line in self._forecast for row in wrap_line(line, width))
        )

    def forecast(self, battle_id: str) -> None:
        """Forecast ``battle_id`` as it stands, in the background (a loading indicator shows
        meanwhile), the tab scrolled to its end to show it: under the battle's lines they
        were below the edge at 80x24 (found by use, December 7, late night)."""
        self.query_one("#forecast-loading").display = True
        self.call_after_refresh(self.scroll_end, animate=False)
        self._run_forecast(battle_id)

    @work(thread=True, exclusive=True, group="forecast")
    def _run_forecast(self, battle_id: str) -> None:
        forecast = self.session.forecast(battle_id)
        lines = (
            [
                "  no forecast: a face-down counter fights here, and its strength is hidden "
                "from you (DN-NEU-1)"
            ]
            if forecast is None
            else forecast_lines(forecast)
        )
        self.app.call_from_thread(self._show_forecast, lines)

    def _show_forecast(self, lines: list[str]) -> None:
        """Write the forecast under the battles and scroll the tab to it."""
        self.query_one("#forecast-loading").display = False
        self._forecast = lines
        self.redraw()
        self.call_after_refresh(self.scroll_end, animate=False)
