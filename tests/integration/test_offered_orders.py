"""Issue 16 item 9 (DN-SEQ-2): every order type offered by ``legal_orders`` (what ``status`` and
the TUI palette list) has at least one accepted form at that moment.

Random play (``tests.integration.driver``) of a standard campaign; at every few orders, for each
side and each offered verb, concrete forms are generated from the state and tried with
``engine.decide`` on the current state (nothing is applied). A verb offered with no accepted form
fails the test, naming the phase and the refusals. Run time is bounded: one campaign, one game
turn, a check every third order (a few seconds).
"""

from __future__ import annotations

import pytest

from campaign.rules import engine
from campaign.rules.combat import book
from campaign.rules.dice import SeededSource
from campaign.rules.errors import CampaignError
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.movement import move_options, offers, stacks_of
from campaign.rules.notation import parse_order
from tests.integration.driver import Driver
from tests.rulesets import sample

CHECK_EVERY = 3
TRIES = 4  # calls of each random candidate maker


def _forms(driver: Driver, side: Side, verb: str) -> list[str]:
    """Concrete texts of ``verb`` for ``side`` now: the driver's candidate makers (called a few
    times, they sample) plus exhaustive forms for the verbs the makers leave out."""
    state = driver.state
    extra: list[str] = []
    if verb in ("end-phase", "pass"):
        extra = [verb]
    elif verb == "sublight":
        for what in offers._groups(state, driver.ruleset, side):
            extra += [
                f"sublight {what} {there}"
                for there in driver.ruleset.star_map.hex_neighbours(
                    offers._place_of(state, side, what)
                )
            ]
    elif verb == "jump":
        for what in driver._movers(side):
            options = move_options(state, driver.ruleset, side, what)
            extra += [
                f"jump {what} {','.join(d.path)}"
                for d in options.legal.values()
                if d.mode == "jump"
            ]
    elif verb in ("choose-range", "fire", "stay", "withdraw", "assign", "range"):
        for bid in book.battles(state):
            extra += [
                f"choose-range {bid} long",
                f"fire {bid}",
                f"stay {bid}",
                f"assign {bid} auto",
                f"range {bid}",
                f"withdraw {bid} box",
            ]
            extra += [
                f"withdraw {bid} {n}" for n in driver.ruleset.star_map.neighbours(bid.split("/")[0])
            ]
    elif verb in ("end-move", "leave-box"):
        extra = [f"{verb} {what}" for what in offers._groups(state, driver.ruleset, side)]
    elif verb == "form-stack":
        extra = [f"form-stack zz {u.id}" for u in offers._ships(state, driver.ruleset, side)]
    elif verb == "split-stack":
        extra = [
            f"split-stack {label} - {members[0]}"
            for label, members in stacks_of(state, side).items()
        ]
    elif verb in ("launch", "declare"):
        extra = [f"launch {bid}" for bid in book.battles(state)]
        extra += [f"declare {bid} - - - -" for bid in book.battles(state)]
    elif verb == "load":
        extra = [
            f"load {o.cargo} {o.carrier}"
            for o in offers._cargo_candidates(state, driver.ruleset, side)
        ]
    elif verb == "merge-stacks":
        groups = offers._groups(state, driver.ruleset, side)
        extra = [
            f"merge-stacks {a} {b}"
            for a in groups
            for b in groups
            if a != b and offers._place_of(state, side, a) == offers._place_of(state, side, b)
        ]
    elif verb == "target":
        for bid, rec in book.battles(state).items():
            battle = book.battle_of(rec)
            count = len(book.draft_of(rec).engagements)
            for unit in battle.side_units(side):
                extra += [f"target {bid} {unit.uid}"]
                extra += [f"target {bid} {unit.uid} {k}" for k in range(1, count + 1)]
    elif verb == "remove-losses":
        extra = [t.split(" ", 1)[1] for t in driver._pending_losses() if t.startswith(side.value)]
    elif verb == "interact":
        for system in sorted({u.location.system or "" for u in driver._ships_on_map(side)}):
            ships = [u.id for u in driver._ships_on_map(side) if u.location.system == system]
            extra += [f"interact {system} - - -"]
            extra += [f"interact {system} {ship} - -" for ship in ships]
    elif verb == "pd-fire":
        extra = [t.split(" ", 1)[1] for t in driver._pending_pd() if t.startswith(side.value)]
    maker = getattr(driver, "_c_" + verb.replace("-", "_"), None)
    made: list[str] = []
    for _ in range(TRIES if maker is not None else 0):
        made += maker(side)
    return [t for t in dict.fromkeys([*made, *extra]) if t.split(" ", 1)[0] == verb]


def _accepted(driver: Driver, side: Side, text: str) -> str | None:
    """``None`` if ``text`` is accepted now, else the refusal."""
    try:
        engine.decide(
            driver.state, parse_order(f"{side.value} {text}"), driver.ruleset, SeededSource("probe")
        )
    except CampaignError as error:
        return str(error)
    return None


def _unaccepted_offers(driver: Driver) -> list[str]:
    problems = []
    for side in PLAYER_SIDES:
        for legal in engine.legal_orders(driver.state, side, driver.ruleset):
            forms = _forms(driver, side, legal.verb)
            refusals = [_accepted(driver, side, text) for text in forms]
            if not forms or all(r is not None for r in refusals):
                where = f"{driver.state.phase.value}/{driver.state.sub_phase}"
                sample = "; ".join(f"{t} -> {r}" for t, r in zip(forms, refusals, strict=False))
                problems.append(
                    f"{side.value} {legal.verb} offered at {where} "
                    f"(turn {driver.state.turn}) but no form accepted: "
                    f"{sample[:400] or 'no form generated'}"
                )
    return problems


@pytest.mark.slow
def test_every_offered_order_has_an_accepted_form_during_random_play():
    # DN-SEQ-2 (issue 16 item 9): status/palette never offer an order that is always refused
    driver = Driver(sample(), seed=16)
    problems: list[str] = []
    orders = 0
    while driver.state.turn <= 1 and orders < 1500:
        if orders % CHECK_EVERY == 0:
            problems += _unaccepted_offers(driver)
        driver.step()
        orders += 1
    assert driver.state.turn > 1, "the random game did not complete a game turn"
    assert not problems, "\n".join(dict.fromkeys(problems))
