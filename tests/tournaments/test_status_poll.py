"""Issue 38, item 12: the tournament page's poll of status.json: every 5 s while a round is
played, every 30 s between rounds (to notice the next one start), never once it is over."""

import pytest
from django.test import Client

from games.models import Tournament
from games.services import tournaments

from .helpers import play_round

pytestmark = pytest.mark.django_db(transaction=True)


def _poll(client, t) -> tuple[object, str]:
    status = client.get(f"/tournaments/{t.pk}/status.json").json()["poll"]
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    return status, page.split('data-poll="')[1].split('"')[0]


def test_the_page_polls_while_a_round_plays_seldom_between_rounds_and_never_once_over(
        django_user_model, quiet):
    t = Tournament.objects.create(name="cup", registration_open=True, rounds=1, deals_per_table=1)
    for i in range(4):
        tournaments.register(t.pk, django_user_model.objects.create_user(
            f"p{i}", password="pw-1234-abcd"))
    client = Client()
    assert _poll(client, t) == (30000, "30000")
    rnd = tournaments.start_next_round(t.pk)
    assert _poll(client, t) == (5000, "5000")
    play_round(rnd)
    tournaments.close_round(rnd.pk)
    assert _poll(client, t) == (30000, "30000")
    tournaments.finish(t.pk)
    assert _poll(client, t) == (None, "")
