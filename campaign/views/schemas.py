"""The JSON Schemas of the read side's reports, committed in ``docs/schemas/`` (``python -m
tools.view_schemas``; a test fails when they are stale)."""

from typing import Any

import msgspec

from campaign.views.battles import BattlesReport
from campaign.views.income import IncomeView
from campaign.views.status import StatusReport
from campaign.views.systems import SystemsReport
from campaign.views.units import UnitsReport
from campaign.views.upkeep import UpkeepReport


def view_schemas() -> dict[str, dict[str, Any]]:
    """File name -> JSON Schema of every report (committed in ``docs/schemas/``)."""
    return {
        "units.schema.json": UnitsReport.model_json_schema(),
        "battles.schema.json": BattlesReport.model_json_schema(),
        "status.schema.json": StatusReport.model_json_schema(),
        "upkeep.schema.json": UpkeepReport.model_json_schema(),
        "systems.schema.json": SystemsReport.model_json_schema(),
        "income.schema.json": msgspec.json.schema(IncomeView),  # msgspec, as ADR 0053 says
    }
