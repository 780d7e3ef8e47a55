"""A finished game's analysis page data (/game/<id>/analysis.json), worked out once and kept."""

import pytest
from django.test import Client

from games.models import Analysis
from games.services import analysis as analysis_service
from tests.web.finished import play_out
from tests.web.live import make_table


def _finished(humans, seed, deals):
    return play_out(make_table(humans, 3, seed=seed, settings={"rounds": 1, "max_deals": deals}))


@pytest.fixture
def inline(settings):
    settings.GAMES_ANALYSIS_INLINE = True


def test_a_finished_game_is_analysed_once_and_kept(players, inline, monkeypatch):
    game = _finished(players[:1], "analysed-1", 2)
    calls = []
    real = analysis_service.jobs.review
    monkeypatch.setattr(analysis_service.jobs, "review",
                        lambda *a, **k: calls.append(1) or real(*a, **k))
    http = Client()
    first = http.get(f"/game/{game.pk}/analysis.json")
    assert first.status_code == 200
    data = first.json()
    seat = game.seats.get(user=players[0]).position
    assert data["status"] == "ready" and [s["seat"] for s in data["seats"]] == [seat]
    assert data["seats"][0]["decisions"] > 0
    assert http.get(f"/game/{game.pk}/analysis.json").json() == data
    assert len(calls) == 1 and Analysis.objects.filter(game=game).count() == 1
    page = http.get(f"/game/{game.pk}/replay/").content.decode()
    assert f'"/game/{game.pk}/analysis.json"' in page and 'id="analysis-box"' in page


def test_while_it_is_worked_out_the_page_is_told_to_ask_again(players, monkeypatch):
    game = _finished(players[:1], "analysed-2", 1)
    started = []
    monkeypatch.setattr(analysis_service, "start", started.append)
    res = Client().get(f"/game/{game.pk}/analysis.json")
    assert res.status_code == 202 and res.json() == {"status": "computing"}
    assert started == [game.pk]


def test_a_game_still_played_has_no_analysis(players):
    game = make_table(players[:1], 3, seed="analysed-3")
    assert Client().get(f"/game/{game.pk}/analysis.json").status_code == 404
