"""Player pages (/u/<name>/): statistics over finished games and the recent games."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render

from ..engine.ruleset import PRESETS
from ..hidden import hidden_games
from ..models import ACTIVE, FINISHED, Game, Seat
from ..stats import stats_for
from .history import game_rows, recent_first

RECENT = 10


def player_by_query(request):
    """/u/?name=...: a recorded name no path segment can carry (see templatetags/players.py)."""
    name = request.GET.get("name", "")
    if not name or len(name) > 150:
        raise Http404("No player by that name.")
    return player(request, name)


def player(request, name: str):
    User = get_user_model()
    account = User.objects.filter(username=name).first()
    if account is not None:
        seats = Seat.objects.filter(user=account)
    else:  # a name known only from imported records
        seats = Seat.objects.filter(recorded_name=name, user=None, bot_level="")
        if not seats.exists():
            raise Http404("No player by that name.")
    is_me = account is not None and request.user == account
    # Private games count in the statistics, but only their players see them listed.
    games = Game.objects.filter(pk__in=seats.values("game_id"), status__in=[ACTIVE, FINISHED])
    if not is_me:
        visible = Q(private=False)
        if request.user.is_authenticated:
            visible |= Q(seats__user=request.user)
        listed = games.filter(visible).distinct()
    else:
        listed = games
    # A tournament result hidden until its round ends counts once it is shown.
    counted = seats.filter(game__status=FINISHED).exclude(
        game__in=hidden_games(request.user).values("pk"))
    rulesets = sorted(set(counted.values_list("game__ruleset_name", flat=True).distinct()))
    ruleset = request.GET.get("ruleset", "")
    if ruleset not in rulesets:
        ruleset = ""
    stats = stats_for(counted.filter(game__ruleset_name=ruleset) if ruleset else counted)
    recent = recent_first(listed).prefetch_related("seats__user")[:RECENT]
    from ..accounts import is_guest

    return render(request, "games/player.html", {
        "name": name, "account": account, "is_me": is_me, "stats": stats,
        "guest": account is not None and is_guest(account),
        "rows": game_rows(recent, request.user),
        "rulesets": [(r, PRESETS[r].title if r in PRESETS else r) for r in rulesets],
        "ruleset": ruleset,
    })
