"""Playing together (docs/people.md): the friends page, following, muting and blocking a player,
reporting a player or a line said at a table, and the notifications' poll every page of a
signed-in person runs. Pages read; every change is a call to the services."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import JsonResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_GET, require_POST

from games.access import policy
from games.access.accounts import is_guest
from games.engine import hand_names
from games.engine.ruleset import DEFAULT_RULESET, PLAYABLE, PRESETS
from games.models import BOT_LEVELS, Block, Mute, ReportReason
from games.services import challenges, friends, moderation, reports
from games.services.errors import ServiceError
from games.templatetags.players import player_url
from games.web import refusals
from games.web.forms import BOT_CHOICES

# The bots' levels as the challenge form offers them, in the page's language.
LEVEL_WORDS = {**dict(BOT_CHOICES), "greedy": pgettext_lazy("bot level", "greedy")}

# What a player page's buttons do to the player named, and what the page then says.
RELATIONS = {
    "follow": (friends.follow, _("You follow %(name)s: they are on your friends page.")),
    "unfollow": (friends.unfollow, _("You no longer follow %(name)s.")),
    "mute": (moderation.mute, _("%(name)s is muted: you no longer hear them at any table.")),
    "unmute": (moderation.unmute, _("%(name)s is no longer muted.")),
    "block": (moderation.block, _("%(name)s is blocked: you no longer hear them, and they "
                                  "cannot challenge or follow you.")),
    "unblock": (moderation.unblock, _("%(name)s is no longer blocked.")),
}


def wants_json(request) -> bool:
    return "application/json" in request.headers.get("Accept", "")


def back(request, fallback: str):
    """The page a form came from (its `next`, on this site only), else `fallback`."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(target, {request.get_host()},
                                                  request.is_secure()):
        return redirect(target)
    return redirect(fallback)


def done(request, message: str, fallback: str, **data):
    if wants_json(request):
        return JsonResponse({"ok": True, "message": message, **data})
    messages.success(request, message)
    return back(request, fallback)


# A refusal's HTTP status by its code (else 400: the input was wrong).
STATUS = {"blocked": 403, "silenced": 403, "sign_in": 403, "guest": 403, "no_line": 404,
          "no_player": 404, "no_challenge": 404}


def refused(request, exc: ServiceError, fallback: str):
    """A refusal with its reason: nothing was changed."""
    status = STATUS.get(exc.code, 400)
    if wants_json(request):
        return JsonResponse({"error": exc.code, "message": refusals.reason(exc)}, status=status)
    messages.error(request, refusals.reason(exc))
    return back(request, fallback)


def _ruleset_choices() -> list[tuple[str, str]]:
    language = get_language()
    return [(name, hand_names.ruleset_title(name, language)) for name in PLAYABLE]


@login_required
def friends_page(request):
    user = request.user
    who = policy.requester(request)
    friends.seen(user)
    incoming = challenges.incoming(user)
    for c in incoming:
        c.rules = _rules(c.game)
    return render(request, "games/friends.html", {
        "guest": is_guest(user),
        "friends": friends.friends_of(user, who),
        "followers": friends.followers_of(user),
        "incoming": incoming,
        "outgoing": challenges.outgoing(user),
        "open_tables": challenges.open_tables(user),
        "rulesets": _ruleset_choices(), "default_ruleset": DEFAULT_RULESET,
        "bot_levels": [(level, LEVEL_WORDS.get(level, level))
                       for level in BOT_LEVELS if level != "random"],
        "asked": request.GET.get("name", "")[:150],
        "table_asked": request.GET.get("table", ""),
        "muted": Mute.objects.filter(user=user).select_related("muted").order_by(
            "muted__username")[:moderation.KEPT],
        "blocked": Block.objects.filter(user=user).select_related("blocked").order_by(
            "blocked__username")[:moderation.KEPT],
    })


@require_POST
def relation(request, name: str):
    """Follow, unfollow, mute, unmute, block or unblock the player called `name`."""
    action = request.POST.get("action", "")
    fallback = player_url(name)
    if action not in RELATIONS:
        return refused(request, ServiceError("bad_action", "Choose follow, unfollow, mute, "
                                             "unmute, block or unblock."), fallback)
    call, said = RELATIONS[action]
    try:
        other = call(request.user, name)
    except ServiceError as exc:
        return refused(request, exc, fallback)
    return done(request, said % {"name": other.username}, fallback,
                action=action, name=other.username)


@require_POST
def report_player(request, name: str):
    fallback = player_url(name)
    try:
        reports.report_player(request.user, name, request.POST.get("reason", ""),
                              request.POST.get("note", ""))
    except ServiceError as exc:
        return refused(request, exc, fallback)
    return done(request, gettext("Thank you: staff will read your report."), fallback)


@require_POST
def report_line(request, line_id: int):
    """Report a line said at a table: only one the reporter could hear (services/reports.py)."""
    try:
        reports.report_line(policy.requester(request), line_id,
                            request.POST.get("reason", ""), request.POST.get("note", ""))
    except ServiceError as exc:
        return refused(request, exc, "/")
    return done(request, gettext("Thank you: staff will read your report with the lines "
                                 "around it."), "/")


def _rules(game) -> str:
    """The game's rules as the reader's page names them."""
    if not game or game.ruleset_name not in PRESETS:
        return ""
    return hand_names.ruleset_title(game.ruleset_name, get_language())


def _challenge_json(c, incoming: bool) -> dict:
    game = c.game
    other = c.challenger if incoming else c.challenged
    rules = _rules(game)
    return {"id": c.pk, "from" if incoming else "to": other.username,
            "rules": rules, "rated": bool(game and game.rated),
            "seats": sum(1 for s in game.seats.all()) if game else 0,
            "status": c.status}


@require_GET
def notices(request):
    """The notifications' poll: challenges waiting for this person's answer, and the answers
    to theirs not told yet (each told once). Marks the account as online (services/friends.py)."""
    user = request.user
    if not user.is_authenticated:
        return JsonResponse({"signed_in": False, "incoming": [], "answers": []})
    friends.seen(user)
    waiting = challenges.incoming(user, 5)
    answers = challenges.take_answers(user, 5)
    return JsonResponse({
        "signed_in": True,
        "incoming": [_challenge_json(c, True) for c in waiting],
        "answers": [{"id": c.pk, "to": c.challenged.username, "status": c.status
                     if c.status != "pending" else "expired",
                     "table": f"/game/{c.game_id}/" if c.status == "accepted" and c.game_id
                     else None} for c in answers],
        "friends_url": "/friends/",
    })


@require_POST
def challenge(request):
    """Challenge a named player: to a new private table with the rules chosen, or to an open
    table the challenger sits at (`table`)."""
    data = request.POST
    try:
        sent = challenges.send(
            request.user, data.get("name", ""), ruleset_name=data.get("ruleset", ""),
            rated=data.get("rated") == "on", bots=data.get("bots", ""),
            game_id=data.get("table") or None, friends_only=data.get("friends") == "on")
    except ServiceError as exc:
        return refused(request, exc, "/friends/")
    said = gettext("%(name)s is challenged: the table waits for their answer (half an hour "
                   "at most).") % {"name": sent.challenged.username}
    if wants_json(request):
        return JsonResponse({"ok": True, "message": said, "table": f"/game/{sent.game_id}/"})
    messages.success(request, said)
    return redirect("table", game_id=sent.game_id)


ANSWERED = {"accept": _("You accepted: here is your seat."),
            "decline": _("Challenge declined."), "cancel": _("Challenge withdrawn.")}


@require_POST
def answer(request, challenge_id: int):
    what = request.POST.get("answer", "")
    try:
        answered = challenges.answer(challenge_id, request.user, what)
    except ServiceError as exc:
        return refused(request, exc, "/friends/")
    table = f"/game/{answered.game_id}/" if what == "accept" else None
    if wants_json(request):
        return JsonResponse({"ok": True, "message": str(ANSWERED[what]), "table": table})
    messages.success(request, ANSWERED[what])
    return redirect(table or "friends")


REASONS = ReportReason.choices
