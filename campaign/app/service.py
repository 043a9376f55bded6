"""``CampaignService``: the use cases of ``campaign.app`` over one database, in one object."""

from __future__ import annotations

from campaign.app.audit import Audit
from campaign.app.housekeeping import Housekeeping
from campaign.app.orders import Orders
from campaign.app.reading import Reading


class CampaignService(Orders, Audit, Reading, Housekeeping):
    """Load → check → decide → append, and what a viewer reads, for one database."""
