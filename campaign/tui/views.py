"""Text of the economy and battle panels, built from the engine's reports (no Textual here).

Kept apart from the screens so the wording is tested on its own and the screens stay small.
"""

from __future__ import annotations

import re
import textwrap
from collections.abc import Callable
from typing import Any

from campaign.rules.errors import CampaignNotFoundError
from campaign.views.battles import BattleRow
from campaign.views.income import IncomeReport
from campaign.views.play import BattleForecast
from campaign.views.upkeep import Upkeep, roll_can_fail
from campaign.views.words import plural

WRAP = 76
#: Seconds between two looks of a screen at the database's change watch (issue 43: a change
#: made anywhere shows within one second; a look with nothing written reads no table).
LIVE_INTERVAL = 0.25


#: A rule id at the start of a message (``DN-MOV-2:``).
RULE_ID = re.compile(r"^[A-Z]{2,}-[A-Z]+-\d+\b")
#: Python's error numbers (``[Errno 2] ``), never shown.
ERRNO = re.compile(r"\[Errno \d+\]\s*")
#: CLI wording in refusals shared with the CLI, as the screen's keys say it (issue 31 item 9).
KEY_WORDING = (
    ("(undo --referee REASON)", "(U: referee undo, with a reason)"),
    ("undo --referee REASON", "U (referee undo, with a reason)"),
    ('(--referee "REASON")', "(the screen asks for the reason)"),
    ("`campaign export`", "x (export)"),
    ("`campaign import`", "i (import)"),
    ("import with --allow-referee", "i (import) again and y when asked"),
    ("confirm that with undo --yes", "u asks first"),
    ("`campaign undo NAME`", "u (undo)"),
)
#: The command line's import of a named campaign and file (`campaign import 'my war' FILE`),
#: which the screen's ``i`` does for the campaign it shows (found by use, December 7, night:
#: only the bare `campaign import` was worded as the key).
IMPORT_COMMAND = re.compile(r"`campaign import [^`]*\bFILE`")
#: A CLI command in a refusal that no key of the screen does (taking a sent turn file back, and
#: then the sender's own referee undo in his database), said as a step on the command line
#: rather than a bare command (docs/tui.md); once, however often the text is worded for the
#: screen.
CLI_ONLY = re.compile(r"`campaign (?:withdraw|undo --yes)[^`]*`(?! on the command line)")


def refusal_text(message: str) -> str:
    """A refusal as the screen shows it: the keys instead of CLI options, a command no key
    does named as a command-line step, no Python error numbers, and always a rule id
    (DN-ERR-1 for input the rules never got to read)."""
    text = ERRNO.sub("", " ".join(message.split()))
    for cli, keys in KEY_WORDING:
        text = text.replace(cli, keys)
    text = IMPORT_COMMAND.sub("i (import)", text)
    text = CLI_ONLY.sub(lambda command: f"{command.group()} on the command line", text)
    return text if RULE_ID.match(text) else f"DN-ERR-1: {text}"


def wrap_line(line: str, width: int = WRAP) -> list[str]:
    """``line`` wrapped at ``width`` columns (``WRAP``: what an 80-column screen leaves a
    tab; the Battle tab passes the width it has), each row after the first indented two more than
    its own indent, never inside a word or an id (``A-CL-1``): left to the terminal, a long
    line went on at the left edge, under the names of the panel (found by use). A line of
    several lines (a round's sentence and its shots) keeps each on a row of its own."""
    rows: list[str] = []
    for part in line.split("\n"):
        body = part.lstrip(" ")
        indent = part[: len(part) - len(body)]
        wrapped = textwrap.wrap(
            body,
            width,
            initial_indent=indent,
            subsequent_indent=indent + "  ",
            break_on_hyphens=False,
            break_long_words=False,
        )
        rows.extend(wrapped or [part])
    return rows


def _wrap(text: str, indent: str = "    ", width: int = WRAP) -> list[str]:
    return wrap_line(indent + text, width)


def income_lines(report: IncomeReport, over: bool = False, width: int = WRAP) -> list[str]:
    """Budget, every controlled box with its Table 3 row, why cut-off boxes are cut (DN-ECO-3/4),
    the sentences wrapped at ``width``; ``over``: the game is over, no income to come
    (DN-VIC-1)."""
    lines = [
        f"[b]{report.side.value}[/b] income (capital {report.capital_name}) — DN-ECO-4",
        f"  budget {report.budget:>3} RU   boxes {report.box_income:>3} RU   "
        f"total {report.income:>3} RU"
        + (f"   treasury now {report.treasury} RU" if report.treasury is not None else ""),
        *_wrap(report.when_collected(over), "  ", width),
    ]
    for box in report.boxes:
        mark = f", {box.mark}" if box.mark else ""
        state = "connected" if box.connected else "[$error]CUT OFF[/]"
        where = f"{box.system_name} (type {box.type}{mark})"
        lines.append(f"  {where:<30} {box.ru:>3} RU  {state}")
        if not box.connected:
            for cut in box.cut_by:  # the reason begins with the system's name (DN-ECO-3)
                lines.extend(_wrap(f"cut at {cut.reason}", width=width))
            if box.no_route:
                lines.extend(
                    _wrap("no usable jump route to the capital at all (DN-ECO-3)", width=width)
                )
    for line in report.not_counted():
        lines.extend(_wrap(line, "  ", width))
    return lines


def upkeep_lines(
    upkeep: list[Upkeep], note: str, system_name: Callable[[str], str], width: int = WRAP
) -> list[str]:
    """Maintenance (DN-ECO-7): ``note`` (due now, resolved, or next and when, wrapped at
    ``width``), then every ship's civilised payment or frontier target number, its system
    named as ``campaign upkeep`` names it (``system_name``: found by use, the tab said "at
    hlirakh")."""
    if not upkeep:
        return ["  no ships on the map"]
    lines = _wrap(f"{note} (DN-ECO-7)", "  ", width)
    for item in upkeep:
        if item.civilised:
            what = f"recovers for {item.recovery} RU" if item.disrupted else f"pay {item.cost} RU"
        else:
            what = f"frontier: 1d6 ≥ {item.maintenance}"
            if not roll_can_fail(item.maintenance):  # no die asked at the table (DN-ECO-7)
                what += ", cannot fail"
        flag = " disrupted" if item.disrupted else ""
        where = system_name(item.system_id)
        lines.append(f"    {item.unit_id:<9} {item.code:<5} at {where:<12} {what}{flag}")
    return lines


def battle_lines(battle: BattleRow, width: int = WRAP) -> list[str]:
    """One open battle of ``campaign battles`` as the viewer may see it, named by its short id
    (``b1``, as orders, the header and the form name it): place, sides, round, stage of the
    round and every unit's factors (``?`` for a face-down counter, DN-NEU-1), wrapped at
    ``width``."""
    lines = [
        f"[b]{battle.short}[/b] at {battle.name}  round {battle.round}  stage: {battle.stage}  "
        f"(attacker {battle.attacker}, defender {battle.defender})"
    ]
    for side in (battle.attacker, battle.defender):
        units = [unit for unit in battle.units if unit.side == side]
        listed = ", ".join(f"{u.id} {u.factors}" + ("*" if u.disrupted else "") for u in units)
        ships = plural(sum(1 for u in units if not u.fighter), "ship")
        lines.extend(_wrap(f"{side} ({ships}): {listed}", "  ", width))
    return lines


def forecast_lines(forecast: BattleForecast) -> list[str]:
    """The Monte Carlo forecast as percentages with their 95 % intervals, naming the label of
    the table it simulates (a house table is never passed off as the boxed game's, DN-DATA-4)."""

    def pct(estimate) -> str:
        return f"{estimate.mean:.0%} ({estimate.low:.0%}–{estimate.high:.0%})"

    return [
        f"  forecast over {forecast.samples} simulated battles on the "
        f"{forecast.table_label.value} space combat table (seed {forecast.seed}):",
        f"    {forecast.attacker.value} (attacker) wins {pct(forecast.attacker_wins)}, "
        f"loses {forecast.attacker_losses.mean:.1f} units",
        f"    {forecast.defender.value} (defender) holds {pct(forecast.defender_holds)}, "
        f"loses {forecast.defender_losses.mean:.1f} units",
        f"    about {forecast.mean_rounds:.1f} rounds",
    ]


#: What each stage of a round waits for, and the order that answers it (docs/rules-combat.md).
STAGE_HINTS = {
    "range": "roll for range: ATTACKER range BATTLE (DN-CBT-1)",
    "choose": "the range roll winner chooses: SIDE choose-range BATTLE long|short (DN-CBT-1)",
    "assign": "targets: defender names, attacker answers — target / assign BATTLE … (DN-CBT-3)",
    "fire": "fire: ATTACKER fire BATTLE (DN-CBT-4)",
    "withdraw": "withdrawal, defender first: SIDE stay|withdraw BATTLE … (DN-CBT-7)",
}


def stage_hint(stage: str) -> str:
    """A sentence telling what the battle waits for now."""
    return STAGE_HINTS.get(stage, f"stage {stage}: see the legal orders (Ctrl+P)")


def leave_deleted(app: Any, name: str) -> None:
    """A screen found its campaign deleted elsewhere: the app says so and closes the screen
    (``CampaignApp.campaign_gone``); a host app without that ends."""
    gone = getattr(app, "campaign_gone", None)
    if callable(gone):
        gone(name)
    else:
        app.exit(return_code=1, message=f"campaign {name!r} was deleted elsewhere")


def caught_up_or_left(app: Any, session: Any) -> bool | None:
    """``session.catch_up()``: whether the campaign changed since the screen last drew it;
    None when it was deleted elsewhere, once the session is closed (no further look) and the
    app has said so (``leave_deleted``). The campaign screen and the table view follow a game
    this way (issue 43)."""
    try:
        changed: bool = session.catch_up()
    except CampaignNotFoundError:
        session.close()
        leave_deleted(app, session.name)
        return None
    return changed
