"""The socket's refusals in the connection's language (docs/i18n.md). The engine and the
services refuse in English; the consumer, the edge, words each refusal again for the socket's
reader: its language is read once from the handshake (the language cookie, else the browser's
Accept-Language, as LocaleMiddleware reads a page's), and a message this module knows is
translated through the `django` catalogue, its values (a tile, a number) kept. A message it does
not know goes out in English. The error's `code` never changes: the browser decides by codes."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.conf import settings
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from games.engine.hand_names import tile_name
from games.engine.tiles import tile_name as tile_token
from games.engine.tiles import tile_words

# Every message said as it is (the msgid is the English the engine or a service sends).
KNOWN = (
    # The engine (engine/match.py, engine/deal/refusals.py).
    gettext_noop("the game is over"),
    gettext_noop("not an action"),
    gettext_noop("the deal is over: say you are ready for the next one"),
    gettext_noop("you are already ready; waiting for the others"),
    gettext_noop("you have already chosen the tiles to pass this round; waiting for the others"),
    gettext_noop("you cannot claim your own tile"),
    gettext_noop("you have already answered this discard"),
    gettext_noop("it is not your turn: waiting for another player"),
    gettext_noop("the dead wall is exhausted: no more kongs"),
    gettext_noop("first pass three tiles: the Goulash exchanges come before play"),
    gettext_noop("tiles are exchanged only before play begins in a Goulash deal"),
    gettext_noop("you can only discard on your own turn"),
    gettext_noop("name the tile to discard"),
    gettext_noop("this ruleset has no Original Call"),
    gettext_noop("an Original Call is declared with your first discard only"),
    gettext_noop("an Original Call needs a calling hand after the discard"),
    gettext_noop("you can only chow a discard"),
    gettext_noop("you can only chow from the player on your left"),
    gettext_noop("you may not make another chow in this ruleset"),
    gettext_noop("those tiles do not make a chow with the discard from your hand"),
    gettext_noop("you need two matching tiles in your hand to pung"),
    gettext_noop("you can only pung a discard"),
    gettext_noop("you need three matching tiles in your hand to claim a kong"),
    gettext_noop("to declare a kong on your turn, say which kind"),
    gettext_noop("you broke your Original Call and cannot go out this deal"),
    gettext_noop("you cannot go out after claiming a tile for a set: claim it to go out"),
    gettext_noop("a concealed kong can only be robbed to complete Thirteen Orphans"),
    gettext_noop("you have not declared fishing (calling), so you cannot go out yet"),
    gettext_noop("your hand is not complete"),
    gettext_noop("you can only declare a kong on your own turn"),
    gettext_noop("you cannot declare a kong after claiming a chow or pung"),
    gettext_noop("there is nothing to pass on: it is your turn to discard"),
    gettext_noop("the deal is still being played"),
    gettext_noop("that is not allowed now"),
    # The socket itself (consumers.py) and the service door (games/services).
    gettext_noop("Too many messages: that one was dropped."),
    gettext_noop("The server could not handle that message."),
    gettext_noop("That message is too large."),
    gettext_noop("Binary frames are not accepted: send JSON text."),
    gettext_noop("That message is not valid JSON."),
    gettext_noop("An action carries the version you last saw."),
    gettext_noop("Spectators cannot act."),
    gettext_noop("The game has not started yet."),
    gettext_noop("The game is over."),
    gettext_noop("The game moved on; sync and try again."),
    gettext_noop("Too late: the claim window has closed."),
    gettext_noop("You have already answered this discard."),
    gettext_noop("You are not seated at this table."),
    gettext_noop("Log in and take a seat to play."),
    gettext_noop("You can only act for your own seat."),
    gettext_noop("An action must be a JSON object."),
    gettext_noop("An action's seat is a number from 0 to 3."),
    gettext_noop("Say which version of the game you saw."),
    gettext_noop("There is no such game."),
    gettext_noop("You are talking too fast: wait a few seconds before the next line."),
    gettext_noop("Sign in to talk at the table."),
    gettext_noop("There is no such canned line."),
    gettext_noop("A line of talk is text."),
    gettext_noop("There is nothing to say in that line."),
    gettext_noop("A line may not hold control characters."),
    gettext_noop("That holds a word this site does not allow."),
    gettext_noop("Free text is off at tournament tables: use the canned lines."),
    gettext_noop("Free text is off at rated tables: use the canned lines."),
    gettext_noop("Free text is only for private tables, whose people came by invitation: "
                 "use the canned lines."),
)

_TILES = {tile_words(t): tile_token(t) for t in range(42)}


def _tile(words: str) -> str:
    token = _TILES.get(words)
    language = translation.get_language() or "en"
    return tile_name(token, language) if token and language.startswith("zh") else words


def _same(value: str) -> str:
    return value


# Messages with values: the English pattern, its msgid and how each value is said.
PATTERNS: tuple[tuple[re.Pattern[str], str, dict[str, Callable[[str], str]]], ...] = (
    (re.compile(r"you do not hold four (?P<tile>.+)"),
     gettext_noop("you do not hold four %(tile)s"), {"tile": _tile}),
    (re.compile(r"you do not hold (?P<tile>.+)"),
     gettext_noop("you do not hold %(tile)s"), {"tile": _tile}),
    (re.compile(r"you have no melded pung of (?P<tile>.+) and that tile in hand"),
     gettext_noop("you have no melded pung of %(tile)s and that tile in hand"), {"tile": _tile}),
    (re.compile(r"only the (?P<n>\d+) untouchable tiles are left: no more kongs"),
     gettext_noop("only the %(n)s untouchable tiles are left: no more kongs"), {}),
    (re.compile(r"your hand is worth (?P<faan>\d+) faan without its flowers, and this table asks "
                r"(?P<least>\d+) to go out"),
     gettext_noop("your hand is worth %(faan)s faan without its flowers, and this table asks "
                  "%(least)s to go out"), {}),
    (re.compile(r"your hand is not complete: (?P<why>.+)"),
     gettext_noop("your hand is not complete: %(why)s"), {"why": lambda why: said(why)}),
    (re.compile(r"You saw move (?P<seen>\d+) but the game is at move (?P<now>\d+); sync first\."),
     gettext_noop("You saw move %(seen)s but the game is at move %(now)s; sync first."), {}),
    (re.compile(r"A line is at most (?P<n>\d+) characters\."),
     gettext_noop("A line is at most %(n)s characters."), {}),
    (re.compile(r"Unknown message type (?P<kind>.+)\."),
     gettext_noop("Unknown message type %(kind)s."), {}),
)

def said(message: str) -> str:
    """`message` in the active language: translated if known, else as it came."""
    words = gettext(message)
    if words != message or message in KNOWN:
        return words
    for pattern, msgid, say in PATTERNS:
        found = pattern.fullmatch(message)
        if found:
            values = {k: say.get(k, _same)(v) for k, v in found.groupdict().items()}
            return gettext(msgid) % values
    return message


def language_of(scope: dict) -> str:
    """The language of a socket's reader, from its handshake: Django's language cookie, else the
    first language of Accept-Language this site speaks, else English."""
    cookies = scope.get("cookies") or {}
    chosen = cookies.get(settings.LANGUAGE_COOKIE_NAME)
    candidates = [chosen] if chosen else []
    for name, value in scope.get("headers") or ():
        if name == b"accept-language":
            header = value.decode("latin-1")
            candidates += [part.split(";")[0].strip() for part in header.split(",")]
    for code in candidates:
        if not code or code == "*":
            continue
        try:
            return translation.get_supported_language_variant(code.lower())
        except LookupError:
            continue
    return settings.LANGUAGE_CODE


def in_language(language: str, message: str) -> str:
    """`message` said in `language` (English: as it is)."""
    if language == settings.LANGUAGE_CODE:
        return message
    with translation.override(language):
        return said(message)
