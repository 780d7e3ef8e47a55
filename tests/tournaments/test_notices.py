"""A seated player is told: a banner on every page links to their running table, and, when
the site can send mail, an email names the table (Django's in-memory mail backend here)."""

import pytest
from django.core import mail
from django.test import Client, override_settings

from games.models import TableSeat, Tournament
from games.services import notices, tournaments

from .helpers import play_round

pytestmark = pytest.mark.django_db(transaction=True)


def four(django_user_model) -> Tournament:
    t = Tournament.objects.create(name="Autumn Cup", registration_open=True, rounds=1,
                                  deals_per_table=1)
    for i in range(4):
        tournaments.register(t.pk, django_user_model.objects.create_user(
            f"n{i}", email=f"n{i}@example.org" if i else ""))
    return t


@override_settings(EMAIL_BACKEND="django.core.mail.backends.locmem.EmailBackend",
                   SITE_URL="https://mahjong.example.org")
def test_a_seated_player_sees_a_banner_and_gets_an_email(django_user_model, quiet):
    t = four(django_user_model)
    other = django_user_model.objects.create_user("watcher")
    mail.outbox.clear()
    rnd = tournaments.start_next_round(t.pk)
    place = TableSeat.objects.select_related("entry__user", "table").get(
        table__round=rnd, entry__user__username="n1")
    url = notices.table_url(place.table.game_id)

    player = Client()
    player.force_login(place.entry.user)
    for page in ("/", "/tournaments/", f"/tournaments/{t.pk}/"):
        html = player.get(page).content.decode()
        assert "You are seated: Autumn Cup, round 1, table 1." in html, page
        assert f'href="{url}"' in html
    watcher = Client()
    watcher.force_login(other)
    assert "You are seated" not in watcher.get("/").content.decode()
    assert "You are seated" not in Client().get("/").content.decode()

    # Three of the four have an address: three mails, each naming the table and its link.
    assert len(mail.outbox) == 3
    sent = next(m for m in mail.outbox if m.to == ["n1@example.org"])
    assert sent.subject == "Autumn Cup: round 1, table 1"
    assert f"https://mahjong.example.org{url}" in sent.body

    play_round(rnd)
    assert "You are seated" not in player.get("/").content.decode()  # the game is over


@override_settings(EMAIL_BACKEND="django.core.mail.backends.smtp.EmailBackend", EMAIL_HOST="")
def test_no_mail_without_a_mail_server(django_user_model, quiet):
    t = four(django_user_model)
    mail.outbox = []
    tournaments.start_next_round(t.pk)
    assert not notices.email_configured()
    assert mail.outbox == []
