"""/game/<id>/analysis.json: a finished game's decisions against the strong bot
(services/analysis.py). 202 while it is being worked out: the page asks again."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.views.decorators.http import require_GET

from games.access import policy
from games.models import Game
from games.services.analysis import analysis_or_start


@require_GET
def analysis(request: HttpRequest, game_id: int) -> JsonResponse:
    game = get_object_or_404(Game, pk=game_id)
    refused = policy.refuse_or_none(request, game, policy.Seeing.ANALYSIS)
    if refused is not None:
        return refused
    data = analysis_or_start(game)
    if data is None:
        return JsonResponse({"status": "computing"}, status=202)
    return JsonResponse({"status": "ready", **data})
