"""/game/<id>/analysis.json: a finished game's decisions against the strong bot
(services/analysis.py). 202 while it is being worked out: the page asks again."""

from __future__ import annotations

from django.http import Http404, HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from ..hidden import refused, result_hidden
from ..models import FINISHED, Game
from ..services.analysis import analysis_or_start


@require_GET
def analysis(request: HttpRequest, game_id: int) -> JsonResponse:
    game = get_object_or_404(Game, pk=game_id)
    if game.status != FINISHED:
        raise Http404("A game is analysed once it is over.")
    if result_hidden(game, request.user):
        return refused()
    data = analysis_or_start(game)
    if data is None:
        return JsonResponse({"status": "computing"}, status=202)
    return JsonResponse({"status": "ready", **data})
