"""/game/<id>/hints.json: the hints of the requesting player's seat (services/hints.py)."""

from __future__ import annotations

from django.http import HttpRequest, JsonResponse
from django.views.decorators.http import require_GET

from .. import policy, services
from ..models import Game
from ..services.hints import hints_for

STATUS = {"no_such_game": 404, "hints_off": 403, "not_active": 409}


@require_GET
def hints(request: HttpRequest, game_id: int) -> JsonResponse:
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        return JsonResponse({"error": "There is no such game.", "code": "no_such_game"},
                            status=404)
    decision = policy.decide(game, policy.requester(request), policy.Seeing.HINTS)
    if not decision.allowed:
        return JsonResponse({"error": decision.message, "code": decision.code},
                            status=decision.status)
    try:
        data = hints_for(game_id, request.user)
    except services.ServiceError as exc:
        return JsonResponse({"error": exc.message, "code": exc.code},
                            status=STATUS.get(exc.code, 403))
    return JsonResponse(data)
