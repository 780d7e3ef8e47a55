"""Issue 36 §6: guest accounts with no game are removed by the ticker once they have not signed
in for a while (games/services/guests.py); a guest with any game, a member, or a guest seen
lately is kept."""

import asyncio
from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone

from games import services
from games.access import accounts
from games.models import Profile
from games.realtime import timers
from games.services import guests, queue

pytestmark = pytest.mark.django_db


def _guest(hours_ago: float):
    user = accounts.make_guest()
    seen = timezone.now() - timedelta(hours=hours_ago)
    get_user_model().objects.filter(pk=user.pk).update(last_login=seen, date_joined=seen)
    return user


def test_idle_guests_with_no_game_are_removed_others_kept(settings, players):
    settings.GAMES_GUEST_HOURS = 24
    idle = _guest(30)
    never_signed_in = _guest(30)
    get_user_model().objects.filter(pk=never_signed_in.pk).update(last_login=None)
    recent = _guest(2)
    seated = _guest(30)
    game = services.create_game(players[0])
    services.take_seat(game.pk, seated)
    creator = _guest(30)
    services.create_game(creator)
    waiting = _guest(30)
    queue.join(waiting, "chinese-classical", rated=False, bots="never")
    member = players[1]
    get_user_model().objects.filter(pk=member.pk).update(
        last_login=timezone.now() - timedelta(days=400))

    assert guests.remove_idle_guests() == 2
    left = set(get_user_model().objects.values_list("pk", flat=True))
    assert idle.pk not in left and never_signed_in.pk not in left
    assert {recent.pk, seated.pk, creator.pk, waiting.pk, member.pk} <= left
    assert not Profile.objects.filter(user_id__in=[idle.pk, never_signed_in.pk]).exists()
    assert guests.remove_idle_guests() == 0  # nothing more to do
    # Later on the recent one's time comes too.
    assert guests.remove_idle_guests(timezone.now() + timedelta(hours=23)) == 1


def test_a_removed_guests_browser_is_simply_signed_out(settings):
    client = Client()
    client.get("/")
    user = accounts.make_guest()
    client.force_login(user)
    get_user_model().objects.filter(pk=user.pk).update(
        last_login=timezone.now() - timedelta(days=2))
    assert guests.remove_idle_guests() == 1
    assert client.get("/lobby/").status_code == 200


def test_a_sweep_is_bounded(settings, monkeypatch):
    monkeypatch.setattr(guests, "BATCH", 3)
    for _ in range(5):
        _guest(48)
    assert guests.remove_idle_guests() == 3
    assert guests.remove_idle_guests() == 2


@pytest.mark.django_db(transaction=True)
async def test_the_ticker_sweeps_idle_guests(app):
    idle = await sync_to_async(_guest)(48)
    exists = sync_to_async(get_user_model().objects.filter(pk=idle.pk).exists)
    timers.ensure_running()  # its first round sweeps at once, then every GUEST_SWEEP_SECONDS
    for _ in range(200):
        if not await exists():
            break
        await asyncio.sleep(0.05)
    assert not await exists()
