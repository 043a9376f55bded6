"""The neutrals' automatic choices tell no player what a face-down counter is (DN-NEU-1,
DN-NEU-2, DN-CBT-3, DN-GND-2). Found by use (December 7).

Nobody plays the neutrals: the engine names their units for them, strongest first. Ranked by
their real factors, face-down counters were named in an order that told a player which one
was the monitor and which the transport: "the attacker (aslan) answers N-X-1 with a unit" in
`status`, the Battle tab and `battles` (its `named` and its engagements), while the log only
says "the defender names a face-down neutral". Two games whose face-down counters hold the
same places with their kinds swapped must read the same from either player's seat, step by
step and with the whole assignment left to the engine. The same for the neutrals' ground
losses, removed weakest first: the counter left in the box was the stronger one.
"""

from __future__ import annotations

from campaign.rules.combat import book
from campaign.rules.ids import PLAYER_SIDES, Side
from campaign.rules.phases import Phase, SubPhase
from campaign.rules.views import see
from campaign.views.battles import battles_report
from campaign.views.play import duties_of
from campaign.views.report import acting_line
from campaign.views.units import units_report
from tests.combat.campaign_helpers import Campaign, place
from tests.rulesets import sample

RULESET = sample()
BATTLE = "span/aslan-neutral"


def _battle(first: str, second: str) -> Campaign:
    """Two Aslan light cruisers at Span against face-down counters ``first`` (N-X-1) and
    ``second`` (N-X-2) in its stellar hex; the Aslan win the range roll and choose long."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("A-CL-2", "aslan:CL", "hex:span"),
            place("N-X-1", first, "hex:span", face_down=True),
            place("N-X-2", second, "hex:span", face_down=True),
        ],
        ruleset=RULESET,
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [1, 6])
    assert book.battles(game.state)[BATTLE]["chooser"] == "aslan"
    game.play(f"aslan choose-range {BATTLE} long")
    return game


def _read(game: Campaign, side: Side) -> tuple[str, ...]:
    """What ``side``'s seat reads of the battle and of who must act."""
    seen = see(game.state, side)
    return (
        acting_line(seen, RULESET),
        repr(duties_of(seen, RULESET)),
        battles_report("t", seen, RULESET).model_dump_json(),
    )


def _swapped() -> list[Campaign]:
    return [
        _battle("neutral:M-8-0-7", "neutral:TR"),
        _battle("neutral:TR", "neutral:M-8-0-7"),
    ]


def _same_for_players(games: list[Campaign]) -> None:
    for side in PLAYER_SIDES:
        assert _read(games[0], side) == _read(games[1], side), side.value


def test_the_neutrals_name_face_down_counters_whatever_they_are():
    # DN-CBT-3 step by step: each of the neutrals' steps is taken for them as it comes
    games = _swapped()
    _same_for_players(games)
    for text in (f"aslan target {BATTLE} A-CL-1", f"aslan target {BATTLE} A-CL-2"):
        for game in games:
            game.play(text)
        _same_for_players(games)
    assert all(book.battles(g.state)[BATTLE]["stage"] == "fire" for g in games)


def test_the_default_assignment_pairs_face_down_counters_whatever_they_are():
    # DN-CBT-3 `assign B auto`: the protocol played by the default policy for both sides
    games = _swapped()
    for game in games:
        game.play(f"aslan assign {BATTLE} auto")
    _same_for_players(games)


def test_face_up_neutrals_are_still_named_strongest_first():
    # DN-NEU-2: counters a player can see (turned face up by a conscription that could not
    # be paid) are ranked by what they are, the monitor first
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("N-TR-1", "neutral:TR", "hex:span"),
            place("N-M-1", "neutral:M-8-0-7", "hex:span"),
        ],
        ruleset=RULESET,
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [1, 6])
    game.play(f"aslan choose-range {BATTLE} long")
    assert "answers N-X-2 with a unit" in acting_line(see(game.state, Side.ASLAN), RULESET)


def _ground_combat(first: str, second: str, *, face_down: bool = True) -> Campaign:
    """An Aslan armour unit lands in Span's box, held by counters ``first`` (N-X-1) and
    ``second`` (N-X-2); the ground combat's dice give the neutrals a D (one unit lost) and the
    Aslan no effect, whatever the two are (their strengths add up to the same)."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("A-TR-1", "aslan:TR", "hex:span"),
            place("A-AT-1", "aslan:AT-7", "on:A-TR-1"),
            place("N-X-1", first, "box:span", face_down=face_down),
            place("N-X-2", second, "box:span", face_down=face_down),
        ],
        phase=Phase.FIRST_COMBAT,
        sub_phase=SubPhase.INTERACTION,
        ruleset=RULESET,
    )
    game.enter()
    game.play("aslan interact span A-TR-1 - -")
    game.play("aslan end-phase", [5, 1])
    left = [uid for uid in ("N-X-1", "N-X-2") if game.where(uid) == "box:span"]
    assert len(left) == 1 and game.where("A-AT-1") == "box:span"
    return game


def test_the_neutrals_lose_face_down_counters_whatever_they_are():
    # DN-GND-2: which counter a loss removes is seen (it leaves the box); it is chosen by
    # nothing the counters are
    games = [
        _ground_combat("neutral:RT-2", "neutral:AT-8"),
        _ground_combat("neutral:AT-8", "neutral:RT-2"),
    ]
    for side in PLAYER_SIDES:
        seen = [units_report("t", see(g.state, side), RULESET).model_dump_json() for g in games]
        assert seen[0] == seen[1], side.value


def test_face_up_neutrals_still_lose_their_weakest_first():
    # DN-GND-2: counters a player can see go weakest first, the regular troop here
    game = _ground_combat("neutral:AT-8", "neutral:RT-2", face_down=False)
    assert game.where("N-X-1") == "box:span"


def _neutrals_choose(kind: str, *, face_down: bool = True) -> Campaign:
    """An Aslan light cruiser at Span against one counter ``kind`` (N-X-1) in its stellar
    hex; the neutrals win the range roll (dice 6, 1), so the engine chooses for them."""
    game = Campaign(
        [
            place("A-CL-1", "aslan:CL", "hex:span"),
            place("N-X-1", kind, "hex:span", face_down=face_down),
        ],
        ruleset=RULESET,
    )
    game.enter()
    game.play(f"aslan range {BATTLE}", [6, 1])
    assert book.battles(game.state)[BATTLE]["chooser"] == "neutral"
    return game


def test_the_neutrals_choose_the_range_whatever_a_face_down_counter_is():
    # DN-NEU-2 with DN-NEU-1 (found by use, December 7): by their real factors the neutrals
    # chose short range with a beam monitor face down and long with a missile monitor, which
    # told the player its kind. A face-down counter's factors count for nothing in the
    # choice: with only face-down counters the tie rule gives long range, whatever they are.
    games = [_neutrals_choose("neutral:M-8-0-7"), _neutrals_choose("neutral:M-0-8-8")]
    assert [book.battles(g.state)[BATTLE]["range"] for g in games] == ["long", "long"]
    _same_for_players(games)


def test_face_up_neutrals_still_choose_the_range_by_their_factors():
    # DN-NEU-2: a counter the players can see counts by what it is (a beam monitor: short)
    game = _neutrals_choose("neutral:M-8-0-7", face_down=False)
    assert book.battles(game.state)[BATTLE]["range"] == "short"
