"""Combat in expanded Dark Nebula: space battles, interaction, ground combat, forecasts.

Pure rules (values in, values out): ``model`` (battle values), ``crt`` (results tables),
``assignment`` (DN-CBT-3), ``space`` (rounds, DN-CBT-1..10), ``interaction`` (DN-INT-1..5),
``ground`` (DN-GND-1/2), ``forecast`` (exact shot odds, Monte Carlo battles).
Campaign wiring: ``detect`` (battles in the state, DN-NEU-2, DN-REA-1), ``space_orders``,
``space_events`` and ``surface_orders`` (orders, events, hooks; registered through ``orders`` in
the catalog), ``queries`` (read-only views for the UI). Rule id → code → test:
docs/rules-combat.md.
"""
