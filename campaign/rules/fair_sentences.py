"""Outcome sentences of fair mode's events (``narration``; ADR 0028, DN-NEU-1)."""

from __future__ import annotations

from campaign.rules.fairplay import (
    CardRevealed,
    DeckSealed,
    FairNeutralPlaced,
    FairPlayChosen,
    HeldOrderLapsed,
    HeldOrderResumed,
    KeyShareGiven,
    RevealsCalled,
    counter_of,
    subject,
)
from campaign.rules.narration import NarrationView, describes


@describes(FairPlayChosen)
def _chosen(event: FairPlayChosen, view: NarrationView) -> str:
    return (
        f"Fair mode: the {event.decks.get('token', 0)} neutral counters are shuffled by "
        "both players' machines together; neither knows one until the rules reveal it "
        "(DN-NEU-1)"
    )


@describes(FairNeutralPlaced)
def _placed(event: FairNeutralPlaced, view: NarrationView) -> str:
    return (
        f"{view.side(event.drawn_by)} place face-down neutral {event.unit_id} "
        f"{view.place(event.location)} (DN-NEU-1)"
    )


@describes(DeckSealed)
def _sealed(event: DeckSealed, view: NarrationView) -> str:
    return f"The shuffled face-down decks are sealed ({event.digest[:12]}…) (DN-NEU-1)"


@describes(RevealsCalled)
def _called(event: RevealsCalled, view: NarrationView) -> str:
    names = ", ".join(subject(view.state, card) for card in event.cards)
    return f"'{event.order}' waits for the reveal of {names} (DN-NEU-1)"


@describes(KeyShareGiven)
def _share(event: KeyShareGiven, view: NarrationView) -> str:
    return (
        f"{view.side(event.side)} give their share of {subject(view.state, event.card)} (DN-NEU-1)"
    )


@describes(CardRevealed)
def _revealed(event: CardRevealed, view: NarrationView) -> str:
    counter = counter_of(view.state, event.card)
    if counter is None:
        where = "a surface box" if event.label.startswith("box") else "a stellar hex"
        return f"The counter drawn next stands in {where} (DN-NEU-1)"
    aside = "; a second PD in its box, it is set aside (DN-MOV-10)" if event.set_aside else ""
    if view.hidden(counter) and not event.set_aside:  # as a refereed game tells a player
        return f"{counter} is revealed to the machines; it stays face down (DN-NEU-1)"
    kind = event.label.rpartition("/")[0]
    return f"{counter} is revealed: {kind}{aside} (DN-NEU-1)"


@describes(HeldOrderResumed)
def _resumed(event: HeldOrderResumed, view: NarrationView) -> str:
    return f"'{event.order}' is decided now that its counters are revealed (DN-NEU-1)"


@describes(HeldOrderLapsed)
def _lapsed(event: HeldOrderLapsed, view: NarrationView) -> str:
    return f"'{event.order}' is refused on the revealed state: {event.reason}"
