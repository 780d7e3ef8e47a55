"""/game/<id>/analysis.json: a finished game's decisions against the strong bot
(services/analysis.py). 202 while it is being worked out: the page asks again.
/game/<id>/own-puzzles.json: the requester's own puzzles from that game (docs/puzzles.md)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.shortcuts import get_object_or_404
from django.urls import reverse
from django.views.decorators.http import require_GET

from games.access import policy
from games.models import Game
from games.services import puzzles as puzzle_service
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


@require_GET
def own_puzzles(request: HttpRequest, game_id: int) -> JsonResponse:
    """The requester's own puzzles from this game, theirs alone (the policy's OWN_PUZZLES):
    `status` made / never (200), or making / waiting (202: the page asks again), and each
    puzzle's `id`, `url`, `deal`, `move` and `themes`."""
    game = get_object_or_404(Game, pk=game_id)
    refused = policy.refuse_or_none(request, game, policy.Seeing.OWN_PUZZLES)
    if refused is not None:
        return refused
    found = puzzle_service.own_from_game(game, request.user)
    shown = [{"id": p.pk, "url": reverse("puzzle", args=[p.pk]), "deal": p.deal,
              "move": p.move, "themes": p.theme_list} for p in found["puzzles"]]
    waiting = found["status"] in ("making", "waiting")
    return JsonResponse({"status": found["status"], "puzzles": shown},
                        status=202 if waiting else 200)
