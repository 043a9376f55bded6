"""Retrograde tablebase for Imperium Shogi and (as a check) Dobutsu shogi (issue 12).

``kernel`` holds the numba code (keys, moves, un-moves, hash table), ``solver`` the two phases,
``store`` the files in the user data directory and the ``probe`` used by the perfect AI level,
``cli`` the ``campaign scenario solve imperium-shogi --tablebase`` command. See docs/solving.md.
"""
