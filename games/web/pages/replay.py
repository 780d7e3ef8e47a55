"""The replay viewer: a page that fetches a game's steps once and steps through them locally.

The steps are the engine's own views after every move (games/engine/replay.py). A finished
game's are built once and kept gzipped in the cache: it never changes, so opening its replay
again, at any move, costs a cache read. A running game's steps are spectator views only,
extended move by move as it is watched (running_steps.py).
"""

from __future__ import annotations

import gzip
import json

from django.core.cache import cache
from django.http import HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext, gettext_noop

from games.access import policy
from games.engine.actions import Action
from games.engine.replay import replay_steps
from games.engine.ruleset import Ruleset
from games.models import FINISHED, Game
from games.services import talk as table_talk
from games.services.analysis import people
from games.web import reasons
from games.web.pages import running_steps
from games.web.plots import plot_for_game
from games.web.records import verify_game

# The verification line as the engine words it (games/engine/record.py, VERIFIED), shown in the
# page's language, as a failure's reason is (games/web/reasons.py).
gettext_noop("verified: the seed matches its commitment and replays to these results")

FINISHED_TTL = 7 * 24 * 3600  # a finished game's steps never change
RUNNING_TTL = 120


def _replayable(request, game_id: int, page: bool = False) -> tuple[Game, object]:
    """The game, and the refusal to answer with if the policy says this requester may not
    replay it (docs/access.md) or it has nothing to replay yet."""
    game = get_object_or_404(Game, pk=game_id)
    return game, policy.refuse_or_none(request, game, policy.Seeing.REPLAY, page=page)


def steps_gz(game: Game) -> bytes:
    """The game's steps as gzipped JSON, from the cache or built and cached."""
    reveal = game.status == FINISHED
    if not reveal:
        return running_steps.steps_gz(game)
    key = f"replay-steps:{game.pk}:{game.version}:1"
    data = cache.get(key)
    if data is None:
        actions = [
            Action.from_json(a)
            for a in game.moves.order_by("seq").values_list("action", flat=True)[: game.version]
        ]
        steps = replay_steps(Ruleset.from_json(game.ruleset), game.seed, actions, reveal=reveal)
        text = json.dumps(steps, separators=(",", ":"))
        data = gzip.compress(text.encode(), compresslevel=5)
        cache.set(key, data, FINISHED_TTL)
    return data


def steps(request, game_id: int):
    """The steps (JSON). Finished games are immutable: the browser may keep them."""
    game, refused = _replayable(request, game_id)
    if refused is not None:
        return refused
    data = steps_gz(game)
    if "gzip" in request.headers.get("Accept-Encoding", ""):
        response = HttpResponse(data, content_type="application/json")
        response["Content-Encoding"] = "gzip"
    else:
        response = HttpResponse(gzip.decompress(data), content_type="application/json")
    response["Vary"] = "Accept-Encoding"
    if game.status == FINISHED:
        response["Cache-Control"] = "private, max-age=86400"
    else:
        response["Cache-Control"] = "no-store"
    return response


def _viewer_seat(request, seats) -> int | None:
    if not request.user.is_authenticated:
        return None
    return next((s.position for s in seats if s.user_id == request.user.pk), None)


def _extras_key(game: Game, viewer: int | None) -> str:
    # The plot is drawn in the reader's language.
    return f"replay-extras:{game.pk}:{game.version}:{viewer}:{get_language()}"


def _extras(game: Game, viewer: int | None) -> dict:
    """The plot and (finished games) the verification line: both need the whole game replayed,
    so a finished game's are kept in the cache with its steps."""
    extras = cache.get(_extras_key(game, viewer))
    if extras is not None:
        return extras
    extras = {"plot": None, "verification": None}
    # Kept rendered: drawing the plot's table costs more than the rest of the page.
    extras["plot"] = render_to_string("games/_plot.html", {"plot": plot_for_game(game, viewer)})
    if game.status == FINISHED:
        v = verify_game(game)
        # In the reader's language (the key is the language's): a failure's reason too.
        extras["verification"] = {"ok": v.ok, "message": reasons.said(v.message)}
    cache.set(_extras_key(game, viewer), extras,
              FINISHED_TTL if game.status == FINISHED else RUNNING_TTL)
    return extras


def extras(request, game_id: int):
    """The plot and the verification line, for a page sent before they were worked out."""
    game, refused = _replayable(request, game_id)
    if refused is not None:
        return refused
    viewer = _viewer_seat(request, game.seats.all())
    return JsonResponse(_extras(game, viewer))


def talk(request, game_id: int):
    """What was said at a finished table, for its replay: to those who sat at it only (the
    policy's TALK), less the speakers they muted or blocked, the newest lines only."""
    game = get_object_or_404(Game, pk=game_id)
    refused = policy.refuse_or_none(request, game, policy.Seeing.TALK)
    if refused is not None:
        return refused
    response = JsonResponse(table_talk.replayed(game, request.user))
    response["Cache-Control"] = "private, no-store"  # a mute or a deletion applies at once
    return response


def replay(request, game_id: int):
    game, refused = _replayable(request, game_id, page=True)
    if refused is not None:
        return refused
    seats = list(game.seats.select_related("user"))
    viewer = _viewer_seat(request, seats)
    players = [{"name": f"Seat {s + 1}", "bot": None} for s in range(4)]
    for s in seats:
        if s.position is not None:
            players[s.position] = {"name": s.name, "bot": s.bot_level or None, "chair": s.chair}
    finished = game.status == FINISHED
    config = {
        "game": game.pk,
        "steps": reverse("game_replay_steps", args=[game.pk]),
        "version": game.version,
        "finished": finished,
        "players": players,
        "viewer": viewer,
        "table": reverse("table", args=[game.pk]),
        # The decisions against the strong bot, once over and if a person played (analysis.py).
        "analysis": (reverse("game_analysis", args=[game.pk])
                     if finished and people(seats) else None),
    }
    if config["analysis"] and viewer is not None:  # their own puzzles from it (docs/puzzles.md)
        config["own_puzzles"] = reverse("game_own_puzzles", args=[game.pk])
    # The table's talk, to those who sat at it (docs/people.md, "Talk in the replay").
    if finished and policy.decide(game, policy.requester(request), policy.Seeing.TALK).allowed:
        config["talk"] = reverse("game_replay_talk", args=[game.pk])
    # Known already: in the page. Not yet (the game's first replay): the page goes at once and
    # asks for them once its steps are in, so nobody waits for a replay to see the table.
    known = cache.get(_extras_key(game, viewer))
    context = {"game": game, "config": config, "finished": finished}
    if known is None:
        config["extras"] = reverse("game_replay_extras", args=[game.pk])
    else:
        v = known["verification"]
        message = v and v["message"]
        context["verification"] = v and {**v, "message": gettext(message)}
        context["plot_html"] = mark_safe(known["plot"]) if known["plot"] else None
    if finished:
        context["record_url"] = reverse("game_record", args=[game.pk]) + "?download=1"
    return render(request, "games/replay.html", context)
