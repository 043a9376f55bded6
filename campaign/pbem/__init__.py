"""Play by e-mail, the turn-file format: the file model, its armour, signatures, commit–reveal
dice, where a file sits in the exchange and re-running its orders. No database here: the use
cases (export, import, resolve, withdraw) are ``campaign.app.mail``, the exchange ledger's
statements ``campaign.store.ledger``; see docs/turn-files.md.
"""
