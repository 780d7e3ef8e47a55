"""Issue 44: the bots' arena (docs/bot-api.md, "The arena"): bot accounts wait for a ruleset and
are seated four together, or one with the site's levels; their games are rated in the bots' own
pool, never the people's, and `rebuild_ratings --check` replays them exactly."""

from __future__ import annotations

import json

import pytest
from asgiref.sync import sync_to_async
from django.test import Client

from games import clock
from games.models import FINISHED, Game, Rating, RatingChange, Seat
from games.models.bots import ArenaEntry, ArenaGame
from games.services import arena, bot_accounts, ratings

from .replay_games import saved_game
from .test_bot_api import _challenge as challenge
from .test_bot_api import bot_socket, example_bot, make_bot

pytestmark = [pytest.mark.django_db, pytest.mark.scale_db]


def bots(django_user_model, n: int):
    out = []
    for i in range(n):
        user = django_user_model.objects.create_user(f"bot{i}")
        bot_accounts.make_bot(user)
        out.append((user, bot_accounts.make_token(user, "t")[1]))
    return out


def test_four_bots_are_seated_together_and_a_fifth_waits(django_user_model):
    made = bots(django_user_model, 5)
    for user, _ in made[:3]:
        assert arena.join(user, "chinese-classical", levels=False)["state"] == "waiting"
    status = arena.join(made[3][0], "chinese-classical", levels=False)
    assert status["state"] == "seated"
    game = Game.objects.get(pk=status["game"])
    assert game.status == "active" and not game.rated and game.turn_seconds
    assert {s.user_id for s in game.seats.all()} == {u.pk for u, _ in made[:4]}
    assert ArenaGame.objects.filter(game=game).exists()
    for user, _ in made[:3]:  # the others learn it when they ask again
        assert arena.join(user, "chinese-classical")["state"] == "seated"
    assert arena.join(made[4][0], "chinese-classical", levels=False)["state"] == "waiting"


def test_a_bot_that_lets_the_levels_fill_is_seated_at_once_over_http(django_user_model,
                                                                    players):
    (user, secret), = bots(django_user_model, 1)
    http = Client()
    answer = http.post("/api/bot/arena/", json.dumps({"ruleset": "chinese-classical"}),
                       content_type="application/json", HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert answer.status_code == 200 and answer.json()["state"] == "seated"
    game = Game.objects.get(pk=answer.json()["game"])
    assert sorted(s.bot_level for s in game.seats.all()) == ["", "beginner", "intermediate",
                                                             "strong"]
    person = Client()
    person.force_login(players[0])
    refused = person.post("/api/bot/arena/", "{}", content_type="application/json")
    assert refused.status_code == 401  # a person's session is no token
    assert not ArenaEntry.objects.exists()


def test_an_arena_game_is_rated_in_the_bots_pool_and_replays_exactly(django_user_model):
    made = bots(django_user_model, 2)
    game = saved_game("arena-rated")
    seats = list(Seat.objects.filter(game=game).order_by("chair"))
    for seat, (user, _) in zip(seats[:2], made, strict=False):
        Seat.objects.filter(pk=seat.pk).update(user=user, bot_level="")
    Seat.objects.filter(pk=seats[2].pk).update(bot_level="strong")
    Seat.objects.filter(pk=seats[3].pk).update(bot_level="beginner")
    ArenaGame.objects.create(game=game)
    assert game.status == FINISHED
    changes = arena.rate(game.pk)
    assert len(changes) == 4 and arena.rate(game.pk) == []  # once
    pool = {r.user_id: r for r in Rating.objects.filter(ruleset_name="bots:chinese-classical")}
    assert set(pool) == {u.pk for u, _ in made} and all(r.games == 1 for r in pool.values())
    assert not Rating.objects.filter(ruleset_name="chinese-classical").exists()
    anchors = [c for c in changes if c.user_id is None]
    assert sorted((c.mu_before, c.mu_after) for c in anchors)[0][0] == arena.ANCHORS["beginner"][0]
    points = game.result["points"]
    best = max(range(4), key=lambda p: points[p])
    assert next(c for c in changes if c.position == best).place == 1
    assert ratings.rebuild(write=False).changes == 0  # the replay gives the same values
    assert ratings.rebuild(write=False).ratings == 0
    board = Client().get("/api/leaderboard/chinese-classical/", {"pool": "bots"}).json()
    assert {r["name"] for r in board["rows"]} == {"bot0", "bot1"}
    people = Client().get("/api/leaderboard/chinese-classical/").json()
    assert people["rows"] == []
    history = Client().get("/api/players/bot0/ratings/chinese-classical/",
                           {"pool": "bots"}).json()
    assert len(history["changes"]) == 1 and RatingChange.objects.filter(game=game).count() == 4


@pytest.mark.django_db(transaction=True)
async def test_an_arena_game_is_rated_as_it_ends_on_the_bots_socket(app, django_user_model):
    user, _, secret = await sync_to_async(make_bot)(django_user_model)
    game_id = await sync_to_async(challenge)(user, "arena-socket")
    await sync_to_async(ArenaGame.objects.create)(game_id=game_id)
    choose = example_bot().choose
    bot = await bot_socket(app, game_id, secret)
    while (frame := await bot.recv()).get("status") != "finished":
        if frame["type"] == "turn":
            await bot.send({"type": "action", "action": choose(frame["legal_actions"], bot.view),
                            "version": frame["seq"]})
    assert await sync_to_async(ArenaGame.objects.filter(game_id=game_id, rated=True).exists)()
    rows = await sync_to_async(lambda: list(Rating.objects.filter(user=user)))()
    assert [(r.ruleset_name, r.games) for r in rows] == [("bots:chinese-classical", 1)]
    await bot.comm.disconnect()


def test_the_bots_leaderboard_page_ranks_bots_apart_and_marks_them(django_user_model, players):
    (user, _), = bots(django_user_model, 1)
    Rating.objects.create(user=user, ruleset_name="bots:chinese-classical", mu=30, sigma=2,
                          score=1700, games=3, last_played=clock.now())
    Rating.objects.create(user=players[0], ruleset_name="chinese-classical", mu=25, sigma=4,
                          score=1400, games=3, last_played=clock.now())
    page = Client().get("/leaderboard/", {"ruleset": "chinese-classical", "pool": "bots"})
    rows = [r.name for r in page.context["rows"]]
    assert page.status_code == 200 and rows == ["bot0"]
    assert 'bot0</a> <span class="badge bot"' in page.content.decode()
    people = Client().get("/leaderboard/", {"ruleset": "chinese-classical"}).context["rows"]
    assert [r.name for r in people] == ["alice"]
