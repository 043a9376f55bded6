"""Re-record the digests of ``seeds/movement-tour.json`` after an intended rules change.

Run from the repository root: ``.venv/bin/python -m tests.movement.record_seed``. The orders and
expected rejections stay as they are; only digests (and the profile hash) are rewritten. Review
the diff: a changed digest means the state after that order changed.
"""

from __future__ import annotations

import json

from campaign.content import load_ruleset
from campaign.rules.seedgame import SeedGame, record
from tests.movement.test_seed_game import SEED_FILE


def main() -> None:
    """Rewrite the seed file with freshly recorded digests."""
    game = SeedGame.model_validate(json.loads(SEED_FILE.read_text(encoding="utf-8")))
    recorded = record(game, load_ruleset(None, game.layout))
    text = json.dumps(recorded.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"
    SEED_FILE.write_text(text, encoding="utf-8")
    print(f"{SEED_FILE}: {len(recorded.steps)} steps recorded")


if __name__ == "__main__":
    main()
