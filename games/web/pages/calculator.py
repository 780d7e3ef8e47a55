"""The scoring calculator (/calculator/): a hand written in the URL's query, scored by the same
engine code as `python -m games.engine score` and `waits`.

Tiles may be typed in any case and with or without spaces ("B1b2b3" is "b1 b2 b3"); the
answer writes them in the engine's notation. A Hong Kong table's minimum faan applies as in play.

Query: hand (concealed tiles, the winning tile among them), melds (sets declared, separated by
commas, each "tiles" or "tiles/kind" with kind exposed, concealed, claimed or promoted), bonus,
seat and round (we/ws/ww/wn), win (the winning tile; none: score a hand that did not go out),
from (wall, dead_wall, discard, robbed_kong), last/call/blessing/kong (1 when true), ruleset.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import get_language, gettext, ngettext, pgettext, pgettext_lazy

from games.engine.cli_score import hand_score, waits_request
from games.engine.errors import EngineError, NotationError
from games.engine.hand_names import ruleset_title, tile_name
from games.engine.ruleset import DEFAULT_RULESET, PRESETS, get_ruleset
from games.engine.scoring.hongkong import short_of_minimum
from games.engine.tiles import format_tiles, parse_tile, parse_tiles, read_tiles, tile_words
from games.web import reasons

NUMBERS = {4: pgettext_lazy("how many sets", "four"), 5: pgettext_lazy("how many sets", "five")}
MELD_KINDS = {"exposed", "concealed", "claimed", "promoted"}
FLAGS = {"last": "last_tile", "call": "original_call", "blessing": "blessing", "kong": "kong_on_kong"}


def _meld(text: str, n: int) -> dict[str, Any]:
    written, _, kind = text.partition("/")
    tiles = _canonical(f"Set {n}", written)
    kind = kind.strip().lower() or "exposed"
    if kind not in MELD_KINDS:
        raise NotationError(f"set {n}: unknown kind {kind!r} (use {', '.join(sorted(MELD_KINDS))})")
    meld: dict[str, Any] = {"tiles": tiles, "exposed": kind != "concealed"}
    if len(tiles.split()) == 4:
        meld["kong"] = {"exposed": "promoted", "concealed": "concealed"}.get(kind, kind)
    return meld


def _canonical(label: str, text: str) -> str:
    """A field as typed (any case, tokens spaced or not) in the engine's notation."""
    try:
        return format_tiles(read_tiles(text))
    except NotationError as exc:
        raise NotationError(f"{label}: {exc}") from None


def hand_request(query) -> dict[str, Any]:
    """The CLI's JSON form of the hand the query describes."""
    typed = {key: _canonical(label, query.get(key, "")) for key, label in
             (("hand", "Concealed hand"), ("bonus", "Bonus tiles"), ("win", "Winning tile"))}
    melds = [m for m in (query.get("melds") or "").split(",") if m.strip()]
    data: dict[str, Any] = {
        "ruleset": query.get("ruleset") or DEFAULT_RULESET,
        "concealed": typed["hand"],
        "melds": [_meld(m, i + 1) for i, m in enumerate(melds)],
        "bonus": typed["bonus"],
        "seat_wind": query.get("seat") or "we",
        "prevailing_wind": query.get("round") or "we",
        "win": None,
    }
    if data["ruleset"] not in PRESETS:
        raise NotationError(f"unknown ruleset {data['ruleset']!r}")
    win = typed["win"]
    if win:
        data["win"] = {"tile": win, "source": query.get("from") or "wall"}
        for key, field in FLAGS.items():
            data["win"][field] = query.get(key) == "1"
    return data


def _declared(data: dict[str, Any]) -> int:
    """Declared sets: a kong counts as one set, as a pung does."""
    return sum(1 for m in data["melds"] if len(m["tiles"].split()) >= 3)


def size_error(data: dict[str, Any]) -> str | None:
    """What a complete hand of this ruleset needs, if the concealed tiles are not that many."""
    rs = get_ruleset(data["ruleset"])
    declared = _declared(data)
    size = rs.hand_size + 1 - 3 * declared
    held = len(parse_tiles(data["concealed"]))
    want = size if data["win"] else size - 1
    if held == want:
        return None
    count = (rs.hand_size - 1) // 3
    whole = gettext("%(title)s: a complete hand is %(sets)s sets and a pair, %(tiles)s tiles (a "
                    "kong counts as a set of three)") % {
        "title": ruleset_title(rs.name, get_language() or "en"),
        "sets": str(NUMBERS.get(count, count)), "tiles": rs.hand_size + 1}
    sets_held = (ngettext("%(n)s declared set", "%(n)s declared sets", declared) % {"n": declared}
                 if declared else gettext("no declared set"))
    if data["win"]:
        return gettext("%(whole)s. With %(sets)s, the concealed hand holds %(want)s tiles, the "
                       "winning tile included; this one holds %(held)s.") % {
            "whole": whole, "sets": sets_held, "want": want, "held": held}
    concealed = ngettext("%(n)s concealed tile", "%(n)s concealed tiles", want) % {"n": want}
    return gettext("%(whole)s. A hand that did not go out is one tile short: with %(sets)s, "
                   "%(concealed)s; this one holds %(held)s.") % {
        "whole": whole, "sets": sets_held, "concealed": concealed, "held": held}


def _waiting_hand(data: dict[str, Any]) -> dict[str, Any] | None:
    """The hand before its last tile: the concealed tiles less the winning one, if complete."""
    concealed = parse_tiles(data["concealed"])
    size = get_ruleset(data["ruleset"]).hand_size - 3 * _declared(data)
    win = data["win"]
    if len(concealed) == size + 1 and win:
        tile = parse_tiles(win["tile"])[0]
        if tile in concealed:
            concealed.remove(tile)
    if len(concealed) != size:
        return None
    return {**data, "concealed": format_tiles(concealed)}


def score(request: HttpRequest) -> JsonResponse:
    """A hand that cannot be read or scored is answered 200 with an `error`, so that typing in
    the page never logs a failed request; only a non-GET is refused (405)."""
    if request.method != "GET":
        return JsonResponse({"error": gettext("use GET")}, status=405)
    try:
        data = hand_request(request.GET)
        error = size_error(data)
        if error:
            return JsonResponse({"error": error})
        scored = hand_score(data)
        calling = _waiting_hand(data)
        waits = waits_request(calling)["waits"] if calling else None
    except (EngineError, ValueError, TypeError) as exc:
        return JsonResponse({"error": reasons.said(str(exc))})
    rs = get_ruleset(data["ruleset"])
    result = scored.to_json()
    answer: dict[str, Any] = {"score": result, "waits": waits, "hand": data, "scoring": rs.scoring}
    short = short_of_minimum(rs, scored)
    if short is not None:
        # Play refuses this win (Deal.short_of_minimum), so the calculator does not call it one.
        answer["minimum"] = {"needed": rs.min_faan, "faan": short}
        result.update(won=False, total=0, reason=gettext(
            "below the table's minimum of %(least)s faan: the hand is worth %(faan)s faan "
            "without its flowers (the faan of flowers and seasons, or of having none, do not "
            "count toward the minimum)") % {"least": rs.min_faan, "faan": short})
    elif result.get("reason"):
        result["reason"] = reasons.said(result["reason"])  # why it is no win, in the page's words
    return JsonResponse(answer)


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
    """The form, filled in from the query (a shared link shows its hand at once), in the page's
    language: the winds, the ways of going out, the tiles' and the rulesets' names."""
    language = get_language() or "en"
    winds = [pgettext("wind", "East"), pgettext("wind", "South"), pgettext("wind", "West"),
             pgettext("wind", "North")]
    how = [gettext("from the wall (self-drawn)"), gettext("a loose tile (self-drawn)"),
           gettext("on a discard"), gettext("by robbing a kong")]
    return render(request, "games/calculator.html", {
        "rulesets": [(n, ruleset_title(n, language)) for n in PRESETS],
        "palette": [[(t, tile_name(t, language)) for t, _ in row] for row in PALETTE],
        "winds": [(v, word) for (v, _), word in zip(WINDS, winds)],
        "sources": [(v, word) for (v, _), word in zip(HOW, how)],
        "q": request.GET,
    })
