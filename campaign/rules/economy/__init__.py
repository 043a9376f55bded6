"""Economy, neutrals and victory of expanded Dark Nebula (DN-ECO-*, DN-NEU-2/3, DN-VIC-1).

Pure rules over a small "who is where" view:
``occupancy`` (the view), ``control`` (DN-ECO-1/2), ``graph`` + ``connectivity`` (DN-ECO-3),
``income`` (Table 3, DN-ECO-4..6), ``report`` (the explained income and supply report).

Wired into the engine (registered by ``area``, one line in ``campaign.rules.catalog``):
``treasury`` (income on entering Maintenance & Production), ``maintenance`` (DN-ECO-7),
``production`` (DN-ECO-8/9), ``neutrals`` (conscription and rebuilding, DN-NEU-2/3),
``victory`` (DN-VIC-1, DN-SEQ-3). ``adapter`` builds the view from a ``CampaignState`` and offers
the queries the CLI and the TUI use. Rule id -> code -> test: docs/rules-economy.md.
"""
