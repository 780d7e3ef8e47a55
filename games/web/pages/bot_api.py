"""A bot's HTTP requests (/api/bot/...), with its token in the `Authorization: Bearer` header
(docs/bot-api.md), and the page where a person makes their new account a bot account and
manages its tokens (/account/bot/)."""

from __future__ import annotations

import json
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from games.engine.ruleset import DEFAULT_RULESET
from games.models import Seat
from games.models.bots import PLAY, READ, SCOPES, BotAccount
from games.services import ServiceError, arena, bot_accounts
from games.web import refusals

MAX_BODY = 8 * 1024


def _token(request, scope: str):
    header = request.META.get("HTTP_AUTHORIZATION", "")
    kind, _, secret = header.partition(" ")
    if kind.lower() != "bearer":
        return None
    return bot_accounts.authenticate(secret.strip(), scope)


def _refused(status: int, code: str, message: str) -> JsonResponse:
    return JsonResponse({"error": code, "message": message}, status=status)


def _unauthorized(scope: str) -> JsonResponse:
    response = _refused(401, "unauthorized",
                        f"Send a live {scope} token: Authorization: Bearer <token>.")
    response["WWW-Authenticate"] = 'Bearer realm="bots"'
    return response


def _body(request) -> dict[str, Any] | None:
    if len(request.body) > MAX_BODY:
        return None
    if not request.body:
        return {}
    try:
        data = json.loads(request.body)
    except (ValueError, RecursionError):
        return None
    return data if isinstance(data, dict) else None


def _seated(game_id: int, status: int = 200) -> JsonResponse:
    return JsonResponse({"game": game_id, "socket": f"/ws/bot/game/{game_id}/"}, status=status)


def account(request):
    """The bot this token is, and its tables not over yet (where it is invited)."""
    token = _token(request, READ)
    if token is None:
        return _unauthorized(READ)
    user = token.account.user
    return JsonResponse({"name": user.username, "bot": True,
                         "token": {"name": token.name, "scope": token.scope},
                         "games": bot_accounts.games_of(user)})


@csrf_exempt  # a token in a header, never a cookie: no other site can send it
def challenge(request):
    """A new table against three of the site's bots, dealt at once."""
    if request.method != "POST":
        return _refused(405, "post_only", "POST a challenge.")
    token = _token(request, PLAY)
    if token is None:
        return _unauthorized(PLAY)
    data = _body(request)
    if data is None:
        return _refused(400, "bad_json", "The body is a JSON object of at most 8 KiB.")
    try:
        game_id = bot_accounts.challenge(
            token.account.user, str(data.get("ruleset") or DEFAULT_RULESET)[:40],
            settings=data.get("settings"), opponents=data.get("opponents"),
            turn_seconds=data.get("turn_seconds"))
    except ServiceError as exc:
        return _refused(400, exc.code, exc.message)
    return _seated(game_id, 201)


@csrf_exempt
def join(request, game_id: int):
    """A seat at an open casual lobby table."""
    if request.method != "POST":
        return _refused(405, "post_only", "POST to take the seat.")
    token = _token(request, PLAY)
    if token is None:
        return _unauthorized(PLAY)
    try:
        bot_accounts.join(token.account.user, game_id)
    except ServiceError as exc:
        return _refused(404 if exc.code == "no_game" else 400, exc.code, exc.message)
    return _seated(game_id)


@csrf_exempt
def arena_queue(request):
    """POST: wait in the bots' arena (again every few seconds while waiting); DELETE: leave."""
    if request.method not in ("POST", "DELETE"):
        return _refused(405, "post_only", "POST to wait in the arena, DELETE to leave it.")
    token = _token(request, PLAY)
    if token is None:
        return _unauthorized(PLAY)
    user = token.account.user
    if request.method == "DELETE":
        return JsonResponse({"state": "left" if arena.leave(user) else "none"})
    data = _body(request)
    if data is None:
        return _refused(400, "bad_json", "The body is a JSON object of at most 8 KiB.")
    arena.rate_pending()
    try:
        status = arena.join(user, str(data.get("ruleset") or DEFAULT_RULESET)[:40],
                            levels=data.get("levels", True) is not False)
    except ServiceError as exc:
        return _refused(400, exc.code, exc.message)
    if status["state"] == "seated":
        status["socket"] = f"/ws/bot/game/{status['game']}/"
    return JsonResponse(status)


@require_POST
def invite(request, game_id: int):
    """The table's waiting room: a seated player invites a bot account by name."""
    user = request.user
    if not user.is_authenticated or not Seat.objects.filter(
            game_id=game_id, user=user, left=False).exists():
        raise Http404("Only a seated player can do that.")
    name = request.POST.get("name", "").strip()
    try:
        bot_accounts.invite(game_id, user, name)
    except ServiceError as exc:
        messages.error(request, refusals.reason(exc))
    else:
        messages.success(request, gettext("%(name)s is invited: it sits down now and plays once "
                                          "the game starts, when its program is running.")
                         % {"name": name})
    return redirect("table", game_id=game_id)


@login_required
def manage(request):
    """Make this account a bot account; make and revoke its tokens (each shown once)."""
    user = request.user
    shown = None
    if request.method == "POST":
        what = request.POST.get("do")
        try:
            if what == "make_bot":
                bot_accounts.make_bot(user)
                messages.success(request, gettext("This account is a bot account now."))
            elif what == "make_token":
                token, shown = bot_accounts.make_token(
                    user, request.POST.get("name", ""), request.POST.get("scope", PLAY))
            elif what == "revoke":
                raw = request.POST.get("token", "")
                token = bot_accounts.revoke_token(user, int(raw) if raw.isdigit() else 0)
                messages.success(request, gettext("Token %(name)s is revoked.")
                                 % {"name": token.name})
        except ServiceError as exc:
            messages.error(request, refusals.reason(exc))
        if shown is None:
            return redirect("bot_account")
    account = BotAccount.objects.filter(user=user).first()
    tokens = list(account.tokens.all()) if account else []
    return render(request, "games/bot_account.html", {
        "account": account, "tokens": tokens, "shown": shown, "scopes": SCOPES})
