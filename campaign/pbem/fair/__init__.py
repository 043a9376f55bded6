"""Fair play by e-mail without a referee (issue 34, ADR 0028): the pure core.

- ``group``: the prime-order group (edwards25519's main subgroup through PyNaCl/libsodium),
  scalars, points and their checked hex forms.
- ``shuffle``: the joint three-pass shuffle of the neutral decks (commutative masking, per-card
  keys after both permutations) and the commitments to every per-card key.
- ``reveal``: a party's share of one card, the check of a share against its commitment (a
  replayed or misplaced share is named), opening a card from both shares, and the book of
  reveals the rules called (a withheld share is named).
- ``audit``: the opening at the end of the game or on dispute: both parties' secrets recompute
  every pass, and the first that does not follow is named.
- ``strict``: dice nobody can preview: the receiver's contribution is committed before the
  sender's orders and revealed after them.

No SQL, no files, no clock: randomness comes only from an injected ``Random`` (``os.urandom``
in play, a seeded stream in tests). The rules engine never imports this package: it knows
cards only by reference (``token-3``, ``box-5``) and learns a kind from a ``reveal`` order that
the exchange checked here first (docs/turn-files.md, "Fair mode").
"""
