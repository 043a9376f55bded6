"""``campaign serve NAME``: the live table in the browser (issue 43 item 2, ADR 0043).

One secret link per seat — the referee, each player side — and one for the public table view.
A link opens that seat's own terminal screen (the TUI, ``campaign tui NAME --side S``) in the
browser through ``textual-serve``: one process per open tab, started with the seat the link
names and nothing the browser sends. What the seat may see and do is decided by the app
(``campaign.app.authority`` and the hiding rule), exactly as in the terminal; this package only
carries the seat from the link to the process.
"""
