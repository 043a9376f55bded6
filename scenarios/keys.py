"""How a help writes a key: as a person types it (shared by the campaign screen's help and the
scenario games' help; no Textual here)."""

from __future__ import annotations

#: Keys a help writes by their name on the keyboard (Textual's display is ``⏎``, ``esc``, ``^s``).
KEY_NAMES = {
    "enter": "Enter",
    "escape": "Esc",
    "space": "Space",
    "tab": "Tab",
    "backspace": "Backspace",
    "delete": "Delete",
    "insert": "Insert",
    "home": "Home",
    "end": "End",
    "pageup": "PgUp",
    "pagedown": "PgDn",
    "up": "↑",
    "down": "↓",
    "left": "←",
    "right": "→",
    "ctrl": "Ctrl",
    "shift": "Shift",
    "alt": "Alt",
}


def key_as_typed(key: str, display: str = "") -> str:
    """How a help writes ``key`` (a Textual key name), as a person types it: ``ctrl+s`` →
    ``Ctrl+S``, ``f1`` → ``F1``, ``enter`` → ``Enter``; a printable key is ``display`` (the
    character: ``?`` for ``question_mark``). Issue 44 item 6: the games' help listed ``^s``,
    ``⏎`` and ``esc``."""
    *modifiers, last = key.split("+") if key != "+" else ["+"]
    if last in KEY_NAMES:
        name = KEY_NAMES[last]
    elif len(last) > 1 and last[0] == "f" and last[1:].isdigit():
        name = last.upper()
    elif modifiers:
        name = last.upper() if len(last) == 1 else display.split("+")[-1].lstrip("^")
    else:
        name = display or last
    return "+".join([*(KEY_NAMES.get(m, m.title()) for m in modifiers), name])
