"""/game/<id>/hints.json: the hints of the requesting player's seat (services/hints.py)."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from games import services
from games.access import policy
from games.models import Game
from games.services.hints import hints_for

STATUS = {"no_such_game": 404, "hints_off": 403, "not_active": 409}


def _allowed(request: HttpRequest, game_id: int) -> JsonResponse | None:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return JsonResponse({"error": "There is no such game.", "code": "no_such_game"},
                            status=404)
    decision = policy.decide(game, policy.requester(request), policy.Seeing.HINTS)
    if not decision.allowed:
        return JsonResponse({"error": decision.message, "code": decision.code},
                            status=decision.status)
    request.user.is_authenticated  # noqa: B018 (the user is read here, on the database thread)
    return None


@require_GET
async def hints(request: HttpRequest, game_id: int) -> JsonResponse:
    """Asynchronous: the evaluation runs in a worker, and this request waits for it without
    holding a thread."""
    refused = await sync_to_async(_allowed)(request, game_id)
    if refused is not None:
        return refused
    try:
        data = await hints_for(game_id, request.user)
    except services.ServiceError as exc:
        return JsonResponse({"error": exc.message, "code": exc.code},
                            status=STATUS.get(exc.code, 403))
    return JsonResponse(data)
