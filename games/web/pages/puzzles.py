"""Puzzles (docs/puzzles.md): /puzzles/ (a run at the player's level, per ruleset), one puzzle's
page, and its answer (rated through services/puzzles.py)."""

from __future__ import annotations

import json

from django.http import Http404, HttpRequest, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_POST

from games.access import policy
from games.engine.hand_names import ruleset_title
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE
from games.models.puzzles import Puzzle
from games.services import ServiceError
from games.services import puzzles as service
from games.web import refusals

MAX_BODY = 2000  # an answer is one action


def _ruleset(request: HttpRequest) -> str:
    name = request.GET.get("ruleset") or DEFAULT_RULESET
    return name if name in PLAYABLE else DEFAULT_RULESET


def _context(request: HttpRequest, puzzle: Puzzle | None, ruleset_name: str) -> dict:
    rating = service.rating_of(request.user, ruleset_name)
    config = None
    if puzzle is not None:
        config = {"id": puzzle.pk, "view": puzzle.view,
                  "answer_url": reverse("puzzle_answer", args=[puzzle.pk]),
                  "analyse_url": reverse("analysis_board") + f"?puzzle={puzzle.pk}",
                  "next_url": reverse("puzzles") + f"?ruleset={puzzle.ruleset_name}",
                  "signed_in": request.user.is_authenticated, "csrf": get_token(request)}
    language = get_language() or "en"  # the rulesets' titles in the page's language
    return {
        "puzzle": puzzle, "ruleset_name": ruleset_name,
        "ruleset_title": ruleset_title(ruleset_name, language),
        "rulesets": [(n, ruleset_title(n, language)) for n in PLAYABLE],
        "rating": rating, "config": config,
        "count": service.public(ruleset_name).count(),
    }


def run(request: HttpRequest):
    """The next puzzle at the player's level in the chosen ruleset."""
    name = _ruleset(request)
    puzzle = service.next_for(request.user, name)
    return render(request, "games/puzzle.html", _context(request, puzzle, name))


def _visible(request: HttpRequest, puzzle_id: int) -> Puzzle:
    puzzle = Puzzle.objects.filter(pk=puzzle_id).select_related("game").first()
    if puzzle is None or not service.visible_to(puzzle, request.user):
        raise Http404("No such puzzle.")
    return puzzle


def detail(request: HttpRequest, puzzle_id: int):
    puzzle = _visible(request, puzzle_id)
    return render(request, "games/puzzle.html", _context(request, puzzle, puzzle.ruleset_name))


def replay_link(request: HttpRequest, puzzle: Puzzle) -> str | None:
    """The move in its game's replay, where the access policy lets the requester see it."""
    game = puzzle.game
    if game is None:
        return None
    if not policy.decide(game, policy.requester(request), policy.Seeing.REPLAY).allowed:
        return None
    return reverse("game_replay", args=[game.pk]) + f"#v{puzzle.move + 1}"


@require_POST
def answer(request: HttpRequest, puzzle_id: int) -> JsonResponse:
    puzzle = _visible(request, puzzle_id)
    if len(request.body) > MAX_BODY:
        return JsonResponse({"error": gettext("That answer is too long.")}, status=400)
    try:
        action = json.loads(request.body or b"{}").get("action")
    except (ValueError, AttributeError):
        return JsonResponse({"error": gettext("The answer is not JSON.")}, status=400)
    try:
        out = service.answer(puzzle, request.user, action)
    except ServiceError as exc:
        return JsonResponse({"error": refusals.reason(exc), "code": exc.code}, status=400)
    out.update(candidates=puzzle.candidates, margin=puzzle.margin,
               margin_chance=puzzle.margin_chance, simulation=puzzle.simulation,
               themes=puzzle.theme_list, replay=replay_link(request, puzzle))
    return JsonResponse(out)
