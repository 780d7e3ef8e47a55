"""The analysis board (/analysis/): any position set up by clicking or typing and kept in the
address, every legal action weighed by the strong evaluator and the strong bot's choice, computed
in the thinking workers (weigh.json, asynchronous). A puzzle's position (?puzzle=<id>) or a
replay's move (?game=<id>&move=<n>&seat=<s>: that seat's own view, once the game is over and
where the access policy shows its replay) is turned into the address form of the position.

The address: ruleset; seat and round (we/ws/ww/wn: the seat's wind and the prevailing wind);
hand (the concealed tiles), drawn (the tile just drawn: the seat's turn), melds (the seat's
sets, "tiles" or "tiles/concealed", separated by commas), bonus; for each wind w the seat's
discards d_w and sets m_w; wall (tiles left in the live wall); claim and from (a discard on
offer and its discarder's wind). Bounded: each field's length, four of a kind at most, and a
few positions weighed at once per process (more are refused, to be asked again).
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from typing import Any
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_GET

from games.access import policy
from games.engine.errors import NotationError
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, Ruleset, get_ruleset
from games.engine.tiles import NUM_PLAYING_KINDS, WIND_TOKENS, format_tiles, read_tiles
from games.models import FINISHED, Game
from games.models.puzzles import Puzzle
from games.services import puzzles as puzzle_service
from games.services.analysis import people
from games.thinking import board_jobs, pool

FIELD_MAX = 120  # characters in one field
AT_ONCE = 4  # positions weighed at once by this process
WINDS = list(WIND_TOKENS)
WIND_NAMES = dict(zip(WINDS, ["East", "South", "West", "North"]))
KEPT = 600  # seconds a position's figures are kept
_busy = threading.BoundedSemaphore(AT_ONCE)


class BadPosition(ValueError):
    pass


def _tiles(q, name: str) -> list[int]:
    text = (q.get(name) or "").strip()
    if len(text) > FIELD_MAX:
        raise BadPosition(f"{name}: too long")
    try:
        return read_tiles(text)
    except NotationError as exc:
        raise BadPosition(f"{name}: {exc}") from exc


def _melds(q, name: str, seat: int) -> list[dict[str, Any]]:
    text = (q.get(name) or "").strip()
    if len(text) > FIELD_MAX:
        raise BadPosition(f"{name}: too long")
    out = []
    for n, part in enumerate(p for p in text.split(",") if p.strip()):
        written, _, kind = part.partition("/")
        try:
            tiles = read_tiles(written)
        except NotationError as exc:
            raise BadPosition(f"{name}, set {n + 1}: {exc}") from exc
        kind = kind.strip().lower()
        if kind not in ("", "exposed", "concealed", "claimed", "promoted"):  # the calculator's
            raise BadPosition(f"{name}, set {n + 1}: write /concealed or nothing")
        same = len(set(tiles)) == 1
        run = len(tiles) == 3 and tiles[0] < 27 and sorted(tiles) == list(
            range(min(tiles), min(tiles) + 3)) and min(tiles) % 9 <= 6
        if not ((len(tiles) in (3, 4) and same) or run):
            raise BadPosition(f"{name}, set {n + 1}: a set is a pung, a kong or a chow")
        meld: dict[str, Any] = {"tiles": format_tiles(sorted(tiles)),
                                "exposed": kind != "concealed"}
        if len(tiles) == 4:
            meld["kong"] = {"concealed": "concealed", "promoted": "promoted"}.get(kind, "claimed")
        out.append(meld)
    return out


def _wind(q, name: str, default: str) -> int:
    value = q.get(name) or default
    if value not in WINDS:
        raise BadPosition(f"{name}: one of {', '.join(WINDS)}")
    return WINDS.index(value)


def position(q) -> tuple[Ruleset, dict[str, Any]]:
    """The seat view an address describes (seat i has wind i; East deals)."""
    name = q.get("ruleset") or DEFAULT_RULESET
    if name not in PLAYABLE:
        raise BadPosition("ruleset: not one this site plays")
    ruleset = get_ruleset(name)
    me = _wind(q, "seat", "we")
    prevailing = _wind(q, "round", "we")
    hand = _tiles(q, "hand")
    drawn = _tiles(q, "drawn")
    if len(drawn) > 1:
        raise BadPosition("drawn: one tile at most")
    if any(t >= NUM_PLAYING_KINDS for t in hand + drawn):
        raise BadPosition("hand: bonus tiles go under bonus")
    try:
        wall = int(q.get("wall") or 60)
    except ValueError:
        raise BadPosition("wall: a number") from None
    if not 0 <= wall <= 144:
        raise BadPosition("wall: between 0 and 144")
    seen = [0] * NUM_PLAYING_KINDS
    seats = []
    for s, w in enumerate(WINDS):
        melds = _melds(q, "melds" if s == me else f"m_{w}", s)
        discards = _tiles(q, f"d_{w}")
        bonus = _tiles(q, "bonus") if s == me else []
        size = sum(min(3, len(m["tiles"].split())) for m in melds)
        concealed = len(hand) + len(drawn) if s == me else max(0, ruleset.hand_size - size)
        seats.append({"seat": s, "wind": w, "melds": melds, "discards": format_tiles(discards),
                      "bonus": format_tiles(bonus), "concealed": concealed, "points": 0})
        for m in melds:
            for t in read_tiles(m["tiles"]):
                seen[t] += 1
        for t in discards:
            if t < NUM_PLAYING_KINDS:
                seen[t] += 1
    for t in hand + drawn:
        seen[t] += 1
    claim = None
    if q.get("claim"):
        tile = _tiles(q, "claim")
        if len(tile) != 1 or drawn:
            raise BadPosition("claim: one tile on offer, and then no drawn tile")
        frm = _wind(q, "from", WINDS[(me - 1) % 4])
        if frm == me:
            raise BadPosition("from: the discard on offer is another seat's")
        claim = {"discarder": frm, "tile": format_tiles(tile), "kind": "discard"}
        seen[tile[0]] += 1
    over = [format_tiles([t]) for t in range(NUM_PLAYING_KINDS) if seen[t] > 4]
    if over:
        raise BadPosition(f"more than four of {', '.join(over)}")
    view = {"viewer": me, "hand": format_tiles(sorted(hand)), "seats": seats,
            "prevailing_wind": WINDS[prevailing], "dealer": 0, "wall": {"live": wall},
            "claim": claim, "phase": "claim" if claim else "play", "ruleset": name}
    if drawn:
        view["drawn"] = format_tiles(drawn)
    try:
        view["legal_actions"] = board_jobs.board_legal(view, ruleset)
    except NotationError as exc:
        raise BadPosition(str(exc)) from exc
    return ruleset, view


def address_of(view: dict[str, Any], ruleset_name: str) -> dict[str, str]:
    """The address form of a seat view (a puzzle's, a replay move's)."""
    me = view["viewer"]
    by_seat = {s["seat"]: s for s in view["seats"]}

    def wind(seat: int) -> str:
        return by_seat[seat]["wind"]

    def melds(s) -> str:
        return ", ".join(m["tiles"] + ("" if m.get("exposed", True) else "/concealed")
                         for m in s["melds"])

    q = {"ruleset": ruleset_name, "seat": wind(me), "round": view["prevailing_wind"],
         "hand": view.get("hand") or "", "drawn": view.get("drawn") or "",
         "melds": melds(by_seat[me]), "bonus": by_seat[me].get("bonus") or "",
         "wall": str((view.get("wall") or {}).get("live", 60))}
    for s in view["seats"]:
        if s["discards"]:
            q[f"d_{s['wind']}"] = s["discards"]
        if s["seat"] != me and s["melds"]:
            q[f"m_{s['wind']}"] = melds(s)
    claim = view.get("claim") or {}
    if claim.get("tile") and claim.get("discarder") is not None:
        q["claim"] = claim["tile"]
        q["from"] = wind(claim["discarder"])
    return {k: v for k, v in q.items() if v}


def _from_source(request: HttpRequest) -> HttpResponse | None:
    """?puzzle= or ?game=&move=&seat=: the position's address, or None."""
    q = request.GET
    if q.get("puzzle"):
        puzzle = Puzzle.objects.filter(pk=_int(q["puzzle"])).first()
        if puzzle is None or not puzzle_service.visible_to(puzzle, request.user):
            raise Http404("No such puzzle.")
        return _to(address_of(puzzle.view, puzzle.ruleset_name))
    if q.get("game"):
        game = Game.objects.filter(pk=_int(q["game"])).first()
        refused = policy.refuse_or_none(request, game, policy.Seeing.REPLAY, page=True) \
            if game is not None else None
        if game is None:
            raise Http404("No such game.")
        if refused is not None:
            return refused
        if game.status != FINISHED:
            return HttpResponse("A game's positions are analysed once it is over.", status=409)
        move, seat = _int(q.get("move")), _int(q.get("seat"))
        if not 0 <= move <= game.version or seat not in range(4):
            return HttpResponse("No such move or seat in this game.", status=400)
        actions = puzzle_service.game_actions(game)[:move]
        ruleset = Ruleset.from_json(game.ruleset)
        view = pool.submit(board_jobs.view_at, ruleset, game.seed, actions, seat).result()
        name = ruleset.name if ruleset.name in PLAYABLE else DEFAULT_RULESET
        return _to(address_of(view, name))
    return None


def _int(text) -> int:
    try:
        return int(text)
    except (TypeError, ValueError):
        return -1


def _to(q: dict[str, str]) -> HttpResponse:
    return redirect(reverse("analysis_board") + "?" + urlencode(q))


@require_GET
def page(request: HttpRequest) -> HttpResponse:
    moved = _from_source(request)
    if moved is not None:
        return moved
    q = request.GET
    fields = ["hand", "drawn", "melds", "bonus", "claim"]
    values = {k: q.get(k, "") for k in fields}
    values.update(ruleset=q.get("ruleset") or DEFAULT_RULESET, seat=q.get("seat") or "we",
                  round=q.get("round") or "we", wall=q.get("wall") or "60",
                  frm=q.get("from") or "")
    others = [{"wind": w, "name": WIND_NAMES[w], "d": q.get(f"d_{w}", ""),
               "m": q.get(f"m_{w}", "")} for w in WINDS]
    palette = [[(format_tiles([t]), format_tiles([t])) for t in range(r, min(r + 9, 34))]
               for r in (0, 9, 18, 27)]
    return render(request, "games/analysis_board.html", {
        "q": values, "others": others, "winds": list(WIND_NAMES.items()), "palette": palette,
        "rulesets": [(n, get_ruleset(n).title) for n in PLAYABLE],
        "config": {"weigh_url": reverse("analysis_board_weigh")},
    })


@require_GET
async def weigh(request: HttpRequest) -> JsonResponse:
    """The figures of the position in the query, weighed in a worker."""
    try:
        ruleset, view = position(request.GET)
    except BadPosition as exc:
        return JsonResponse({"error": str(exc)}, status=400)
    address = urlencode(sorted(address_of(view, ruleset.name).items()))
    key = "board:" + hashlib.sha256(address.encode()).hexdigest()
    found = await sync_to_async(cache.get)(key)
    if found is None:
        if not _busy.acquire(blocking=False):
            return JsonResponse({"error": "The board is busy: ask again in a moment."},
                                status=503)
        try:
            found = await asyncio.wrap_future(pool.submit(board_jobs.board, view, ruleset))
        finally:
            _busy.release()
        await sync_to_async(cache.set)(key, found, KEPT)
    return JsonResponse({"view": view, **found})


# ------------------------------------------------------------------ a replay's decisions
def _decisions_job(request: HttpRequest, game_id: int):
    """On the database thread: a refusal, or (cache key, kept figures, the job's arguments)."""
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise Http404("No such game.")
    refused = policy.refuse_or_none(request, game, policy.Seeing.ANALYSIS)
    if refused is not None:
        return refused, None
    seat = _int(request.GET.get("seat"))
    if seat not in people(game.seats.all()):
        return JsonResponse({"error": "Only a seat a person played has decisions to show."},
                            status=400), None
    key = f"decisions:{game.pk}:{seat}"
    found = cache.get(key)
    if found is not None:
        return None, (key, found, None)
    args = (Ruleset.from_json(game.ruleset), game.seed, puzzle_service.game_actions(game), seat)
    return None, (key, None, args)


@require_GET
async def decisions(request: HttpRequest, game_id: int) -> HttpResponse:
    """/game/<id>/decisions.json?seat=<s>: once the game is over, every decision of a seat a
    person played, with the strong bot's ranking at each and the points given up per deal
    (games/thinking/board_jobs.decisions), worked out in a worker and kept."""
    refused, job = await sync_to_async(_decisions_job)(request, game_id)
    if refused is not None:
        return refused
    key, found, args = job
    if found is None:
        found = await asyncio.wrap_future(pool.submit(board_jobs.decisions, *args))
        await sync_to_async(cache.set)(key, found, None)
    return JsonResponse(found)
