"""Player pages (/u/<name>/): statistics over finished games, the recent games and the ratings,
of every ruleset or of one (?ruleset=<name>)."""

from __future__ import annotations

from urllib.parse import quote

from django.contrib.auth import get_user_model
from django.db.models import F
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from games.access import policy
from games.access.accounts import is_guest
from games.engine import hand_names
from games.engine.ruleset import PRESETS
from games.models import (
    ABANDONED,
    OPEN,
    PROVISIONAL_GAMES,
    Game,
    PlayerStat,
    Rating,
    RatingChange,
    Seat,
)
from games.models.people import ReportReason
from games.models.stats import stats_for
from games.services import moderation, profiles
from games.web.pages.history import MANY, game_rows, recent_first, with_seats
from games.web.pages.leaderboard import rank
from games.web.plots import RatingRow, rating_plot

# The reasons a report gives, as the page offers them in its language (the model's choices
# are the English).
REPORT_WORDS = {
    ReportReason.ABUSE: _("insults or harassment"), ReportReason.SPAM: _("spam or flooding"),
    ReportReason.HAND: _("telling the players a hand"),
    ReportReason.CHEATING: _("cheating or collusion"),
    ReportReason.NAME: _("an offensive name or profile"), ReportReason.OTHER: _("something else"),
}
RECENT = 10
PLOTTED = 100  # rated games on the rating plot at most: the latest


def _title(ruleset: str) -> str:
    """A preset's title in the page's language; any other ruleset's name as stored."""
    return hand_names.ruleset_title(ruleset, get_language()) if ruleset in PRESETS else ruleset


def ratings_of(account) -> list[dict]:
    """The player's current rating per ruleset, most played first, with their place on the
    leaderboard while active (one indexed count each: a handful of rulesets)."""
    return [{"ruleset": r.ruleset_name, "title": _title(r.ruleset_name), "rating": r.shown,
             "provisional": r.provisional, "games": r.games, "last_played": r.last_played,
             "rank": rank(r)}
            for r in Rating.objects.filter(user=account).order_by("-games", "ruleset_name")]


def rating_history(account, ruleset: str, viewer):
    """The plot of the player's last PLOTTED ratings in `ruleset` (oldest first), or None.
    Games private to others are listed without their table's number."""
    changes = list(RatingChange.objects.filter(user=account, ruleset_name=ruleset)
                   .annotate(private=F("game__private")).order_by("-pk")
                   .only("game", "place", "abandoned", "mu_before", "sigma_before", "mu_after",
                         "sigma_after", "games", "rated_at")[:PLOTTED])
    if not changes:
        return None
    changes.reverse()
    mine = set()
    if viewer.is_authenticated:
        private = [c.game_id for c in changes if c.private]
        mine = set(Seat.objects.filter(user=viewer, game_id__in=private)
                   .values_list("game_id", flat=True))
    rows = [RatingRow(c.games, c.game_id, c.private and c.game_id not in mine, c.place,
                      c.abandoned, c.after, c.change, c.rated_at) for c in changes]
    return rating_plot(gettext("Rating after each rated game: %(ruleset)s")
                       % {"ruleset": _title(ruleset)}, changes[0].before, rows)


def player_by_query(request):
    """/u/?name=...: a recorded name no path segment can carry (see templatetags/players.py)."""
    name = request.GET.get("name", "")
    if not name or len(name) > 150:
        raise Http404("No player by that name.")
    return player(request, name, by_query=True)


def player(request, name: str, by_query: bool = False):
    User = get_user_model()
    account = User.objects.filter(username=name).first()
    if account is not None:
        seats = Seat.objects.filter(user=account)
    else:  # a name known only from imported records: verified ones (an importer's word
        # alone gives no page to anyone else; games/services/imports.py)
        seats = Seat.objects.filter(recorded_name=name, user=None, bot_level="").exclude(
            game__imported=True, game__import_verified=False)
        if not seats.exists():
            raise Http404("No player by that name.")
    is_me = account is not None and request.user == account
    # Private games count in the statistics, but only their players see them listed.
    games = with_seats(Game.objects.exclude(status__in=[OPEN, ABANDONED]), seats,
                       walk=seats.count() > MANY)
    # What the requester may find listed (games/access/policy.py): their own page shows every game.
    listed = games if is_me else policy.listed(policy.requester(request), games)
    # Totals per ruleset, kept as each game's result is shown (a result hidden until its
    # tournament round ends counts from then on).
    rows = PlayerStat.objects.filter(user=account) if account is not None else \
        PlayerStat.objects.filter(user=None, name=name)
    ratings = ratings_of(account) if account is not None else []
    # The rulesets the filter offers: those the player has statistics or a rating in.
    rulesets = sorted({*rows.values_list("ruleset_name", flat=True),
                       *(r["ruleset"] for r in ratings)})
    ruleset, error = chosen_ruleset(request.GET.get("ruleset", ""), rulesets)
    best = seats.filter(game__ruleset_name=ruleset) if ruleset else seats
    stats = stats_for(rows.filter(ruleset_name=ruleset) if ruleset else rows, best)
    if ruleset:
        listed = listed.filter(ruleset_name=ruleset)
    recent = recent_first(listed).prefetch_related("seats__user")[:RECENT]
    shown = [r for r in ratings if r["ruleset"] == ruleset] if ruleset else ratings
    # The plot of the ruleset chosen, if rated in it; else (all rulesets) of the most played.
    plotted = shown[0]["ruleset"] if shown else None
    return render(request, "games/player.html", {
        "ratings": shown, "provisional_games": PROVISIONAL_GAMES,
        "rating_plot": rating_history(account, plotted, request.user) if plotted else None,
        "rating_ruleset": plotted,
        "name": name, "account": account, "is_me": is_me, "stats": stats,
        "guest": account is not None and is_guest(account),
        "rows": game_rows(recent, request.user),
        # A preset chosen that the player has not played yet is offered too, as chosen.
        "rulesets": [(r, _title(r)) for r in sorted({*rulesets, *([ruleset] if ruleset else [])})],
        "ruleset": ruleset, "ruleset_title": _title(ruleset) if ruleset else "",
        "ruleset_error": error,
        # /u/?name=...: the page's own links and its filter keep the name.
        "name_query": f"name={quote(name)}&" if by_query else "",
        # Playing together (docs/people.md): the profile, and the viewer's buttons.
        "profile": profiles.card(account, get_language()) if account is not None else None,
        "relation": moderation.standing_with(request.user, account) if account else None,
        "report_reasons": [(key, REPORT_WORDS.get(key, words))
                           for key, words in ReportReason.choices],
    }, status=400 if error else 200)


def chosen_ruleset(asked: str, played: list[str]) -> tuple[str, str | None]:
    """The ruleset the page is filtered by ("" for all) and, for a value that names none, why
    the page shows all of them instead. Any preset may be asked for (its figures are then
    empty until the player plays it), and so may a ruleset the player has games in."""
    if not asked or asked in PRESETS or asked in played:
        return asked, None
    shown = asked if len(asked) <= 40 else asked[:39] + "…"
    return "", gettext("There is no ruleset called %(name)s: the page shows every ruleset "
                       "instead.") % {"name": repr(shown)}
