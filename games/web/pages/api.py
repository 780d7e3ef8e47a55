"""The read API (/api/...): JSON for community tools, documented in docs/bot-api.md ("The read
API"). Public reads need no token; each request counts against the address's `api` limit
(games/access/limits.py: a 429 with Retry-After past it). What a game list or a game shows is what the
access policy shows the same requester on the site (games/access/policy.py: `listed`, `decide`).

Lists page with a cursor: `next` names where the following page starts, by a key that never
changes for a row (a game's number, a rating change's number), so a row added meanwhile never
shifts a page and none is shown twice or missed."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.contrib.auth import get_user_model
from django.http import JsonResponse
from django.shortcuts import get_object_or_404

from games import clock
from games.access import policy
from games.engine.ruleset import PLAYABLE
from games.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    PROVISIONAL_GAMES,
    Game,
    Rating,
    RatingChange,
    Tournament,
    shown_rating,
)
from games.models.bots import bot_ids
from games.services import standings
from games.web.records import record_for

API_VERSION = 1
PER_PAGE, MOST_PER_PAGE = 50, 100
BOT_POOL = "bots:"  # a bot pool's rating rows are named so: "bots:<ruleset>"
ACTIVE_DAYS = 90  # as /leaderboard/ (docs/ratings.md): rated in the last 90 days


def active(ruleset_name: str):
    since = clock.now() - timedelta(days=ACTIVE_DAYS)
    return Rating.objects.filter(ruleset_name=ruleset_name, last_played__gte=since)


def _json(data: dict[str, Any], status: int = 200) -> JsonResponse:
    response = JsonResponse({"api": API_VERSION, **data}, status=status)
    response["Access-Control-Allow-Origin"] = "*"  # public reads, no cookies: any tool may ask
    return response


def _error(status: int, code: str, message: str) -> JsonResponse:
    return _json({"error": code, "message": message}, status)


def _iso(when) -> str | None:
    return when.isoformat() if when else None


def _page_size(request) -> int | None:
    raw = request.GET.get("limit", "")
    if raw == "":
        return PER_PAGE
    if not raw.isdigit() or not 1 <= int(raw) <= MOST_PER_PAGE:
        return None
    return int(raw)


def _cursor(request) -> int | None | bool:
    """The cursor as a number; None: from the start; False: not a cursor."""
    raw = request.GET.get("cursor", "")
    if raw == "":
        return None
    return int(raw) if raw.isdigit() and len(raw) < 19 else False


def _player(name: str):
    return get_object_or_404(get_user_model(), username=name, is_active=True)


def _rating(r: Rating) -> dict[str, Any]:
    pool = "bots" if r.ruleset_name.startswith(BOT_POOL) else "people"
    return {"ruleset": r.ruleset_name.removeprefix(BOT_POOL), "pool": pool, "rating": r.shown,
            "provisional": r.games < PROVISIONAL_GAMES, "games": r.games,
            "last_played": _iso(r.last_played)}


def player(request, name: str):
    user = _player(name)
    ratings = Rating.objects.filter(user=user).order_by("ruleset_name")
    return _json({"name": user.username, "bot": bool(bot_ids([user.pk])),
                  "joined": _iso(user.date_joined), "ratings": [_rating(r) for r in ratings]})


def rating_history(request, name: str, ruleset: str):
    """A player's rating changes in one ruleset (`?pool=bots`: in the bots' pool), newest
    first."""
    user = _player(name)
    size, cursor = _page_size(request), _cursor(request)
    if size is None or cursor is False:
        return _error(400, "bad_page", f"limit is 1 to {MOST_PER_PAGE}; cursor is a `next`.")
    pool = request.GET.get("pool", "people")
    if pool not in ("people", "bots"):
        return _error(400, "bad_pool", "pool is people or bots.")
    name = BOT_POOL + ruleset if pool == "bots" else ruleset
    changes = RatingChange.objects.filter(user=user, ruleset_name=name).order_by("-pk")
    if cursor is not None:
        changes = changes.filter(pk__lt=cursor)
    rows = list(changes[:size + 1])
    more = len(rows) > size
    rows = rows[:size]
    return _json({"name": user.username, "ruleset": ruleset, "pool": pool, "changes": [
        {"game": c.game_id, "rated_at": _iso(c.rated_at), "place": c.place,
         "final_points": c.final_points, "abandoned": c.abandoned,
         "before": round(shown_rating(c.mu_before, c.sigma_before)),
         "after": round(shown_rating(c.mu_after, c.sigma_after)), "games": c.games}
        for c in rows], "next": str(rows[-1].pk) if more else None})


def _players(game: Game, hidden: bool, bots: set[int]) -> list[dict[str, Any]]:
    out = []
    for s in game.seats.all():
        account = s.user.username if s.user_id and not s.is_bot and not s.left else None
        out.append({"name": s.name, "account": account, "seat": s.position,
                    "bot": "site" if s.is_bot or s.left else
                           ("account" if s.user_id in bots else None),
                    "level": s.bot_level or None,
                    "place": None if hidden else s.place,
                    "points": None if hidden else s.final_points})
    return out


def _game(game: Game, hidden: bool, bots: set[int]) -> dict[str, Any]:
    return {"id": game.pk, "status": game.status, "ruleset": game.ruleset_name,
            "rated": game.rated, "tournament": game.tournament, "imported": game.imported,
            "private": game.private, "created": _iso(game.created),
            "started": _iso(game.started), "finished": _iso(game.finished),
            "result_hidden": hidden, "players": _players(game, hidden, bots)}


def _bots_at(games: list[Game]) -> set[int]:
    return bot_ids(s.user_id for g in games for s in g.seats.all())


def player_games(request, name: str):
    """A player's started games, newest first, as their page lists them to this requester."""
    user = _player(name)
    size, cursor = _page_size(request), _cursor(request)
    if size is None or cursor is False:
        return _error(400, "bad_page", f"limit is 1 to {MOST_PER_PAGE}; cursor is a `next`.")
    who = policy.requester(request)
    games = Game.objects.filter(seats__user=user, status__in=(ACTIVE, FINISHED, ABANDONED))
    games = policy.listed(who, games).distinct().order_by("-pk")
    if cursor is not None:
        games = games.filter(pk__lt=cursor)
    rows = list(games.prefetch_related("seats__user")[:size + 1])
    more = len(rows) > size
    rows = rows[:size]
    hidden = policy.hidden_among(rows, who)
    bots = _bots_at(rows)
    return _json({"name": user.username,
                  "games": [_game(g, g.pk in hidden, bots) for g in rows],
                  "next": str(rows[-1].pk) if more else None})


def game(request, game_id: int):
    """A game's facts as the table shows them to this requester; with its whole record (the
    seed too) once the policy lets them have it (the game is over)."""
    found = Game.objects.filter(pk=game_id).prefetch_related("seats__user").first()
    if found is None:
        return _error(404, "not_found", "No such game.")
    who = policy.requester(request)
    decision = policy.decide(found, who, policy.Seeing.TABLE)
    if not decision.allowed:
        return _error(decision.status, "hidden" if decision.status == 403 else "not_found",
                      decision.message if decision.status == 403 else "No such game.")
    hidden = policy.result_hidden(found, who) or found.status == ACTIVE
    data = _game(found, hidden, _bots_at([found]))
    shows_record = policy.decide(found, who, policy.Seeing.RECORD).allowed
    data["record"] = record_for(found) if shows_record and found.status == FINISHED else None
    return _json(data)


def leaderboard(request, ruleset: str):
    """One ruleset's leaderboard (people's; `?pool=bots`: the bots'), best first, as
    /leaderboard/ ranks it. The cursor is the last row's rank and number; a rating that changes
    between two pages may move across them, as on any live board."""
    if ruleset not in PLAYABLE:
        return _error(400, "bad_ruleset", f"No leaderboard for {ruleset[:40]!r}: one of "
                                          + ", ".join(PLAYABLE) + ".")
    pool = request.GET.get("pool", "people")
    if pool not in ("people", "bots"):
        return _error(400, "bad_pool", "pool is people or bots.")
    size = _page_size(request)
    raw = request.GET.get("cursor", "")
    after = _board_cursor(raw)
    if size is None or after is False:
        return _error(400, "bad_page", f"limit is 1 to {MOST_PER_PAGE}; cursor is a `next`.")
    board = active(BOT_POOL + ruleset if pool == "bots" else ruleset)
    if pool == "people":
        board = board.exclude(user__bot_account__isnull=False)
    ordered = board.order_by("-score", "pk").select_related("user")
    start = 1
    if after is not None:
        rank, score, pk = after
        ordered = ordered.filter(score__lte=score).exclude(score=score, pk__lte=pk)
        start = rank + 1
    rows = list(ordered[:size + 1])
    more = len(rows) > size
    rows = rows[:size]
    out = [{"rank": start + i, "name": r.user.username, "rating": r.shown,
            "provisional": r.games < PROVISIONAL_GAMES, "games": r.games,
            "last_played": _iso(r.last_played), "bot": pool == "bots"}
           for i, r in enumerate(rows)]
    last = rows[-1] if rows else None
    return _json({"ruleset": ruleset, "pool": pool, "rows": out,
                  "next": f"{start + len(rows) - 1}_{last.score!r}_{last.pk}" if more else None})


def _board_cursor(raw: str):
    if raw == "":
        return None
    parts = raw.split("_")
    try:
        rank, score, pk = int(parts[0]), float(parts[1]), int(parts[2])
    except (ValueError, IndexError):
        return False
    return (rank, score, pk) if len(parts) == 3 and rank > 0 else False


def tournament_standings(request, tournament_id: int):
    """The standings the tournament's page shows this requester (hidden scores kept hidden)."""
    t = Tournament.objects.filter(pk=tournament_id).first()
    if t is None:
        return _error(404, "not_found", "No such tournament.")
    public = not policy.sees_hidden_scores(policy.requester(request))
    rows = standings.ranking(t, public=public)
    return _json({"tournament": t.pk, "name": t.name, "status": t.status,
                  "ruleset": t.ruleset_name,
                  "rounds_counted": standings.visible_rounds(t, public),
                  "standings": [{"rank": r.rank, "name": r.name,
                                 "table_points": round(r.table_points, 6), "score": r.score,
                                 "tables": r.games} for r in rows]})
