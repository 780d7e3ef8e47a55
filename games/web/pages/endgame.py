"""The end of a game: the points plot (an HTML fragment the end screen and replay embed) and
"Play again", a new table with the same people and bots."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import NoReverseMatch, reverse
from django.views.decorators.http import require_POST

from games import services
from games.access import policy
from games.models import FINISHED, Game
from games.web import refusals
from games.web.plots import plot_for_game


def end_screen_links(request, game: Game) -> dict:
    """What the table's end screen links to, added to the table page's config."""
    links = {"plot": reverse("game_plot", args=[game.pk]),
             "again": reverse("game_again", args=[game.pk]), "csrf": get_token(request)}
    try:
        links["replay"] = reverse("game_replay", args=[game.pk])
    except NoReverseMatch:  # the replay page is not installed
        pass
    if game.started is not None:
        links["commitment"] = game.commitment
    return links


def _viewer_seat(request, game: Game) -> int | None:
    if not request.user.is_authenticated:
        return None
    return game.seats.filter(user=request.user).values_list("position", flat=True).first()


def plot(request, game_id: int):
    """Points after every deal: public facts, so any started game may be plotted."""
    game = get_object_or_404(Game, pk=game_id)
    refused = policy.refuse_or_none(request, game, policy.Seeing.PLOT, page=True)
    if refused is not None:
        return refused
    return render(request, "games/_plot.html",
                  {"plot": plot_for_game(game, _viewer_seat(request, game))})


@require_POST
def play_again(request, game_id: int):
    """The first player to ask opens the new table (bots in their old chairs, the settings
    kept); the others who ask join it, and it deals once everyone is back."""
    game = get_object_or_404(Game, pk=game_id, status=FINISHED)
    refused = policy.refuse_or_none(request, game, policy.Seeing.TABLE, page=True)
    if refused is not None:
        return refused
    seats = list(game.seats.select_related("user"))
    mine = next((s for s in seats if request.user.is_authenticated and s.user == request.user),
                None)
    if mine is None:
        raise Http404("Only the game's players can play it again.")
    try:
        again = services.open_rematch(request.user, game, seats)
        services.take_seat(again.pk, request.user)
        people = {s.user_id for s in seats if not s.is_bot}
        back = {s.user_id for s in again.seats.all() if not s.is_bot}
        if back == people and again.seats.count() == 4:
            try:
                services.start_game(again.pk)
            except services.ServiceError:
                pass  # the last two came back at once and the other request dealt already
    except services.ServiceError as exc:
        messages.error(request, refusals.reason(exc))
        return redirect("table", game_id=game.pk)
    return redirect("table", game_id=again.pk)
