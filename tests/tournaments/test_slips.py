"""Printable seating and table slips for the latest round (with a print stylesheet)."""

import pytest
from django.test import Client

from games.models import TableSeat, Tournament
from games.services import tournaments

pytestmark = pytest.mark.django_db(transaction=True)


def test_slips_list_every_player_at_their_table_and_wind(django_user_model, quiet):
    t = Tournament.objects.create(name="Slip Cup", registration_open=True, rounds=2,
                                  deals_per_table=1)
    assert "No round has been seated yet." in Client().get(
        f"/tournaments/{t.pk}/slips/").content.decode()
    for i in range(7):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"s{i}"))
    rnd = tournaments.start_next_round(t.pk)
    page = Client().get(f"/tournaments/{t.pk}/slips/").content.decode()
    assert "Slip Cup · round 1: seating" in page
    assert page.count('class="slip"') == 2  # seven players: two tables, a bot at one
    for p in TableSeat.objects.filter(table__round=rnd).select_related("entry__user", "table"):
        if p.entry:
            wind = ("East", "South", "West", "North")[p.wind]
            assert (f'<td class="pname">{p.entry.user.username}</td>'
                    f'<td class="num">{p.table.number}</td><td>{wind}</td>') in page
    assert page.count('<td class="pname">Bot</td>') == 1
    assert "css/tournament.css" in page
    assert f"/tournaments/{t.pk}/slips/" in Client().get(f"/tournaments/{t.pk}/").content.decode()
    assert Client().get("/tournaments/999999/slips/").status_code == 404


def test_the_print_stylesheet_hides_the_site_chrome():
    with open("static/css/tournament.css", encoding="utf-8") as f:
        css = f.read()
    assert "@media print" in css and ".site-header" in css and "break-inside: avoid" in css
