"""Small wording helpers shared by every front end's sentences: the rules' own
(``campaign.rules.wording``), so a screen and a refusal count alike."""

from __future__ import annotations

from campaign.rules.wording import plural

__all__ = ["plural"]
