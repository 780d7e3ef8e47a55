"""Who may open a private table. Its number alone opens it only for the people seated there, its
creator and staff; its invite link (/t/<invite>/) lets a browser in, which this session then
remembers, so the table page, its socket and its replay all answer that browser."""

from __future__ import annotations

from functools import wraps

from django.http import Http404

from .models import Game

INVITED = "invited_games"  # session key: the private games this browser was invited to
REMEMBERED = 50  # invitations one session keeps (the oldest go first)


def may_open(game: Game, user, session) -> bool:
    if not game.private:
        return True
    if user is not None and user.is_authenticated:
        if user.is_staff or game.created_by_id == user.pk:
            return True
        if game.seats.filter(user=user).exists():
            return True
    return session is not None and game.pk in session.get(INVITED, [])


def remember_invite(session, game: Game) -> None:
    invited = [pk for pk in session.get(INVITED, []) if pk != game.pk]
    session[INVITED] = (invited + [game.pk])[-REMEMBERED:]


def check(request, game: Game) -> None:
    """404, as for a game that does not exist, to anyone a private game is not open to."""
    if not may_open(game, request.user, request.session):
        raise Http404("No such game.")


def private_or_404(view):
    """Wraps a view taking `game_id`: a private game's pages answer only those it is open to."""

    @wraps(view)
    def wrapped(request, game_id: int, *args, **kwargs):
        private = Game.objects.filter(pk=game_id, private=True).first()
        if private is not None:
            check(request, private)
        return view(request, game_id, *args, **kwargs)

    return wrapped
