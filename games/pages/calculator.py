"""The scoring calculator (/calculator/): a hand written in the URL's query, scored by the same
engine code as `python -m games.engine score` and `waits`.

Query: hand (concealed tiles, the winning tile among them), melds (sets declared, separated by
commas, each "tiles" or "tiles/kind" with kind exposed, concealed, claimed or promoted), bonus,
seat and round (we/ws/ww/wn), win (the winning tile; none: score a hand that did not go out),
from (wall, dead_wall, discard, robbed_kong), last/call/blessing/kong (1 when true), ruleset.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from games.engine.cli_score import score_request, waits_request
from games.engine.errors import EngineError, NotationError
from games.engine.ruleset import DEFAULT_RULESET, PRESETS
from games.engine.tiles import format_tiles, parse_tile, parse_tiles, tile_words

MELD_KINDS = {"exposed", "concealed", "claimed", "promoted"}
FLAGS = {"last": "last_tile", "call": "original_call", "blessing": "blessing", "kong": "kong_on_kong"}


def _meld(text: str, n: int) -> dict[str, Any]:
    tiles, _, kind = text.partition("/")
    _check(f"Set {n}", tiles)
    kind = kind.strip() or "exposed"
    if kind not in MELD_KINDS:
        raise NotationError(f"set {n}: unknown kind {kind!r} (use {', '.join(sorted(MELD_KINDS))})")
    meld: dict[str, Any] = {"tiles": tiles.strip(), "exposed": kind != "concealed"}
    if len(tiles.split()) == 4:
        meld["kong"] = {"exposed": "promoted", "concealed": "concealed"}.get(kind, kind)
    return meld


def _check(label: str, text: str) -> None:
    try:
        parse_tiles(text)
    except NotationError as exc:
        raise NotationError(f"{label}: {exc}") from None


def hand_request(query) -> dict[str, Any]:
    """The CLI's JSON form of the hand the query describes."""
    for key, label in (("hand", "Concealed hand"), ("bonus", "Bonus tiles"), ("win", "Winning tile")):
        _check(label, query.get(key, ""))
    melds = [m for m in (query.get("melds") or "").split(",") if m.strip()]
    data: dict[str, Any] = {
        "ruleset": query.get("ruleset") or DEFAULT_RULESET,
        "concealed": query.get("hand", ""),
        "melds": [_meld(m, i + 1) for i, m in enumerate(melds)],
        "bonus": query.get("bonus", ""),
        "seat_wind": query.get("seat") or "we",
        "prevailing_wind": query.get("round") or "we",
        "win": None,
    }
    if data["ruleset"] not in PRESETS:
        raise NotationError(f"unknown ruleset {data['ruleset']!r}")
    win = (query.get("win") or "").strip()
    if win:
        data["win"] = {"tile": win, "source": query.get("from") or "wall"}
        for key, field in FLAGS.items():
            data["win"][field] = query.get(key) == "1"
    return data


def _waiting_hand(data: dict[str, Any]) -> dict[str, Any] | None:
    """The hand before its last tile: the concealed tiles less the winning one, if complete."""
    concealed = parse_tiles(data["concealed"])
    size = 13 - 3 * len(data["melds"])
    win = data["win"]
    if len(concealed) == size + 1 and win:
        tile = parse_tiles(win["tile"])[0]
        if tile in concealed:
            concealed.remove(tile)
    if len(concealed) != size:
        return None
    return {**data, "concealed": format_tiles(concealed)}


def score(request: HttpRequest) -> JsonResponse:
    try:
        data = hand_request(request.GET)
        result = score_request(data)
        calling = _waiting_hand(data)
        waits = waits_request(calling)["waits"] if calling else None
    except (EngineError, ValueError, TypeError) as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    return JsonResponse({"score": result, "waits": waits, "hand": data})


PALETTE = [
    [(t, tile_words(parse_tile(t))) for t in row]
    for row in (
        [f"b{n}" for n in range(1, 10)],
        [f"c{n}" for n in range(1, 10)],
        [f"d{n}" for n in range(1, 10)],
        ["we", "ws", "ww", "wn", "dr", "dg", "dw"],
        ["f1", "f2", "f3", "f4", "s1", "s2", "s3", "s4"],
    )
]
WINDS = [("we", "East"), ("ws", "South"), ("ww", "West"), ("wn", "North")]
HOW = [("wall", "from the wall (self-drawn)"), ("dead_wall", "a loose tile (self-drawn)"),
       ("discard", "on a discard"), ("robbed_kong", "by robbing a kong")]


def page(request: HttpRequest) -> HttpResponse:
    """The form, filled in from the query (a shared link shows its hand at once)."""
    return render(request, "games/calculator.html", {
        "rulesets": [(n, PRESETS[n].title) for n in PRESETS],
        "palette": PALETTE,
        "winds": WINDS,
        "sources": HOW,
        "q": request.GET,
    })
