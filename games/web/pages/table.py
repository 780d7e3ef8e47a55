"""A table's page (the live game is then the socket's: consumers.py) and what its buttons post:
join, leave, add a bot, start before the deal; leave a casual game under way."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games import services
from games.access import policy
from games.access.accounts import ensure_user
from games.conf import autopilot_level
from games.models import ABANDONED, ACTIVE, OFFERED_BOT_LEVELS, OPEN, Game
from games.services import frames, talk
from games.services.hints import hints_off
from games.web import refusals
from games.web.forms import BOT_CHOICES, BotForm
from games.web.pages.endgame import end_screen_links

# A bot level's words in the reader's language, by its code.
LEVEL_WORDS = dict(BOT_CHOICES)


def table(request, game_id: int):
    game = get_object_or_404(Game, pk=game_id)
    refused = policy.refuse_or_none(request, game, policy.Seeing.TABLE, page=True)
    if refused is not None:
        return refused
    seats = list(game.seats.select_related("user"))
    mine = next((s for s in seats if request.user.is_authenticated and s.user == request.user
                 and not s.left), None)
    config = {
        "game": game.pk,
        "ws": f"/ws/game/{game.pk}/",
        "seat": mine.position if mine else None,
        "status": game.status,
        # The hints switch, where the server gives them (services/hints.py).
        "hints": hints_off(game) is None,
        # Where the switch would be, the table says why there is none (rated, tournament).
        "hints_off": hints_off(game),
        # The ready indicator's rule is the hints' (services/frames.py ready_off): null, or why
        # the frames carry no `waits` here.
        "ready_off": frames.ready_off(game),
        # Table talk: the canned lines, and why free text is off here (null: it is on).
        "talk": talk.client_config(game, request.user.is_authenticated),
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
         "can_leave": game.status == ACTIVE and not game.tournament and mine is not None,
         "invite_link": request.build_absolute_uri(link),
         "bot_form": BotForm(), "bot_levels": [(code, LEVEL_WORDS.get(code, code)) for code in OFFERED_BOT_LEVELS],
         "autopilot_level": autopilot_level()},
    )


def _act(request, game_id, fn, *args):
    try:
        fn(game_id, *args)
    except services.ServiceError as exc:
        messages.error(request, refusals.reason(exc))
    return redirect("table", game_id=game_id)


@require_POST
def join(request, game_id: int):
    refused = policy.refuse_or_none(request, get_object_or_404(Game, pk=game_id),
                                    policy.Seeing.TABLE, page=True)
    if refused is not None:
        return refused
    return _act(request, game_id, _sit_and_start, ensure_user(request))


def _sit_and_start(game_id, user):
    services.take_seat(game_id, user)
    services.start_if_alone(game_id)  # a person filling a table of three bots


def _bot_and_start(game_id, level):
    services.add_bot(game_id, level)
    services.start_if_alone(game_id)  # the fourth seat a bot beside one person: deal at once


@require_POST
@login_required
def leave(request, game_id: int):
    """Before the deal: give the seat up. Once the game is under way (a casual one): a bot of
    the chosen level plays the seat on, and the page shows the game going on, watched."""
    game = get_object_or_404(Game, pk=game_id)
    if game.status == OPEN:
        try:
            closed = services.leave_seat(game_id, request.user)
        except services.ServiceError as exc:
            messages.error(request, refusals.reason(exc))
            return redirect("table", game_id=game_id)
        if closed:
            messages.info(request, gettext("You left table %(number)s. Nobody else was waiting "
                                           "there, so the table is closed.") % {"number": game_id})
            return redirect("lobby")
        return redirect("table", game_id=game_id)
    level = request.POST.get("level") or autopilot_level()
    try:
        after = services.leave_game(game_id, request.user, level)
    except services.ServiceError as exc:
        messages.error(request, refusals.reason(exc))
        return redirect("table", game_id=game_id)
    seat = game.seats.filter(user=request.user, left=True).first()
    if after.status == ABANDONED:
        messages.info(request, gettext("You left the game. Nobody else was at the table, so the "
                                       "game ends here, abandoned."))
    elif seat is not None:
        messages.info(request, gettext("You left the game: %(bot)s plays your seat on.")
                      % {"bot": seat.bot_name})
    return redirect("table", game_id=game_id)


def _seated_or_404(request, game_id):
    if not request.user.is_authenticated or not Game.objects.filter(
        pk=game_id, seats__user=request.user
    ).exists():
        raise Http404("Only a seated player can do that.")


@require_POST
def add_bot(request, game_id: int):
    _seated_or_404(request, game_id)
    form = BotForm(request.POST)
    level = form.cleaned_data["level"] if form.is_valid() else autopilot_level()
    return _act(request, game_id, _bot_and_start, level)


@require_POST
def start(request, game_id: int):
    _seated_or_404(request, game_id)
    return _act(request, game_id, services.start_game)
