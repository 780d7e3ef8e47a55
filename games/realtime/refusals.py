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

from games.access import limits
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
    gettext_noop("this deal is over"),
    gettext_noop("the wall is exhausted"),
    gettext_noop("the dead wall is exhausted"),
    gettext_noop("not a tile"),
    gettext_noop("the tiles do not make four sets and a pair"),
    gettext_noop("the tiles do not make five sets and a pair"),
    # An action read from its JSON (engine/actions.py, engine/tiles.py).
    gettext_noop("an action must be a JSON object"),
    gettext_noop("an action needs a seat from 0 to 3"),
    gettext_noop("only a discard can carry an Original Call"),
    gettext_noop("an Original Call is true or false"),
    gettext_noop('a chow names its three tiles, e.g. "tiles": "b3 b4 b5"'),
    gettext_noop("a chow has exactly three tiles"),
    gettext_noop('an exchange names its tiles, e.g. "tiles": "b1 c5 wn"'),
    gettext_noop("tiles must be written as a string such as 'b1 b2 b3'"),
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
    gettext_noop("A talk message carries a `code` or a `text`."),
    gettext_noop("This seat is no longer yours: you are watching this table now."),
    gettext_noop("You have nothing to answer in this claim window."),
    gettext_noop("Unknown message type without a known type."),
    # Resigning and ending by agreement (services/departures.py, services/endings.py).
    gettext_noop("A tournament table cannot be resigned: withdraw from the tournament instead "
                 "(a bot then plays your seat)."),
    gettext_noop("A rated game cannot be resigned: propose ending it now (the others must "
                 "agree), or leave it (counted as last place)."),
    gettext_noop("A tournament table plays to its end: its round must close."),
    gettext_noop("Ending by agreement is for rated games: at a casual table, resign instead (a "
                 "bot plays on if others are at the table)."),
    gettext_noop("You proposed ending the game already, on this standing: you may propose "
                 "again once it changes (the deal is scored, or the next one begins)."),
    gettext_noop("An answer names the proposal (its id) and says accept: true or false."),
    gettext_noop("That proposal is no longer open: it lapsed with the deal, was declined, or "
                 "the game ended."),
)

_TILES = {tile_words(t): tile_token(t) for t in range(42)}


def tile_named(words: str) -> str:
    """A tile as the engine words it ("5 Dots"), named by the classical name table in Chinese."""
    token = _TILES.get(words)
    language = translation.get_language() or "en"
    return tile_name(token, language) if token and language.startswith("zh") else words


def _same(value: str) -> str:
    return value


# Messages with values: the English pattern, its msgid and how each value is said.
PATTERNS: tuple[tuple[re.Pattern[str], str, dict[str, Callable[[str], str]]], ...] = (
    (re.compile(r"you do not hold (?P<tile>.+) to pass"),
     gettext_noop("you do not hold %(tile)s to pass"), {"tile": tile_named}),
    (re.compile(r"you hold only (?P<n>\d+) of (?P<tile>.+), not (?P<asked>\d+)"),
     gettext_noop("you hold only %(n)s of %(tile)s, not %(asked)s"), {"tile": tile_named}),
    (re.compile(r"choose exactly (?P<n>\d+) tiles of your hand to pass"),
     gettext_noop("choose exactly %(n)s tiles of your hand to pass"), {}),
    (re.compile(r"you do not hold four (?P<tile>.+)"),
     gettext_noop("you do not hold four %(tile)s"), {"tile": tile_named}),
    (re.compile(r"you do not hold (?P<tile>.+)"),
     gettext_noop("you do not hold %(tile)s"), {"tile": tile_named}),
    (re.compile(r"you have no melded pung of (?P<tile>.+) and that tile in hand"),
     gettext_noop("you have no melded pung of %(tile)s and that tile in hand"),
     {"tile": tile_named}),
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
    # Why tiles do not go out (engine/wintest.py), said after "your hand is not complete".
    (re.compile(r"(?P<held>\d+) tiles in hand where a complete hand has (?P<size>\d+)"),
     gettext_noop("%(held)s tiles in hand where a complete hand has %(size)s"), {}),
    (re.compile(r"more than (?P<n>\d+) chow\(s\)"), gettext_noop("more than %(n)s chow(s)"), {}),
    # An action read from its JSON (engine/actions.py, engine/tiles.py): the values as sent.
    (re.compile(r"unknown action type (?P<kind>.+)"),
     gettext_noop("unknown action type %(kind)s"), {}),
    (re.compile(r"an action needs a seat from 0 to 3, not (?P<seat>.+)"),
     gettext_noop("an action needs a seat from 0 to 3, not %(seat)s"), {}),
    (re.compile(r"a (?P<kind>\w+) action names its tile, e\.g\. \"tile\": \"b5\""),
     gettext_noop('a %(kind)s action names its tile, e.g. "tile": "b5"'), {}),
    (re.compile(r"a (?P<kind>\w+) action names its tile"),
     gettext_noop("a %(kind)s action names its tile"), {}),
    (re.compile(r"an exchange passes exactly (?P<n>\d+) tiles"),
     gettext_noop("an exchange passes exactly %(n)s tiles"), {}),
    (re.compile(r"bad tile (?P<token>.+) at position (?P<n>\d+)"),
     gettext_noop("bad tile %(token)s at position %(n)s"), {}),
    (re.compile(r"(?P<tile>.+) is not a tile \(tiles are numbered 0 to 41\)"),
     gettext_noop("%(tile)s is not a tile (tiles are numbered 0 to 41)"), {}),
    (re.compile(r"(?P<tiles>.+) is not a tuple of tiles \(numbered 0 to 41\)"),
     gettext_noop("%(tiles)s is not a tuple of tiles (numbered 0 to 41)"), {}),
    # The services (services/moderation.py) and the rate limits (games/access/limits.py).
    (re.compile(r"Your account is silenced until (?P<until>[\d-]+ [\d:]+) UTC: you cannot talk "
                r"at the tables until then\."),
     gettext_noop("Your account is silenced until %(until)s UTC: you cannot talk at the tables "
                  "until then."), {}),
)


def _too_many(message: str) -> str | None:
    """A rate limit's refusal (limits.Verdict.message) in the active language, by what it
    counts; None if `message` is no such refusal."""
    found = re.fullmatch(r"Too many (?P<what>.+) from your address: try again in (?P<n>\d+) "
                         r"seconds\.", message)
    words = found and limits.TOO_MANY.get(found["what"])
    return str(words) % {"n": found["n"]} if words else None


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
    return _too_many(message) or message


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


def close_reason(words: str) -> str:
    """`words` as a close frame may carry them: at most 123 bytes of UTF-8 (a Chinese character
    takes three), cut at a character."""
    data = words.encode()
    return words if len(data) <= 123 else data[:123].decode(errors="ignore")
