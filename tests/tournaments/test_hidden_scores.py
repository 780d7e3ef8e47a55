"""With "scores hidden until the round ends", a finished table's result shows nowhere (history,
player pages, record, replay, tournament page and CSV) while its round still plays; once the
round ends it shows everywhere; staff always see it."""

import csv
import io

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from games.access.policy import Requester
from games.access.policy import result_hidden as hidden_from
from games.models import Game, Seat, Tournament
from games.services import tournaments

from .helpers import play_out

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def cup(django_user_model, quiet):
    """Round 1 of two tables: table 1 finished, table 2 still playing."""
    t = Tournament.objects.create(name="Quiet Cup", registration_open=True, deals_per_table=1)
    for i in range(8):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"pl{i}"))
    first, second = tournaments.start_next_round(t.pk).tables.all()
    play_out(first.game_id)
    return t, Game.objects.get(pk=first.game_id), second.game_id


@pytest.fixture
def viewers(django_user_model, cup):
    """Who looks: nobody logged in, an outsider, staff, and a player of the finished table."""
    _, game, _ = cup
    outsider = django_user_model.objects.create_user("otto")
    staff = django_user_model.objects.create_user("stan", is_staff=True)
    staff.user_permissions.add(Permission.objects.get(codename="watch_any_game"))
    seated = Seat.objects.filter(game=game).exclude(user=None).first().user
    out = {"anonymous": Client()}
    for name, user in (("outsider", outsider), ("staff", staff), ("seated", seated)):
        out[name] = Client()
        out[name].force_login(user)
    return out


def _winner(game: Game) -> str:
    """A player placed first (two may share the place)."""
    return Seat.objects.filter(game=game, place=1).order_by("position").first().name


def _row(client, game: Game, query: str = "scope=all"):
    rows = client.get(f"/games/?{query}").context["rows"]
    return next((r for r in rows if r.game.pk == game.pk), None)


def test_the_predicate(cup, viewers):
    t, game, second = cup
    users = {name: c.get("/").wsgi_request.user for name, c in viewers.items()}
    assert hidden_from(game, Requester(users["anonymous"])) and hidden_from(game, Requester(users["outsider"]))
    assert not hidden_from(game, Requester(users["staff"])) and not hidden_from(game, Requester(users["seated"]))
    assert not hidden_from(Game.objects.get(pk=second), Requester(users["outsider"]))  # still playing
    play_out(second)
    assert not hidden_from(game, Requester(users["outsider"]))


def test_history_lists_the_game_without_its_result(cup, viewers):
    t, game, second = cup
    winner = _winner(game)
    for name in ("anonymous", "outsider"):
        row = _row(viewers[name], game)
        assert row is not None and row.hidden
        assert all(p.points is None and p.place is None for p in row.players)
        page = viewers[name].get("/games/?scope=all").content.decode()
        assert f"/game/{game.pk}/record.json" not in page
        assert f"/game/{game.pk}/replay/" not in page
        # Nor does a result filter give it away.
        assert _row(viewers[name], game, f"scope=all&result=won&player={winner}") is None
        assert _row(viewers[name], game, f"scope=all&result=not_won&player={winner}") is None
    for name in ("staff", "seated"):
        row = _row(viewers[name], game)
        assert not row.hidden and min(p.place for p in row.players) == 1
        assert _row(viewers[name], game, f"scope=all&result=won&player={winner}") is not None
    play_out(second)
    row = _row(viewers["anonymous"], game)
    assert not row.hidden and any(p.points is not None for p in row.players)
    assert _row(viewers["anonymous"], game, f"scope=all&result=won&player={winner}") is not None


def test_player_pages_leave_it_out_of_the_statistics(cup, viewers):
    t, game, second = cup
    name = _winner(game)
    for viewer in ("anonymous", "outsider"):
        response = viewers[viewer].get(f"/u/{name}/")
        assert response.context["stats"].games == 0 and not response.context["stats"].best
        rows = response.context["rows"]
        assert [r.game.pk for r in rows if r.game.pk == game.pk] == [game.pk]
        assert all(r.hidden for r in rows if r.game.pk == game.pk)
    # The statistics are kept totals: a hidden result joins them when its round ends, for
    # everyone alike (staff see the result itself on the game's own pages).
    assert viewers["staff"].get(f"/u/{name}/").context["stats"].games == 0
    play_out(second)
    for viewer in ("anonymous", "staff"):
        stats = viewers[viewer].get(f"/u/{name}/").context["stats"]
        assert stats.games == 1 and stats.games_won == 1


def test_record_and_replay_open_when_the_round_ends(cup, viewers):
    t, game, second = cup
    urls = [f"/game/{game.pk}/record.json", f"/game/{game.pk}/replay/",
            f"/game/{game.pk}/replay/steps.json", f"/game/{game.pk}/replay/extras.json",
            f"/game/{game.pk}/", f"/game/{game.pk}/plot/"]
    for viewer in ("anonymous", "outsider"):
        for url in urls:
            response = viewers[viewer].get(url)
            assert response.status_code == 403, url
            assert "results are shown when it ends" in response.content.decode(), url
        assert viewers[viewer].get(urls[0]).json()["error"] == "result_hidden"
    for viewer in ("staff", "seated"):
        for url in urls:
            assert viewers[viewer].get(url).status_code == 200, (viewer, url)
    play_out(second)
    for url in urls:
        assert viewers["anonymous"].get(url).status_code == 200, url


def test_the_tournament_page_and_csv_show_staff_the_scores(cup, viewers):
    t, game, second = cup
    url = f"/tournaments/{t.pk}/"
    for viewer in ("anonymous", "outsider", "seated"):
        page = viewers[viewer].get(url).content.decode()
        assert " tp</span>" not in page and "Standings after" not in page
        csv_text = viewers[viewer].get(url + "results.csv").content.decode()
        assert len(list(csv.reader(io.StringIO(csv_text)))) == 1  # the header alone
    page = viewers["staff"].get(url).content.decode()
    assert " tp</span>" in page and "Standings after round 1" in page
    assert "Scores shown to staff only" in page
    rows = list(csv.DictReader(io.StringIO(
        viewers["staff"].get(url + "results.csv").content.decode())))
    assert len(rows) == 8 and sum(r["place"] != "" for r in rows) == 4
    play_out(second)
    page = viewers["anonymous"].get(url).content.decode()
    assert " tp</span>" in page and "Standings after round 1" in page
    rows = list(csv.DictReader(io.StringIO(
        viewers["anonymous"].get(url + "results.csv").content.decode())))
    assert len(rows) == 8 and all(r["place"] for r in rows)


def test_a_tournament_that_shows_scores_at_once_hides_nothing(django_user_model, quiet):
    t = Tournament.objects.create(name="Open Cup", registration_open=True, deals_per_table=1,
                                  hide_scores=False)
    for i in range(8):
        tournaments.register(t.pk, django_user_model.objects.create_user(f"op{i}"))
    first, _ = tournaments.start_next_round(t.pk).tables.all()
    play_out(first.game_id)
    assert Client().get(f"/game/{first.game_id}/record.json").status_code == 200


def test_the_finished_tables_socket_is_closed_to_those_it_is_hidden_from(cup, viewers):
    """Its end screen carries the standings: the socket opens only for staff and its players."""
    import asyncio

    from channels.testing import WebsocketCommunicator

    from tests.web.live import application

    _, game, _ = cup
    cookies = {name: c.cookies["sessionid"].value for name, c in viewers.items()
               if name != "anonymous"}

    async def code_for(cookie):
        headers = [(b"origin", b"http://testserver")]
        if cookie:
            headers.append((b"cookie", f"sessionid={cookie}".encode()))
        comm = WebsocketCommunicator(application(), f"/ws/game/{game.pk}/", headers=headers)
        connected, code = await comm.connect(timeout=20)
        if connected:
            await comm.disconnect()
        return "open" if connected else code

    async def codes():
        return {name: await code_for(cookies.get(name))
                for name in ("anonymous", "outsider", "staff", "seated")}

    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:  # a loop of its own: other tests may leave one running
        got = pool.submit(asyncio.run, codes()).result()
    assert got == {"anonymous": 4403, "outsider": 4403, "staff": "open", "seated": "open"}
