"""Tournament results hidden until their round ends (Tournament.hide_scores): one rule for
every page that could show a finished table's result. Staff see everything; the table's own
players saw its end at the table and see it on their pages too."""

from __future__ import annotations

from django.db.models import QuerySet
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.html import escape

from .models import FINISHED, Game, Seat, Table

REASON = "This tournament round is still being played: its results are shown when it ends."


def hidden_games(user) -> QuerySet[Game]:
    """The finished games whose result `user` may not see yet."""
    if user is not None and user.is_authenticated and user.is_staff:
        return Game.objects.none()
    # From the tournaments' tables (few), not from the games (many).
    tables = Table.objects.filter(round__tournament__hide_scores=True, game__isnull=False).exclude(
        round__status=FINISHED)
    games = Game.objects.filter(pk__in=tables.values("game_id"), status=FINISHED)
    if user is not None and user.is_authenticated:
        games = games.exclude(pk__in=Seat.objects.filter(user=user).values("game_id"))
    return games


def result_hidden(game: Game, user) -> bool:
    if not game.tournament or game.status != FINISHED:
        return False  # no query for the other games
    return hidden_games(user).filter(pk=game.pk).exists()


def hidden_among(games, user) -> set[int]:
    """Which of these games' results `user` may not see: one query for a page of rows."""
    ids = [g.pk for g in games if g.tournament and g.status == FINISHED]
    if not ids:
        return set()
    return set(hidden_games(user).filter(pk__in=ids).values_list("pk", flat=True))


def refused_page(request, game: Game) -> HttpResponse:
    """The table page of a finished game whose result is hidden: why, and where to look."""
    return render(request, "games/result_hidden.html", {"game": game, "reason": REASON},
                  status=403)


def refused(page: bool = False) -> HttpResponse:
    """403 with the reason: JSON for the record and the replay's data, a line of text for a
    page."""
    if page:
        return HttpResponse(f"<p>{escape(REASON)}</p>", status=403)
    return JsonResponse({"error": "result_hidden", "message": REASON}, status=403)
