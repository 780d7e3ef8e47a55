"""Game records (docs/record-format.md): build one from a Match, check one against its replay.

A record carries everything needed to rebuild a game (ruleset, seed, actions) plus what the
game claimed to be (players, results) and the SHA-256 commitment of the seed published when the
game started. Verifying replays the actions and refuses, with a reason a person can read, any
record whose seed does not match its commitment or whose results differ from the replay.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass
from typing import Any

from . import ENGINE_VERSION
from .actions import Action
from .errors import EngineError, NotationError
from .match import RECORD_FORMAT, Match
from .ruleset import Ruleset

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


@dataclass
class Verification:
    ok: bool
    reason: str
    match: Match | None = None

    @property
    def message(self) -> str:
        return VERIFIED if self.ok else f"refused: {self.reason}"


class _Refused(Exception):
    pass


def _need(cond: bool, reason: str) -> None:
    if not cond:
        raise _Refused(reason)


def _check_shape(record: Any) -> None:
    _need(isinstance(record, dict), "a record is a JSON object")
    fmt = record.get("format")
    _need(isinstance(fmt, str) and fmt.startswith(FORMAT_NAME + "/"),
          f'this is not a game record (its "format" should be "{RECORD_FORMAT}")')
    version = record.get("format_version", fmt.split("/", 1)[1])
    _need(str(version) == fmt.split("/", 1)[1],
          f'"format" says {fmt!r} but "format_version" says {version!r}')
    _need(str(version) == str(FORMAT_VERSION),
          f"unknown record format version {version} (this site reads version {FORMAT_VERSION})")
    for key, kind in (("ruleset", dict), ("players", list), ("actions", list),
                      ("results", dict), ("commitment", dict)):
        _need(isinstance(record.get(key), kind), f'the record has no valid "{key}"')
    _need(isinstance(record.get("seed"), str) and record["seed"] != "",
          "the record has no seed (a record is complete only once the game is over)")
    players = record["players"]
    _need(len(players) == 4 and all(isinstance(p, dict) for p in players),
          "a record lists exactly four players")
    seats = sorted(p.get("seat") for p in players if isinstance(p.get("seat"), int))
    _need(seats == [0, 1, 2, 3], "the players must hold seats 0, 1, 2 and 3, one each")
    for p in players:
        _need(isinstance(p.get("name"), str) and p["name"].strip() != "",
              f"the player in seat {p['seat']} has no name")


def _check_actions(actions: list) -> list[Action]:
    out = []
    for i, data in enumerate(actions):
        _need(isinstance(data, dict), f"action {i + 1} is not a JSON object")
        _need(data.get("seq") == i + 1,
              f"action {i + 1} has sequence number {data.get('seq')!r}: "
              "the action list has gaps, repeats or is out of order")
        try:
            out.append(Action.from_json(data))
        except NotationError as e:
            raise _Refused(f"action {i + 1} is badly written: {e}") from None
    return out


def _replay(record: dict, actions: list[Action]) -> Match:
    try:
        ruleset = Ruleset.from_json(record["ruleset"])
    except (EngineError, TypeError, KeyError, ValueError) as e:
        raise _Refused(f"the ruleset cannot be read: {e}") from None
    match = Match(ruleset, record["seed"])
    for i, action in enumerate(actions):
        try:
            match.apply(action)
        except EngineError as e:
            raise _Refused(
                f"action {i + 1} ({_who(record, action.seat)} {action.describe()}) "
                f"cannot be replayed: {e}"
            ) from None
    return match


def _who(record: dict, seat: int) -> str:
    for p in record["players"]:
        if p.get("seat") == seat:
            return p["name"]
    return f"seat {seat}"


def _compare_results(claimed: dict, replayed: dict) -> None:
    deals_c = claimed.get("deals")
    _need(isinstance(deals_c, list), 'the results have no list of "deals"')
    deals_r = replayed["deals"]
    for i, (c, r) in enumerate(zip(deals_c, deals_r)):
        for key in ("winner", "how", "discarder", "score", "limit", "deltas", "points"):
            if not isinstance(c, dict) or c.get(key) != r[key]:
                got = c.get(key) if isinstance(c, dict) else c
                raise _Refused(
                    f"the results differ from the replay: deal {i + 1} records {key} "
                    f"{json.dumps(got)} but the replay gives {json.dumps(r[key])}"
                )
    _need(len(deals_c) == len(deals_r),
          f"the results differ from the replay: {len(deals_c)} deals recorded, "
          f"the replay plays {len(deals_r)}")
    for key in ("points", "standings", "over"):
        _need(claimed.get(key) == replayed[key],
              f"the results differ from the replay: {key} recorded as "
              f"{json.dumps(claimed.get(key))}, the replay gives {json.dumps(replayed[key])}")


def verify_record(record: Any) -> Verification:
    """Check a record completely; never raises on bad input."""
    try:
        _check_shape(record)
        promised = record["commitment"]
        _need(promised.get("algorithm") == "sha256",
              f"unknown commitment algorithm {promised.get('algorithm')!r} (expected sha256)")
        _need(promised.get("value") == commitment(record["seed"]),
              "the seed does not match its commitment: the shuffle is not the one promised "
              "when the game started")
        match = _replay(record, _check_actions(record["actions"]))
        _need(match.is_over, "the game in this record is not over: only finished games are "
              "complete records")
        seat_of = [p.get("chair") for p in sorted(record["players"], key=lambda p: p["seat"])]
        if all(isinstance(c, int) for c in seat_of):
            for seat, chair in enumerate(seat_of):
                _need(0 <= chair <= 3 and match.seating.seat_of[chair] == seat,
                      f"the seating differs from the replay: {_who(record, seat)} is listed in "
                      f"seat {seat}, but the dice put chair {chair} elsewhere")
        _compare_results(record["results"], results_of(match))
    except _Refused as e:
        return Verification(False, str(e))
    return Verification(True, VERIFIED, match)


def verify_json(text: str | bytes) -> tuple[Verification, Any]:
    """Parse JSON text and verify it: (verification, the record or None if not JSON)."""
    try:
        record = json.loads(text)
    except (ValueError, UnicodeDecodeError) as e:
        return Verification(False, f"the file is not valid JSON ({e})"), None
    return verify_record(record), record
