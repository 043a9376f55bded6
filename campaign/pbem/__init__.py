"""Play by e-mail: turn files, their armour, commit–reveal dice, signatures and import checks.

``campaign.pbem.exchange.PbemService`` is the entry point for the CLI and the TUI
(``export_turn``, ``import_turn``, ``verify_file``, ``resolve_crossed``); see docs/turn-files.md.
"""
