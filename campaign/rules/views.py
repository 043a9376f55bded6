"""Per-side views of the state: hidden information removed before anything leaves the referee.

Face-down neutral counters (DN-NEU-1) show only that a neutral counter is there, not what it
is; the order of the face-down pile is hidden. The referee (``side`` None) sees everything.

A face-down counter's real id names its kind (``N-PD-1``), so players never see it: everything a
player sees (views, turn files, refusal messages) calls it by an **opaque alias** ``N-X-k``, where
``k`` is the counter's place in the order the neutral counters were placed (public knowledge:
the players watched the placements). Orders may name a counter by its alias; ``resolve_aliases``
turns it back into the real id before the order is decided (issue 16 item 10). A neutral counter
keeps its alias for the players after it is turned face up (its kind is then shown): the number
in its real id would tell how many counters of its kind were placed before it (issue 28).
"""

from __future__ import annotations

import re
from functools import cached_property, partial
from typing import TYPE_CHECKING, TypeVar, cast

import msgspec

from campaign.rules import fairplay
from campaign.rules.canonical import sha256_hex
from campaign.rules.combat import book
from campaign.rules.combat.battle_ids import with_short_battle_ids
from campaign.rules.dice import DiceSource, Screen
from campaign.rules.ids import HIDDEN_KIND, PLAYER_SIDES, Side
from campaign.rules.state import CampaignState, Unit

#: A state as one seat may see it: made only by ``seen_state`` (a player's ``player_view``,
#: the state itself for the referee); a view that builds rows from it cannot name, count or
#: order what the seat may not see, and mypy tells it from a raw ``CampaignState``.
if TYPE_CHECKING:
    # A subclass for mypy alone, rather than ``NewType``: mypy's dataclass support (which the
    # state, a msgspec Struct, gets) crashes on a NewType of a dataclass (mypy 2.4).

    class SeenState(CampaignState, kw_only=True):
        """A state one seat may see (see above)."""

else:
    SeenState = CampaignState


def _as_seen(state: CampaignState) -> SeenState:
    """``state`` as a state the seat at hand may see (only the functions below decide that)."""
    return cast(SeenState, state)


#: A report a seat reads (a msgspec Struct: ADR 0053, ADR 0055).
ReportT = TypeVar("ReportT", bound=msgspec.Struct)

#: A fair-mode reveal order's kind label (``aslan reveal box-3 neutral:RT-2/1``): what a card
#: opens to, which the machines need and a player's text never shows (issue 41 item 5); a
#: token's label (``box``/``hex``: where a counter stands) is public and stays.
_REVEAL_LABEL = re.compile(r"(\breveal [A-Za-z0-9-]+) neutral:[^\s`']+")
#: A neutral counter drawn at the table is named in its placement order (``place-neutral
#: keystone RT-2``, issue 45 item 1); a player's text shows the placement, never the counter.
#: The order's template (``place-neutral SYSTEM CODE``) names no counter and stays as written:
#: a player's screen asked for ``place-neutral SYSTEM ?`` and its form for a field "?".
_TABLE_DRAW = re.compile(r"(\bplace-neutral [A-Za-z0-9-]+) (?!CODE(?![^\s`']))[^\s`']+")

#: Aliases are ``N-X-1``, ``N-X-2``, ... (no neutral counter kind has the code X).
ALIAS_PREFIX = "N-X-"
_ALIAS = re.compile(r"(?<![A-Za-z0-9-])N-X-[0-9]+(?![A-Za-z0-9-])", re.IGNORECASE)


def neutral_aliases(state: CampaignState) -> dict[str, str]:
    """Real id -> alias of every neutral counter, numbered in placement order (the units are
    added to the state in the order of their ``neutral-placed`` events)."""
    placed = [uid for uid in state.units if uid.startswith("N-")]
    return {uid: f"{ALIAS_PREFIX}{n}" for n, uid in enumerate(placed, start=1)}


def hidden_names(state: CampaignState, viewer: Side | None) -> dict[str, str]:
    """Real id -> alias of the neutral counters ``viewer`` knows only by alias: for a player,
    every neutral counter, face down or not, all game long (none for the referee, ``viewer``
    None). A revealed counter keeps its alias because its real id's number (``N-RT-2``) would
    tell how many counters of its kind were placed before it, face down ones included."""
    if viewer is None:
        return {}
    return neutral_aliases(state)


def hidden_from(unit: Unit | None, viewer: Side | None) -> bool:
    """The one predicate of the hiding rule: True when ``unit`` is a face-down counter that
    ``viewer`` may not identify (DN-NEU-1) — face down and not the viewer's own; nothing is
    hidden from the referee (``viewer`` None). Every view, sentence and form asks this."""
    return viewer is not None and unit is not None and unit.face_down and unit.owner is not viewer


def concealed(state: CampaignState, viewer: Side | None) -> Concealed:
    """The ids of the counters ``viewer`` may not identify (``hidden_from``), and the systems
    where one of them stands (stellar hex or surface box)."""
    if viewer is None:
        return frozenset(), frozenset()
    units = [unit for unit in state.units.values() if hidden_from(unit, viewer)]
    return (
        frozenset(unit.id for unit in units),
        frozenset(unit.location.system for unit in units if unit.location.system),
    )


#: What ``concealed`` gives: the ids a viewer may not identify, the systems where one stands.
Concealed = tuple[frozenset[str], frozenset[str]]


def conceals_die(purpose: str, before: Concealed) -> bool:
    """True when a die of ``purpose`` is one the viewer may not see rolled, ``before`` being
    what was concealed from the viewer just before the order or event (``concealed``): a shot
    by or at a counter the viewer may not identify, or a ground combat where one stands.
    Whether such a die was rolled at all would bound the hidden counter's factors (issue 41
    item 4), so it is left out of the viewer's dice line, never asked of the viewer to type and
    never counted or named to him before the order is given (DN-NEU-1)."""
    hidden, systems = before
    if names_any(purpose, hidden):
        return True
    words = purpose.split(" ")
    return len(words) == 3 and words[0] == "ground" and words[1] in systems


def dice_screen(state: CampaignState, viewer: Side | None, behind: DiceSource) -> Screen | None:
    """What ``viewer``'s seat may not type of an order's dice on ``state`` (``conceals_die``),
    rolled by ``behind`` instead; None for the referee, who types every die."""
    if viewer is None:
        return None
    before = concealed(state, viewer)
    return Screen(conceals=partial(conceals_die, before=before), behind=behind)


def meetings(state: CampaignState, viewer: Side | None) -> list[str]:
    """The systems where a player's unit stands (stellar hex, surface box or aboard) with a
    counter ``viewer`` may not identify, in map order of their ids; none for the referee. What
    a combat step does there (a battle opened or not, a ground combat's result) follows what
    the counter is, so a dry run that reaches such a step tells the viewer nothing beyond it
    (DN-NEU-1). Which systems they are is public: where counters stand is."""
    _, systems = concealed(state, viewer)
    met = {
        place.system
        for unit in state.units.values()
        if unit.owner in PLAYER_SIDES
        and (place := state.position_of(unit.id)).on_map
        and place.system in systems
    }
    return sorted(s for s in met if s is not None)


def face_down_ids(state: CampaignState) -> frozenset[str]:
    """Ids of the neutral counters still face down (hidden from both players, DN-NEU-1)."""
    return frozenset(uid for uid, unit in state.units.items() if unit.face_down)


def names_any(text: str, ids: frozenset[str]) -> bool:
    """True when ``text`` names one of ``ids`` as a whole word (``N-PD-1``, not ``N-PD-10``)."""
    return bool(ids) and _id_pattern(list(ids)).search(text) is not None


def _id_pattern(ids: list[str]) -> re.Pattern[str]:
    alternatives = "|".join(re.escape(uid) for uid in sorted(ids, key=len, reverse=True))
    return re.compile(rf"(?<![A-Za-z0-9-])(?:{alternatives})(?![A-Za-z0-9-])")


def redact(text: str, state: CampaignState, viewer: Side | None) -> str:
    """``text`` with every face-down counter's real id replaced by its alias for ``viewer``."""
    hidden = hidden_names(state, viewer)
    if not hidden:
        return text
    return _id_pattern(list(hidden)).sub(lambda m: hidden[m.group(0)], text)


def seen_text(text: str, state: CampaignState, viewer: Side | None) -> str:
    """``text`` (an order text, a dice purpose, a refusal, a note) as ``viewer`` reads it:
    face-down counters by their alias (``redact``), a fair-mode reveal without the kind it
    opens to, and the battles of the current step by the short id every screen shows (``b1``
    for ``keystone/aslan-neutral``, DN-CBT-1)."""
    text = redact(text, state, viewer)
    if viewer is not None:
        text = without_kinds(text)
    return with_short_battle_ids(text, state)


def without_kinds(text: str) -> str:
    """``text`` with the kind a fair-mode reveal opens a card to (only the machines learn it,
    ADR 0028) and the counter a table draw names replaced by ``?``: how every player's seat
    reads an order text. A refused turn file's batch is named so too, whoever reads it
    (``campaign.pbem.position``; found by use, December 7, late night)."""
    return _TABLE_DRAW.sub(r"\1 ?", _REVEAL_LABEL.sub(r"\1 ?", text))


def resolve_aliases(state: CampaignState, text: str) -> str:
    """``text`` with every alias (``N-X-3``, any case) replaced by the real id it stands for;
    an alias that names no counter is left as typed (the order then names an unknown unit)."""
    if not _ALIAS.search(text):
        return text
    real = {alias: uid for uid, alias in neutral_aliases(state).items()}
    return _ALIAS.sub(lambda m: real.get(m.group(0).upper(), m.group(0)), text)


def seen_state(state: CampaignState, viewer: Side | None) -> SeenState:
    """The state a view is computed from: ``state`` itself for the referee, else the viewer's
    ``player_view``. Views built on it cannot name, count or order what the viewer may not
    see (a sort by id sorts by alias)."""
    return _as_seen(state) if viewer is None else player_view(state, viewer)


def view_digest(state: CampaignState, viewer: Side | None) -> str:
    """The digest ``viewer`` is shown: of the whole state for the referee, of the player's view
    for a player (the whole state's digest would let him test guesses about face-down
    counters against it)."""
    return sha256_hex(seen_state(state, viewer).canonical_text())


def _renamed(state: CampaignState, names: dict[str, str]) -> CampaignState:
    """``state`` (a copy the caller owns) with every id in ``names`` replaced by its new name
    everywhere: units, cargo, stacks, bookkeeping; per-kind counters of the neutral ids go."""
    if not names:
        return state
    state.next_unit_no = {k: v for k, v in state.next_unit_no.items() if not k.startswith("N-")}
    text = _id_pattern(list(names)).sub(lambda m: names[m.group(0)], state.canonical_text())
    return CampaignState.from_canonical_text(text)


def player_view(state: CampaignState, side: Side | None) -> SeenState:
    """A copy of ``state`` as ``side`` may see it (``state`` itself is untouched): face-down
    counters of others have a hidden kind and their alias for an id, everywhere in the state,
    and nothing the rules keep about them tells what they are (their factors in a battle, the
    dice rolled by or at them, the kind a fair-mode card opened to for the machines)."""
    view = state.clone()
    if side is None:
        return _as_seen(view)
    view.neutral_pile = [HIDDEN_KIND] * len(view.neutral_pile)
    hidden = concealed(view, side)
    for unit in view.units.values():
        if hidden_from(unit, side):
            unit.kind = HIDDEN_KIND
    # what the rules keep about them: a battle's factors, the dice the seat may not see
    # rolled (a face-down PD's fire, ADR 0056), what a card opened to for the machines
    book.conceal(view, hidden[0])
    fairplay.conceal(view, hidden[0])
    view.dice_counts = {
        purpose: count
        for purpose, count in view.dice_counts.items()
        if not conceals_die(purpose, hidden)
    }
    # per-kind id counters of the neutrals would tell which kinds were placed
    return _as_seen(_renamed(view, hidden_names(view, side)))


class Seen:
    """One seat's sight of a campaign: the only way a view reaches what it shows.

    Made by ``see(state, viewer)`` (``viewer`` None: the referee). A view asks the rules what
    they decide on the true state (``truth``: who must act, legal moves, income), and
    everything it gives the seat goes through this object: rows built from ``state`` (the
    seen state), sentences and order texts through ``text``, whole reports through
    ``report``, and ``hides`` answers for a single counter. ``tests/test_seen_views.py`` checks
    that every view of ``campaign.views`` that takes a viewer starts here.
    """

    def __init__(self, truth: CampaignState, viewer: Side | None) -> None:
        self.truth = truth
        self.viewer = viewer

    @cached_property
    def state(self) -> SeenState:
        """The seen state (built once, on first use)."""
        return seen_state(self.truth, self.viewer)

    @property
    def hides_anything(self) -> bool:
        """False for the referee: nothing is hidden, every text is shown as it is."""
        return bool(hidden_names(self.truth, self.viewer))

    def hides(self, unit: Unit | None) -> bool:
        """``hidden_from(unit, viewer)``: a face-down counter this seat may not identify."""
        return hidden_from(unit, self.viewer)

    def text(self, text: str) -> str:
        """``text`` as this seat reads it (``seen_text``)."""
        return seen_text(text, self.truth, self.viewer)

    def report(self, report: ReportT) -> ReportT:
        """``report`` with every neutral counter the seat knows only by alias named by its
        alias wherever an id appears (rows, cargo, engagements, orders)."""
        if not self.hides_anything:
            return report
        if isinstance(report, msgspec.Struct):
            text = redact(msgspec.json.encode(report).decode(), self.truth, self.viewer)
            return msgspec.json.decode(text, type=type(report))
        return type(report).model_validate_json(
            redact(report.model_dump_json(), self.truth, self.viewer)
        )


def see(state: CampaignState, viewer: Side | None) -> Seen:
    """What ``viewer`` (None: the referee) sees of ``state``: the hiding rule's one entry."""
    return Seen(state, viewer)
