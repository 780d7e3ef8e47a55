"""Guests: "play now" logs in a fresh user with no password; signing up later keeps the games."""

from __future__ import annotations

import secrets

from django.contrib.auth import get_user_model, login

from games.access import limits
from games.models import Profile


def make_guest():
    User = get_user_model()
    while True:
        name = f"guest-{secrets.token_hex(4)}"
        if not User.objects.filter(username=name).exists():
            break
    user = User(username=name)
    user.set_unusable_password()
    user.save()
    Profile.objects.create(user=user, is_guest=True)
    return user


def is_guest(user) -> bool:
    return bool(
        user.is_authenticated and Profile.objects.filter(user=user, is_guest=True).exists()
    )


def convert_guest(user, username: str, password: str):
    """Turn a guest into a member in place, so their seats and games stay theirs."""
    user.username = username
    user.set_password(password)
    user.save()
    Profile.objects.filter(user=user).update(is_guest=False)
    return user


def ensure_user(request):
    """The signed-in user, or a new guest signed in for this browser: at most so many a window
    per address (games/access/limits.py), else limits.Refused, answered 429 with the reason."""
    if not request.user.is_authenticated:
        limits.check("guests", limits.client_address(request))
        login(request, make_guest(), backend="django.contrib.auth.backends.ModelBackend")
    return request.user
