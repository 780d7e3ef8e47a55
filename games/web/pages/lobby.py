"""The front pages and the lobby: open and running tables, "play now", a new table, and a private
table's invite link."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import services
from games.access import policy
from games.access.accounts import ensure_user, is_guest
from games.models import ACTIVE, OPEN, Game, Seat
from games.services import queue as waiting
from games.web.forms import FRIENDS_MEMBERS_ONLY, NewGameForm, QueueForm
from games.web.pages.history import my_games
from games.web.pages.lobby_rows import live_rows
from games.web.pages.queue import MEMBERS_ONLY, queue_counts


def home(request):
    mine = my_games(request.user, 6) if request.user.is_authenticated else []
    return render(request, "home.html", {"my_games": mine})


def favicon(request):
    # Browsers ask for /favicon.ico whatever the page says; answer with a tile, not a 404.
    return redirect(static("tiles/dr.svg"), permanent=True)


def lobby(request):
    # What this requester may find listed (games/access/policy.py): private tables by their players,
    # creator and invited browsers; a tournament round's secret live tables by their players.
    listed = policy.listed(policy.requester(request)).prefetch_related("seats__user")
    open_games = listed.filter(status=OPEN)[:50]
    live_games = listed.filter(status=ACTIVE)[:30]
    # Not `seated`: that name is the tournament banner's (games/web/pages/notices.py, every page).
    mine, my_tables = [], set()
    if request.user.is_authenticated:
        # Finished games too (most recent first), so a game just played is easy to find again.
        mine = my_games(request.user)
        # The listed tables the viewer plays at (a seat held, not left): "Back to your table",
        # not "Watch" or "Join".
        my_tables = set(Seat.objects.filter(
            user=request.user, left=False,
            game_id__in=[g.pk for g in open_games] + [g.pk for g in live_games],
        ).values_list("game_id", flat=True))
    return render(
        request,
        "games/lobby.html",
        {"open_games": open_games, "live_games": live_rows(live_games), "my_games": mine,
         "my_tables": my_tables,
         "form": NewGameForm(), "queue_form": QueueForm(prefix="queue"), "counts": queue_counts(),
         "member": request.user.is_authenticated and not is_guest(request.user),
         "queued": waiting.status(request.user) if request.user.is_authenticated else None},
    )


@require_POST
def play_now(request):
    """One click: a guest account if needed, a table with three bots, dealt at once."""
    user = ensure_user(request)
    game = services.create_game(user)
    services.take_seat(game.pk, user)
    for _ in range(3):
        services.add_bot(game.pk, "intermediate")
    services.start_game(game.pk)
    return redirect("table", game_id=game.pk)


@require_POST
def create(request):
    form = NewGameForm(request.POST)
    if not form.is_valid():
        errors = " ".join(form.non_field_errors())
        messages.error(request, errors or gettext("Please check the table settings."))
        return redirect("lobby")
    data = form.cleaned_data
    if data["rated"] and (not request.user.is_authenticated or is_guest(request.user)):
        messages.error(request, MEMBERS_ONLY)
        return redirect("lobby")
    if data["friends_only"] and (not request.user.is_authenticated or is_guest(request.user)):
        messages.error(request, FRIENDS_MEMBERS_ONLY)  # a guest follows nobody
        return redirect("lobby")
    user = ensure_user(request)
    move_seconds, bank_seconds = form.clock_seconds()
    game = services.create_game(
        user, data["ruleset"], tournament=data["tournament"], private=data["private"],
        claim_seconds=data["claim_seconds"], turn_seconds=move_seconds,
        bank_seconds=bank_seconds, settings=form.ruleset_settings(), rated=data["rated"],
        friends_only=data["friends_only"],
    )
    services.take_seat(game.pk, user)
    for chair, level in form.bot_chairs().items():
        services.add_bot(game.pk, level, chair=chair)
    services.start_if_alone(game.pk)  # three bots asked for: nobody else to wait for
    return redirect("table", game_id=game.pk)


def invited(request, invite: str):
    """A private table's link: this browser may open the table from now on."""
    game = get_object_or_404(Game, invite=invite, private=True) if invite else None
    if game is None:
        raise Http404("No such table.")
    policy.remember_invite(request.session, game)
    return redirect("table", game_id=game.pk)
