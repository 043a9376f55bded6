"""The read side: pure functions (state, ruleset, viewer) -> typed models that every front end
shows — status, units, battles, income, upkeep, systems, log, map scene, order catalogue and
form choices — each view that takes a viewer starts from that viewer's ``Seen``
(``campaign.rules.views.see``, the one hiding rule; docs/seats.md), and gives the viewer only
what passed through it. Imports only ``campaign.rules`` (docs/adr/0029-the-house.md).
"""
