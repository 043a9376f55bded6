"""The read side: pure functions (state, ruleset, viewer) -> typed models that every front end
shows — status, units, battles, income, upkeep, systems, log, map scene, order catalogue and
form choices — all built from the one hiding rule for face-down counters (``report.as_seen``
over ``campaign.rules.views``). Imports only ``campaign.rules`` (docs/adr/0029-the-house.md).
"""
