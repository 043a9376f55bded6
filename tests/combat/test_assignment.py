"""Target assignment protocol and whole-assignment legality (DN-CBT-3)."""

from __future__ import annotations

import pytest

from campaign.rules.combat.assignment import (
    AssignmentDraft,
    Engagement,
    auto_assignment,
    check_assignment,
)
from campaign.rules.errors import IllegalOrderError
from campaign.rules.ids import Side
from tests.combat.helpers import battle, ship

A, S = Side.ASLAN, Side.SOLOMANI


def three_vs_one():
    return battle(ship("a1", A), ship("s1", S), ship("s2", S), ship("s3", S))


def test_defender_names_attacker_answers():  # DN-CBT-3
    b = battle(ship("a1", A), ship("a2", A), ship("s1", S))
    draft = AssignmentDraft()
    assert draft.waiting_for(b) == (A, "name")
    with pytest.raises(IllegalOrderError, match="DN-CBT-3"):
        draft.step(b, S, "s1")  # the attacker may not start
    draft = draft.step(b, A, "a2")
    assert draft.waiting_for(b) == (S, "answer")
    draft = draft.step(b, S, "s1")
    assert draft.engagements == (Engagement(defenders=("a2",), attackers=("s1",)),)
    # defender has a1 left over and must add it to an existing engagement
    assert draft.waiting_for(b) == (A, "add")
    with pytest.raises(IllegalOrderError, match="DN-CBT-3"):
        draft.step(b, A, "a1")
    draft = draft.step(b, A, "a1", engagement=0)
    assert draft.engagements[0].defenders == ("a2", "a1")
    assert draft.waiting_for(b) is None
    check_assignment(b, draft.engagements)


def test_assignment_rejects_reuse_and_foreign_units():  # DN-CBT-3
    b = battle(ship("a1", A), ship("a2", A), ship("s1", S), ship("s2", S))
    draft = AssignmentDraft().step(b, A, "a1").step(b, S, "s1")
    with pytest.raises(IllegalOrderError, match="already assigned"):
        draft.step(b, A, "a1")
    with pytest.raises(IllegalOrderError, match="not a unit of"):
        draft.step(b, A, "s2")
    with pytest.raises(IllegalOrderError, match="not in the battle"):
        draft.step(b, A, "zz")


def test_whole_assignment_must_cover_every_unit():  # DN-CBT-3
    b = three_vs_one()
    with pytest.raises(IllegalOrderError, match="unassigned units of solomani: s3"):
        check_assignment(b, (Engagement(defenders=("a1",), attackers=("s1", "s2")),))


def test_whole_assignment_one_side_single_per_engagement():  # DN-CBT-3
    b = battle(ship("a1", A), ship("a2", A), ship("s1", S), ship("s2", S))
    with pytest.raises(IllegalOrderError, match="one side must be single"):
        check_assignment(b, (Engagement(defenders=("a1", "a2"), attackers=("s1", "s2")),))


def test_whole_assignment_engagement_count():  # DN-CBT-3
    b = battle(ship("a1", A), ship("a2", A), ship("s1", S), ship("s2", S), ship("s3", S))
    lopsided = (
        Engagement(defenders=("a1",), attackers=("s1", "s2", "s3")),
        Engagement(defenders=("a2",), attackers=()),
    )
    with pytest.raises(IllegalOrderError, match="both sides"):
        check_assignment(b, lopsided)
    legal = (
        Engagement(defenders=("a1",), attackers=("s1", "s3")),
        Engagement(defenders=("a2",), attackers=("s2",)),
    )
    check_assignment(b, legal)


def test_whole_assignment_duplicate_rejected():  # DN-CBT-3
    b = battle(ship("a1", A), ship("s1", S), ship("s2", S))
    dup = (Engagement(defenders=("a1",), attackers=("s1", "s1")),)
    with pytest.raises(IllegalOrderError, match="twice"):
        check_assignment(b, dup)


@pytest.mark.parametrize("n_def, n_att", [(1, 1), (1, 4), (4, 1), (3, 5), (6, 2)])
def test_auto_assignment_is_legal(n_def, n_att):  # DN-CBT-3
    units = [ship(f"a{i}", A, beam=i) for i in range(n_def)]
    units += [ship(f"s{i}", S, beam=i) for i in range(n_att)]
    b = battle(*units)
    engagements = auto_assignment(b, frozenset())
    check_assignment(b, engagements)
    assert len(engagements) == min(n_def, n_att)
