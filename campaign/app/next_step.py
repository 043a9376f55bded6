"""What a play-by-e-mail player does next, in one line (issue 42 item 6).

The rules know who must act (``rules.acting``); by e-mail a player also needs to know whether
to export and send a file now, or to wait for the other side's. In fair mode the machines give
shares, reveals and shuffle passes themselves, so "aslan must act" often means "aslan's
machine will answer as soon as your file arrives": the line says which file to send or to
wait for, never an order the machine gives itself.
"""

from __future__ import annotations

import shlex

from campaign.app import Loaded
from campaign.records.ledger_rows import PbemFile
from campaign.rules import fairplay
from campaign.rules.acting import who_must_act
from campaign.rules.ids import Side
from campaign.rules.phases import Phase
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState


def next_step(
    name: str,
    loaded: Loaded,
    own: Side,
    files: list[PbemFile],
    pass_to_send: bool,
    held: bool,
    *,
    orders_above: bool = False,
    signed: bool = False,
) -> str | None:
    """The line for ``own``'s player of campaign ``name`` (None while the game waits for what
    no file of ours carries).

    ``files``: the exchanged files, oldest first; ``pass_to_send``: this side made a shuffle
    pass on import that its next file carries; ``held``: strict dice hold an order of ours
    that ends the next file; ``orders_above``: the line follows a list of the legal orders
    (``campaign status``), else it says where to find them (after ``import``); ``signed``: the
    campaign exchanges signed files, so the export command shown asks for the key (an
    unsigned export is refused; found by use, December 7, night)."""
    other = own.enemy.value
    word = shlex.quote(name)  # a name may hold blanks: the commands are typed as shown
    last = files[-1] if files else None
    number = last.exchange + 1 if last is not None else 1
    export = export_command(word, number, signed)
    if loaded.state.phase is Phase.GAME_OVER:
        return _after_the_end(loaded, last, number, other, export)
    send = f"export now and send file {number} to {other}: `{export}`"
    if last is not None and last.direction == "out":
        return (
            f"file {last.exchange} is sent: wait for {other}'s file {number} and import "
            f"it (`campaign import {word} FILE`)"
        )
    base_seq = (
        last.head_seq if last is not None else max(row.seq for row in loaded.rows if row.batch == 0)
    )
    unsent = loaded.head.seq > base_seq
    if held:
        return f"{send} (it ends with your order held for {other}'s dice)"
    if pass_to_send:
        return f"{send} (it carries your pass {number} of the joint shuffle)"
    ours = [
        duty
        for duty in who_must_act(loaded.state, loaded.ruleset)
        if duty.side is own and duty.orders
    ]
    if ours and not fairplay.pending(loaded.state):
        then = "then export and send" if unsent else "then export"
        legal = "legal orders above" if orders_above else f"`campaign status {word}` lists them"
        return f"your turn: give your orders ({legal}), {then} file {number}"
    if unsent:
        return f"{send}: {other}'s machine needs it to go on"
    if last is not None and hands_over(loaded.state, loaded.ruleset, own):
        return f"{send}: no orders of yours, it hands the turn to {other}"
    if last is None and not ours:  # the other side opens the game (DN-NEU-1: the Solomani)
        return f"wait for {other}'s file 1 and import it (`campaign import {word} FILE`)"
    return None


def export_command(word: str, number: int, signed: bool) -> str:
    """The command that writes file ``number`` of campaign ``word`` (quoted for the shell),
    with ``--sign KEYFILE`` when the campaign exchanges signed files: ``export`` refuses an
    unsigned file there, so a line without it showed a command that fails."""
    sign = " --sign KEYFILE" if signed else ""
    return f"campaign export {word} -o turn-{number}.json{sign}"


def _after_the_end(
    loaded: Loaded, last: PbemFile | None, number: int, other: str, export: str
) -> str:
    """The line once the game is over (DN-VIC-1): send the file that carries the end when
    this machine gave the last orders, else nothing more to do. Found by use (December 7,
    evening): the machine whose order ended the game said nothing, and the other machine
    waited for a file that the first was never told to send."""
    if last is not None and last.direction == "out":
        return GAME_OVER_LINE  # the file we sent carried the end
    base_seq = (
        last.head_seq if last is not None else max(row.seq for row in loaded.rows if row.batch == 0)
    )
    if loaded.head.seq > base_seq:
        return (
            f"the game is over (DN-VIC-1): export now and send file {number} to {other} so "
            f"that its copy ends too: `{export}`"
        )
    return GAME_OVER_LINE


#: The line once the file that carries the end has been exchanged (DN-VIC-1).
GAME_OVER_LINE = "the game is over (DN-VIC-1): nothing more to send or import"


def hands_over(state: CampaignState, ruleset: Ruleset, own: Side) -> bool:
    """True when ``own`` owes the other side a file but has nothing to put in it: the game
    waits for the other side only, which already sent its last file (e.g. strict dice: its
    file decided our held order and the turn passed to it). An empty file then hands the turn
    over; refusing it left both players stuck (one may not send twice, the other had nothing
    to send)."""
    if fairplay.pending(state):
        return False
    duties = who_must_act(state, ruleset)
    return bool(duties) and all(duty.side is own.enemy for duty in duties)
