"""Game records (docs/record-format.md): build one from a Match, check one against its replay.

A record carries everything needed to rebuild a game (ruleset, seed, actions) plus what the
game claimed to be (players, results) and the SHA-256 commitment of the seed published when the
game started. Verifying replays the actions and refuses, with a reason a person can read, any
record whose seed does not match its commitment or whose results differ from the replay.
"""

from __future__ import annotations

import hashlib
import json
import math
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from . import ENGINE_VERSION
from .actions import Action
from .bots import LEVELS as BOT_LEVELS
from .errors import EngineError, NotationError
from .match import RECORD_FORMAT, Match
from .names import check_name
from .ruleset import Ruleset
from .settings_check import show

FORMAT_NAME = "mahjong-record"
FORMAT_VERSION = 1
VERIFIED = "verified: the seed matches its commitment and replays to these results"


def commitment(seed: str) -> str:
    """The published promise: SHA-256 of the seed (UTF-8), in hex."""
    return hashlib.sha256(seed.encode("utf-8")).hexdigest()


def results_of(match: Match) -> dict[str, Any]:
    """What a game came to: each deal's outcome and running points, then the standings. Small
    enough to keep with the game, so history and player pages need no replay."""
    deals = []
    points = [match.ruleset.starting_points] * 4
    for h in match.history:
        points = [p + d for p, d in zip(points, h.deltas)]
        winner = h.result.winner
        score = h.hands[winner]["score"] if winner is not None else None
        deals.append({
            "number": h.number,
            "dealer": h.dealer,
            "winner": winner,
            "how": h.result.how,
            "discarder": h.result.discarder if winner is not None else None,
            "score": score["total"] if score else None,
            "limit": score["limit"] if score else None,
            "deltas": list(h.deltas),
            "points": points,
        })
    return {
        "over": match.is_over,
        "deals": deals,
        "points": match.points,
        "standings": [s.to_json() for s in match.standings()] if match.is_over else None,
    }


def build_record(
    match: Match,
    *,
    players: list[dict[str, Any]] | None = None,
    times: list[str | None] | None = None,
    game: dict[str, Any] | None = None,
    reveal_seed: bool = True,
) -> dict[str, Any]:
    """The full record. `players` are {"chair", "seat", "name", "bot"} entries, `times` the ISO
    time of each action, `game` free facts about where it was played (id, dates, table kind)."""
    if players is None:
        players = [
            {"chair": c, "seat": match.seating.seat_of[c], "name": f"Player {c + 1}", "bot": None}
            for c in range(4)
        ]
    actions = []
    for i, action in enumerate(match.actions):
        entry: dict[str, Any] = {"seq": i + 1}
        entry["time"] = times[i] if times and i < len(times) else None
        entry.update(action.to_json())
        actions.append(entry)
    return {
        "format": RECORD_FORMAT,
        "format_version": FORMAT_VERSION,
        "engine_version": ENGINE_VERSION,
        "game": dict(game or {}),
        "ruleset": match.ruleset.to_json(),
        "players": sorted(players, key=lambda p: p["seat"]),
        "commitment": {"algorithm": "sha256", "value": commitment(match.seed)},
        "seed": match.seed if reveal_seed else None,
        "actions": actions,
        "results": results_of(match),
    }


# Bounds on a record from outside: every check below runs before any tile is dealt, so a
# hostile record costs at most a parse of MAX_RECORD_BYTES and a replay of the actions a real
# game of its rules could have.
MAX_RECORD_BYTES = 4_000_000  # the longest bot game of 4 rounds (BMJA, 53 deals) is 1.5 MB
# Lists and objects, counted in the text before parsing (each costs ~60 bytes once parsed): a
# real 4-round record holds ~1 per action, ~12,000 for the longest; "[]," alone would be 1.3M.
MAX_CONTAINERS = 100_000
MAX_DIGITS = 20  # a number in a record fits in 64 bits
MAX_SEED = 64  # Game.seed; the site's seeds are 32 hex digits
MAX_TEXT = 200  # any string in the results (a limit hand's name, how a deal ended)
MAX_TILES_TEXT = 32  # an action's "tile" or "tiles"
DEALS_PER_ROUND = 100  # real rounds run to 5-15 deals; draws keep the deal, so allow many
ACTIONS_PER_DEAL = 1_000  # at most ~700 fit in a deal (164 discards, 3 answers each); bots: 400
FIRST_YEAR, LAST_YEAR = 1970, 2100

_TOP = ("format", "format_version", "engine_version", "game", "ruleset", "players",
        "commitment", "seed", "actions", "results")
_GAME = ("id", "started", "finished", "tournament", "imported")
_PLAYER = ("chair", "seat", "name", "bot")
_ACTION_ORDER = ("seq", "time", "seat", "type", "tile", "tiles", "call")
_ACTION = frozenset(_ACTION_ORDER)
_RESULTS = ("over", "deals", "points", "standings")
_DEAL = ("number", "dealer", "winner", "how", "discarder", "score", "limit", "deltas", "points")
_STANDING = ("seat", "points", "place")


@dataclass
class Verification:
    ok: bool
    reason: str
    match: Match | None = None

    @property
    def message(self) -> str:
        return VERIFIED if self.ok else f"refused: {self.reason}"


@dataclass(frozen=True)
class Checked:
    """A record through every check made before a tile is dealt (steps 1 to 5 of
    docs/record-format.md: its shape, sizes, ruleset, commitment and actions), or the reason it
    is refused. `replay_checked` then deals and replays it (steps 6 to 8)."""

    ok: bool
    reason: str
    ruleset: Ruleset | None = None
    seed: str = ""
    actions: tuple[Action, ...] = ()

    @property
    def version(self) -> int:
        """The number of actions, as Match.version counts them."""
        return len(self.actions)


class _Refused(Exception):
    pass


def _need(cond: bool, reason: str) -> None:
    if not cond:
        raise _Refused(reason)


def deals_bound(ruleset: Ruleset) -> int:
    """The most deals a game of these rules is allowed to take."""
    most = ruleset.rounds * DEALS_PER_ROUND
    return min(most, ruleset.max_deals) if ruleset.max_deals else most


def actions_bound(ruleset: Ruleset) -> int:
    """The most actions a record of a game of these rules may list."""
    return deals_bound(ruleset) * ACTIONS_PER_DEAL


def _whole(value: Any, low: int = -(2**63), high: int = 2**63 - 1) -> bool:
    return type(value) is int and low <= value <= high


def _keys(obj: dict, allowed: tuple[str, ...], where: str) -> None:
    unknown = [k for k in obj if k not in allowed]
    if unknown:
        raise _Refused(f"{where} has an unknown field {show(unknown[0])} "
                       f"(known: {', '.join(allowed)})")


def _small(value: Any) -> bool:
    """A scalar a record's results may hold, or a short list of them (deltas, points)."""
    if isinstance(value, list):
        return len(value) <= 4 and all(not isinstance(v, list) and _small(v) for v in value)
    return (value is None or isinstance(value, bool) or _whole(value)
            or (isinstance(value, str) and len(value) <= MAX_TEXT))


def parse_time(value: Any) -> datetime | None:
    """An ISO 8601 time (a trailing Z for UTC; without a zone, UTC) from 1970 to 2100, or None
    for null. NotationError if it is neither."""
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 40:
        raise NotationError(f"a time is ISO 8601 text such as \"2026-11-23T10:02:11Z\", "
                            f"not {show(value)}")
    text = value[:-1] + "+00:00" if value.endswith(("Z", "z")) else value
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise NotationError(f"{show(value)} is not an ISO 8601 time") from None
    # Checked on the written date, before any shift to UTC can overflow.
    if not FIRST_YEAR <= moment.year <= LAST_YEAR:
        raise NotationError(f"the time {show(value)} is not between {FIRST_YEAR} and {LAST_YEAR}")
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _time(value: Any, where: str) -> None:
    try:
        parse_time(value)
    except NotationError as e:
        raise _Refused(f"{where}: {e}") from None


def _check_format(record: Any) -> None:
    _need(isinstance(record, dict), "a record is a JSON object")
    fmt = record.get("format")
    _need(isinstance(fmt, str) and len(fmt) <= 40 and fmt.startswith(FORMAT_NAME + "/"),
          f'this is not a game record (its "format" should be "{RECORD_FORMAT}")')
    written = fmt.split("/", 1)[1]
    _need("format_version" in record,
          f'the record has no "format_version" (this site reads version {FORMAT_VERSION})')
    version = record["format_version"]
    _need(_whole(version),
          f'"format_version" must be a whole number, not {show(version)}')
    _need(str(version) == written,
          f'"format" says {show(fmt)} but "format_version" says {show(version)}')
    _need(str(version) == str(FORMAT_VERSION),
          f"unknown record format version {show(version)} (this site reads version "
          f"{FORMAT_VERSION})")
    _keys(record, _TOP, "the record")


def _check_shape(record: dict) -> Ruleset:
    """Every field typed and bounded; the ruleset read. Nothing is dealt yet."""
    for key, kind in (("ruleset", dict), ("players", list), ("actions", list),
                      ("results", dict), ("commitment", dict)):
        _need(isinstance(record.get(key), kind), f'the record has no valid "{key}"')
    seed = record.get("seed")
    _need(isinstance(seed, str) and seed != "",
          "the record has no seed (a record is complete only once the game is over)")
    _need(len(seed) <= MAX_SEED and seed.isprintable(),
          f"the seed must be at most {MAX_SEED} printable characters")
    version = record.get("engine_version")
    _need(version is None or (isinstance(version, str) and len(version) <= 20),
          '"engine_version" must be a short text')
    _check_game(record.get("game", {}))
    _check_players(record["players"])
    commit = record["commitment"]
    _keys(commit, ("algorithm", "value"), '"commitment"')
    _need(all(isinstance(commit.get(k), str) and len(commit[k]) <= 128
              for k in ("algorithm", "value")),
          '"commitment" must give its "algorithm" and "value" as text')
    try:
        ruleset = Ruleset.from_json(record["ruleset"])
    except NotationError as e:
        raise _Refused(f"the ruleset cannot be read: {e}") from None
    most = actions_bound(ruleset)
    _need(len(record["actions"]) <= most,
          f"the record lists {len(record['actions'])} actions: a game of these rules "
          f"({ruleset.rounds} round(s), at most {deals_bound(ruleset)} deals) has at most {most}")
    _check_results(record["results"], deals_bound(ruleset))
    return ruleset


def _check_game(facts: Any) -> None:
    _need(isinstance(facts, dict), '"game" must be a JSON object of facts')
    _keys(facts, _GAME, '"game"')
    _need(facts.get("id") is None or _whole(facts["id"], 0),
          f'"game" "id" must be a whole number, not {show(facts.get("id"))}')
    for key in ("started", "finished"):
        _time(facts.get(key), f'"game" "{key}"')
    for key in ("tournament", "imported"):
        _need(isinstance(facts.get(key, False), bool),
              f'"game" "{key}" must be true or false, not {show(facts.get(key))}')


def _check_players(players: list) -> None:
    _need(len(players) == 4 and all(isinstance(p, dict) for p in players),
          "a record lists exactly four players")
    for p in players:
        _keys(p, _PLAYER, "a player")
        _need(_whole(p.get("seat"), 0, 3), "each player's seat is a number from 0 to 3")
    _need(sorted(p["seat"] for p in players) == [0, 1, 2, 3],
          "the players must hold seats 0, 1, 2 and 3, one each")
    for p in players:
        seat = p["seat"]
        try:
            check_name(p.get("name"), f"the name of the player in seat {seat}")
        except NotationError as e:
            raise _Refused(str(e)) from None
        _need(p.get("chair") is None or _whole(p["chair"], 0, 3),
              f"the player in seat {seat} has chair {show(p.get('chair'))} (0 to 3, or null)")
        _need(p.get("bot") is None or p["bot"] in BOT_LEVELS,
              f"the player in seat {seat} has bot {show(p.get('bot'))} "
              f"(null for a person, or one of {', '.join(BOT_LEVELS)})")
    names = [p["name"].strip() for p in players]
    _need(len(set(names)) == 4, "two players in the record have the same name")
    chairs = [p["chair"] for p in players if p.get("chair") is not None]
    _need(len(set(chairs)) == len(chairs), "two players are listed in the same chair")


def _check_results(results: dict, deals_most: int) -> None:
    _keys(results, _RESULTS, '"results"')
    deals = results.get("deals")
    _need(isinstance(deals, list), 'the results have no list of "deals"')
    _need(len(deals) <= deals_most,
          f"the results list {len(deals)} deals: a game of these rules has at most {deals_most}")
    for i, deal in enumerate(deals):
        _need(isinstance(deal, dict), f"deal {i + 1} of the results is not a JSON object")
        _keys(deal, _DEAL, f"deal {i + 1} of the results")
        _need(all(_small(v) for v in deal.values()),
              f"deal {i + 1} of the results holds a value of the wrong kind or size")
    standings = results.get("standings")
    _need(standings is None or (isinstance(standings, list) and len(standings) <= 4
                                and all(isinstance(s, dict) for s in standings)),
          '"standings" must be null or a list of four seats')
    for s in standings or []:
        _keys(s, _STANDING, "a standing")
    for value in [results.get("over"), results.get("points"),
                  *(v for s in standings or [] for v in s.values())]:
        _need(_small(value), "the results hold a value of the wrong kind or size")


def _action(i: int, data: Any) -> Action:
    """Action i + 1 of the record, typed and read. Messages are built only on refusal: this
    runs for every action of every record."""
    if not isinstance(data, dict):
        raise _Refused(f"action {i + 1} is not a JSON object")
    if not _ACTION.issuperset(data):
        _keys(data, _ACTION_ORDER, f"action {i + 1}")
    seq = data.get("seq")
    if type(seq) is not int or seq != i + 1:
        raise _Refused(f"action {i + 1} has sequence number {show(seq)}: "
                       "the action list has gaps, repeats or is out of order")
    if data.get("time") is not None:
        _time(data["time"], f"action {i + 1}")
    for key in ("tile", "tiles"):
        value = data.get(key, "")
        if not isinstance(value, str) or len(value) > MAX_TILES_TEXT:
            raise _Refused(f"action {i + 1} is badly written: its {key} must be tiles written "
                           f"as text (at most {MAX_TILES_TEXT} characters), not {show(value)}")
    kind = data.get("type")
    if kind is not None and (not isinstance(kind, str) or len(kind) > 20):
        raise _Refused(f"action {i + 1} is badly written: unknown action type {show(kind)}")
    try:
        return Action.from_json(data)
    except NotationError as e:
        raise _Refused(f"action {i + 1} is badly written: {e}") from None


def _replay(record: dict, ruleset: Ruleset, actions: list[Action]) -> Match:
    try:
        match = Match(ruleset, record["seed"])
    except EngineError as e:
        raise _Refused(f"the first deal cannot be dealt under this ruleset: {e}") from None
    most = deals_bound(ruleset)
    for i, action in enumerate(actions):
        try:
            match.apply(action)
        except EngineError as e:
            raise _Refused(
                f"action {i + 1} ({_who(record, action.seat)} {action.describe()}) "
                f"cannot be replayed: {e}"
            ) from None
        if len(match.history) > most:
            raise _Refused(f"the game runs past {most} deals, more than its rules allow")
    return match


def _who(record: dict, seat: int) -> str:
    for p in record["players"]:
        if p.get("seat") == seat:
            return p["name"]
    return f"seat {seat}"


def _same(a: Any, b: Any) -> bool:
    # Exact: true is not 1 and 1.0 is not 1 (== would say they are).
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _compare_results(claimed: dict, replayed: dict) -> None:
    deals_c = claimed["deals"]
    deals_r = replayed["deals"]
    for i, (c, r) in enumerate(zip(deals_c, deals_r)):
        for key in ("number", "dealer", "winner", "how", "discarder", "score", "limit",
                    "deltas", "points"):
            if not _same(c.get(key), r[key]):
                raise _Refused(
                    f"the results differ from the replay: deal {i + 1} records {key} "
                    f"{json.dumps(c.get(key))} but the replay gives {json.dumps(r[key])}"
                )
    _need(len(deals_c) == len(deals_r),
          f"the results differ from the replay: {len(deals_c)} deals recorded, "
          f"the replay plays {len(deals_r)}")
    for key in ("points", "standings", "over"):
        _need(_same(claimed.get(key), replayed[key]),
              f"the results differ from the replay: {key} recorded as "
              f"{json.dumps(claimed.get(key))}, the replay gives {json.dumps(replayed[key])}")


def check_record(record: Any) -> Checked:
    """Every check made before a tile is dealt: format, shape, sizes, names, dates, ruleset,
    commitment, and each action read. Costs no more than reading the record; never raises on
    bad input."""
    try:
        _check_format(record)
        ruleset = _check_shape(record)
        promised = record["commitment"]
        _need(promised["algorithm"] == "sha256",
              f"unknown commitment algorithm {show(promised['algorithm'])} (expected sha256)")
        _need(promised["value"] == commitment(record["seed"]),
              "the seed does not match its commitment: the shuffle is not the one promised "
              "when the game started")
        actions = tuple(_action(i, data) for i, data in enumerate(record["actions"]))
    except _Refused as e:
        return Checked(False, str(e))
    return Checked(True, "", ruleset, record["seed"], actions)


def verify_record(record: Any) -> Verification:
    """Check a record completely; never raises on bad input. Its shape, sizes, names, dates
    and ruleset are checked before anything is dealt (check_record)."""
    return replay_checked(record, check_record(record))


def replay_checked(record: Any, checked: Checked) -> Verification:
    """Deal and replay a record `checked` (check_record of this very record) passed, and
    compare it with what the record claims: seating, every deal, points and standings."""
    if not checked.ok or checked.ruleset is None:
        return Verification(False, checked.reason)
    try:
        match = _replay(record, checked.ruleset, list(checked.actions))
        _need(match.is_over, "the game in this record is not over: only finished games are "
              "complete records")
        seat_of = [p.get("chair") for p in sorted(record["players"], key=lambda p: p["seat"])]
        if all(isinstance(c, int) for c in seat_of):
            for seat, chair in enumerate(seat_of):
                _need(match.seating.seat_of[chair] == seat,
                      f"the seating differs from the replay: {_who(record, seat)} is listed in "
                      f"seat {seat}, but the dice put chair {chair} elsewhere")
        _compare_results(record["results"], results_of(match))
    except _Refused as e:
        return Verification(False, str(e))
    return Verification(True, VERIFIED, match)


class _TooBig(ValueError):
    pass


def _parse_int(text: str) -> int:
    if len(text) > MAX_DIGITS + 1:  # the int() of thousands of digits is slow, then refused
        raise _TooBig(f"it holds a number {len(text)} digits long")
    return int(text)


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _TooBig(f"the number {show(text)} is too large")
    return value


def _parse_constant(name: str) -> float:
    raise _TooBig(f"{name} is not a number JSON allows")


def load_json(text: str | bytes) -> Any:
    """The JSON value of a record's text, bounded: NotationError saying why it cannot be read
    (too long, nested too deeply, a number out of range, not JSON)."""
    if len(text) > MAX_RECORD_BYTES:
        raise NotationError(f"the file is too large to be a game record (more than "
                            f"{MAX_RECORD_BYTES:,} bytes)")
    brackets = (b"[", b"{") if isinstance(text, bytes) else ("[", "{")
    containers = sum(text.count(b) for b in brackets)  # type: ignore[arg-type]
    if containers > MAX_CONTAINERS:
        raise NotationError(f"the file is not a game record: it holds {containers:,} lists and "
                            f"objects (a record has at most {MAX_CONTAINERS:,})")
    try:
        return json.loads(text, parse_int=_parse_int, parse_float=_parse_float,
                          parse_constant=_parse_constant)
    except _TooBig as e:
        raise NotationError(f"the file cannot be read as a record: {e}") from None
    except RecursionError:
        raise NotationError("the file is not a game record: its JSON is nested too deeply") \
            from None
    except (ValueError, UnicodeDecodeError) as e:  # JSONDecodeError is a ValueError
        raise NotationError(f"the file is not valid JSON ({_short(str(e))})") from None


def _short(text: str) -> str:
    return text if len(text) <= 200 else text[:200] + "..."


def verify_json(text: str | bytes) -> tuple[Verification, Any]:
    """Parse JSON text and verify it: (verification, the record or None if not JSON)."""
    try:
        record = load_json(text)
    except NotationError as e:
        return Verification(False, str(e)), None
    return verify_record(record), record
