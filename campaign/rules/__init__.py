"""The pure rules engine of expanded Dark Nebula.

Nothing in this package reads files, looks at the clock, uses the global random generator, touches
a database or imports Textual: it can be read as the rules. Data arrives as a frozen ``Ruleset``
(built by ``campaign.content``); randomness arrives as a dice capability.
"""
