"""Issue 44: the read API (/api/..., docs/bot-api.md): profiles and ratings, rating history, a
player's games as the access policy lists them, a game, leaderboards (bots apart), tournament
standings; cursor paging that a new row never shifts; a 429 with Retry-After past the limit."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core.cache import cache
from django.test import Client

from games import clock
from games.models import FINISHED, Game, Rating, RatingChange, Seat, Tournament
from games.models.bots import BotAccount

pytestmark = [pytest.mark.django_db, pytest.mark.scale_db]


@pytest.fixture(autouse=True)
def fresh_counts():
    cache.clear()  # the per-address counts: each test starts with none
    yield
    cache.clear()


def finished_game(users, *, private=False) -> Game:
    game = Game.objects.create(ruleset_name="chinese-classical", ruleset={}, seed="s" * 32,
                               status=FINISHED, private=private, started=clock.now(),
                               finished=clock.now())
    for chair, user in enumerate(users):
        Seat.objects.create(game=game, chair=chair, position=chair, user=user, place=chair + 1,
                            final_points=100 - chair)
    return game


def rating(user, score: float, ruleset="chinese-classical") -> Rating:
    return Rating.objects.create(user=user, ruleset_name=ruleset, mu=25, sigma=3, score=score,
                                 games=12, last_played=clock.now() - timedelta(days=1))


def pages(client: Client, url: str, key: str, limit: int = 2, cursor: str = "") -> list[list]:
    out = []
    while True:
        answer = client.get(url, {"limit": limit, **({"cursor": cursor} if cursor else {})})
        assert answer.status_code == 200, answer.content
        out.append(answer.json()[key])
        cursor = answer.json()["next"]
        if cursor is None:
            return out


def test_a_profile_shows_the_ratings_and_marks_a_bot(players, django_user_model):
    alice = players[0]
    rating(alice, 1234.4)
    robo = django_user_model.objects.create_user("robo")
    BotAccount.objects.create(user=robo)
    client = Client()
    shown = client.get("/api/players/alice/").json()
    assert shown["name"] == "alice" and shown["bot"] is False
    assert shown["ratings"] == [{"ruleset": "chinese-classical", "pool": "people",
                                 "rating": 1234, "provisional": False, "games": 12,
                                 "last_played": shown["ratings"][0]["last_played"]}]
    assert client.get("/api/players/robo/").json()["bot"] is True
    missing = client.get("/api/players/nobody/")
    assert missing.status_code == 404


def test_a_players_games_page_stably_and_as_the_policy_lists_them(players, outsider):
    alice = players[0]
    games = [finished_game(players) for _ in range(5)]
    private = finished_game(players, private=True)
    anonymous = Client()
    first = anonymous.get("/api/players/alice/games/", {"limit": 2}).json()
    assert [g["id"] for g in first["games"]] == [games[4].pk, games[3].pk]
    newer = finished_game(players)  # arrives between two pages: shifts nothing
    rest = pages(anonymous, "/api/players/alice/games/", "games", cursor=first["next"])
    seen = [g["id"] for g in first["games"]] + [g["id"] for page in rest for g in page]
    assert seen == [g.pk for g in reversed(games)]  # each once, newest first, none missed
    assert newer.pk not in seen and private.pk not in seen
    row = first["games"][0]
    assert [p["place"] for p in row["players"]] == [1, 2, 3, 4] and not row["result_hidden"]
    mine = Client()
    mine.force_login(alice)
    listed = [g["id"] for g in mine.get("/api/players/alice/games/").json()["games"]]
    assert private.pk in listed  # a player's own private table, on their own list
    assert anonymous.get(f"/api/games/{private.pk}/").status_code == 404
    assert mine.get(f"/api/games/{private.pk}/").status_code == 200
    bad = anonymous.get("/api/players/alice/games/", {"cursor": "x"})
    assert bad.status_code == 400 and bad.json()["error"] == "bad_page"


def test_the_leaderboard_pages_stably_and_keeps_bots_apart(django_user_model):
    users = [django_user_model.objects.create_user(f"p{i}") for i in range(5)]
    for i, user in enumerate(users):
        rating(user, 1500 - 10 * i)
    robo = django_user_model.objects.create_user("robo")
    BotAccount.objects.create(user=robo)
    rating(robo, 1600, "bots:chinese-classical")
    client = Client()
    first = client.get("/api/leaderboard/chinese-classical/", {"limit": 2}).json()
    assert [(r["rank"], r["name"]) for r in first["rows"]] == [(1, "p0"), (2, "p1")]
    rating(django_user_model.objects.create_user("late"), 1000)
    rest = pages(client, "/api/leaderboard/chinese-classical/", "rows", cursor=first["next"])
    after = [(r["rank"], r["name"]) for page in rest for r in page]
    assert after == [(3, "p2"), (4, "p3"), (5, "p4"), (6, "late")]
    bots = client.get("/api/leaderboard/chinese-classical/", {"pool": "bots"}).json()
    assert [(r["name"], r["bot"]) for r in bots["rows"]] == [("robo", True)]
    assert client.get("/api/leaderboard/no-such-rules/").status_code == 400


def test_rating_history_pages_newest_first(players):
    alice = players[0]
    for n in range(3):
        RatingChange.objects.create(game=finished_game(players), user=alice, ruleset_name="chinese-classical",
                                    position=0, place=1, final_points=10, mu_before=25 + n,
                                    sigma_before=8, mu_after=26 + n, sigma_after=7.5,
                                    games=n + 1, rated_at=clock.now())
    got = pages(Client(), "/api/players/alice/ratings/chinese-classical/", "changes")
    assert [c["games"] for page in got for c in page] == [3, 2, 1]
    assert all(c["after"] > c["before"] for page in got for c in page)


def test_tournament_standings_answer_and_an_unknown_one_is_404():
    t = Tournament.objects.create(name="Cup")
    shown = Client().get(f"/api/tournaments/{t.pk}/standings/").json()
    assert shown["name"] == "Cup" and shown["standings"] == []
    assert Client().get(f"/api/tournaments/{t.pk + 1}/standings/").status_code == 404


def test_past_the_limit_the_api_answers_429_with_retry_after(settings, players, limit_clock):
    settings.GAMES_LIMITS = {"api": (3, 60)}
    client = Client()
    for _ in range(3):
        assert client.get("/api/players/alice/").status_code == 200
    refused = client.get("/api/players/alice/games/")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 60
    limit_clock.advance(int(refused["Retry-After"]))
    assert client.get("/api/players/alice/").status_code == 200
