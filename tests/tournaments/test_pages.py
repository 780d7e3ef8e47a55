"""The public tournament pages: list, registration, tables with live and replay links, hidden
scores until a round ends, standings with a chart, the CSV export and the status poll."""

import csv
import io

import pytest

from games.models import Entry, Tournament
from games.models.tournaments import parse_table_points
from games.services import tournaments
from games.web.pages.tournament_exports import _number

from .helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def eight(django_user_model):
    return [django_user_model.objects.create_user(f"pl{i}") for i in range(8)]


def test_players_register_on_the_public_page_while_registration_is_open(client, eight):
    t = Tournament.objects.create(name="Open Day", registration_open=True)
    page = client.get("/tournaments/").content.decode()
    assert "Open Day" in page and "registration open" in page
    assert "Log in to register" in client.get(f"/tournaments/{t.pk}/").content.decode()
    client.force_login(eight[0])
    page = client.post(f"/tournaments/{t.pk}/register/", follow=True).content.decode()
    assert "You are registered" in page
    assert Entry.objects.filter(tournament=t, user=eight[0], withdrawn=False).exists()
    tournaments.set_registration(t.pk, False)
    client.force_login(eight[1])
    page = client.post(f"/tournaments/{t.pk}/register/", follow=True).content.decode()
    assert "Registration is closed." in page
    assert not Entry.objects.filter(tournament=t, user=eight[1]).exists()
    assert client.get(f"/tournaments/{t.pk}/register/").status_code == 405


def test_scores_stay_hidden_until_the_round_ends_then_standings_chart_and_csv(
    client, eight, quiet
):
    t = Tournament.objects.create(name="Night Cup", registration_open=True, deals_per_table=1)
    for u in eight:
        tournaments.register(t.pk, u)
    rnd = tournaments.start_next_round(t.pk)
    first, second = rnd.tables.all()
    play_out(first.game_id)
    url = f"/tournaments/{t.pk}/"
    page = client.get(url).content.decode()
    assert "Scores appear when every table of this round has finished." in page
    assert f'href="/game/{second.game_id}/"' in page  # live: watch it
    player = second.places.exclude(entry=None).first().entry.user
    client.force_login(player)
    mine = client.get(url).content.decode()
    assert "Play at your table" in mine and mine.count("(yours)") == 1
    client.logout()
    assert f"/game/{first.game_id}/replay/" not in page  # a replay would show the scores
    assert " tp</span>" not in page and "Standings after" not in page
    rows = list(csv.reader(io.StringIO(client.get(url + "results.csv").content.decode())))
    assert rows == [["round", "table", "game", "wind", "player", "place", "score",
                     "table_points"]]
    status = client.get(url + "status.json").json()
    assert status["tables"][str(first.pk)]["status"] == "finished"
    assert status["tables"][str(second.pk)]["status"] == "live"
    play_out(second.game_id)
    assert client.get(url + "status.json").json()["key"] != status["key"]  # the page reloads
    page = client.get(url).content.decode()
    assert "Standings after round 1" in page and "<svg" in page
    assert f'href="/game/{first.game_id}/replay/"' in page
    standings = tournaments.compute_standings(t, public=True).rows
    names = [r.name for r in standings]
    table_html = page[page.index("Standings after"):page.index("Places over the rounds")]
    positions = [table_html.index(f'class="pname">{n}') for n in names]
    assert positions == sorted(positions)  # the page lists them in standings order
    rows = list(csv.DictReader(io.StringIO(client.get(url + "results.csv").content.decode())))
    assert len(rows) == 8
    # Tied places share their points (a one-deal table may be a wash-out: all four tie).
    points = parse_table_points(t.table_points)
    shared = {str(_number(sum(points[a:b]) / (b - a))) for a in range(4) for b in range(a + 1, 5)}
    for r in rows:
        assert r["place"] in "1234" and r["table_points"] in shared
    assert sum(int(r["score"]) for r in rows) == 0  # each table is zero-sum


def test_the_list_and_page_of_a_tournament_nobody_has_joined(client):
    t = Tournament.objects.create(name="Empty <Cup>")
    page = client.get(f"/tournaments/{t.pk}/").content.decode()
    assert "Empty &lt;Cup&gt;" in page and "Nobody has registered yet." in page
    assert client.get("/tournaments/999/").status_code == 404
