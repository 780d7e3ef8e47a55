"""Pages. Every change goes through games.services; docs/pages.md lists each page's context."""

from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.db.models import Q
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.templatetags.static import static
from django.urls import reverse
from django.views.decorators.http import require_POST

from . import access, accounts, hidden, services
from .forms import BotForm, NewGameForm, SignupForm
from .models import ACTIVE, OPEN, Game, Seat
from .pages.endgame import end_screen_links
from .pages.history import my_games
from .pages.lobby_rows import live_rows


def home(request):
    mine = my_games(request.user, 6) if request.user.is_authenticated else []
    return render(request, "home.html", {"my_games": mine})


def favicon(request):
    # Browsers ask for /favicon.ico whatever the page says; answer with a tile, not a 404.
    return redirect(static("tiles/dr.svg"), permanent=True)


def _listed(user):
    """Games this user may find in the lobby: private ones only by their players and creator."""
    shown = Q(private=False)
    if user.is_authenticated:
        mine = Seat.objects.filter(user=user).values("game_id")
        shown |= Q(created_by=user) | Q(pk__in=mine)
    return Game.objects.filter(shown).prefetch_related("seats__user")


def lobby(request):
    open_games = _listed(request.user).filter(status=OPEN)[:50]
    live_games = _listed(request.user).filter(status=ACTIVE).prefetch_related("seats__user")[:30]
    mine = []
    if request.user.is_authenticated:
        # Finished games too (most recent first), so a game just played is easy to find again.
        mine = my_games(request.user)
    return render(
        request,
        "games/lobby.html",
        {"open_games": open_games, "live_games": live_rows(live_games), "my_games": mine,
         "form": NewGameForm()},
    )


def _ensure_user(request):
    if not request.user.is_authenticated:
        login(request, accounts.make_guest(), backend="django.contrib.auth.backends.ModelBackend")
    return request.user


@require_POST
def play_now(request):
    """One click: a guest account if needed, a table with three bots, dealt at once."""
    user = _ensure_user(request)
    game = services.create_game(user)
    services.take_seat(game.pk, user)
    for _ in range(3):
        services.add_bot(game.pk, "greedy")
    services.start_game(game.pk)
    return redirect("table", game_id=game.pk)


@require_POST
def create(request):
    form = NewGameForm(request.POST)
    if not form.is_valid():
        messages.error(request, "Please check the table settings.")
        return redirect("lobby")
    user = _ensure_user(request)
    data = form.cleaned_data
    game = services.create_game(
        user, data["ruleset"], tournament=data["tournament"], private=data["private"],
        claim_seconds=data["claim_seconds"], settings=form.ruleset_settings(),
    )
    services.take_seat(game.pk, user)
    for chair, level in form.bot_chairs().items():
        services.add_bot(game.pk, level, chair=chair)
    return redirect("table", game_id=game.pk)


def invited(request, invite: str):
    """A private table's link: this browser may open the table from now on."""
    game = get_object_or_404(Game, invite=invite, private=True) if invite else None
    if game is None:
        raise Http404("No such table.")
    access.remember_invite(request.session, game)
    return redirect("table", game_id=game.pk)


def table(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    access.check(request, game)
    if hidden.result_hidden(game, request.user):
        return hidden.refused_page(request, game)
    seats = list(game.seats.select_related("user"))
    mine = next((s for s in seats if request.user.is_authenticated and s.user == request.user),
                None)
    config = {
        "game": game.pk,
        "ws": f"/ws/game/{game.pk}/",
        "seat": mine.position if mine else None,
        "status": game.status,
        # The full record: 404 until the game is over.
        "record": reverse("game_record", args=[game.pk]),
    }
    link = reverse("invited", args=[game.invite]) if game.private and game.invite else reverse(
        "table", args=[game.pk])
    config.update(end_screen_links(request, game))
    return render(
        request,
        "games/table.html",
        {"game": game, "seats": seats, "my_seat": mine, "config": config,
         "can_start": game.status == OPEN and len(seats) == 4 and mine is not None,
         "can_join": game.status == OPEN and len(seats) < 4 and mine is None,
         "invite_link": request.build_absolute_uri(link),
         "bot_form": BotForm()},
    )


def _act(request, game_id, fn, *args):
    try:
        fn(game_id, *args)
    except services.ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("table", game_id=game_id)


@require_POST
def join(request, game_id: int):
    access.check(request, get_object_or_404(Game, pk=game_id))
    return _act(request, game_id, services.take_seat, _ensure_user(request))


@require_POST
@login_required
def leave(request, game_id: int):
    return _act(request, game_id, services.leave_seat, request.user)


def _seated_or_404(request, game_id):
    if not request.user.is_authenticated or not Game.objects.filter(
        pk=game_id, seats__user=request.user
    ).exists():
        raise Http404("Only a seated player can do that.")


@require_POST
def add_bot(request, game_id: int):
    _seated_or_404(request, game_id)
    form = BotForm(request.POST)
    level = form.cleaned_data["level"] if form.is_valid() else "greedy"
    return _act(request, game_id, services.add_bot, level)


@require_POST
def start(request, game_id: int):
    _seated_or_404(request, game_id)
    return _act(request, game_id, services.start_game)


def signup(request):
    guest = accounts.is_guest(request.user)
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if guest:
            user = accounts.convert_guest(
                request.user, form.cleaned_data["username"], form.cleaned_data["password1"]
            )
        else:
            user = form.save()
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("lobby")
    return render(request, "registration/signup.html", {"form": form, "is_guest": guest})
