"""Player pages (/u/<name>/): statistics over finished games and the recent games."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db.models import Q
from django.http import Http404
from django.shortcuts import render

from ..accounts import is_guest
from ..engine.ruleset import PRESETS
from ..models import ABANDONED, OPEN, Game, PlayerStat, Seat
from ..stats import stats_for
from .history import MANY, game_rows, recent_first, with_seats

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
    games = with_seats(Game.objects.exclude(status__in=[OPEN, ABANDONED]), seats,
                       walk=seats.count() > MANY)
    if not is_me:
        visible = Q(private=False)
        if request.user.is_authenticated:
            visible |= Q(pk__in=Seat.objects.filter(user=request.user).values("game_id"))
        listed = games.filter(visible)
    else:
        listed = games
    # Totals per ruleset, kept as each game's result is shown (a result hidden until its
    # tournament round ends counts from then on).
    rows = PlayerStat.objects.filter(user=account) if account is not None else \
        PlayerStat.objects.filter(user=None, name=name)
    rulesets = sorted(rows.values_list("ruleset_name", flat=True))
    ruleset = request.GET.get("ruleset", "")
    if ruleset not in rulesets:
        ruleset = ""
    best = seats.filter(game__ruleset_name=ruleset) if ruleset else seats
    stats = stats_for(rows.filter(ruleset_name=ruleset) if ruleset else rows, best)
    recent = recent_first(listed).prefetch_related("seats__user")[:RECENT]
    return render(request, "games/player.html", {
        "name": name, "account": account, "is_me": is_me, "stats": stats,
        "guest": account is not None and is_guest(account),
        "rows": game_rows(recent, request.user),
        "rulesets": [(r, PRESETS[r].title if r in PRESETS else r) for r in rulesets],
        "ruleset": ruleset,
    })
