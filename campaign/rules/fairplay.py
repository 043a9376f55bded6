"""Fair mode: face-down counters whose kind no machine knows until the rules reveal it
(DN-NEU-1, issue 34, ADR 0028).

In fair mode the two players' machines shuffle the neutral counters jointly (the core in
``campaign.pbem.fair``); the rules know a face-down card only by reference, never its kind:

- Three decks: ``token`` (one card per counter saying only where it stands: ``box/j`` for
  ground units and PD, ``hex/j`` for monitors and transports), ``box`` and ``hex`` (the kinds of
  each class, ``KIND/COPY``). Drawing the top counter (``place-neutral``) opens the next token
  card, then takes the top card of that class's deck: the sequence is a uniformly shuffled
  pile, and where a counter stands is public as it is in every mode.
- A counter placed face down is ``N-X-k`` (its alias is its id) of kind
  ``hidden_kind(id)``: any rule that asks for its kind raises ``KindHidden``.
- ``engine.decide`` turns that into a **held order**: the order is recorded, not decided
  (``reveals-called``), the reveal of every face-down counter of the systems concerned is called
  (a contact reveals a whole system, as conscription turns every counter of it face up), and
  every other order answers ``waiting for SIDE's reveal of N-X-k`` (``WaitingError``, typed)
  until both sides gave their ``share`` and one gave the ``reveal``; the held order is then
  decided on the revealed state, in the decision of that ``reveal`` order.
- The kind a ``reveal`` names is checked against both shares by the exchange (the core opens
  the card); the rules check it is a card of that deck not revealed before.

Readings (docs/rules-core.md, "Fair mode"): fair mode changes who knows a kind, not the rules:
a revealed counter is known to both machines (both had to learn it to apply a rule) and is then
treated exactly as every mode treats a face-down counter whose kind the tool knows (a held jump
through a blocker ends there, DN-MOV-2/3; it stays face down until conscription). A second
neutral PD revealed in a surface box that already holds a PD is set aside then (DN-MOV-10
[HOUSE], no replacement is drawn).
"""

from collections.abc import Callable
from typing import Annotated, Any, Literal

from msgspec import Meta

from campaign.rules.base import Event, Order
from campaign.rules.dice import Dice
from campaign.rules.errors import (
    EngineBugError,
    IllegalOrderError,
    InvalidOrderError,
    KindHidden,
    Wait,
    WaitingError,
)
from campaign.rules.ids import HIDDEN_KIND, PLAYER_SIDES, Side, UnitCategory
from campaign.rules.phases import Actor
from campaign.rules.registry import (
    OrderT,
    applies,
    decides,
    event_type,
    offered_when,
    order_type,
)
from campaign.rules.ruleset import Ruleset
from campaign.rules.state import CampaignState, Location, Unit, Where

#: ``state.game_slots`` key of fair mode's bookkeeping (absent in every other campaign).
SLOT = "fair"
#: The decks of the neutral pile, in the order their cards are named.
DECKS = ("token", "box", "hex")
#: Orders that go on while a reveal is pending (everything else waits for it).
ALWAYS = frozenset({"share", "reveal", "seal-deck"})
#: Categories that stand in a surface box (the ``box`` deck); the others in the stellar hex.
BOX_CATEGORIES = (UnitCategory.GROUND, UnitCategory.PD)
MAX_SHARE = 64


def active(state: CampaignState) -> bool:
    """True in a fair-mode campaign."""
    return SLOT in state.game_slots


def slot(state: CampaignState) -> dict[str, Any]:
    """The fair-mode bookkeeping (JSON-able; see ``FairPlayChosen``)."""
    fair: dict[str, Any] = state.game_slots[SLOT]
    return fair


def hidden_kind(unit_id: str) -> str:
    """The kind a fair-mode state holds for face-down counter ``unit_id``."""
    return f"{HIDDEN_KIND}{unit_id}"


def unrevealed(unit: Unit) -> bool:
    """True for a counter whose kind no machine knows (fair mode)."""
    return unit.kind.startswith(HIDDEN_KIND)


def decks(ruleset: Ruleset) -> dict[str, list[str]]:
    """The public decks of the neutral pile: card labels in table order."""
    box: list[str] = []
    hexes: list[str] = []
    for unit_type in ruleset.units:
        if unit_type.side is not Side.NEUTRAL:
            continue
        labels = [f"{unit_type.kind}/{copy}" for copy in range(1, unit_type.count + 1)]
        (box if unit_type.category in BOX_CATEGORIES else hexes).extend(labels)
    tokens = [f"box/{j}" for j in range(1, len(box) + 1)]
    tokens += [f"hex/{j}" for j in range(1, len(hexes) + 1)]
    return {"token": tokens, "box": box, "hex": hexes}


def card_of(state: CampaignState, unit_id: str) -> str:
    """The kind card of face-down counter ``unit_id``."""
    return str(slot(state)["cards"][unit_id])


def counter_of(state: CampaignState, card: str) -> str | None:
    """The counter holding kind card ``card`` (None for a token card)."""
    for unit_id, held in slot(state)["cards"].items():
        if held == card:
            return str(unit_id)
    return None


def subject(state: CampaignState, card: str) -> str:
    """How a card is named to players: its counter's alias, or "draw N" for a token."""
    counter = counter_of(state, card)
    if counter is not None:
        return counter
    deck, _, number = card.rpartition("-")
    return f"draw {number} (where it stands)" if deck == "token" else card


def conceal(state: CampaignState, hidden: frozenset[str]) -> None:
    """In a seat's view (``state`` is the view's own copy): the kind card of each counter in
    ``hidden`` (face down, not the seat's to identify) stays among the revealed cards without
    what it opened to, which only the machines learn (DN-NEU-1): its label reads ``?``, as
    the seat's text of the ``reveal`` order does. The seat's state digest is of that view."""
    if not active(state):
        return
    fair = slot(state)
    for unit_id in hidden:
        card = fair["cards"].get(unit_id)
        if card in fair["revealed"]:
            fair["revealed"][card] = "?"


def pending(state: CampaignState) -> list[str]:
    """Cards whose reveal the rules called and that are not revealed yet, in call order."""
    if not active(state):
        return []
    fair = slot(state)
    return [card for card in fair["called"] if card not in fair["revealed"]]


def waits(state: CampaignState) -> tuple[Wait, ...]:
    """Who the game waits for: each side's missing share of every pending card, or the
    reveal itself once both shares are in (either machine gives it)."""
    out: list[Wait] = []
    shares = slot(state)["shares"] if active(state) else {}
    for card in pending(state):
        given = shares.get(card, {})
        missing = [side.value for side in PLAYER_SIDES if side.value not in given]
        name = subject(state, card)
        out += [Wait(side, "reveal", name) for side in missing] or [Wait(None, "reveal", name)]
    return tuple(out)


def check_not_waiting(state: CampaignState, verb: str) -> None:
    """Refuse every order but the reveal's own while a called reveal is pending: a held
    order is decided first, and a share given is never left unanswered (ADR 0028)."""
    if verb in ALWAYS or not pending(state):
        return
    raise WaitingError("DN-NEU-1", waits(state))


def hold(state: CampaignState, order: Order, hidden: KindHidden) -> Event:
    """The event that holds ``order`` (which asked for hidden kinds) and calls the reveal of
    every face-down counter of the systems concerned (``hidden.units``) or of the token cards
    it names (``hidden.cards``)."""
    fair = slot(state)
    systems = {state.position_of(uid).system for uid in hidden.units if uid in state.units}
    cards = list(hidden.cards)
    for unit in state.units.values():
        if unrevealed(unit) and state.position_of(unit.id).system in systems:
            cards.append(card_of(state, unit.id))
    cards = [card for card in dict.fromkeys(cards) if card not in fair["revealed"]]
    if not cards:
        raise EngineBugError(f"{order.to_notation()}: a hidden kind asked for, none to reveal")
    return RevealsCalled(cards=cards, order=order.to_notation(), side=order.side)


def resumable(state: CampaignState) -> str | None:
    """The held order once every card it waits for is revealed (None otherwise)."""
    if not active(state):
        return None
    held = slot(state).get("held")
    if held is None or pending(state):
        return None
    return str(held["order"])


# --- the opening and the draw (DN-NEU-1) ----------------------------------------------------


@event_type
class FairPlayChosen(Event, frozen=True, kw_only=True):
    """Fair mode chosen at ``campaign new`` (an opening event): the deck sizes."""

    type: Literal["fair-play-chosen"] = "fair-play-chosen"
    decks: dict[str, int]


@applies(FairPlayChosen)
def _apply_chosen(state: CampaignState, event: FairPlayChosen) -> None:
    state.game_slots[SLOT] = {
        "decks": {name: event.decks.get(name, 0) for name in DECKS},
        "drawn": {name: 0 for name in DECKS},
        "sealed": None,
        "cards": {},
        "called": [],
        "shares": {},
        "revealed": {},
        "held": None,
    }


def opening(ruleset: Ruleset) -> FairPlayChosen:
    """The opening event of a fair-mode campaign."""
    return FairPlayChosen(decks={name: len(cards) for name, cards in decks(ruleset).items()})


def pile(state: CampaignState) -> list[str]:
    """The face-down pile as references (the token cards), for the neutral step."""
    return [f"token-{n}" for n in range(1, slot(state)["decks"]["token"] + 1)]


@event_type
class FairNeutralPlaced(Event, frozen=True, kw_only=True):
    """``drawn_by`` drew the next counter: token card ``token`` said where it stands, and it
    stands face down at ``location`` holding kind card ``card`` (DN-NEU-1, fair mode)."""

    type: Literal["fair-neutral-placed"] = "fair-neutral-placed"
    drawn_by: Side
    unit_id: str
    token: str
    card: str
    location: Location


def place(state: CampaignState, side: Side, system_id: str) -> Event:
    """The draw of ``place-neutral`` in fair mode; ``KindHidden`` until its token is open."""
    fair = slot(state)
    token = f"token-{fair['drawn']['token'] + 1}"
    label = fair["revealed"].get(token)
    if label is None:
        raise KindHidden((), (token,))
    where = label.partition("/")[0]
    card = f"{where}-{fair['drawn'][where] + 1}"
    unit_id = f"N-X-{sum(1 for uid in state.units if uid.startswith('N-')) + 1}"
    location = Location.box(system_id) if where == "box" else Location.hex(system_id)
    return FairNeutralPlaced(
        drawn_by=side, unit_id=unit_id, token=token, card=card, location=location
    )


@applies(FairNeutralPlaced)
def _apply_placed(state: CampaignState, event: FairNeutralPlaced) -> None:
    fair = slot(state)
    fair["drawn"]["token"] += 1
    deck = event.card.rpartition("-")[0]
    fair["drawn"][deck] += 1
    fair["cards"][event.unit_id] = event.card
    if state.neutral_pile:
        state.neutral_pile.pop(0)
    state.add_unit(
        Unit(
            id=event.unit_id,
            kind=hidden_kind(event.unit_id),
            owner=Side.NEUTRAL,
            location=event.location,
            face_down=True,
            home_system=event.location.system,
        )
    )
    state.acting = event.drawn_by.enemy


# --- held orders and called reveals ---------------------------------------------------------


@event_type
class RevealsCalled(Event, frozen=True, kw_only=True):
    """``order`` (given by ``side``) needs the kinds of ``cards``: it is held, the reveals are
    called, and it is decided once they are revealed (ADR 0028)."""

    type: Literal["reveals-called"] = "reveals-called"
    cards: list[str]
    order: str
    side: Side | None = None


@applies(RevealsCalled)
def _apply_called(state: CampaignState, event: RevealsCalled) -> None:
    fair = slot(state)
    fair["called"] += [card for card in event.cards if card not in fair["called"]]
    fair["held"] = {"order": event.order, "side": event.side.value if event.side else None}


@event_type
class HeldOrderResumed(Event, frozen=True, kw_only=True):
    """Every card ``order`` waited for is revealed: it is decided now (its events follow)."""

    type: Literal["held-order-resumed"] = "held-order-resumed"
    order: str


@event_type
class HeldOrderLapsed(Event, frozen=True, kw_only=True):
    """The held ``order``, decided on the revealed state, was refused (``reason``)."""

    type: Literal["held-order-lapsed"] = "held-order-lapsed"
    order: str
    reason: str


@applies(HeldOrderResumed)
@applies(HeldOrderLapsed)
def _apply_resumed(state: CampaignState, event: Event) -> None:
    slot(state)["held"] = None


# --- the orders of the reveal ---------------------------------------------------------------


def _fair_order(summary: str, template: str) -> Callable[[OrderT], OrderT]:
    """The class decorator of a fair-play order (any phase, either side, DN-NEU-1)."""
    return order_type(
        phases=None, actor=Actor.EITHER, rule="DN-NEU-1", summary=summary, template=template
    )


@_fair_order("record the digest of the jointly shuffled face-down decks", "seal-deck DIGEST")
class SealDeck(Order, frozen=True, kw_only=True):
    """``aslan seal-deck 3f1c…``: the deck both machines agreed (fair mode, ADR 0028)."""

    type: Literal["seal-deck"] = "seal-deck"
    digest: Annotated[str, Meta(min_length=64, max_length=64, pattern="^[0-9a-f]{64}$")]


@event_type
class DeckSealed(Event, frozen=True, kw_only=True):
    """The final face-down decks, by digest (both machines hold the same)."""

    type: Literal["deck-sealed"] = "deck-sealed"
    side: Side
    digest: str


@_fair_order("give your key share of a card whose reveal the rules called", "share CARD SHARE")
class Share(Order, frozen=True, kw_only=True):
    """``solomani share box-3 9a0f…``: this side's key for card ``box-3``."""

    type: Literal["share"] = "share"
    card: Annotated[str, Meta(min_length=1, max_length=20)]
    share: Annotated[str, Meta(min_length=MAX_SHARE, max_length=MAX_SHARE, pattern="^[0-9a-f]+$")]


@event_type
class KeyShareGiven(Event, frozen=True, kw_only=True):
    """``side`` gave its key share of ``card`` (public once given)."""

    type: Literal["key-share-given"] = "key-share-given"
    side: Side
    card: str
    share: str


@_fair_order(
    "open a card once both shares are in (the exchange checks the label)", "reveal CARD LABEL"
)
class Reveal(Order, frozen=True, kw_only=True):
    """``aslan reveal box-3 neutral:RT-2/1``: the label both shares open card ``box-3`` to."""

    type: Literal["reveal"] = "reveal"
    card: Annotated[str, Meta(min_length=1, max_length=20)]
    label: Annotated[str, Meta(min_length=1, max_length=80)]


@event_type
class CardRevealed(Event, frozen=True, kw_only=True):
    """Card ``card`` is ``label``: both machines know a counter holding it from now on, and the
    rules treat it as every mode treats a face-down counter whose kind the tool knows (it
    stays face down until conscription turns it up); ``set_aside``: a second PD of a surface
    box, out of play (DN-MOV-10 [HOUSE])."""

    secret = True
    type: Literal["card-revealed"] = "card-revealed"
    card: str
    label: str
    set_aside: bool = False


def _need_fair(state: CampaignState) -> dict[str, Any]:
    if not active(state):
        raise IllegalOrderError("DN-NEU-1", "this campaign is not played in fair mode")
    return slot(state)


def _need_called(fair: dict[str, Any], card: str) -> None:
    if card not in fair["called"]:
        raise IllegalOrderError("DN-NEU-1", f"the rules did not call the reveal of {card}")
    if card in fair["revealed"]:
        raise IllegalOrderError("DN-NEU-1", f"{card} is revealed already")


@decides(SealDeck)
def _decide_seal(
    state: CampaignState, order: SealDeck, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    fair = _need_fair(state)
    if fair["sealed"] is not None:
        raise IllegalOrderError("DN-NEU-1", "the face-down decks are sealed already")
    assert order.side is not None
    return [DeckSealed(side=order.side, digest=order.digest)]


@applies(DeckSealed)
def _apply_sealed(state: CampaignState, event: DeckSealed) -> None:
    slot(state)["sealed"] = event.digest


@decides(Share)
def _decide_share(state: CampaignState, order: Share, ruleset: Ruleset, dice: Dice) -> list[Event]:
    fair = _need_fair(state)
    if fair["sealed"] is None:
        raise IllegalOrderError("DN-NEU-1", "the face-down decks are not sealed yet")
    _need_called(fair, order.card)
    assert order.side is not None
    if order.side.value in fair["shares"].get(order.card, {}):
        raise IllegalOrderError(
            "DN-NEU-1", f"{order.side.value} gave its share of {order.card} already"
        )
    return [KeyShareGiven(side=order.side, card=order.card, share=order.share)]


@applies(KeyShareGiven)
def _apply_share(state: CampaignState, event: KeyShareGiven) -> None:
    slot(state)["shares"].setdefault(event.card, {})[event.side.value] = event.share


@decides(Reveal)
def _decide_reveal(
    state: CampaignState, order: Reveal, ruleset: Ruleset, dice: Dice
) -> list[Event]:
    fair = _need_fair(state)
    _need_called(fair, order.card)
    if len(fair["shares"].get(order.card, {})) < len(PLAYER_SIDES):
        raise WaitingError(
            "DN-NEU-1", tuple(w for w in waits(state) if w.subject == subject(state, order.card))
        )
    deck = order.card.rpartition("-")[0]
    if order.label not in decks(ruleset).get(deck, ()):
        raise InvalidOrderError(f"{order.label!r} is no card of deck {deck}")
    seen = [
        card
        for card, label in fair["revealed"].items()
        if label == order.label and card.rpartition("-")[0] == deck
    ]
    if seen:
        raise IllegalOrderError("DN-NEU-1", f"{order.label} was revealed already ({seen[0]})")
    return [
        CardRevealed(
            card=order.card,
            label=order.label,
            set_aside=_second_pd(state, ruleset, order.card, order.label),
        )
    ]


def _second_pd(state: CampaignState, ruleset: Ruleset, card: str, label: str) -> bool:
    """A PD revealed in a surface box that already holds a PD is set aside (DN-MOV-10)."""
    counter = counter_of(state, card)
    kind = label.rpartition("/")[0]
    if counter is None or ruleset.unit_type(kind).category is not UnitCategory.PD:
        return False
    box = state.units[counter].location
    return any(
        u.id != counter
        and not unrevealed(u)
        and ruleset.unit_type(u.kind).category is UnitCategory.PD
        for u in state.units_at(box)
    )


@applies(CardRevealed)
def _apply_revealed(state: CampaignState, event: CardRevealed) -> None:
    slot(state)["revealed"][event.card] = event.label
    counter = counter_of(state, event.card)
    if counter is None:
        return
    unit = state.units[counter]
    unit.kind = event.label.rpartition("/")[0]  # known to both machines; still face down
    if event.set_aside:
        unit.location = Location.eliminated()


def _owes(state: CampaignState, side: Side | None) -> bool:
    return side is not None and any(w.side == side.value for w in waits(state))


@offered_when(Share)
def _offer_share(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Offered to a side that owes a share (fair mode)."""
    return active(state) and slot(state)["sealed"] is not None and _owes(state, side)


@offered_when(Reveal)
def _offer_reveal(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Offered once both shares of a pending card are in."""
    return side is not None and any(w.side is None for w in waits(state))


@offered_when(SealDeck)
def _offer_seal(state: CampaignState, side: Side | None, ruleset: Ruleset) -> bool:
    """Never offered: the exchange seals the deck when the shuffle is done."""
    return False


def in_contact(state: CampaignState, unit: Unit) -> bool:
    """True when a player's unit stands in the system of face-down counter ``unit``."""
    system = state.position_of(unit.id).system
    return any(
        other.owner in PLAYER_SIDES
        and state.position_of(other.id).system == system
        and state.position_of(other.id).where in (Where.HEX, Where.BOX)
        for other in state.units.values()
    )
