"""Tournament results hidden until their round ends (Tournament.hide_scores): one rule for
every page that could show a finished table's result. Staff see everything; the table's own
players saw its end at the table and see it on their pages too.

A duplicate-wall round's tables share one seed: a finished table's review (its seed, its walls)
would show the other tables what they are still playing, so it stays hidden from everyone but
staff, its own players too, until the round ends; and a table still playing is watched only by
staff and its players."""

from __future__ import annotations

from django.db.models import Q, QuerySet
from django.http import HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.html import escape

from .models import ACTIVE, FINISHED, PLAYING, Game, Seat, Table

REASON = "This tournament round is still being played: its results are shown when it ends."
SHARED_REASON = ("This table plays the same walls as the other tables of its round: it is "
                 "shown when the round ends.")


def _staff(user) -> bool:
    return user is not None and user.is_authenticated and user.is_staff


def _shared_tables():
    """The tables of duplicate-wall rounds being played."""
    return Table.objects.filter(round__status=PLAYING, game__isnull=False).exclude(round__seed="")


def walls_shared(game: Game) -> bool:
    """Whether the game's seed deals walls that other tables of its round are still playing."""
    return game.tournament and _shared_tables().filter(game=game).exists()


def watch_refused(game: Game, user) -> bool:
    """A live table of a duplicate-wall round: only staff and its players may open it."""
    if game.status != ACTIVE or not game.tournament or _staff(user):
        return False
    if user is not None and user.is_authenticated and game.seats.filter(user=user).exists():
        return False
    return walls_shared(game)


def hidden_games(user) -> QuerySet[Game]:
    """The finished games whose result `user` may not see yet."""
    if _staff(user):
        return Game.objects.none()
    # From the tournaments' tables (few), not from the games (many).
    tables = Table.objects.filter(round__tournament__hide_scores=True, game__isnull=False).exclude(
        round__status=FINISHED)
    scores = Q(pk__in=tables.values("game_id"))
    if user is not None and user.is_authenticated:
        scores &= ~Q(pk__in=Seat.objects.filter(user=user).values("game_id"))
    walls = Q(pk__in=_shared_tables().values("game_id"))
    return Game.objects.filter(scores | walls, status=FINISHED)


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


def refused_page(request, game: Game, reason: str = REASON) -> HttpResponse:
    """The table page of a finished game whose result is hidden: why, and where to look."""
    return render(request, "games/result_hidden.html", {"game": game, "reason": reason},
                  status=403)


def refused(page: bool = False) -> HttpResponse:
    """403 with the reason: JSON for the record and the replay's data, a line of text for a
    page."""
    if page:
        return HttpResponse(f"<p>{escape(REASON)}</p>", status=403)
    return JsonResponse({"error": "result_hidden", "message": REASON}, status=403)
