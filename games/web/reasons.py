"""The engine's reasons as a page says them, in its reader's language (docs/i18n.md): why an
imported record is refused, why a replay's verification failed, why the analysis board cannot
read a position, why the calculator cannot score a hand. The engine words them in English and
knows nothing of Django; the page words them again here. A reason is matched by its pattern
(the msgid, its `%(name)s` placeholders standing for the values) and said with its values: a
number or a value the sender wrote is kept as it is, a tile is named by the classical name
table, and a reason inside a reason ("action 12 is badly written: ...") is said again the same
way, down to the socket's refusals of a move (games/realtime/refusals.py). A reason no pattern
matches is shown as it came."""

from __future__ import annotations

import re
from collections.abc import Callable

from django.utils.translation import get_language, gettext, gettext_noop, pgettext, pgettext_lazy

from games.engine.hand_names import ruleset_title, tile_name
from games.engine.ruleset import PRESETS
from games.realtime import refusals as move_refusals
from games.realtime.refusals import tile_named

Say = Callable[[str], str]


def _same(value: str) -> str:
    return value


def why(message: str) -> str:
    """A reason inside a reason, said the same way."""
    return said(message)


def _tiles(words: str) -> str:
    """Tiles as the engine lists them ("3 Bamboo, 4 Bamboo"), each named."""
    return pgettext("list", ", ").join(tile_named(w) for w in words.split(", "))


def _token(token: str) -> str:
    """A tile as the notation writes it (b5, we), named in the page's language."""
    language = get_language() or "en"
    if not language.startswith("zh"):
        return token
    try:
        return tile_name(token, language)
    except (KeyError, ValueError):
        return token


def _tokens(text: str) -> str:
    return pgettext("list", ", ").join(_token(t) for t in text.split(", "))


WIND_WORDS = {"East": pgettext_lazy("wind", "East"), "South": pgettext_lazy("wind", "South"),
              "West": pgettext_lazy("wind", "West"), "North": pgettext_lazy("wind", "North")}


def _wind(name: str) -> str:
    return str(WIND_WORDS.get(name, name))


def _ruleset(title: str) -> str:
    """A ruleset's English title in the page's language (the name tables' title)."""
    for name, ruleset in PRESETS.items():
        if ruleset.title == title:
            return ruleset_title(name, get_language() or "en")
    return title


def _part(where: str) -> str:
    """Where in a record a field is ("the record", "deal 3 of the results")."""
    known = PARTS.get(where)
    return str(known) if known is not None else said(where)


PARTS = {
    "the record": pgettext_lazy("a part of a record", "the record"),
    '"commitment"': pgettext_lazy("a part of a record", '"commitment"'),
    '"game"': pgettext_lazy("a part of a record", '"game"'),
    "a player": pgettext_lazy("a part of a record", "a player"),
    '"results"': pgettext_lazy("a part of a record", '"results"'),
    "a standing": pgettext_lazy("a part of a record", "a standing"),
}

# A move as a record's refusal names it, after its player's name (engine/actions.py, describe).
MOVES: tuple[tuple[re.Pattern[str], str, dict[str, Say]], ...] = (
    (re.compile(r"discards (?P<tile>.+) with an Original Call"),
     pgettext_lazy("a move in a record", "discards %(tile)s with an Original Call"),
     {"tile": tile_named}),
    (re.compile(r"discards (?P<tile>.+)"),
     pgettext_lazy("a move in a record", "discards %(tile)s"), {"tile": tile_named}),
    (re.compile(r"chows (?P<tiles>.+)"),
     pgettext_lazy("a move in a record", "chows %(tiles)s"), {"tiles": _tiles}),
    (re.compile(r"declares a kong of (?P<tile>.+)"),
     pgettext_lazy("a move in a record", "declares a kong of %(tile)s"), {"tile": tile_named}),
    (re.compile(r"passes three tiles"),
     pgettext_lazy("a move in a record", "passes three tiles"), {}),
    (re.compile(r"pungs"), pgettext_lazy("a move in a record", "pungs"), {}),
    (re.compile(r"kongs"), pgettext_lazy("a move in a record", "kongs"), {}),
    (re.compile(r"goes out"), pgettext_lazy("a move in a record", "goes out"), {}),
    (re.compile(r"passes"), pgettext_lazy("a move in a record", "passes"), {}),
    (re.compile(r"is ready"), pgettext_lazy("a move in a record", "is ready"), {}),
)
_MOVE = (r"discards .+|chows .+|declares a kong of .+|passes three tiles|pungs|kongs|goes out|"
         r"passes|is ready")


def _move(text: str) -> str:
    return _match(MOVES, text) or text


# Every reason said as it is (the msgid is the engine's English).
KNOWN = (
    # The record (engine/record.py) and the site's own checks of it (games/web/records.py).
    gettext_noop("a record is a JSON object"),
    gettext_noop("the record has no seed (a record is complete only once the game is over)"),
    gettext_noop('"engine_version" must be a short text'),
    gettext_noop('"commitment" must give its "algorithm" and "value" as text'),
    gettext_noop('"game" must be a JSON object of facts'),
    gettext_noop("a record lists exactly four players"),
    gettext_noop("each player's seat is a number from 0 to 3"),
    gettext_noop("the players must hold seats 0, 1, 2 and 3, one each"),
    gettext_noop("two players in the record have the same name"),
    gettext_noop("two players are listed in the same chair"),
    gettext_noop('the results have no list of "deals"'),
    gettext_noop('"standings" must be null or a list of four seats'),
    gettext_noop("the results hold a value of the wrong kind or size"),
    gettext_noop("the seed does not match its commitment: the shuffle is not the one promised "
                 "when the game started"),
    gettext_noop("the game in this record is not over: only finished games are complete "
                 "records"),
    gettext_noop("the file is not a game record: its JSON is nested too deeply"),
    gettext_noop("the game is not over: its seed is revealed when it ends"),
    gettext_noop("the points saved for this game differ from the replay"),
    gettext_noop("the ruleset must be a JSON object of settings"),
    gettext_noop("verified: the seed matches its commitment and replays to these results"),
    # The analysis board (games/web/pages/board_position.py).
    gettext_noop("too long"),
    gettext_noop("only flowers and seasons (f1-f4, s1-s4) are bonus tiles"),
    gettext_noop("a flower or season goes with the seat's bonus tiles"),
    gettext_noop("write /concealed or nothing"),
    gettext_noop("a set is a pung, a kong or a chow"),
    gettext_noop("one tile, and then no drawn tile"),
    gettext_noop("not one this site plays"),
    gettext_noop("1 or nothing"),
    gettext_noop("one tile at most"),
    gettext_noop("a number"),
    gettext_noop("between 0 and 144"),
    gettext_noop("a discard on offer or a kong to rob, not both"),
    gettext_noop("the tile on offer is another seat's"),
    gettext_noop("no decision here: give the tile the seat drew (its turn) or a discard on offer"),
    # The calculator (games/engine/scoring, games/engine/cli_score.py).
    gettext_noop("bonus tiles must be distinct flowers and seasons"),
    gettext_noop("the winning tile must be a suit, wind or dragon tile"),
    gettext_noop("the set named for the winning tile does not hold it"),
    gettext_noop("a set is made of suit, wind and dragon tiles only"),
    gettext_noop('melds must be a list of objects such as {"tiles": "b1 b2 b3"}'),
    gettext_noop("win must be null or an object"),
    gettext_noop("only a kong has a kong kind"),
)


def _rule(msgid: str, shapes: dict[str, str] | None = None, **say: Say):
    """A reason with values: its pattern is the msgid, each placeholder a value (`shapes`: what
    a value looks like, where the words around it would not tell; else any text)."""
    shapes = shapes or {}
    parts = re.split(r"%\((\w+)\)s", msgid)
    pattern = "".join(
        re.escape(part) if i % 2 == 0 else f"(?P<{part}>{shapes.get(part, '.+?')})"
        for i, part in enumerate(parts))
    return re.compile(pattern, re.S), msgid, say


N = r"\d[\d,]*"

# Reasons with values, tried in this order: a more particular one before a more general one.
PATTERNS: tuple[tuple[re.Pattern[str], str, dict[str, Say]], ...] = (
    # A replay's verification (engine/record.py, Verification.message).
    _rule(gettext_noop("refused: %(why)s"), why=why),
    _rule(gettext_noop("its moves do not replay: %(why)s"), why=why),
    # Reading the file (engine/record.py, load_json).
    _rule(gettext_noop("the file is too large to be a game record (more than %(n)s bytes)"),
          {"n": N}),
    _rule(gettext_noop("the file is not a game record: it holds %(n)s lists and objects (a "
                       "record has at most %(most)s)"), {"n": N, "most": N}),
    _rule(gettext_noop("the file cannot be read as a record: %(why)s"), why=why),
    _rule(gettext_noop("it holds a number %(n)s digits long"), {"n": N}),
    _rule(gettext_noop("the number %(value)s is too large")),
    _rule(gettext_noop("%(value)s is not a number JSON allows")),
    _rule(gettext_noop("the file is not valid JSON (%(error)s)")),
    # Its format and shape.
    _rule(gettext_noop('this is not a game record (its "format" should be "%(format)s")')),
    _rule(gettext_noop('the record has no "format_version" (this site reads version '
                       '%(version)s)')),
    _rule(gettext_noop('"format_version" must be a whole number, not %(value)s')),
    _rule(gettext_noop('"format" says %(format)s but "format_version" says %(version)s')),
    _rule(gettext_noop("unknown record format version %(version)s (this site reads version "
                       "%(ours)s)")),
    _rule(gettext_noop("%(where)s has an unknown field %(field)s (known: %(known)s)"),
          where=_part),
    _rule(gettext_noop('the record has no valid "%(key)s"')),
    _rule(gettext_noop("the seed must be at most %(n)s printable characters"), {"n": N}),
    _rule(gettext_noop("the ruleset cannot be read: %(why)s"), why=why),
    _rule(gettext_noop('"game" "id" must be a whole number, not %(value)s')),
    _rule(gettext_noop('"game" "%(key)s" must be true or false, not %(value)s')),
    _rule(gettext_noop("the player in seat %(seat)s has chair %(chair)s (0 to 3, or null)"),
          {"seat": N}),
    _rule(gettext_noop("the player in seat %(seat)s has bot %(bot)s (null for a person, or one "
                       "of %(levels)s)"), {"seat": N}),
    _rule(gettext_noop("the name of the player in seat %(seat)s must be text"), {"seat": N}),
    _rule(gettext_noop("the name of the player in seat %(seat)s is empty"), {"seat": N}),
    _rule(gettext_noop("the name of the player in seat %(seat)s is %(n)s characters long (at "
                       "most %(most)s)"), {"seat": N, "n": N, "most": N}),
    _rule(gettext_noop("the name of the player in seat %(seat)s holds a character that cannot "
                       "be shown (U+%(code)s at position %(n)s)"), {"seat": N, "n": N}),
    _rule(gettext_noop("the results list %(n)s deals: a game of these rules has at most "
                       "%(most)s"), {"n": N, "most": N}),
    _rule(gettext_noop("deal %(n)s of the results is not a JSON object"), {"n": N}),
    _rule(gettext_noop("deal %(n)s of the results holds a value of the wrong kind or size"),
          {"n": N}),
    _rule(gettext_noop("deal %(n)s of the results"), {"n": N}),
    _rule(gettext_noop("the record lists %(n)s actions: a game of these rules (%(rounds)s "
                       "round(s), at most %(deals)s deals) has at most %(most)s"),
          {"n": N, "rounds": N, "deals": N, "most": N}),
    _rule(gettext_noop("unknown commitment algorithm %(name)s (expected sha256)")),
    # Its actions.
    _rule(gettext_noop("action %(n)s is not a JSON object"), {"n": N}),
    _rule(gettext_noop("action %(n)s has sequence number %(seq)s: the action list has gaps, "
                       "repeats or is out of order"), {"n": N}),
    _rule(gettext_noop("action %(n)s is badly written: its %(key)s must be tiles written as "
                       "text (at most %(most)s characters), not %(value)s"), {"n": N}),
    _rule(gettext_noop("action %(n)s is badly written: %(why)s"), {"n": N}, why=why),
    _rule(gettext_noop("action %(n)s (%(who)s %(move)s) cannot be replayed: %(why)s"),
          {"n": N, "move": _MOVE}, move=_move, why=why),
    _rule(gettext_noop("action %(n)s: %(why)s"), {"n": N}, why=why),
    _rule(gettext_noop("action %(n)s"), {"n": N}),
    # The game it replays to.
    _rule(gettext_noop("the first deal cannot be dealt under this ruleset: %(why)s"), why=why),
    _rule(gettext_noop("the game runs past %(n)s deals, more than its rules allow"), {"n": N}),
    _rule(gettext_noop("the seating differs from the replay: %(who)s is listed in seat "
                       "%(seat)s, but the dice put chair %(chair)s elsewhere"),
          {"seat": N, "chair": N}),
    _rule(gettext_noop("the results differ from the replay: deal %(n)s records %(key)s "
                       "%(claimed)s but the replay gives %(replayed)s"), {"n": N, "key": r"\w+"}),
    _rule(gettext_noop("the results differ from the replay: %(claimed)s deals recorded, the "
                       "replay plays %(replayed)s"), {"claimed": N, "replayed": N}),
    _rule(gettext_noop("the results differ from the replay: %(key)s recorded as %(claimed)s, "
                       "the replay gives %(replayed)s"), {"key": r"\w+"}),
    # Times (engine/record.py, parse_time), after where they are.
    _rule(gettext_noop('"game" "%(key)s": %(why)s'), {"key": r"\w+"}, why=why),
    _rule(gettext_noop('a time is ISO 8601 text such as "2026-11-23T10:02:11Z", not '
                       '%(value)s')),
    _rule(gettext_noop("the time %(value)s is not between %(first)s and %(last)s"),
          {"first": N, "last": N}),
    _rule(gettext_noop("%(value)s is not an ISO 8601 time")),
    # A ruleset's settings (engine/settings_check.py, engine/ruleset.py).
    _rule(gettext_noop("unknown ruleset settings: %(names)s")),
    _rule(gettext_noop("ruleset setting %(key)s names a limit hand twice")),
    _rule(gettext_noop("ruleset setting %(key)s names an option twice")),
    _rule(gettext_noop("ruleset setting %(key)s must be %(wants)s, not %(value)s"), wants=why),
    _rule(gettext_noop("a whole number from %(low)s to %(high)s or null"),
          {"low": r"-?\d+", "high": r"-?\d+"}),
    _rule(gettext_noop("a whole number from %(low)s to %(high)s"),
          {"low": r"-?\d+", "high": r"-?\d+"}),
    _rule(gettext_noop("one line of text of at most %(n)s characters"), {"n": N}),
    _rule(gettext_noop("a list of limit-hand codes (%(codes)s)")),
    _rule(gettext_noop("the name of a preset (%(names)s)")),
    _rule(gettext_noop("%(values)s (or, as older settings say, true or false)")),
    _rule(gettext_noop("unknown ruleset %(name)s (known: %(known)s)")),
    _rule(gettext_noop("unknown ruleset %(name)s")),
    # The analysis board's address (board_position.py): the field named as the address has it.
    _rule(gettext_noop("rob: %(wind)s's sets hold no pung of %(tile)s to add it to (its sets "
                       "are m_%(w)s, or yours)"), {"wind": r"\w+", "w": r"\w+"},
          wind=_wind, tile=_token),
    _rule(gettext_noop("goulash: %(title)s plays no Goulash"), title=_ruleset),
    _rule(gettext_noop("%(field)s: %(tile)s is not in a %(title)s wall"),
          {"field": r"[a-z_]+", "tile": r"\w+"}, tile=_token, title=_ruleset),
    _rule(gettext_noop("%(field)s: %(tile)s is given twice"), {"field": r"[a-z_]+",
                                                              "tile": r"\w+"}, tile=_token),
    _rule(gettext_noop("%(field)s: one of %(winds)s"), {"field": r"[a-z_]+"}),
    _rule(gettext_noop("more than four of %(tiles)s"), tiles=_tokens),
    # The seat's decision on the board (games/thinking/board_jobs.py).
    _rule(gettext_noop("the hand has %(size)s tiles: at the seat's turn it needs %(need)s (the "
                       "drawn tile included), with a discard on offer %(less)s"),
          {"size": N, "need": N, "less": N}),
    _rule(gettext_noop("%(field)s, set %(n)s: %(why)s"), {"field": r"[a-z_]+", "n": N}, why=why),
    # The calculator's fields (games/web/pages/calculator.py) and the hand it reads.
    _rule(gettext_noop("set %(n)s: unknown kind %(kind)s (use %(kinds)s)"), {"n": N}),
    _rule(gettext_noop("Set %(n)s: %(why)s"), {"n": N}, why=why),
    _rule(gettext_noop("Concealed hand: %(why)s"), why=why),
    _rule(gettext_noop("Bonus tiles: %(why)s"), why=why),
    _rule(gettext_noop("Winning tile: %(why)s"), why=why),
    _rule(gettext_noop("%(n)s tiles of %(tile)s shown, but there are only 4"), {"n": N},
          tile=tile_named),
    _rule(gettext_noop("%(tile)s cannot be held in hand: flowers and seasons go with the bonus "
                       "tiles"), tile=_tokens),
    _rule(gettext_noop("%(tile)s is not in play: these rules use flowers only"), tile=tile_named),
    _rule(gettext_noop("%(tile)s is not in play: these rules use no flowers or seasons"),
          tile=tile_named),
    _rule(gettext_noop("%(name)s must be 0-3 (East, South, West, North), not %(value)s")),
    _rule(gettext_noop("%(key)s must be we/ws/ww/wn, E/S/W/N or 0-3, not %(value)s")),
    _rule(gettext_noop("unknown win source %(source)s (known: %(known)s)")),
    _rule(gettext_noop("unknown kong kind %(kind)s")),
    _rule(gettext_noop("%(tiles)s is not a chow, pung, kong, pair or knitted pair or triple")),
    # A score's reason it is no win (engine/scoring/score.py).
    _rule(gettext_noop("not a winning hand: %(why)s; it holds one tile too many for a losing "
                       "hand"), why=why),
    _rule(gettext_noop("not a winning hand: %(why)s"), why=why),
    _rule(gettext_noop("1 tile in hand where a complete hand has %(size)s"), {"size": N}),
    _rule(gettext_noop("1 tile in hand where a losing hand has %(size)s"), {"size": N}),
    _rule(gettext_noop("%(n)s tiles in hand where a losing hand has %(size)s"),
          {"n": N, "size": N}),
    _rule(gettext_noop("the winning tile %(tile)s is not in the hand"), tile=tile_named),
    # Any field of the board, last: "hand: bad tile 'x' at position 2".
    _rule(gettext_noop("%(field)s: %(why)s"), {"field": r"[a-z_]+"}, why=why),
)


def _match(rules, message: str) -> str | None:
    for pattern, msgid, say in rules:
        found = pattern.fullmatch(message)
        if found:
            values = {k: say.get(k, _same)(v) for k, v in found.groupdict().items()}
            # A plain msgid is asked for now; a lazy one (with its context) says itself.
            words = gettext(msgid) if isinstance(msgid, str) else str(msgid)
            return words % values
    return None


def said(message: str) -> str:
    """`message`, one of the engine's reasons, in the active language: translated if this
    module or the socket's knows it, else as it came."""
    if message in KNOWN:
        return gettext(message)
    return _match(PATTERNS, message) or move_refusals.said(message)
