"""Issue 41 item 3 (import notes, by-mail play fair and not), DN-NEU-1: what an import tells a
player depends only on what the rules let that player know.

Two games by turn files are played with the same orders, the same dice and the same machine
randomness; they differ only in what the shuffle dealt to counters that stay face down. The
second game's unit table has two pairs of monitor rows swapped (the same counters, so the same
game), so the same shuffle deals the other monitor of a pair wherever the first game has one.
Every counter's back (hex or box, which the placement shows) and the kinds the rules reveal
(Beacon's counter, by conscription) stay the same; so does every public effect, since a monitor
blocks a jump and fights like any face-down monitor until it is revealed.

- **Fair mode**: no machine knows a kind until the rules call its reveal; the swapped monitors
  sit at Lantern, which no unit contacts.
- **Not fair** (one referee's truth in each database, DN-NEU-1 kept by the views): both machines
  know every kind; the views alone must keep the difference from the players. Nobody moves
  (the dice deal other counters than in fair mode, and a battle with a swapped monitor would
  show its strength by its results, as the rules do); the imports carry the placement, the
  set-up and two game turns of income and maintenance.

Every line an export or an import printed, every note, order text, story sentence and die that
every import showed each player must then
be the same, byte for byte, in both games, once the machines' cryptographic values are set
aside: a share (a card's key) and the sealed deck's digest are hex strings that change with the
deck's encoding and the machines' randomness and tell no kind (ADR 0028); they are replaced by
``<hex>`` before comparing. The precondition is checked from the databases' truth (fair mode:
the cards opened with both machines' keys, which no player can do during the game).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable

import pytest

from campaign.pbem.fair.reveal import open_card
from campaign.rules import fairplay
from campaign.rules.ids import Side
from campaign.rules.ruleset import Ruleset
from campaign.rules.views import neutral_aliases
from tests.fair.by_mail import (
    CAMPAIGN,
    FIRST,
    PLACES,
    SETUP,
    MailTable,
    play_on,
    play_to_conscription,
)
from tests.rulesets import sample as standard_ruleset

#: Monitor rows the second game's unit table exchanges (each kind has one counter).
SWAPPED = {"neutral:M-8-2-7": "neutral:M-9-2-7", "neutral:M-8-0-7": "neutral:M-0-8-8"}
#: A key or a digest as printed: 64 hex digits, or the first 12 and an ellipsis.
CRYPTO_VALUE = re.compile(r"\b[0-9a-f]{64}\b|\b[0-9a-f]{12}…")
#: The state digest an import ends with: the digest of the player's view (it was the whole
#: state's until found by use). Not fair, it is compared as it is: no face-down kind is in the
#: view. In fair mode the state also holds the machines' random shares and sealed deck, which
#: differ between the two games and tell no kind, so it is set aside there.
VIEW_DIGEST = re.compile(r"(?<=state digest )[0-9a-f]{12}\b")
REVEALED = ("N-X-2",)  # Beacon's counter: the conscription reveals it (DN-NEU-2)
PLACED = tuple(f"N-X-{n}" for n in range(1, 9))


def swapped_table(layout: str, seed: int | None) -> Ruleset:
    """The standard ruleset with the unit table's rows of ``SWAPPED`` exchanged."""
    ruleset = standard_ruleset(layout, seed)
    swap = SWAPPED | {b: a for a, b in SWAPPED.items()}
    by_kind = {unit.kind: unit for unit in ruleset.units}
    units = tuple(by_kind[swap.get(unit.kind, unit.kind)] for unit in ruleset.units)
    return ruleset.model_copy(update={"units": units})


def true_kinds(table: MailTable) -> dict[str, str]:
    """Every placed counter's kind as the truth has it (fair mode: opened with both machines'
    keys, the end-of-game view), without its copy number."""
    machine = table.machines[FIRST]
    loaded = machine.service.load(CAMPAIGN)
    if not table.fair:  # the database holds the kinds, under real ids the views alias
        real = {alias: uid for uid, alias in neutral_aliases(loaded.state).items()}
        return {alias: loaded.state.units[real[alias]].kind for alias in PLACED}
    public = fairplay.decks(loaded.ruleset)
    deck = machine.pbem.fair.deck(machine.pbem.record(CAMPAIGN), loaded.state.campaign_id, public)
    assert deck is not None
    keys = [m.pbem.fair.secrets(m.pbem.record(CAMPAIGN), public) for m in table.machines.values()]
    kinds = {}
    for uid in PLACED:
        card = fairplay.card_of(loaded.state, uid)
        label = open_card(deck, card, {s.side: s.share(card) for s in keys if s is not None})
        kinds[uid] = label.split("/")[0]  # "neutral:PD/4": the kind, not the copy
    return kinds


def where(table: MailTable) -> dict[str, tuple[str | None, str]]:
    """Where each placed counter stands (system, hex or box): public since its placement."""
    state = table.machines[FIRST].state()
    real = {alias: uid for uid, alias in neutral_aliases(state).items()}
    return {
        alias: (
            state.units[real.get(alias, alias)].location.system,
            state.units[real.get(alias, alias)].location.where.value,
        )
        for alias in PLACED
    }


def told(table: MailTable, side: Side) -> list[str]:
    """What every import told ``side``, cryptographic values set aside."""
    texts = [CRYPTO_VALUE.sub("<hex>", text) for seat, text in table.told if seat is side]
    return [VIEW_DIGEST.sub("<hex>", text) for text in texts] if table.fair else texts


def play_without_contact(table: MailTable) -> None:
    """The placement and the set-up, then ``pass`` (maintenance paid and rolled by default)
    until game turn 3."""
    for number, system in enumerate(PLACES):
        table.play(f"{('solomani', 'aslan')[number % 2]} place-neutral {system}")
    for text in SETUP:
        table.play(text)
    table.until(lambda state: state.turn >= 3, verb="pass")
    table.settle()


@pytest.fixture(scope="module", params=[True, False], ids=["fair", "not-fair"])
def games(
    request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory
) -> list[MailTable]:
    tables = []
    loader: Callable[..., Ruleset] | None
    for loader in (None, swapped_table):
        table = MailTable(
            tmp_path_factory.mktemp("by-mail"), fair=request.param, ruleset_loader=loader
        )
        if table.fair:
            play_to_conscription(table)
            play_on(table, 3)
        else:
            play_without_contact(table)
        tables.append(table)
    return tables


@pytest.mark.slow
def test_the_two_games_differ_only_in_what_stays_face_down(games: list[MailTable]) -> None:
    first, second = (true_kinds(table) for table in games)
    assert [first[uid] for uid in REVEALED] == [second[uid] for uid in REVEALED]
    assert Counter(first.values()) != Counter(second.values())
    assert where(games[0]) == where(games[1])
    for table in games:  # the counters whose kinds differ are face down on the table
        state = table.machines[FIRST].state()
        real = {alias: uid for uid, alias in neutral_aliases(state).items()}
        assert all(
            state.units[real.get(uid, uid)].face_down for uid in PLACED if first[uid] != second[uid]
        )


@pytest.mark.slow
@pytest.mark.parametrize("side", [Side.ASLAN, Side.SOLOMANI])
def test_every_import_tells_a_player_the_same_in_both_games(
    games: list[MailTable], side: Side
) -> None:
    # DN-NEU-1: import notes, order texts, story sentences and dice, file after file
    one, other = (told(table, side) for table in games)
    assert len(one) > (50 if games[0].fair else 25)
    assert any("conscript" in text for text in one) or not games[0].fair
    assert any("state digest" in text for text in one)  # the import lines are compared
    for number, (seen, also_seen) in enumerate(zip(one, other, strict=True)):
        assert seen == also_seen, f"{side.value}, told #{number}"
    assert games[0].files == games[1].files
