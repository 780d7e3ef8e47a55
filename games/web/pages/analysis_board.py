"""The analysis board (/analysis/): any position set up by clicking or typing and kept in the
address (board_position.py reads it), every legal action weighed by the strong evaluator and the
strong bot's choice, computed in the thinking workers (weigh.json, asynchronous). A puzzle's
position (?puzzle=<id>) or a replay's move (?game=<id>&move=<n>&seat=<s>: that seat's own view
where it has a decision, else the view of a seat deciding there (board_jobs.view_at), once the
game is over and where the access policy shows its replay) is turned into the address
form of the position. Bounded: each field's length, four of a kind at most, and a few positions
weighed at once per process (more are refused, to be asked again).
"""

from __future__ import annotations

import asyncio
import hashlib
import threading
from urllib.parse import urlencode

from asgiref.sync import sync_to_async
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language, gettext, pgettext
from django.views.decorators.http import require_GET

from games.access import policy
from games.engine.hand_names import ruleset_title, tile_name
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, Ruleset, get_ruleset
from games.engine.tiles import BONUS, format_tiles
from games.models import FINISHED, Game
from games.models.puzzles import Puzzle
from games.services import puzzles as puzzle_service
from games.services.analysis import people
from games.thinking import board_jobs, pool
from games.web import reasons
from games.web.pages.board_position import WINDS, BadPosition, address_of, position

AT_ONCE = 4  # positions weighed at once by this process
KEPT = 600  # seconds a position's figures are kept
_busy = threading.BoundedSemaphore(AT_ONCE)


def _wind_words() -> dict[str, str]:
    """The seats' winds in the page's language (board_position.py's WIND_NAMES in English)."""
    return dict(zip(WINDS, [pgettext("wind", "East"), pgettext("wind", "South"),
                            pgettext("wind", "West"), pgettext("wind", "North")]))


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
        actions = puzzle_service.game_actions(game)
        ruleset = Ruleset.from_json(game.ruleset)
        view = pool.submit(board_jobs.view_at, ruleset, game.seed, actions, move, seat).result()
        if view is None:
            return HttpResponse("Nobody has a decision at this move (the tiles are being dealt or "
                                "the deal is over): open a move where a tile is drawn or offered.",
                                status=409)
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
    fields = ["hand", "drawn", "melds", "bonus", "claim", "rob"]
    values = {k: q.get(k, "") for k in fields}
    values.update(ruleset=q.get("ruleset") or DEFAULT_RULESET, seat=q.get("seat") or "we",
                  round=q.get("round") or "we", wall=q.get("wall") or "60",
                  frm=q.get("from") or "", goulash=q.get("goulash") == "1")
    names, language = _wind_words(), get_language() or "en"
    others = [{"wind": w, "name": names[w], "d": q.get(f"d_{w}", ""),
               "m": q.get(f"m_{w}", ""), "b": q.get(f"b_{w}", "")} for w in WINDS]
    rows = [list(range(r, min(r + 9, 34))) for r in (0, 9, 18, 27)] + [list(BONUS)]
    palette = [[(code, tile_name(code, language)) for code in (format_tiles([t]) for t in row)]
               for row in rows]
    return render(request, "games/analysis_board.html", {
        "q": values, "others": others, "winds": list(names.items()), "palette": palette,
        "rulesets": [(n, ruleset_title(n, language)) for n in PLAYABLE],
        "goulash_titles": pgettext("list", ", ").join(ruleset_title(n, language) for n in PLAYABLE
                                                      if get_ruleset(n).goulash_after_washout),
        "config": {"weigh_url": reverse("analysis_board_weigh")},
    })


@require_GET
async def weigh(request: HttpRequest) -> JsonResponse:
    """The figures of the position in the query, weighed in a worker."""
    try:
        ruleset, view = position(request.GET)
    except BadPosition as exc:
        return JsonResponse({"error": reasons.said(str(exc))}, status=400)
    address = urlencode(sorted(address_of(view, ruleset.name).items()))
    key = "board:" + hashlib.sha256(address.encode()).hexdigest()
    found = await sync_to_async(cache.get)(key)
    if found is None:
        if not _busy.acquire(blocking=False):
            return JsonResponse({"error": gettext("The board is busy: ask again in a moment.")},
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
        return JsonResponse({"error": gettext("Only a seat a person played has decisions to "
                                              "show.")},
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
