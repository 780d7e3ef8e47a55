"""`score` and `waits`: JSON Lines in, one JSON line out per input line, id echoed.

A line that cannot be read or scored gives {"id", "error"}; the following lines still run.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import IO, Any

from .errors import EngineError, NotationError
from .melds import Meld
from .ruleset import DEFAULT_RULESET, get_ruleset
from .scoring import WinInfo, score_hand
from .scoring.groups import fold_groups
from .scoring.hand import check_tiles
from .scoring.types import SOURCES, HandScore
from .tiles import NUM_PLAYING_KINDS, format_tiles, parse_tile, parse_tiles
from .wintest import complete_size, winning_tiles

_WIND_NAMES = {"we": 0, "ws": 1, "ww": 2, "wn": 3, "E": 0, "S": 1, "W": 2, "N": 3}


def _wind(data: dict[str, Any], key: str) -> int:
    value = data.get(key, 0)
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
        return value
    if isinstance(value, str) and value in _WIND_NAMES:
        return _WIND_NAMES[value]
    raise NotationError(f"{key} must be we/ws/ww/wn, E/S/W/N or 0-3, not {value!r}")


def _melds(data: dict[str, Any]) -> list[Meld]:
    melds = data.get("melds") or []
    if not isinstance(melds, list) or not all(isinstance(m, dict) for m in melds):
        raise NotationError("melds must be a list of objects such as {\"tiles\": \"b1 b2 b3\"}")
    return [Meld.from_json(m) for m in melds]


def _win(data: Any) -> WinInfo | None:
    if data is None:
        return None
    if not isinstance(data, dict):
        raise NotationError("win must be null or an object")
    source = data.get("source", "wall")
    if source not in SOURCES:
        raise NotationError(f"unknown win source {source!r} (known: {', '.join(SOURCES)})")
    tile = parse_tile(str(data.get("tile", "")))
    group = data.get("set")
    return WinInfo(
        tile=tile,
        source=source,
        last_tile=bool(data.get("last_tile", False)),
        original_call=bool(data.get("original_call", False)),
        blessing=bool(data.get("blessing", False)),
        kong_on_kong=bool(data.get("kong_on_kong", False)),
        bonus_replacement=bool(data.get("bonus_replacement", False)),
        robbed_kong_tile=source == "robbed_kong",
        set=tuple(parse_tiles(group)) if group else None,
        east_streak=int(data.get("east_streak", 0)),
    )


def score_request(data: dict[str, Any]) -> dict[str, Any]:
    """One hand, written as the CLI's JSON line, scored (also the web calculator's door)."""
    return hand_score(data).to_json()


def hand_score(data: dict[str, Any]) -> HandScore:
    """The HandScore of one hand written as the CLI's JSON line."""
    ruleset = get_ruleset(data.get("ruleset", DEFAULT_RULESET))
    return score_hand(
        ruleset,
        concealed=parse_tiles(data.get("concealed", "")),
        melds=_melds(data),
        bonus=parse_tiles(data.get("bonus", "") or ""),
        seat_wind=_wind(data, "seat_wind"),
        prevailing_wind=_wind(data, "prevailing_wind"),
        win=_win(data.get("win")),
    )


def waits_request(data: dict[str, Any]) -> dict[str, Any]:
    """The tiles a calling hand waits on, as the CLI's `waits` answers."""
    ruleset = get_ruleset(data.get("ruleset", DEFAULT_RULESET))
    concealed = parse_tiles(data.get("concealed", ""))
    laid = _melds(data)
    check_tiles(concealed, laid, [])
    # A laid-out pair or knitted group is part of the hand, as `score` reads it (groups.py).
    folded = fold_groups(laid, None)
    melds, concealed = folded.declared, list(concealed) + folded.tiles
    size = complete_size(ruleset, melds) - 1
    if len(concealed) != size:
        sets = f"{len(melds)} declared set{'' if len(melds) == 1 else 's'}"
        raise NotationError(f"a calling hand with {sets} holds {size} tiles, not "
                            f"{len(concealed)}: a complete hand of this ruleset has "
                            f"{ruleset.hand_size + 1} (a declared set counts as three)")
    counts = [0] * NUM_PLAYING_KINDS
    for t in concealed:
        counts[t] += 1
    shown = list(counts)
    for meld in melds:
        for t in meld.tiles:
            shown[t] += 1
    found = [k for k in winning_tiles(ruleset, counts, melds) if shown[k] < 4]
    return {"waits": format_tiles(found)}


def _run(handler: Callable[[dict[str, Any]], dict[str, Any]], stdin: IO[str],
         stdout: IO[str]) -> int:
    for line in stdin:
        if not line.strip():
            continue
        ident: Any = None
        try:
            data = json.loads(line)
            if not isinstance(data, dict):
                raise NotationError("each line must be a JSON object")
            ident = data.get("id")
            out = {"id": ident, **handler(data)}
        except json.JSONDecodeError as exc:
            out = {"id": None, "error": f"not JSON: {exc.msg} at column {exc.colno}"}
        except RecursionError:
            out = {"id": ident, "error": "not JSON this tool reads: nested too deeply"}
        except OverflowError:
            out = {"id": ident, "error": "a number is out of range"}
        except (EngineError, ValueError, TypeError) as exc:
            out = {"id": ident, "error": str(exc)}
        stdout.write(json.dumps(out) + "\n")
    stdout.flush()
    return 0


def main_score(stdin: IO[str], stdout: IO[str]) -> int:
    return _run(score_request, stdin, stdout)


def main_waits(stdin: IO[str], stdout: IO[str]) -> int:
    return _run(waits_request, stdin, stdout)
