"""Textual screens for Imperial: the table (nations, bonds, rondel, map, orders, log), the
investor dialog and the final score table. Computer seats play through ``ai.choose``.
"""

from __future__ import annotations

import random
import re
from contextlib import suppress
from pathlib import Path
from typing import Any, NamedTuple

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    Button,
    DataTable,
    Header,
    Input,
    OptionList,
    Select,
    Static,
    TabbedContent,
    TabPane,
)

from scenarios.dialogs import (
    GAMES_TCSS,
    HUMAN,
    GameDialog,
    GameScreen,
    HelpSection,
    MoveList,
    confirm_then,
    game_bindings,
    game_dialog_keys,
    game_keys,
    leave_screen,
    players_line,
    read_players,
    read_resigned,
    read_text_bounded,
    resigned_line,
    tab_keys,
    tab_title,
)
from scenarios.footer import KeysFooter
from scenarios.imperial import ai
from scenarios.imperial import events as ev
from scenarios.imperial.constants import BONDS, NATION_NAMES, NATIONS, RESCUE_PAYMENT, RONDEL
from scenarios.imperial.game import ImperialGame, ImperialState, make_game
from scenarios.imperial.investing import multiplier, rescue_payee, scores, winners
from scenarios.imperial.notation import NOTATION_RULE, order_to_text
from scenarios.imperial.options import DEFAULT_PRESET, PRESETS, preset_of, preset_switches
from scenarios.imperial.record import game_record, parse_game_record
from scenarios.imperial.rules import Order
from scenarios.imperial.state import State
from scenarios.protocol import IllegalActionError, is_number, quoted
from scenarios.saves import PLAYERS_PREFIX, only_line
from scenarios.type_ahead import TypeAheadInput

#: The table's tabs (pane id, name), in the order of their keys 1…5.
TABS = (
    ("tab-nations", "Nations"),
    ("tab-bonds", "Bonds"),
    ("tab-rondel", "Rondel"),
    ("tab-map", "Map"),
    ("tab-log", "Log"),
)

HELP_NOTES = (
    "Pick an order in the list on the right (Enter plays it); the investor dialog opens when "
    "the card holder may buy (IMP-19); it shows each nation's power, c there lets the "
    "computer choose, r shows the scores and u undoes. Computer seats answer in a moment (the "
    "status line says while the computer decides; u takes back meanwhile). The Log "
    "tab names the nation and the player of every order.\n"
    "Tabs: 1 to 5 show Nations, Bonds, Rondel, Map and Log (the number is in each tab's title, "
    "as on the campaign screen) and leave the focus on the orders. Shift+Tab from the orders "
    "reaches the table or log of the tab shown, if it has one (the arrows scroll it, also "
    "sideways to the columns beyond the edge at 80 columns, the first column staying in view), "
    "once more the tab titles, where "
    "← / → switch tabs; Tab goes back to the orders."
)

#: Safety bound on computer decisions per refresh (a whole computer game fits well inside).
MAX_COMPUTER_STEPS = 50_000


class SavedGame(NamedTuple):
    """What a saved game holds: the game, its position, the player who resigned (``# resigned:
    P1``) and who plays each seat (``# players: person normal …``; ``None`` in a save from
    before the line existed)."""

    game: ImperialGame
    position: ImperialState
    resigned: str | None
    players: list[str] | None


def read_game(path: Path) -> SavedGame:
    """The game saved in ``path``; ``ValueError`` naming the file and line (also a players line
    naming two computer levels: the table plays every computer seat at one level)."""
    text = read_text_bounded(path)
    game, position = parse_game_record(text, str(path))
    players = read_players(text, [HUMAN, *ai.LEVELS], rule=NOTATION_RULE, seats=game.num_players)
    if players is not None and len(set(players) - {HUMAN}) > 1:
        # the line read_players read: the refusal names it, as every refusal of a save does
        number, _ = only_line(text, PLAYERS_PREFIX, NOTATION_RULE) or (0, "")
        raise ValueError(
            f"{path}:{number}: {NOTATION_RULE}: {PLAYERS_PREFIX} names computer levels "
            f"{', '.join(sorted(set(players) - {HUMAN}))}: one level plays every computer seat"
        )
    resigned = read_resigned(text, [f"P{p}" for p in range(game.num_players)], rule=NOTATION_RULE)
    return SavedGame(game, position, resigned, players)


def computer_decides(
    position: ImperialState,
    rng: random.Random,
    level: str,
    computer: frozenset[int],
    *,
    person_too: bool = False,
) -> None:
    """Play the computer's orders on ``position`` (``ai.choose`` at ``level``, drawing from
    ``rng``) while a ``computer`` seat decides (``person_too``: the open decision first,
    whoever holds it), until a person decides or the game ends. Runs in the screen's worker
    thread, on a copy of the game."""
    for _ in range(MAX_COMPUTER_STEPS):
        if position.is_terminal() or not (person_too or position.current_player() in computer):
            return
        person_too = False
        position.apply_action(ai.choose(position.state, rng, level))


def thinking_text(state: State) -> str:
    """The status while the computer decides: whose turn and for which player, in one short
    line (the decision's own line and a note after it took two lines at 80 columns, and the
    tables jumped down and back each time the computer answered)."""
    mover = NATION_NAMES.get(state.nation or "", "-")
    player = (state.pending or {}).get("player")
    return f"Turn {state.turns} · {mover} · the computer decides for player {player}…"


def decision_text(state: State) -> str:
    """One line: whose decision, for which nation, of what kind."""
    if state.ended:
        return f"Game over: {state.ended}"
    pending = state.pending or {}
    mover = NATION_NAMES.get(state.nation or "", "-")
    head = f"Turn {state.turns} · {mover} · player {pending.get('player')} decides"
    where = f" at {pending['region']}" if "region" in pending else ""
    if pending.get("kind") == "reply":  # IMP-12: for the nation asked, not the one moving
        asked = NATION_NAMES.get(pending.get("asked") or "", "-")
        return f"{head} for {asked}: fight or peace with {mover}{where}"
    return f"{head}: {pending.get('kind')}{where}"


def log_lines(position: ImperialState, last: int = 30) -> list[str]:
    """The last ``last`` orders, each with the turn, the nation acting and the player deciding
    (read from the position just before the order)."""
    before = ev.fold([], position.base)
    lines = []
    for entry in position.log:
        if entry.order is not None:
            lines.append(log_line(before, entry.order))
        for event in entry.events:
            ev.evolve(before, event)
    return lines[-last:]


def log_line(before: State, order: Order) -> str:
    """One line of the Log tab: the turn, the nation the order is given for, the player
    deciding and the order. A reply to a hostile move (IMP-12) is the asked nation's, given by
    its governor: the line read "T15 France (P3): reply fight", France's move with the player
    of Austria-Hungary, who replied (found by use, December 7, late night)."""
    pending = before.pending or {}
    nation = NATION_NAMES.get(before.nation or "", "-")
    reply = pending.get("kind") == "reply"
    who = NATION_NAMES.get(pending.get("asked") or "", "-") if reply else nation
    line = f"T{before.turns} {who} (P{pending.get('player')}): {order_to_text(order)}"
    return f"{line} to {nation} at {pending.get('region')}" if reply else line


def rondel_text(state: State) -> str:
    """The eight rondel spaces with the nations standing on each."""
    lines = []
    for index, name in enumerate(RONDEL):
        here = [n for n in NATIONS if state.rondel[n] == index]
        lines.append(f"{index} {name:<11} {' '.join(here)}")
    lines.append("start: " + " ".join(n for n in NATIONS if state.rondel[n] is None))
    return "\n".join(lines)


def bond_text(state: State, player: int, nation: str) -> str:
    """A player's bonds in one nation, e.g. ``9+2``."""
    return "+".join(str(c) for c, h in state.bonds[nation].items() if h == player) or "-"


def power_text(power: int) -> str:
    """A nation's power and the multiplier its bonds score with (IMP-21), e.g. ``12 ×2``."""
    return f"{power} ×{multiplier(power)}"


def power_cells(state: State) -> list[str]:
    """Each nation's ``power_text``, in turn order: the first row of the score table and of the
    Bonds tab, under the nations' columns (a player judges a bond by it)."""
    return [power_text(state.power[n]) for n in NATIONS]


def power_line(state: State) -> str:
    """Every nation's power on one line (``Power: AH 12 ×2 · IT 4 ×0 …``): the investor
    dialog's, which covers the tables while a bond is chosen."""
    return "Power: " + " · ".join(f"{n} {power_text(state.power[n])}" for n in NATIONS)


#: The first cell of that row: no wider than "Player", so the final table's last column (the
#: winner) still fits the dialog at 160 columns ("Power ×mult" pushed it past the edge).
POWER_ROW = "Power"


def investor_option_text(state: State, order: Order) -> str:
    """One line of the investor dialog: the purchase, what it costs the player to move and the
    interest it brings (for a trade-in, also the rise: the bond given back loses its own); a
    purchase that takes a player's only flag of a nation at power 0
    names the 1M paid to that player as well (IMP-19), so the cost shown is the cost paid."""
    if order[0] != "buy":
        return "pass"
    _, nation, cost, trade = order
    pay = f"pay {cost - trade}M"
    payee = rescue_payee(state, (state.pending or {})["player"], nation, cost, trade)
    if payee is not None:
        pay += f" + {RESCUE_PAYMENT}M to player {payee}, IMP-19;"
    else:
        pay += ","
    gain = f": +{BONDS[cost] - BONDS[trade]} after the trade-in" if trade else ""
    return f"{order_to_text(order)}  ({pay} interest {BONDS[cost]}{gain})"


#: What the investor dialog answers when the person asks for the computer's choice (its last
#: option, or ``c``): the table lets its computer level decide, as ``c`` does on the table.
COMPUTER_DECIDES: Order = ("computer",)
#: The investor dialog's last option.
COMPUTER_OPTION = "let the computer decide (c)"
#: What the investor dialog answers to ``u``: the table undoes as its own ``u`` does (the
#: dialog took no ``u``, and passing then undoing reopened it: the move before it stayed).
UNDO_REQUEST: Order = ("undo",)


class InvestorDialog(GameDialog[Order]):
    """IMP-19: choose a bond to buy (or trade up to), pass, or let the computer decide."""

    BINDINGS = game_dialog_keys(
        Binding("escape", "pass_turn", "Pass", id="imperial.investor.pass"),
        # the table's words of the shared key vocabulary, with the same keys and actions
        *game_keys("imperial.investor", "computer", "undo", "scores"),
    )
    HELP_TITLE = "investor"

    def __init__(self, state: State, orders: list[Order]) -> None:
        super().__init__()
        self.state = state
        self.orders = orders

    def compose(self) -> ComposeResult:
        player: int = (self.state.pending or {})["player"]  # the dialog opens for a player
        with Vertical(id="imperial-investor"):
            yield Static(f"Investor: player {player}, cash {self.state.cash[player]}M")
            # the dialog covers the tables: the power a bond scores with shows here (IMP-21)
            yield Static(power_line(self.state), id="imperial-investor-power")
            # above the list: below a long one it lay off the screen at 80x24
            yield Static(
                "Enter: choose · c: the computer decides · r: scores · u: undo · Esc: pass",
                classes="dialog-hint",
                id="imperial-investor-hint",
            )
            labels = [investor_option_text(self.state, order) for order in self.orders]
            yield OptionList(*labels, COMPUTER_OPTION, id="imperial-investor-options")

    def on_mount(self) -> None:
        options = self.query_one(OptionList)
        options.highlighted = 0
        options.focus()

    @on(OptionList.OptionSelected)
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        index = event.option_index
        self.dismiss(self.orders[index] if index < len(self.orders) else COMPUTER_DECIDES)

    def action_computer(self) -> None:
        """``c``: the table's computer level makes the choice."""
        self.dismiss(COMPUTER_DECIDES)

    def action_undo(self) -> None:
        """``u``: the table takes back orders as its ``u`` does."""
        self.dismiss(UNDO_REQUEST)

    def action_scores(self) -> None:
        """``r``: the score table as it stands over the dialog (who holds what, each nation's
        power: what a buyer weighs); Esc comes back to the choice."""
        self.app.push_screen(ScoreScreen(self.state))

    def action_pass_turn(self) -> None:
        """Escape: do not buy."""
        self.dismiss(("pass",))


def standings(state: State) -> list[str]:
    """What the score table says of each player (IMP-21). During the game only a score above
    every other leads, equal top scores are "tied for the lead" (one of four tied players read
    "leading", decided by a tie-break nobody sees, issue 44 item 6); at the end the winner, the
    tie-break named when the top scores are equal."""
    points = scores(state)
    top = [p for p, score in enumerate(points) if score == max(points)]
    if state.ended:
        best = winners(state)
        mark = "winner" + (" (tie-break, IMP-21)" if len(top) > 1 else "")
        return [mark if p in best else "" for p in range(len(points))]
    mark = "leading" if len(top) == 1 else f"tied for the lead ({len(top)})"
    return [mark if p in top else "" for p in range(len(points))]


def standing_line(state: State) -> str:
    """The table's last column as one line ("Leading: player 1", "Winner: player 2"): the line
    shows at any width, where the column lies beyond the dialog's edge at 80 columns."""
    marks = standings(state)
    parts = []
    for mark in dict.fromkeys(m for m in marks if m):
        players = [str(p) for p, m in enumerate(marks) if m == mark]
        noun = "player" if len(players) == 1 else "players"
        parts.append(f"{mark[0].upper()}{mark[1:]}: {noun} {', '.join(players)}")
    return "; ".join(parts)


#: A reason's closing rule bracket (" (IMP-20)"): the score's title names its own rule once.
_RULE_BRACKET = re.compile(r"\s*\(IMP-\d+\)$")


class ScoreScreen(GameDialog[None]):
    """IMP-21: the score table, final or as it stands (``resigned``: the player who resigned,
    which ends the game with the scores as they stand)."""

    BINDINGS = game_dialog_keys(Binding("escape", "dismiss", "Close", id="imperial.score.close"))
    HELP_TITLE = "scores"

    def __init__(self, state: State, resigned: str | None = None) -> None:
        super().__init__()
        self.state = state
        self.resigned = resigned

    def title_text(self) -> str:
        """What the table is: the final score, the score when a player resigned, or the score
        so far of a game that goes on."""
        if self.state.ended:
            reason = _RULE_BRACKET.sub("", self.state.ended)
            return f"Final score (IMP-21) — {reason}"
        if self.resigned is not None:
            return (
                f"Score at turn {self.state.turns} — {self.resigned} resigned, the game is over "
                "(Esc closes)"
            )
        return f"Score so far, turn {self.state.turns} — the game goes on (Esc closes)"

    def compose(self) -> ComposeResult:
        with Vertical(id="imperial-score"):
            yield Static(self.title_text(), id="imperial-score-title")
            yield Static(standing_line(self.state), id="imperial-score-standing")
            yield DataTable(id="imperial-score-table", cursor_type="row")

    def on_mount(self) -> None:
        table = self.query_one(DataTable)
        table.add_columns("Player", "Cash (m)", *(f"{n} (m)" for n in NATIONS), "Score (pts)", "")
        marks = standings(self.state)
        table.add_row(POWER_ROW, "", *power_cells(self.state), "", "")
        for player, score in enumerate(scores(self.state)):
            table.add_row(
                str(player),
                str(self.state.cash[player]),
                *(str(self.state.interest(player, n)) for n in NATIONS),
                str(score),
                marks[player],
            )


class ImperialScreen(GameScreen):
    """The Imperial table; seats in ``computer`` are played by the computer. The orders list has
    the focus from the start: Enter plays the highlighted order."""

    GAME_TITLE = "Imperial"
    SAVE_NAME = "imperial.txt"
    AUTO_FOCUS = "#imperial-orders"
    BINDINGS = [
        *game_keys("imperial", "undo", "computer", "scores"),
        *game_bindings("imperial"),
        *tab_keys("imperial", [name for _, name in TABS]),
    ]

    def __init__(
        self,
        players: int = 4,
        seed: int = 0,
        computer: set[int] | None = None,
        preset: str | None = None,
        level: str = ai.DEFAULT_LEVEL,
        **switches: Any,
    ) -> None:
        super().__init__()
        if level not in ai.LEVELS:
            raise ValueError(f"unknown computer level {level!r} (known: {', '.join(ai.LEVELS)})")
        self.level = level
        self.game = make_game(players, seed=seed, preset=preset, **switches)
        self.position: ImperialState = self.game.new_initial_state()
        self.computer = set(range(1, players)) if computer is None else set(computer)
        self.rng = random.Random(seed)
        self.orders: list[Order] = []
        self._dialog_open = False
        #: True while the computer decides in its worker thread (no order is taken meanwhile).
        self.thinking = False
        #: An answer of the computer arrived while another screen was over the table: its
        #: dialog (or the final score) opens when the table is shown again.
        self._decision_waits = False
        #: Counts the positions given to the computer: an answer for an older one (the game
        #: was undone, loaded or left meanwhile) is dropped.
        self._generation = 0
        #: Orders of the game when it was last saved, loaded or started (ask before a loss).
        self._saved_orders = 0

    def compose(self) -> ComposeResult:
        yield Header()
        yield Static("", id="imperial-status")
        with Horizontal(id="imperial-body"):
            titles = [tab_title(index, name) for index, (_, name) in enumerate(TABS)]
            with TabbedContent(id="imperial-tabs"):
                # each table keeps its first column (the nation, player or region) in view
                # while the arrows scroll it sideways: at 80 columns the columns beyond the
                # edge (Flag, Rondel; GB, GE, RU) came into view without the row's name
                # (found by use, December 7)
                with TabPane(titles[0], id="tab-nations"):
                    yield DataTable(id="imperial-nations", cursor_type="row", fixed_columns=1)
                with TabPane(titles[1], id="tab-bonds"):
                    yield DataTable(id="imperial-bonds", cursor_type="row", fixed_columns=1)
                with TabPane(titles[2], id="tab-rondel"):
                    yield Static("", id="imperial-rondel")
                with TabPane(titles[3], id="tab-map"):
                    yield DataTable(id="imperial-map", cursor_type="row", fixed_columns=1)
                with TabPane(titles[4], id="tab-log"), MoveList(id="imperial-log-scroll"):
                    yield Static("", id="imperial-log")
            with Vertical(id="imperial-side"):
                yield Static("Orders (Enter plays)")
                yield OptionList(id="imperial-orders")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Imperial"
        self._show_game_title()
        # what a nation has first, its short name and abbreviated headers: at 80 columns the
        # pane ends after about 48 characters, and Units, Factories and Chips lay beyond it
        # (found by use, as on the Map tab); the flag and the rondel space, also on the Bonds
        # and Rondel tabs, come last
        self.query_one("#imperial-nations", DataTable).add_columns(
            "Nation", "Units", "Fact", "Chips", "Treas", "Power", "Tax", "Flag", "Rondel"
        )
        # the score and the flags before the bonds per nation: at 80 columns they lay beyond
        # the pane's right edge
        self.query_one("#imperial-bonds", DataTable).add_columns(
            "Player", "Cash", "Score", "Flags", *NATIONS
        )
        # the chip and the units right after the name: at 80 columns the pane ends after about
        # 45 characters, and they lay beyond it (the map showed no unit)
        self.query_one("#imperial-map", DataTable).add_columns(
            "Region", "Chip", "Units", "Factory", "Home", "Kind"
        )
        self.advance()

    def _show_game_title(self) -> None:
        rules = preset_of(self.game.options) or "custom"
        self.sub_title = f"{self.game.num_players} players · {rules} rules · computer {self.level}"

    # ------------------------------------------------------------------ play
    @property
    def state(self) -> State:
        """The current position."""
        return self.position.state

    def game_over(self) -> bool:
        """True when the game has ended: by the rules, or a player resigned."""
        return self.resigned is not None or self.position.is_terminal()

    def resigning_side(self) -> str | None:
        """The person who decides now (``P1``), or ``None`` when the game is over."""
        player = self.position.current_player()
        if self.game_over() or player in self.computer or player < 0:
            return None
        return f"P{player}"

    def resignation_result(self, side: str) -> str:
        return "the scores stand as they are (r shows them)"

    def action_resign(self) -> None:
        """``x``: resign, but not while the computer decides (its answer would follow)."""
        if not self.refuse_while_thinking():
            super().action_resign()

    def after_resignation(self) -> None:
        self.refresh_views()
        self.action_scores()

    def play(self, order: Order) -> None:
        """Apply a human order, then let computer seats move, then redraw."""
        if self.refuse_when_over() or self.refuse_while_thinking():
            return
        try:
            self.position.apply_action(order)
        except IllegalActionError as error:
            self.notify(str(error), severity="error")
            return
        self.advance()

    def refuse_when_over(self) -> bool:
        """Say that the game is over when it is; ``True`` then (no order may be given)."""
        if self.game_over():
            self.notify("The game is over (n starts a new one).", severity="warning")
        return self.game_over()

    def refuse_while_thinking(self) -> bool:
        """Say that the computer is deciding when it is; ``True`` then (no order is taken)."""
        if self.thinking:
            self.notify("The computer is deciding: wait for it (u takes back).", severity="warning")
        return self.thinking

    def advance(self, *, person_too: bool = False) -> None:
        """Computer seats decide until a human seat must act or the game ends (``person_too``:
        the computer decides the person's open decision first, ``c``), in a worker thread as
        Imperium Shogi's and Invector's computers do: the screen keeps drawing and reading keys
        meanwhile (it decided on the screen's thread, found by use). Then the tables show
        the decision, and the investor dialog or the final score opens."""
        self._generation += 1
        self.thinking = False
        self._decision_waits = False
        if self.game_over() or not (person_too or self.position.current_player() in self.computer):
            self._show_decision()
            return
        generation = self._generation
        position = self.position.clone()
        rng = random.Random()
        rng.setstate(self.rng.getstate())  # the answer takes the generator's state along
        computer, level = frozenset(self.computer), self.level

        def think() -> None:
            computer_decides(position, rng, level, computer, person_too=person_too)
            with suppress(RuntimeError):  # the app closed while the computer was deciding
                self.app.call_from_thread(self._computer_decided, generation, position, rng)

        self.thinking = True
        self.refresh_views()
        self.run_worker(think, thread=True, group="imperial-ai", name="imperial-ai")

    def _computer_decided(
        self, generation: int, position: ImperialState, rng: random.Random
    ) -> None:
        """The computer's orders arrived: they are the game's unless it changed meanwhile."""
        if not self.is_attached or generation != self._generation:
            return
        self.thinking = False
        self.position, self.rng = position, rng
        if self.app.screen is not self:  # the help or the set-up over it: nothing goes over them
            self.refresh_views()
            self._decision_waits = True
            return
        self._show_decision()

    @on(events.ScreenResume)
    def _resumed(self) -> None:
        """Back on the table: the dialog or final score an answer of the computer brought while
        another screen was over the table opens now (it opened over the help, or over the
        set-up of a new game)."""
        if self._decision_waits:
            self._decision_waits = False
            self._show_decision()

    def _show_decision(self) -> None:
        """Redraw; the final score at the end, the investor dialog at a person's investment."""
        self.refresh_views()
        if self.position.is_terminal():
            self.app.push_screen(ScoreScreen(self.state))
        elif (
            (self.state.pending or {}).get("kind") == "invest"
            and not self._dialog_open
            and not self.game_over()  # a loaded save may say a player resigned here
        ):
            self._open_investor()

    def _open_investor(self) -> None:
        self._dialog_open = True

        def chosen(order: Order | None) -> None:
            self._dialog_open = False
            if order == COMPUTER_DECIDES:
                self.action_computer()
            elif order == UNDO_REQUEST:
                self.action_undo()
                if not self._dialog_open:  # nothing taken back: the decision is asked again
                    self.advance()
            elif order is not None:
                self.play(order)

        self.app.push_screen(InvestorDialog(self.state, self.position.legal_actions()), chosen)

    @on(OptionList.OptionSelected, "#imperial-orders")
    def _order_chosen(self, event: OptionList.OptionSelected) -> None:
        if 0 <= event.option_index < len(self.orders):
            self.play(self.orders[event.option_index])

    def action_undo(self) -> None:
        """Take back orders until a human seat decides again (the computer's answers too), and
        nothing when no person has given an order yet; after a resignation, the resignation
        only."""
        if self.take_back_resignation():
            self.advance()
            return
        earlier = self.position.clone()
        try:
            earlier.undo()
            while earlier.current_player() in self.computer and earlier.orders():
                earlier.undo()
        except IllegalActionError as error:
            self.notify(str(error), severity="warning")
            return
        if earlier.current_player() in self.computer:
            # back at the start with a computer seat to decide: no person's order to take back
            # (taking the computers' orders back left the game waiting for nobody)
            self.notify(
                "Nothing to undo: no person has given an order yet (the computer seats' orders "
                "are taken back only with a person's).",
                severity="warning",
            )
            return
        self.position = earlier
        self.advance()  # an investor decision opens its dialog again (IMP-19)

    def action_computer(self) -> None:
        """Let the computer decide the open decision for whoever holds it (once the game is
        over it says so: the key did nothing)."""
        if not self.refuse_when_over() and not self.refuse_while_thinking():
            self.advance(person_too=True)

    def action_show_tab(self, index: int) -> None:
        """Show tab ``index`` (0 Nations … 4 Log), the campaign screen's digit keys; the focus
        goes to (or stays on) the orders, so Enter still plays the highlighted order (a table
        of the pane being hidden must not keep it)."""
        self.query_one("#imperial-orders", OptionList).focus()
        self.query_one("#imperial-tabs", TabbedContent).active = TABS[index][0]

    def action_scores(self) -> None:
        """Show the score table (final, at a resignation, or as it stands)."""
        self.app.push_screen(ScoreScreen(self.state, self.resigned))

    # ------------------------------------------------------------------ files and leaving
    def unsaved_game(self) -> bool:
        """True when a running game has orders that were not saved (leaving would lose them)."""
        played = len(self.position.orders())
        return played > 0 and not self.game_over() and played != self._saved_orders

    def action_save(self) -> None:
        """Save the start position and every order (the same file dialog as the other games)."""
        self.ask_and_save(
            lambda: (
                game_record(self.game, self.position)
                + "".join(
                    f"{line}\n" for line in [self._players_line(), *resigned_line(self.resigned)]
                )
            ),
            self._mark_saved,
        )

    def _players_line(self) -> str:
        """The save's line naming who plays each seat (a person, or the computer level), so a
        loaded game goes on with the same seats (it was loaded against the table's own)."""
        return players_line(
            [self.level if seat in self.computer else HUMAN for seat in range(self.state.players)]
        )

    def _mark_saved(self) -> None:
        """The game was written: leaving it no longer asks first."""
        self._saved_orders = len(self.position.orders())

    def action_load(self) -> None:
        """Load a saved game (its orders replayed, so undo still works); a bad file changes
        nothing and the message names the line."""

        def use(loaded: SavedGame) -> None:
            self.game, self.position, self.resigned = loaded.game, loaded.position, loaded.resigned
            if loaded.players is None:  # a save from before the players line: the table's seats
                self.computer = {seat for seat in self.computer if seat < self.game.num_players}
            else:
                self.computer = {s for s, kind in enumerate(loaded.players) if kind != HUMAN}
                self.level = next((k for k in loaded.players if k != HUMAN), self.level)
            self._saved_orders = len(self.position.orders())
            self._show_game_title()
            self.advance()

        self.ask_and_load(
            "Load a game and drop the orders not saved?" if self.unsaved_game() else None,
            read_game,
            use,
        )

    def action_new_game(self) -> None:
        """Back to the set-up (asks first when the game has orders not saved)."""
        confirm_then(
            self,
            self.unsaved_game(),
            "Start a new game and drop the orders not saved?",
            # over the game, not in its place: the set-up's Esc goes back to it (found by
            # use, December 7, night: Esc left for the launcher, the game gone)
            lambda: self.app.push_screen(ImperialSetupScreen(over_game=True)),
        )

    def action_leave(self) -> None:
        """Back to the launcher (asks first when the game has orders not saved)."""
        confirm_then(
            self,
            self.unsaved_game(),
            "Leave and drop the orders not saved?",
            self._leave,
        )

    def _leave(self) -> None:
        """Leave; an answer of the computer arriving later is dropped."""
        self._generation += 1
        leave_screen(self)

    def help_sections(self) -> list[HelpSection]:
        """How a turn is played, below the keys."""
        return [HelpSection("notes", "Playing", HELP_NOTES)]

    # ------------------------------------------------------------------ views
    def refresh_views(self) -> None:
        """Redraw every table from the current position."""
        state = self.state
        self.query_one("#imperial-status", Static).update(
            f"Game over: {self.resigned} resigned; {self.resignation_result(self.resigned)}"
            if self.resigned is not None
            else thinking_text(state)
            if self.thinking
            else decision_text(state)
        )
        nations = self.query_one("#imperial-nations", DataTable)
        nations.clear()
        for n in NATIONS:
            flag = state.flags[n]
            space = state.rondel[n]
            nations.add_row(
                n,
                str(len(state.units_of(n))),
                str(len(state.factories_of(n))),
                str(state.chips_of(n)),
                str(state.treasury[n]),
                power_text(state.power[n]),
                "2-5" if state.marker[n] == 5 else str(state.marker[n]),
                "bank" if flag is None else f"P{flag}",
                "-" if space is None else RONDEL[space],
            )
        bonds = self.query_one("#imperial-bonds", DataTable)
        bonds.clear()
        player_scores = scores(state)
        bonds.add_row(POWER_ROW, "", "", "", *power_cells(state))
        for p in range(state.players):
            bonds.add_row(
                f"P{p}" + (" (card)" if state.card == p else ""),
                str(state.cash[p]),
                str(player_scores[p]),
                " ".join(state.flags_of(p)) or "-",
                *(bond_text(state, p, n) for n in NATIONS),
            )
        self.query_one("#imperial-rondel", Static).update(rondel_text(state))
        board = self.query_one("#imperial-map", DataTable)
        board.clear()
        for region in state.board.regions:
            units = state.units_in(region.key)
            board.add_row(
                region.name,
                state.chips.get(region.key, ""),
                " ".join(f"{u.nation}{u.kind}{'!' if u.hostile else ''}" for u in units),
                (region.city or "") + ("*" if region.key in state.factories else ""),
                region.home or "",
                region.kind,
            )
        log = log_lines(self.position)
        self.query_one("#imperial-log", Static).update("\n".join(log) or "(no orders yet)")
        # the newest order stays in view (at 80x24 it was cut off below the pane)
        self.call_after_refresh(
            self.query_one("#imperial-log-scroll", MoveList).scroll_end, animate=False
        )
        options = self.query_one("#imperial-orders", OptionList)
        options.clear_options()
        human = (
            self.position.current_player() not in self.computer
            and not self.game_over()
            and not self.thinking
        )
        self.orders = self.position.legal_actions() if human else []
        options.add_options([order_to_text(o) for o in self.orders])
        if self.orders:
            options.highlighted = 0


def preset_text(name: str) -> str:
    """The switches a rules preset sets, for the set-up screen (one short line each)."""
    switches = preset_switches(name)
    return " · ".join(f"{key} {'on' if value else 'off'}" for key, value in switches.items())


def default_seats(players: int) -> str:
    """The computer seats the set-up offers for ``players``: every seat but seat 0."""
    return ",".join(str(seat) for seat in range(1, players))


#: Most digits of a deal seed: far more than any seed typed at a table, and far below the 4,300
#: digits past which ``int`` refuses with Python's own words (found by use, December 8).
MAX_SEED_DIGITS = 30


def parse_seed(text: str) -> int:
    """The deal seed (IMP-4) from the set-up field: a whole number, maybe negative, of at most
    ``MAX_SEED_DIGITS`` digits; ValueError naming the text (quoted short) otherwise ("--5"
    passed the old check and crashed the screen in ``int``)."""
    text = text.strip()
    digits = text.removeprefix("-")
    if not is_number(digits) or len(digits) > MAX_SEED_DIGITS:
        raise ValueError(
            f"seed {quoted(text)} must be a whole number of at most {MAX_SEED_DIGITS} digits"
        )
    return int(text)


def parse_seats(text: str, players: int) -> set[int]:
    """Seat numbers from ``"1, 2,3"``; ValueError naming the bad entry."""
    seats: set[int] = set()
    for word in text.replace(",", " ").split():
        if not is_number(word) or int(word) >= players:
            raise ValueError(f"computer seat {word!r} must be a number 0-{players - 1}")
        seats.add(int(word))
    return seats


class ImperialSetupScreen(Screen[None]):
    """Choose the number of players, the deal seed and which seats the computer plays."""

    CSS_PATH = GAMES_TCSS
    #: The first choice has the focus when the screen opens (nothing had: the first Enter did
    #: nothing); Tab / Shift+Tab go through the fields, Enter on Start begins.
    AUTO_FOCUS = "#imperial-players"
    BINDINGS = [Binding("escape", "app.pop_screen", "Back", id="imperial.setup.back")]
    #: The number of players chosen (the computer seats' default follows it).
    _players = 4

    def __init__(self, *, over_game: bool = False) -> None:
        """``over_game``: opened by ``n`` over a running game, which Esc goes back to and
        Start replaces (from the launcher the set-up stands alone)."""
        super().__init__()
        self.over_game = over_game

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="imperial-setup"):
            yield Static("Players: 2–6 (with 2 or 3 players the published starts are used)")
            yield Select(
                [(str(n), n) for n in range(2, 7)],  # in order, 4 chosen (was 4, 5, 6, 3, 2)
                value=4,
                allow_blank=False,
                id="imperial-players",
            )
            yield Static("Deal seed")
            yield TypeAheadInput("0", id="imperial-seed")
            yield Static("Computer seats (e.g. 1,2,3; seat 0 sits first)")
            yield TypeAheadInput(default_seats(4), id="imperial-computer")
            with Horizontal(id="imperial-setup-choices"):
                yield Select(
                    [(f"rules: {name}", name) for name in PRESETS],
                    value=DEFAULT_PRESET,
                    allow_blank=False,
                    id="imperial-preset",
                )
                yield Select(
                    [(f"computer: {name}", name) for name in ai.LEVELS],
                    value=ai.DEFAULT_LEVEL,
                    allow_blank=False,
                    id="imperial-level",
                )
            yield Static(preset_text(DEFAULT_PRESET), id="imperial-preset-switches")
            yield Button("Start", id="imperial-start", variant="primary")
        yield KeysFooter(compact=True)

    def on_mount(self) -> None:
        self.title = "Imperial"
        self.sub_title = "new game"

    @on(Select.Changed, "#imperial-players")
    def _players_changed(self, event: Select.Changed) -> None:
        """While the computer seats are the default (every seat but seat 0) they follow the
        number of players (2 players with "1,2,3" was refused at Start); typed seats stay."""
        seats = self.query_one("#imperial-computer", Input)
        players = int(str(event.value))
        if seats.value.replace(" ", "") == default_seats(self._players):
            seats.value = default_seats(players)
        self._players = players

    @on(Select.Changed, "#imperial-preset")
    def _preset_changed(self, event: Select.Changed) -> None:
        self.query_one("#imperial-preset-switches", Static).update(preset_text(str(event.value)))

    @on(Button.Pressed, "#imperial-start")
    def start(self) -> None:
        """Validate the choices and replace this screen by the table."""
        players = int(self.query_one("#imperial-players", Select).value)  # type: ignore[arg-type]
        try:
            seed = parse_seed(self.query_one("#imperial-seed", Input).value)
            computer = parse_seats(self.query_one("#imperial-computer", Input).value, players)
        except ValueError as error:
            self.notify(str(error), severity="error")
            return
        preset = str(self.query_one("#imperial-preset", Select).value)
        level = str(self.query_one("#imperial-level", Select).value)
        if self.over_game:  # the game under this screen is replaced too
            self.app.pop_screen()
        self.app.switch_screen(ImperialScreen(players, seed, computer, preset=preset, level=level))
