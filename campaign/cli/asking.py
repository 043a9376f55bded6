"""Yes/no questions asked on the terminal (`campaign undo` of a referee undo, `campaign
delete`): one shape for every question, so that the keys that end input behave alike.

Found by use (December 7, evening): Ctrl+D at such a question ended in a Python traceback
(``EOFError``), and Ctrl+C printed ``interrupted`` on the question's own line. Ctrl+D now
answers no, as an empty answer does; Ctrl+C ends the line and says that nothing changed (the
command line's ``interrupted`` line, exit code 130).
"""

from __future__ import annotations


def ask_yes_no(question: str) -> bool:
    """Ask ``question`` followed by `` [y/N] ``; True only for "y" or "yes" (any case)."""
    try:
        answer = input(f"{question} [y/N] ")
    except EOFError:  # Ctrl+D: no, on a line of its own
        print()
        return False
    except KeyboardInterrupt:  # Ctrl+C: nothing done, said on a line of its own
        print()
        raise KeyboardInterrupt("at the question: nothing changed") from None
    return answer.strip().lower() in ("y", "yes")
