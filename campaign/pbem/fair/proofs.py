"""Zero-knowledge proofs that a shuffle pass was made honestly (issue 42 item 2, ADR 0028).

Two published constructions, made non-interactive with the Fiat–Shamir heuristic (challenges
are SHA-512 of everything public, domain-separated):

- **Cut-and-choose shuffle proof** (Sako and Kilian, "Receipt-free mix-type voting scheme",
  EUROCRYPT 1995, the "shadow mix"): the prover shows that ``outputs`` are ``inputs`` permuted
  (one permutation per deck) and re-masked (``out[i] = s_i · in[π(i)]`` component-wise, one
  scalar for every slot in ``single`` mode, a scalar per slot otherwise). In each of ``ROUNDS``
  rounds it makes a shadow shuffle ``E[i] = c_i · in[ρ(i)]`` of the inputs; a challenge bit
  asks it to open either the way from the inputs to ``E`` (``ρ`` and ``c``) or the way from
  ``E`` to the outputs (``σ = ρ⁻¹∘π`` and ``f_i = c_σ(i) / s_i``). Either opening alone is a
  uniformly random permutation and uniformly random scalars, so it tells nothing of ``π``; a
  prover that can answer both challenges of one round has made an honest shuffle, so a
  dishonest one survives each round with probability 1/2: ``2⁻⁶⁴`` over 64 rounds (and each
  try at the Fiat–Shamir hash costs a whole proof's work).
- **Chaum–Pedersen proof of equal discrete logarithms** (Chaum and Pedersen, "Wallet
  databases with observers", CRYPTO 1992): ``x = t·g`` and ``y = t·h`` for the same secret
  ``t``, in the (challenge, response) form: ``R1 = z·g − c·x``, ``R2 = z·h − c·y`` and
  ``c = H(g, h, x, y, R1, R2)``.

The shadow shuffles are not sent: the verifier recomputes each from the opening the challenge
asked for and checks that the hash of them all is the challenge (the usual compact form of a
Fiat–Shamir proof). In per-slot mode a ``0`` round opens a 32-byte seed from which every
``c_i`` is derived, so only ``1`` rounds carry one scalar per slot.

Every group operation is libsodium's (``group``); this module adds only the protocol. Proofs
read from another party are checked for shape and size before any group operation, and any
fault is a ``ProofError`` (the caller names the pass and the side).
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping, Sequence

from msgspec import Struct

from campaign.pbem.fair import group
from campaign.pbem.fair.errors import FairPlayViolation

#: Rounds of the cut-and-choose proof: a dishonest shuffle passes with probability 2^-ROUNDS.
ROUNDS = 64
LABEL = "dn-fair-proof/1"

#: A deck's slots: each slot a tuple of points (all slots of a statement have the same width).
Slots = Sequence[tuple[bytes, ...]]


class ProofError(ValueError):
    """A proof does not hold, or is not of the form the statement needs (the reason)."""


class Shuffle(Struct, frozen=True):
    """The public statement of a shuffle proof: ``outputs[d][i] = s_i · inputs[d][π_d(i)]``
    for a permutation ``π_d`` of every deck ``d`` and scalars ``s_i`` (one for all when
    ``single``). ``label`` binds the proof to its game, side and pass."""

    label: str
    inputs: Mapping[str, Slots]
    outputs: Mapping[str, Slots]
    single: bool

    def digest(self) -> hashlib._Hash:
        """A running SHA-512 over the statement, to which the shadow shuffles are added."""
        hashed = hashlib.sha512(
            "\x1f".join((LABEL, "shuffle", self.label, str(self.single))).encode()
        )
        for name in sorted(self.inputs):
            hashed.update(name.encode() + b"\x1f")
            for slots in (self.inputs[name], self.outputs[name]):
                for slot in slots:
                    hashed.update(b"".join(slot))
        return hashed


class Witness(Struct, frozen=True):
    """What the prover knows: the permutation of every deck and the scalar of every output
    slot (the same scalar everywhere in ``single`` mode)."""

    orders: Mapping[str, Sequence[int]]
    scalars: Mapping[str, Sequence[bytes]]


def prove_shuffle(statement: Shuffle, witness: Witness, rand: group.Random) -> dict[str, object]:
    """The proof (JSON-ready) that ``witness`` makes ``statement`` hold."""
    rounds: list[tuple[dict[str, list[int]], bytes, dict[str, list[bytes]]]] = []
    hashed = statement.digest()
    for _ in range(ROUNDS):
        shadow_order = {
            name: group.random_permutation(len(slots), rand)
            for name, slots in sorted(statement.inputs.items())
        }
        seed = group.random_scalar(rand) if statement.single else rand(32)
        scalars = _shadow_scalars(statement, seed)
        shadow = _shadow_from_inputs(statement, shadow_order, scalars)
        for name in sorted(shadow):
            hashed.update(b"".join(b"".join(slot) for slot in shadow[name]))
        rounds.append((shadow_order, seed, scalars))
    challenge = hashed.digest()[:32]
    answers: list[dict[str, object]] = []
    for bit, (shadow_order, seed, scalars) in zip(_bits(challenge), rounds, strict=True):
        if bit == 0:
            answers.append({"order": shadow_order, "open": seed.hex()})
            continue
        links: dict[str, list[int]] = {}
        ratios: dict[str, list[str]] = {}
        for name, order in sorted(witness.orders.items()):
            back = _inverse(shadow_order[name])
            links[name] = [back[j] for j in order]  # σ = ρ⁻¹∘π
            ratios[name] = [
                group.scalar_mul(
                    scalars[name][links[name][i]], group.invert(witness.scalars[name][i])
                ).hex()
                for i in range(len(order))
            ]
        if statement.single:
            first = next(iter(ratios.values()))[0]
            answers.append({"order": links, "scalar": first})
        else:
            answers.append({"order": links, "scalars": ratios})
    return {"challenge": challenge.hex(), "rounds": answers}


def verify_shuffle(statement: Shuffle, proof: object) -> None:
    """``ProofError`` unless ``proof`` proves ``statement``."""
    if not isinstance(proof, dict) or set(proof) != {"challenge", "rounds"}:
        raise ProofError("the proof must hold exactly a challenge and its rounds")
    challenge = _scalar_bytes(proof["challenge"], "the challenge", nonzero=False)
    answers = proof["rounds"]
    if not isinstance(answers, list) or len(answers) != ROUNDS:
        raise ProofError(f"the proof must hold {ROUNDS} rounds")
    hashed = statement.digest()
    for number, (bit, answer) in enumerate(zip(_bits(challenge), answers, strict=True), 1):
        try:
            shadow = _shadow_of_answer(statement, bit, answer)
        except FairPlayViolation as bad:
            raise ProofError(f"round {number}: {bad.message}") from None
        except ProofError as bad:
            raise ProofError(f"round {number}: {bad}") from None
        for name in sorted(shadow):
            hashed.update(b"".join(b"".join(slot) for slot in shadow[name]))
    if hashed.digest()[:32] != challenge:
        raise ProofError(
            "the rounds do not answer the challenge: the pass is not a re-masked "
            "permutation of its input"
        )


def prove_equal_logs(label: str, g: bytes, h: bytes, t: bytes, rand: group.Random) -> list[str]:
    """The Chaum–Pedersen proof ``[c, z]`` (hex) that ``t·g`` and ``t·h`` share the log ``t``."""
    k = group.random_scalar(rand)
    c = _dleq_challenge(
        label, g, h, group.mul(t, g), group.mul(t, h), group.mul(k, g), group.mul(k, h)
    )
    return [c.hex(), group.scalar_add(k, group.scalar_mul(c, t)).hex()]


def verify_equal_logs(label: str, g: bytes, h: bytes, x: bytes, y: bytes, proof: object) -> None:
    """``ProofError`` unless ``proof`` shows ``log_g x = log_h y``."""
    if not isinstance(proof, list) or len(proof) != 2:
        raise ProofError("an equal-logarithm proof is a pair [c, z]")
    c = _scalar_bytes(proof[0], "its challenge", nonzero=True)
    z = _scalar_bytes(proof[1], "its response", nonzero=True)
    try:
        r1 = group.sub(group.mul(z, g), group.mul(c, x))
        r2 = group.sub(group.mul(z, h), group.mul(c, y))
    except RuntimeError:  # libsodium refuses a product that is the identity
        raise ProofError("the equal-logarithm proof does not hold") from None
    if _dleq_challenge(label, g, h, x, y, r1, r2) != c:
        raise ProofError("the equal-logarithm proof does not hold")


# --- the parts --------------------------------------------------------------------------------


def _bits(challenge: bytes) -> list[int]:
    return [(challenge[r // 8] >> (r % 8)) & 1 for r in range(ROUNDS)]


def _inverse(order: Sequence[int]) -> list[int]:
    back = [0] * len(order)
    for i, j in enumerate(order):
        back[j] = i
    return back


def _shadow_scalars(statement: Shuffle, seed: bytes) -> dict[str, list[bytes]]:
    """The shadow's scalar of every slot: ``seed`` itself in single mode, else derived from it
    (SHA-512 of seed, deck and slot, reduced; zero has probability 2^-252 and is refused)."""
    out: dict[str, list[bytes]] = {}
    for name, slots in sorted(statement.inputs.items()):
        if statement.single:
            out[name] = [seed] * len(slots)
            continue
        out[name] = []
        for index in range(len(slots)):
            scalar = group.scalar_from_digest(
                hashlib.sha512(
                    "\x1f".join((LABEL, "shadow", name, str(index))).encode() + seed
                ).digest()
            )
            if not any(scalar):  # pragma: no cover - probability 2^-252
                raise ProofError("a shadow scalar is zero")
            out[name].append(scalar)
    return out


def _times(scalar: bytes, point: bytes) -> bytes:
    """``scalar · point``, by the faster fixed-base product when ``point`` is the base point."""
    return group.base_mul(scalar) if point == group.BASE else group.mul(scalar, point)


def _shadow_from_inputs(
    statement: Shuffle, orders: Mapping[str, Sequence[int]], scalars: Mapping[str, Sequence[bytes]]
) -> dict[str, list[tuple]]:
    return {
        name: [
            tuple(_times(scalars[name][i], point) for point in slots[j])
            for i, j in enumerate(orders[name])
        ]
        for name, slots in sorted(statement.inputs.items())
    }


def _shadow_of_answer(statement: Shuffle, bit: int, answer: object) -> dict[str, list[tuple]]:
    """The shadow shuffle a round's answer opens (from the inputs for a 0, back from the
    outputs for a 1), every field checked for form first."""
    if not isinstance(answer, dict):
        raise ProofError("a round must be an object")
    orders = _orders(statement, answer.get("order"))
    if bit == 0:
        if set(answer) != {"order", "open"}:
            raise ProofError("a 0 round holds exactly order and open")
        if statement.single:
            seed = group.scalar_from_hex(answer["open"], "its shadow scalar")
        else:
            seed = _scalar_bytes(answer["open"], "its seed", nonzero=False)
        return _shadow_from_inputs(statement, orders, _shadow_scalars(statement, seed))
    field = "scalar" if statement.single else "scalars"
    if set(answer) != {"order", field}:
        raise ProofError(f"a 1 round holds exactly order and {field}")
    shadow: dict[str, list[tuple]] = {}
    for name, outputs in sorted(statement.outputs.items()):
        if statement.single:
            ratios = [group.scalar_from_hex(answer[field], "its scalar")] * len(outputs)
        else:
            ratios = _ratios(answer[field], name, len(outputs))
        slots: list[tuple] = [()] * len(outputs)
        for i, slot in enumerate(outputs):
            slots[orders[name][i]] = tuple(group.mul(ratios[i], point) for point in slot)
        shadow[name] = slots
    return shadow


def _orders(statement: Shuffle, orders: object) -> dict[str, list[int]]:
    """The permutation of every deck of the statement, checked to be one."""
    if not isinstance(orders, dict) or sorted(orders) != sorted(statement.inputs):
        raise ProofError("its order must name exactly the decks of the pass")
    for name, order in orders.items():
        size = len(statement.inputs[name])
        if (
            not isinstance(order, list)
            or len(order) != size
            or not all(type(j) is int for j in order)
            or sorted(order) != list(range(size))
        ):
            raise ProofError(f"its order of deck {name} is not a permutation of {size} slots")
    return orders


def _ratios(ratios: object, name: str, size: int) -> list[bytes]:
    if (
        not isinstance(ratios, dict)
        or not isinstance(ratios.get(name), list)
        or len(ratios[name]) != size
    ):
        raise ProofError(f"its scalars of deck {name} must be {size}")
    return [
        group.scalar_from_hex(text, f"its scalar {i + 1} of deck {name}")
        for i, text in enumerate(ratios[name])
    ]


def _scalar_bytes(text: object, what: str, *, nonzero: bool) -> bytes:
    """32 bytes in their one hex spelling (a scalar when ``nonzero``, else any 32 bytes)."""
    try:
        if nonzero:
            return group.scalar_from_hex(text, what)
        return group.hex_bytes(text, 32, what)
    except FairPlayViolation as bad:
        raise ProofError(bad.message) from None


def _dleq_challenge(label: str, *points: bytes) -> bytes:
    digest = hashlib.sha512("\x1f".join((LABEL, "dleq", label)).encode() + b"".join(points))
    return group.scalar_from_digest(digest.digest())
