"""The stored forms of a campaign, without a database: event rows, play-by-e-mail ledger rows
and the hash chain that links the rows of a log.

Pure data and computation (they import only ``campaign.rules``), shared by the store, which
writes and reads them, and by the turn-file format (``campaign.pbem``), which computes the rows a
file becomes before anything is stored. Apart from the store so that the format needs no
database code (docs/adr/0029-the-house.md).
"""
