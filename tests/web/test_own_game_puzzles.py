"""A person's own puzzles from one game (docs/puzzles.md, "Your own puzzles"), offered after the
game's analysis in its replay: /game/<id>/own-puzzles.json lists the requester's own and nobody
else's, says whether they are still being made, and reads them by the game's index."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from games.models import Analysis, Game
from games.models.puzzles import Puzzle
from games.services import puzzles
from games.services.analysis import analyse
from games.thinking import puzzle_jobs

from .jobs_once import once
from .replay_games import saved_game

pytestmark = pytest.mark.django_db

# A one-deal table (as a tournament's) whose person in the first chair gives one puzzle of their
# own from their costliest decisions (tests/web/test_puzzles.py plays it too).
GAME, DEALS = "pz-own-37", 1


@pytest.fixture(scope="module", autouse=True)
def jobs_once():
    """The module's tests make the puzzles of the same game: its simulations are worked out
    once, the services storing them every time."""
    with pytest.MonkeyPatch.context() as mp:
        for name in ("game_puzzles", "own_puzzles"):
            mp.setattr(puzzle_jobs, name, once(getattr(puzzle_jobs, name)))
        yield


def _client(user=None) -> Client:
    c = Client()
    if user is not None:
        c.force_login(user)
    return c


def _own(client: Client, game: Game):
    return client.get(reverse("game_own_puzzles", args=[game.pk]))


def test_after_the_analysis_a_player_sees_their_own_puzzles_and_nobody_elses(
        django_user_model):
    person = django_user_model.objects.create_user("learner")
    second = django_user_model.objects.create_user("second")
    outsider = django_user_model.objects.create_user("outsider")
    root = django_user_model.objects.create_superuser("root")
    game = saved_game(GAME, user=person, deals=DEALS)
    me = _client(person)
    # Before the analysis: they are made after it, though the game's public puzzles may come
    # first (`make_puzzles --game`).
    r = _own(me, game)
    assert r.status_code == 202 and r.json() == {"status": "waiting", "puzzles": []}
    puzzles.make_for_game(game.pk)
    assert not Puzzle.objects.filter(owner__isnull=False).exists()
    assert _own(me, game).json() == {"status": "waiting", "puzzles": []}
    analyse(game.pk)
    r = _own(me, game)
    assert r.status_code == 202 and r.json()["status"] == "making"
    puzzles.make_for_game(game.pk)
    assert Analysis.objects.get(game=game).puzzles_made is not None
    r = _own(me, game)
    assert r.status_code == 200
    data = r.json()
    mine = list(Puzzle.objects.filter(game=game, owner=person).order_by("move"))
    assert mine, "the game gave its player no puzzle"
    assert data["status"] == "made"
    assert [p["id"] for p in data["puzzles"]] == [p.pk for p in mine]
    assert all(p["url"] == reverse("puzzle", args=[p["id"]]) for p in data["puzzles"])
    assert [p["move"] for p in data["puzzles"]] == [p.move for p in mine]
    # Another person seated at the same game lists their own only.
    seat = game.seats.get(chair=1)
    seat.user, seat.bot_level = second, ""
    seat.save()
    theirs = Puzzle.objects.get(pk=mine[0].pk)
    theirs.pk, theirs.owner, theirs.seat = None, second, seat.position
    theirs.save()
    got = _own(_client(second), game).json()
    assert [p["id"] for p in got["puzzles"]] == [theirs.pk]
    assert theirs.pk not in [p["id"] for p in _own(me, game).json()["puzzles"]]
    # Nobody else, staff included, gets any: refused with the reason.
    for other in (None, outsider, root):
        r = _own(_client(other), game)
        assert r.status_code == 403 and r.json()["error"] == "not_seated"
    # The replay offers the route to its players only.
    assert _client(person).get(reverse("game_replay", args=[game.pk])).context["config"][
        "own_puzzles"] == reverse("game_own_puzzles", args=[game.pk])
    for other in (None, outsider, root):
        config = _client(other).get(reverse("game_replay", args=[game.pk])).context["config"]
        assert "own_puzzles" not in config


def test_a_game_whose_puzzles_are_not_done_is_queued_again_when_its_player_asks(
        django_user_model, monkeypatch):
    """A full queue lets a game go (services/puzzles.py): its player asking queues it again,
    until the puzzles are noted as made."""
    person = django_user_model.objects.create_user("asker")
    game = saved_game(GAME, user=person, deals=DEALS)
    Analysis.objects.create(game=game, data={"seats": []})
    queued = []
    monkeypatch.setattr(puzzles, "start", queued.append)
    assert _own(_client(person), game).json()["status"] == "making"
    assert queued == [game.pk]
    puzzles.make_for_game(game.pk)  # no person's misses in this analysis: none of their own
    r = _own(_client(person), game)
    assert r.status_code == 200 and r.json() == {"status": "made", "puzzles": []}
    assert queued == [game.pk]


def test_no_own_puzzles_from_a_private_table(django_user_model):
    person = django_user_model.objects.create_user("private")
    game = saved_game("pz-own-private", user=person, deals=1)
    Game.objects.filter(pk=game.pk).update(private=True)
    r = _own(_client(person), game)
    assert r.status_code == 200 and r.json() == {"status": "never", "puzzles": []}


def test_a_live_game_has_no_own_puzzles_yet(django_user_model):
    person = django_user_model.objects.create_user("playing")
    game = saved_game("pz-own-live", moves=30, user=person)
    assert _own(_client(person), game).status_code == 404


def test_the_list_is_read_by_the_games_index(django_user_model, settings):
    if not settings.DATABASES["default"]["ENGINE"].endswith("sqlite3"):
        pytest.skip("reads SQLite's query plan")
    person = django_user_model.objects.create_user("indexed")
    game = saved_game("pz-own-index", user=person, deals=1)
    plan = puzzles.own_in_game(game, person).explain()
    assert "USING INDEX" in plan and "SCAN games_puzzle" not in plan, plan
