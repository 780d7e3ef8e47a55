"""The leaderboard (/leaderboard/): one ruleset's ratings, best first, of the players with a rated
game in it in the last ACTIVE_DAYS days. It reads Rating rows (one per player and ruleset, in the
order of their index), never the games: its cost does not grow with the games kept."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from django.core.paginator import Paginator
from django.shortcuts import render
from django.utils.html import format_html
from django.utils.translation import get_language, gettext

from games import clock
from games.engine import hand_names
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE
from games.models import PROVISIONAL_GAMES, Rating

PER_PAGE = 50
ACTIVE_DAYS = 90
BOT_POOL = "bots:"  # the bots' arena rates in a pool of its own: "bots:<ruleset>" (arena.py)


@dataclass(frozen=True)
class BoardRow:
    rank: int
    name: str
    rating: int
    provisional: bool
    games: int
    last_played: object
    is_me: bool


def active_since() -> datetime:
    return clock.now() - timedelta(days=ACTIVE_DAYS)


def active(ruleset_name: str):
    """The ruleset's ratings of players active in the last ACTIVE_DAYS days."""
    return Rating.objects.filter(ruleset_name=ruleset_name, last_played__gte=active_since())


def rank(rating: Rating) -> int | None:
    """The rating's place on its ruleset's board (one indexed count: the players above it), or
    None if its player is not active lately, so not on the board."""
    if rating.last_played is None or rating.last_played < active_since():
        return None
    return active(rating.ruleset_name).filter(score__gt=rating.score).count() + 1


def shown_rating(rating: Rating) -> str:
    """The viewer's rating as the board's sentence shows it, bold, marked if provisional."""
    if not rating.provisional:
        return format_html("<b>{}</b>", rating.shown)
    return format_html('<b>{}<abbr title="{}">?</abbr></b>', rating.shown,
                       gettext("provisional: fewer than %(games)s rated games")
                       % {"games": PROVISIONAL_GAMES})


def leaderboard(request):
    language = get_language()
    rulesets = [(n, hand_names.ruleset_title(n, language)) for n in PLAYABLE]
    name = request.GET.get("ruleset") or DEFAULT_RULESET
    bots = request.GET.get("pool") == "bots"
    context = {"rulesets": rulesets, "ruleset": name, "active_days": ACTIVE_DAYS,
               "provisional_games": PROVISIONAL_GAMES, "pool": "bots" if bots else "people"}
    if name not in PLAYABLE:
        context.update(ruleset="", error=(
            gettext("There is no leaderboard for %(name)s: choose one of the rulesets above.")
            % {"name": repr(name[:40])}))
        return render(request, "games/leaderboard.html", context, status=400)
    pooled = BOT_POOL + name if bots else name
    board = active(pooled).order_by("-score", "pk")
    page = Paginator(board.select_related("user").only(
        "score", "games", "last_played", "user__username"), PER_PAGE).get_page(
        request.GET.get("page"))
    me = request.user.pk if request.user.is_authenticated else None
    rows = [BoardRow(page.start_index() + i, r.user.username, r.shown, r.provisional, r.games,
                     r.last_played, r.user_id == me)
            for i, r in enumerate(page.object_list)]
    mine = Rating.objects.filter(user_id=me, ruleset_name=pooled).first() if me else None
    context.update(title=hand_names.ruleset_title(name, language), rows=rows, page=page,
                   mine=mine, mine_shown=shown_rating(mine) if mine else "",
                   my_rank=rank(mine) if mine else None)
    return render(request, "games/leaderboard.html", context)
