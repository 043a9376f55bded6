"""Target assignment for a space combat round (DN-CBT-3).

The defender names one of its units, the attacker answers with one of its units: the two form an
engagement. This repeats until one side has no unassigned unit; the side with units left over adds
each of them to an existing engagement of its choice. Every engagement therefore has exactly one
unit on at least one side. An assignment may also be given whole (referee, turn file): then
``check_assignment`` verifies it is one the protocol could have produced.
"""

from collections.abc import Iterable

from campaign.rules.combat.model import Battle, Combatant, Value, ranked_as_seen
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from campaign.rules.suggest import short_list

RULE = "DN-CBT-3"


class NotInBattle(IllegalOrderError):
    """``uid``, named for ``battle``, is not one of its units. The pure checks know only the
    battle's value; the order's handler, which knows the battle's id, the map and where the unit
    stands, words the refusal for the seat (``space_orders.battle_refusals``: found by use,
    December 7, night: "not in the battle at bulwark", the system's id, for a unit in the
    surface box). ``tail`` is what the check adds after the fact (the units still to name)."""

    def __init__(self, rule_id: str, uid: str, battle: Battle, tail: str = "") -> None:
        super().__init__(rule_id, f"{uid} is not in the battle at {battle.system}{tail}")
        self.uid = uid
        self.tail = tail


class Engagement(Value, frozen=True, kw_only=True):
    """Units of the defender and of the attacker that fire at each other this round."""

    defenders: tuple[str, ...]
    attackers: tuple[str, ...]

    def members(self, battle: Battle, side: Side) -> tuple[str, ...]:
        """The uids of ``side`` in this engagement."""
        return self.defenders if side == battle.defender else self.attackers


class AssignmentDraft(Value, frozen=True, kw_only=True):
    """An assignment being built step by step by the two players (DN-CBT-3).

    ``pairs`` are the engagements formed so far; ``named`` is a defender unit waiting for the
    attacker's answer.
    """

    engagements: tuple[Engagement, ...] = ()
    named: str | None = None

    def assigned(self) -> set[str]:
        """Every uid already placed (including a named unit awaiting its answer)."""
        uids = {u for e in self.engagements for u in (*e.defenders, *e.attackers)}
        if self.named is not None:
            uids.add(self.named)
        return uids

    def waiting_for(self, battle: Battle) -> tuple[Side, str] | None:
        """Who acts next and how: ``(side, "name"|"answer"|"add")``, or ``None`` when complete."""
        left = self.assigned()
        free_d = [u for u in battle.fighting(battle.defender) if u.uid not in left]
        free_a = [u for u in battle.fighting(battle.attacker) if u.uid not in left]
        if self.named is not None:
            return (battle.attacker, "answer")
        if free_d and free_a:
            return (battle.defender, "name")
        if free_d:
            return (battle.defender, "add")
        if free_a:
            return (battle.attacker, "add")
        return None

    def step(
        self, battle: Battle, side: Side, uid: str, engagement: int | None = None
    ) -> "AssignmentDraft":
        """Apply one step of the protocol; ``IllegalOrderError`` (DN-CBT-3) if it is not legal."""
        expected = self.waiting_for(battle)
        if expected is None:
            raise IllegalOrderError(RULE, "every unit is already assigned")
        who, how = expected
        if side != who:
            raise IllegalOrderError(RULE, f"it is {who}'s turn to {how} a unit, not {side}'s")
        unit = _own_free_unit(battle, self, side, uid)
        if how != "add" and engagement is not None and not 0 <= engagement <= len(self.engagements):
            raise IllegalOrderError(RULE, _forms_text(self, uid, how, engagement))
        if how == "name":
            return self.model_copy(update={"named": unit.uid})
        if how == "answer":
            assert self.named is not None
            pair = Engagement(defenders=(self.named,), attackers=(unit.uid,))
            return AssignmentDraft(engagements=(*self.engagements, pair))
        if engagement is None or not 0 <= engagement < len(self.engagements):
            raise IllegalOrderError(
                RULE,
                f"{uid} is left over and joins an engagement: give its number after the units "
                f"({engagement_choice(len(self.engagements))})",
            )
        target = self.engagements[engagement]
        if side == battle.defender:
            joined = target.model_copy(update={"defenders": (*target.defenders, unit.uid)})
        else:
            joined = target.model_copy(update={"attackers": (*target.attackers, unit.uid)})
        engagements = list(self.engagements)
        engagements[engagement] = joined
        return AssignmentDraft(engagements=tuple(engagements))


def engagement_choice(count: int) -> str:
    """``engagement 1``, or ``one of engagements 1 to 3``: where a leftover unit may go (found
    by use, December 7, late night: "must join engagement 1..1")."""
    return "engagement 1" if count == 1 else f"one of engagements 1 to {count}"


def _forms_text(draft: AssignmentDraft, uid: str, how: str, engagement: int) -> str:
    """The refusal of engagement number ``engagement`` (0-based) given with a naming or an
    answering step, where it names no engagement (found by use, December 7, night: it was
    dropped without a word)."""
    forms = len(draft.engagements) + 1
    act = f"answers {draft.named}" if how == "answer" else "is named"
    return (
        f"engagement {engagement + 1} does not exist: {uid} {act} and forms engagement {forms} "
        "(an engagement number is for a leftover unit, which joins one already formed)"
    )


def _free_units_text(battle: Battle, draft: AssignmentDraft, side: Side) -> str:
    """``; SIDE may name: ...``: the units of ``side`` (a player's own, never hidden) still to
    be assigned, when there are few enough to list (issue 32 item 6)."""
    free = [u.uid for u in battle.side_units(side) if u.in_combat and u.uid not in draft.assigned()]
    listed = short_list(free)
    return f"; {side} may name: {listed}" if listed else ""


def _own_free_unit(battle: Battle, draft: AssignmentDraft, side: Side, uid: str) -> Combatant:
    """The unassigned fighting unit ``uid`` of ``side``, or ``IllegalOrderError``."""
    try:
        unit = battle.unit(uid)
    except KeyError:
        raise NotInBattle(RULE, uid, battle, _free_units_text(battle, draft, side)) from None
    if unit.side != side:
        raise IllegalOrderError(
            RULE, f"{uid} is not a unit of {side}{_free_units_text(battle, draft, side)}"
        )
    if not unit.in_combat:
        raise IllegalOrderError(RULE, f"{uid} is a fighter that has not launched (DN-CBT-8)")
    if uid in draft.assigned():
        raise IllegalOrderError(RULE, f"{uid} is already assigned")
    return unit


def check_assignment(battle: Battle, engagements: tuple[Engagement, ...]) -> None:
    """Reject an assignment the protocol could not have produced (DN-CBT-3).

    Legal means: every fighting unit of both sides is in exactly one engagement, only fighting
    units appear, each engagement has both sides and a single unit on at least one side, and
    there are as many engagements as the smaller side has units.
    """
    seen: dict[str, int] = {}
    for index, engagement in enumerate(engagements, start=1):
        if not engagement.defenders or not engagement.attackers:
            raise IllegalOrderError(RULE, f"engagement {index} needs units of both sides")
        if len(engagement.defenders) > 1 and len(engagement.attackers) > 1:
            raise IllegalOrderError(
                RULE, f"engagement {index} has several units on both sides; one side must be single"
            )
        for side, uids in (
            (battle.defender, engagement.defenders),
            (battle.attacker, engagement.attackers),
        ):
            for uid in uids:
                if uid in seen:
                    raise IllegalOrderError(RULE, f"{uid} is assigned twice")
                seen[uid] = index
                _check_member(battle, side, uid)
    for side in battle.sides:
        missing = [u.uid for u in battle.fighting(side) if u.uid not in seen]
        if missing:
            raise IllegalOrderError(RULE, f"unassigned units of {side}: {', '.join(missing)}")
    smaller = min(len(battle.fighting(battle.defender)), len(battle.fighting(battle.attacker)))
    if len(engagements) != smaller:
        raise IllegalOrderError(
            RULE, f"{len(engagements)} engagements given; the protocol makes exactly {smaller}"
        )


def _check_member(battle: Battle, side: Side, uid: str) -> None:
    """``uid`` must be a fighting unit of ``side``."""
    try:
        unit = battle.unit(uid)
    except KeyError:
        raise NotInBattle(RULE, uid, battle) from None
    if unit.side != side:
        raise IllegalOrderError(RULE, f"{uid} is listed with {side} but belongs to {unit.side}")
    if not unit.in_combat:
        raise IllegalOrderError(RULE, f"{uid} is a fighter that has not launched (DN-CBT-8)")


def _strength(unit: Combatant) -> tuple[int, int, str]:
    """Ordering key for the automatic policy: biggest guns first, then defence, then uid."""
    return (-(unit.beam + unit.missile), -unit.defence, unit.uid)


def policy_order(units: Iterable[Combatant], face_down: frozenset[str]) -> list[Combatant]:
    """``units`` in the automatic policy's order: biggest guns first, then defence, then uid;
    the face-down counters (uids in ``face_down``) by nothing they are, after the others in
    the battle's order (``ranked_as_seen``: placement order, public, DN-NEU-1)."""
    return ranked_as_seen(units, _strength, lambda unit: unit.uid in face_down)


def auto_assignment(battle: Battle, face_down: frozenset[str]) -> tuple[Engagement, ...]:
    """A deterministic assignment by the protocol, used when players leave it to the engine.

    The defender names its units strongest first, the attacker answers strongest first, and
    leftovers join the engagements in turn; face-down counters (``face_down``) by
    ``policy_order``. It is one legal outcome of DN-CBT-3, not advice.
    """
    draft = AssignmentDraft()
    defenders = policy_order(battle.fighting(battle.defender), face_down)
    attackers = policy_order(battle.fighting(battle.attacker), face_down)
    for d, a in zip(defenders, attackers, strict=False):
        draft = draft.step(battle, battle.defender, d.uid)
        draft = draft.step(battle, battle.attacker, a.uid)
    pairs = len(draft.engagements)
    if pairs == 0:
        return ()
    leftovers = defenders[pairs:] if len(defenders) > pairs else attackers[pairs:]
    for index, unit in enumerate(leftovers):
        draft = draft.step(battle, unit.side, unit.uid, index % pairs)
    return draft.engagements


def auto_steps(
    battle: Battle, draft: AssignmentDraft, side: Side, face_down: frozenset[str]
) -> AssignmentDraft:
    """Take every protocol step that is ``side``'s, by the automatic policy.

    Used for the neutrals, whose choices nobody makes (DN-NEU-2): they name their strongest
    unassigned unit, answer with it, and add leftovers to the engagements in turn; face-down
    counters (``face_down``) by ``policy_order``, never by what they are.
    """
    while (expected := draft.waiting_for(battle)) is not None and expected[0] == side:
        free = policy_order(
            (u for u in battle.fighting(side) if u.uid not in draft.assigned()), face_down
        )
        index = None
        if expected[1] == "add":
            placed = sum(len(e.members(battle, side)) for e in draft.engagements)
            index = (placed - len(draft.engagements)) % len(draft.engagements)
        draft = draft.step(battle, side, free[0].uid, index)
    return draft
