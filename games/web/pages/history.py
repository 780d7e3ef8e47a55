"""History (/games/): finished and running games, mine by default, every public one a click
away; filters by player, ruleset, date, tournament and result; paginated."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from django import forms
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.core.exceptions import EmptyResultSet
from django.core.paginator import Paginator
from django.db.models import Exists, OuterRef, Q, QuerySet
from django.db.models.functions import Lower
from django.shortcuts import render
from django.utils.functional import cached_property, lazy
from django.utils.translation import get_language, gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from games.access import policy
from games.engine import hand_names
from games.engine.ruleset import PRESETS
from games.models import ABANDONED, ACTIVE, BOT_NAMES, FINISHED, OPEN, Game, RatingChange, Seat
from games.services import forfeits
from games.web.plots import signed
from games.web.records import summary_of

PER_PAGE = 20
COUNT_SECONDS = 30  # a long list's total is counted at most this often (the pager's "of N")
COUNT_CACHED_FROM = 1000  # shorter lists are cheap to count, and always counted exactly


MANY = 200  # a player with more games is found by walking the list's order (see with_seats)


class CountedPaginator(Paginator):
    """Counting every matching game on every view costs a scan of them all: a long list's total
    is kept a few seconds in the cache, keyed by the query (its last pages may lag that long).
    `counted`: the same games as a query that is cheaper to count, if there is one."""

    def __init__(self, object_list, per_page, counted=None):
        super().__init__(object_list, per_page)
        self.counted = counted if counted is not None else object_list

    @cached_property
    def count(self) -> int:
        try:
            sql, params = self.counted.query.sql_with_params()
        except EmptyResultSet:  # a filter that can match nothing: no query to run
            return 0
        key = "list-count:" + hashlib.sha256(repr((sql, params)).encode()).hexdigest()
        total = cache.get(key)
        if total is None:
            total = self.counted.count()
            if total >= COUNT_CACHED_FROM:
                cache.set(key, total, COUNT_SECONDS)
        return total


def _ruleset_title(name: str) -> str:
    return hand_names.ruleset_title(name, get_language())


# A preset's title in the page's language (the name tables'), read when the form is drawn.
ruleset_title_lazy = lazy(_ruleset_title, str)
ANY = pgettext_lazy("filter", "Any")


class HistoryFilter(forms.Form):
    player = forms.CharField(required=False, label=_("Player"), max_length=150)
    ruleset = forms.ChoiceField(
        required=False, label=_("Ruleset"),
        choices=[("", ANY)] + [(n, ruleset_title_lazy(n)) for n in PRESETS],
    )
    since = forms.DateField(required=False, label=_("From"),
                            widget=forms.DateInput(attrs={"type": "date"}))
    until = forms.DateField(required=False, label=_("To"),
                            widget=forms.DateInput(attrs={"type": "date"}))
    tournament = forms.ChoiceField(required=False, label=_("Kind"), choices=[
        ("", ANY), ("yes", _("Tournament")), ("no", _("Casual"))])
    result = forms.ChoiceField(required=False, label=_("Result"), choices=[
        ("", ANY), ("finished", _("Finished")), ("running", _("Being played")),
        ("won", _("Won (placed first)")), ("not_won", _("Not first"))])


def _tournament(qs: QuerySet, value: str) -> QuerySet:
    # Today a flag on the game; a tournament foreign key can take its place here alone. An
    # imported game is never a tournament's (services/imports.py), even one saved before that.
    if value == "yes":
        return qs.filter(tournament=True, imported=False)
    return qs.filter(Q(tournament=False) | Q(imported=True))


PLACINGS = ("won", "not_won")
NO_PLACINGS = _("“Won” and “Not first” follow one player's placings: sign in to filter your own "
                "games by them, or name a player. Showing every result.")


def _without_placings(request, params):
    """The filters asked for, less a placing nobody's ("won" with no one signed in and no
    player named), and the note that says so; else (params, None)."""
    if (params.get("result") in PLACINGS and not request.user.is_authenticated
            and not params.get("player", "").strip()):
        params = params.copy()
        params.pop("result")
        return params, NO_PLACINGS
    return params, None


def _whose_result(request, data) -> str | None:
    """Whose placing "won" means: the player filtered on, else the viewer."""
    if data.get("player"):
        return data["player"]
    return request.user.get_username() if request.user.is_authenticated else None


def with_seats(qs: QuerySet, seats: QuerySet, walk: bool = False) -> QuerySet:
    """The games of `qs` with one of these seats. `walk`: for a page of a player with many
    games, walk the games newest first and stop once the page is full, rather than sort all
    of theirs (a player with few is found faster the other way; counting, always)."""
    if walk:
        return qs.filter(Exists(seats.filter(game=OuterRef("pk"))))
    return qs.filter(pk__in=seats.values("game_id"))


def _filter(request, qs: QuerySet, data: dict, walk: bool = False) -> QuerySet:
    if data.get("player"):
        qs = with_seats(qs, Seat.objects.filter(_named(data["player"])), walk)
    if data.get("ruleset"):
        qs = qs.filter(ruleset_name=data["ruleset"])
    if data.get("since"):
        qs = qs.filter(created__date__gte=data["since"])
    if data.get("until"):
        qs = qs.filter(created__date__lte=data["until"])
    if data.get("tournament"):
        qs = _tournament(qs, data["tournament"])
    result = data.get("result")
    if result == "finished":
        qs = qs.filter(status=FINISHED)
    elif result == "running":
        qs = qs.filter(status=ACTIVE)
    elif result in PLACINGS:
        # SQL on the stored per-seat places (games/models/seat_results.py): no walk over the games.
        hidden = policy.hidden_results(policy.requester(request))
        qs = qs.filter(status=FINISHED).exclude(pk__in=hidden.values("pk"))
        firsts = Seat.objects.filter(_named(_whose_result(request, data)), place=1)
        winning = Q(pk__in=firsts.values("game_id"))
        qs = qs.filter(winning) if result == "won" else qs.exclude(winning)
    return qs


def _named(name: str | None) -> Q:
    """The seats of the player called `name`: an account's (any case), a recorded name, or a
    bot's shown name (any case: "bot plum" finds Bot Plum's seats, and the seats it played
    for someone who left). An imported record's name that is an account's is not that
    account's (services/imports.py): its seats are found under no name an account holds."""
    if not name:
        return Q(pk__in=[])
    accounts = list(get_user_model().objects.filter(username__iexact=name)
                    .values_list("pk", flat=True)[:5])
    bot = next((b for b in BOT_NAMES if b.lower() == name.strip().lower()), None)
    recorded = Q(user=None, recorded_name=name, bot_level="")
    if accounts:
        recorded &= Q(game__imported=False)
    found = Q(user_id__in=accounts) | recorded
    if bot is not None:  # a bot's seat keeps the name it sat down with (services/lobby.py)
        found |= Q(recorded_name=bot) & ~Q(bot_level="")
    return found


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th (a place in words, as the end screen says it), in the page's language."""
    if 1 <= n <= 4:
        return (gettext("1st"), gettext("2nd"), gettext("3rd"), gettext("4th"))[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


@dataclass
class PlayerRow:
    name: str
    points: int | None
    place: int | None
    is_me: bool
    is_bot: bool = False
    recorded: bool = False  # a name from an imported record, not an account
    rating_change: int | None = None  # a rated game: how the player's rating moved
    # Has a page: a recorded name of an import only once verified, and never when an account
    # holds that name (its page is the account's; services/imports.py).
    linked: bool = True
    account_named: bool = False  # an imported record's name that an account holds
    forfeit: str = ""  # gave the game up: "resigned", or "left" (away from a rated table)

    @property
    def rating_change_text(self) -> str:
        return "" if self.rating_change is None else signed(self.rating_change)

    @property
    def rating_direction(self) -> str:
        """The rating change's class: " up", " down" or ""."""
        change = self.rating_change or 0
        return " up" if change > 0 else " down" if change < 0 else ""

    @property
    def place_text(self) -> str:
        return ordinal(self.place) if self.place else ""


@dataclass
class GameRow:
    game: Game
    players: list[PlayerRow]
    deals: int
    when: object
    hidden: bool = False  # a tournament result shown only once its round ends (games/access/policy.py)
    seated: bool = False  # the viewer plays at it (a seat held, not left): "Back to your table"
    ended: str = ""  # how it ended, if early or after a resignation: "Ended early: bob left"


def account_names(games) -> set[str]:
    """The names (lower case) of the accounts that an imported seat of `games` not linked to
    an account is recorded under: one query."""
    names = {s.recorded_name.lower() for g in games if g.imported for s in g.seats.all()
             if s.user_id is None and not s.bot_level and s.recorded_name}
    if not names:
        return set()
    return set(get_user_model().objects.annotate(lower=Lower("username"))
               .filter(lower__in=names).values_list("lower", flat=True))


def game_row(game: Game, user, hidden: bool | None = None,
             rating_changes: dict[int, int] | None = None,
             accounts: set[str] | None = None) -> GameRow:
    """`hidden`: whether the result is hidden from `user`, when the caller knows already;
    `rating_changes`: {engine seat: rating change} of a rated game; `accounts`: account_names
    of a list of games this one is in."""
    if hidden is None:
        hidden = policy.result_hidden(game, policy.Requester(user))
    if accounts is None:
        accounts = account_names([game])
    summary = summary_of(game) or {}
    points = None if hidden else summary.get("points")
    places = {} if hidden else {s["seat"]: s["place"] for s in summary.get("standings") or []}
    players = []
    seated = False
    for seat in game.seats.all():
        seated = seated or (user.is_authenticated and seat.user_id == user.pk and not seat.left)
        pos = seat.position
        recorded = not seat.is_bot and seat.user_id is None and bool(seat.recorded_name)
        account_named = recorded and game.imported and seat.recorded_name.lower() in accounts
        players.append(PlayerRow(
            seat.name,
            points[pos] if points and pos is not None else None,
            places.get(pos),
            user.is_authenticated and seat.user_id == user.pk,
            seat.is_bot,
            recorded,
            None if hidden or not rating_changes else rating_changes.get(pos),
            # An unverified import gives its recorded names no page (pages/players.py), and
            # no import gives a page that is an account's.
            seat.user_id is not None or not game.imported
            or (game.import_verified and not account_named),
            account_named,
            "" if hidden else seat.forfeit,
        ))
    players.sort(key=lambda p: (p.place or 9, -(p.points or 0)))
    return GameRow(game, players, len(summary.get("deals") or []),
                   game.finished or game.started or game.created, hidden, seated,
                   "" if hidden else forfeits.words(summary.get("ended")))


def rating_changes(games) -> dict[int, dict[int, int]]:
    """{game: {engine seat: rating change}} for the rated ones among `games`: one query."""
    ids = [g.pk for g in games if g.rated]
    found: dict[int, dict[int, int]] = {}
    if ids:
        for c in RatingChange.objects.filter(game_id__in=ids).only(
                "game_id", "position", "mu_before", "sigma_before", "mu_after", "sigma_after"):
            found.setdefault(c.game_id, {})[c.position] = c.change
    return found


def game_rows(games, user) -> list[GameRow]:
    games = list(games)
    hidden = policy.hidden_among(games, policy.Requester(user))
    changes = rating_changes(games)
    accounts = account_names(games)
    return [game_row(g, user, g.pk in hidden, changes.get(g.pk), accounts) for g in games]


def games_of(user) -> QuerySet:
    mine = Seat.objects.filter(user=user)
    return with_seats(Game.objects.all(), mine, walk=mine.count() > MANY)


def my_games(user, limit: int = 12) -> list[GameRow]:
    """ "Your games" on the lobby and home page: open, running and finished, most recent first."""
    qs = games_of(user).exclude(status=ABANDONED)
    return game_rows(recent_first(qs).prefetch_related("seats__user")[:limit], user)


def recent_first(qs: QuerySet) -> QuerySet:
    """Newest first on the stored, indexed `listed_at` (finished games by when they ended,
    running ones by when they started)."""
    return qs.order_by("-listed_at", "-pk")


def history(request):
    signed_in = request.user.is_authenticated
    scope = request.GET.get("scope") or ("mine" if signed_in else "all")
    # "Not open nor abandoned" rather than "running or finished": SQLite then walks the
    # listed_at index in order instead of sorting every matching game.
    qs = Game.objects.exclude(status__in=[OPEN, ABANDONED])
    asked, note = _without_placings(request, request.GET)
    form = HistoryFilter(asked or None)
    data = form.cleaned_data if form.is_valid() else {}
    mine = None
    if scope == "mine" and signed_in:
        mine = Seat.objects.filter(user=request.user)
    else:
        scope = "all"
        qs = qs.filter(private=False)
    # A tournament round's secret live tables are listed to their players only (games/access/policy.py).
    qs = policy.without_secret_live(policy.requester(request), qs)
    counted = _filter(request, qs if mine is None else with_seats(qs, mine), data)
    player = Seat.objects.filter(_named(data["player"])) if data.get("player") else None
    walk = any(s is not None and s.count() > MANY for s in (mine, player))
    listed = counted
    if walk:  # one player's many games: walked newest first instead (see with_seats)
        listed = _filter(request, qs if mine is None else with_seats(qs, mine, walk=True), data,
                         walk=True)
    page = CountedPaginator(recent_first(listed).prefetch_related("seats__user"), PER_PAGE,
                            counted=counted).get_page(request.GET.get("page"))
    rows = game_rows(page.object_list, request.user)
    query = request.GET.copy()
    query.pop("page", None)
    scopeless = query.copy()
    scopeless.pop("scope", None)
    return render(request, "games/history.html", {
        "form": form, "rows": rows, "page": page, "scope": scope, "note": note,
        "query": query.urlencode(), "scopeless": scopeless.urlencode(),
    })
