"""Orders that do one thing in different steps (issue 45 item 4): a refusal for the wrong
step names the order that does it in the current one.

Ships leave a surface box with ``leave-box`` in a movement phase (DN-MOV-6), ``join-battle``
between the rounds of a space battle (DN-MOV-6) and ``lift-off`` in the interaction
sub-phase (DN-INT-5); a referee who types the one of another step is told which to give.
Pure text over the order registry: no state is read.
"""

from __future__ import annotations

from campaign.rules.phases import Phase, SubPhase
from campaign.rules.registry import ORDERS

#: Verbs that do the same act, each in its own steps.
SAME_ACT: tuple[frozenset[str], ...] = (frozenset({"leave-box", "join-battle", "lift-off"}),)


def instead(verb: str, phase: Phase, sub_phase: SubPhase | None) -> str:
    """``"; in this step the order is 'leave-box STACK' (DN-MOV-6)"`` when another order does
    what ``verb`` does in the step given, else ``""``."""
    for group in SAME_ACT:
        if verb not in group:
            continue
        for other in sorted(group - {verb}):
            spec = ORDERS.get(other)
            if spec is not None and spec.accepts_step(phase, sub_phase):
                return f"; in this step the order is '{spec.template}' ({spec.rule})"
    return ""
