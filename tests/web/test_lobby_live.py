"""Issue 12 §6: the lobby tells about each game being played (round, deal, scores, time), has no
empty Play-now card, and offers the claim window as named speeds."""

from datetime import timedelta

import pytest
from django.utils import timezone

from games import services
from games.models import Game
from games.services.matches import match_for

from .live import make_table

pytestmark = pytest.mark.django_db


def test_a_running_game_shows_round_deal_scores_and_time(client):
    game = make_table([], bots=4, seed="lobby-live")
    page = client.get("/lobby/").content.decode()
    assert f"Watch table {game.pk}" in page
    assert "East round, deal 1" in page and "just started" in page
    match = match_for(Game.objects.get(pk=game.pk))
    for seat in game.seats.all():
        assert seat.name in page
    assert page.count(f"<b>{match.points[0]}</b>") == 4  # 2,000 each at the start


def test_scores_follow_the_game(client):
    """After the first deal is scored the lobby shows the new points; they still sum to 8,000
    (003 §3.3)."""
    game = make_table([], bots=4, seed="lobby-live-2")
    now = timezone.now()
    while match_for(Game.objects.get(pk=game.pk)).deal.number == 1 or match_for(
        Game.objects.get(pk=game.pk)
    ).phase == "deal_over":
        now += timedelta(seconds=30)  # each bot move falls due
        services.tick(game.pk, now=now)
    points = match_for(Game.objects.get(pk=game.pk)).points
    assert points != [2000] * 4 and sum(points) == 8000
    page = client.get("/lobby/").content.decode()
    assert ", deal 2" in page
    for p in points:
        assert f"<b>{p}</b>" in page


def test_claim_window_is_chosen_from_named_speeds(client):
    page = client.get("/lobby/").content.decode()
    for name in ("Fast: 4 seconds", "Normal: 8 seconds", "Relaxed: 15 seconds"):
        assert name in page
    assert 'name="claim_seconds" type="number"' not in page


def test_no_empty_play_now_card(client):
    page = client.get("/lobby/").content.decode()
    assert 'class="play-strip"' in page and page.count('id="play-now"') == 1


def test_a_cold_lobby_replays_only_a_few_games(client):
    """Games not in the match cache (say after a restart) are listed by their players; only a
    few are replayed per visit, so the lobby stays quick however many games run."""
    from games.services import matches
    from games.web.pages import lobby_rows

    games = [make_table([], bots=4, seed=f"cold-{i}") for i in range(lobby_rows.MAX_REPLAYS + 2)]
    matches.forget_all()
    page = client.get("/lobby/").content.decode()
    assert page.count(", deal 1") == lobby_rows.MAX_REPLAYS
    for game in games:
        assert f"Watch table {game.pk}" in page
