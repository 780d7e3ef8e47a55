"""One check for every name that comes from outside (a record's players): what a page, a link
and a database column can hold."""

from __future__ import annotations

from typing import Any

from .errors import NotationError

MAX_NAME = 150  # what Seat.recorded_name and a username hold


def check_name(text: Any, what: str = "a name") -> str:
    """The name stripped of surrounding spaces; NotationError saying why if it cannot be one."""
    if not isinstance(text, str):
        raise NotationError(f"{what} must be text")
    name = text.strip()
    if not name:
        raise NotationError(f"{what} is empty")
    if len(name) > MAX_NAME:
        raise NotationError(f"{what} is {len(name)} characters long (at most {MAX_NAME})")
    for i, ch in enumerate(name):
        # isprintable() refuses control and format characters, line breaks and odd spaces:
        # anything that could hide, reorder or split a name on a page.
        if not ch.isprintable():
            raise NotationError(
                f"{what} holds a character that cannot be shown (U+{ord(ch):04X} at "
                f"position {i + 1})"
            )
    return name
