"""Issue 43, friends and challenges (docs/people.md): following a player and seeing where friends
play (as the access policy allows); challenging a friend or any named player to a new private
table or to one's open table, answered on any page through the notices' poll; blocks refusing
challenges and follows; bad input refused with a reason and nothing changed; the limits."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.test import Client, override_settings

from games import clock, services
from games.models import Challenge, Connection, Follow, Game, Mute, Profile, Seat
from games.services import challenges, moderation

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_following_shows_where_a_friend_plays_as_the_policy_allows(players, outsider):
    alice, bob, carol = players[:3]
    a = client(alice)
    r = a.post("/u/bob/relation/", {"action": "follow"}, **JSON)
    assert r.status_code == 200 and r.json()["ok"]
    a.post("/u/carol/relation/", {"action": "follow"})
    assert Follow.objects.filter(follower=alice).count() == 2
    client(bob).post("/u/alice/relation/", {"action": "follow"})
    # bob waits at a public table (a socket open); carol at a private one alice may not see.
    public = services.create_game(bob)
    private = services.create_game(carol, private=True)
    for game, who in ((public, bob), (private, carol)):
        seat = services.take_seat(game.pk, who)
        Connection.objects.create(seat=seat, seen_at=clock.now())
    page = a.get("/friends/")
    rows = {f.user.username: f for f in page.context["friends"]}
    assert rows["bob"].online and rows["bob"].table == public and rows["bob"].mutual
    assert rows["carol"].online and rows["carol"].table is None and not rows["carol"].mutual
    body = page.content.decode()
    assert f"/game/{public.pk}/" in body and f"/game/{private.pk}/" not in body
    a.post("/u/bob/relation/", {"action": "unfollow"})
    assert not Follow.objects.filter(follower=alice, followed=bob).exists()


def test_a_challenge_to_a_new_table_is_answered_from_the_notices(players):
    alice, bob = players[:2]
    a, b = client(alice), client(bob)
    r = a.post("/friends/challenge/", {"name": "bob", "ruleset": "chinese-classical",
                                       "bots": "intermediate", "friends": "on"})
    game = Game.objects.get(created_by=alice)
    assert r.status_code == 302 and r["Location"] == f"/game/{game.pk}/"
    assert game.private and game.friends_only  # alice's friends may find it: not bob yet
    assert [s.chair for s in game.seats.all()] == [0, 2, 3]
    assert b.get(f"/game/{game.pk}/").status_code == 404  # not bob's until he accepts
    waiting = b.get("/notices.json").json()["incoming"]
    assert [(c["from"], c["rules"]) for c in waiting] == [("alice", "Chinese Classical")]
    assert a.get("/notices.json").json()["answers"] == []
    r = b.post(f"/challenges/{waiting[0]['id']}/answer/", {"answer": "accept"}, **JSON)
    assert r.json()["table"] == f"/game/{game.pk}/"
    assert Seat.objects.get(game=game, user=bob).chair == 1
    assert b.get(f"/game/{game.pk}/").status_code == 200
    told = a.get("/notices.json").json()["answers"]
    assert told == [{"id": waiting[0]["id"], "to": "bob", "status": "accepted",
                     "table": f"/game/{game.pk}/"}]
    assert a.get("/notices.json").json()["answers"] == []  # told once
    assert b.get("/notices.json").json()["incoming"] == []
    # Answered already: a second answer changes nothing.
    r = b.post(f"/challenges/{waiting[0]['id']}/answer/", {"answer": "decline"}, **JSON)
    assert r.status_code == 400 and "already" in r.json()["message"]


def test_declined_withdrawn_and_expired_challenges(players):
    alice, bob, carol, dave = players
    game = services.create_game(alice)
    services.take_seat(game.pk, alice)
    a = client(alice)
    for name in ("bob", "carol", "dave"):
        r = a.post("/friends/challenge/", {"name": name, "table": game.pk}, **JSON)
        assert r.status_code == 200, r.json()
    assert Game.objects.count() == 1  # to the open table alice sits at
    to = {c.challenged.username: c for c in Challenge.objects.all()}
    client(bob).post(f"/challenges/{to['bob'].pk}/answer/", {"answer": "decline"})
    a.post(f"/challenges/{to['carol'].pk}/answer/", {"answer": "cancel"})
    Challenge.objects.filter(pk=to["dave"].pk).update(created=clock.now() - timedelta(hours=1))
    r = client(dave).post(f"/challenges/{to['dave'].pk}/answer/", {"answer": "accept"}, **JSON)
    assert r.status_code == 400 and "expired" in r.json()["message"]
    assert game.seats.count() == 1
    told = {t["to"]: t["status"] for t in a.get("/notices.json").json()["answers"]}
    assert told == {"bob": "declined", "dave": "expired"}  # her own withdrawal is no news
    # Only the challenged answers, only the challenger withdraws.
    again = challenges.send(alice, "bob", game_id=game.pk)
    r = client(carol).post(f"/challenges/{again.pk}/answer/", {"answer": "accept"}, **JSON)
    assert r.status_code == 404
    r = client(bob).post(f"/challenges/{again.pk}/answer/", {"answer": "cancel"}, **JSON)
    assert r.status_code == 404


def test_a_block_refuses_challenges_and_follows_and_ends_what_was_between_them(players):
    alice, bob = players[:2]
    a, b = client(alice), client(bob)
    a.post("/u/bob/relation/", {"action": "follow"})
    pending = challenges.send(alice, "bob", ruleset_name="chinese-classical")
    r = b.post("/u/alice/relation/", {"action": "block"}, **JSON)
    assert r.json()["ok"] and "cannot challenge" in r.json()["message"]
    assert not Follow.objects.exists()
    pending.refresh_from_db()
    assert pending.status == "cancelled"
    games, sent = Game.objects.count(), Challenge.objects.count()
    r = a.post("/friends/challenge/", {"name": "bob", "ruleset": "chinese-classical"}, **JSON)
    assert r.status_code == 403 and r.json()["message"] == "bob does not take challenges from you."
    r = a.post("/u/bob/relation/", {"action": "follow"}, **JSON)
    assert r.status_code == 403 and not Follow.objects.exists()
    r = b.post("/friends/challenge/", {"name": "alice", "ruleset": "chinese-classical"}, **JSON)
    assert r.status_code == 403 and "unblock" in r.json()["message"]
    assert (Game.objects.count(), Challenge.objects.count()) == (games, sent)
    assert "You have blocked" not in a.get("/u/bob/").content.decode()  # they are not told
    b.post("/u/alice/relation/", {"action": "unblock"})
    assert a.post("/friends/challenge/", {"name": "bob", "ruleset": "chinese-classical"},
                  **JSON).status_code == 200


@pytest.mark.parametrize("form, status, words", [
    ({"name": "nobody", "ruleset": "chinese-classical"}, 404, "no player called"),
    ({"name": "alice", "ruleset": "chinese-classical"}, 400, "That is you"),
    ({"name": "bob", "ruleset": "no-such-rules"}, 400, "Choose the rules"),
    ({"name": "bob", "ruleset": "chinese-classical", "bots": "<b>"}, 400, "Unknown bot level"),
    ({"name": "bob", "ruleset": "chinese-classical", "bots": "strong", "rated": "on"}, 400,
     "no bots"),
    ({"name": "bob", "table": "12345"}, 400, "a table you sit at"),
    ({"name": "x" * 151, "ruleset": "chinese-classical"}, 404, "Name a player"),
])
def test_bad_challenges_are_refused_with_a_reason_and_change_nothing(players, form, status,
                                                                      words):
    r = client(players[0]).post("/friends/challenge/", form, **JSON)
    assert r.status_code == status and words in r.json()["message"]
    assert not Game.objects.exists() and not Challenge.objects.exists()


def test_relations_refuse_bad_input_guests_and_the_anonymous(players, django_user_model):
    a = client(players[0])
    r = a.post("/u/bob/relation/", {"action": "befriend"}, **JSON)
    assert r.status_code == 400 and "Choose follow" in r.json()["message"]
    assert a.get("/u/bob/relation/").status_code == 405
    r = Client().post("/u/bob/relation/", {"action": "mute"}, **JSON)
    assert r.status_code == 403 and not Mute.objects.exists()
    guest = django_user_model.objects.create_user("guest-1234")
    Profile.objects.create(user=guest, is_guest=True)
    g = client(guest)
    r = g.post("/u/bob/relation/", {"action": "follow"}, **JSON)
    assert r.status_code == 403 and "sign up" in r.json()["message"]
    assert g.post("/u/bob/relation/", {"action": "mute"}, **JSON).json()["ok"]  # safety: all
    assert Mute.objects.filter(user=guest).exists()


def test_the_people_writes_are_rate_limited(players):
    a = client(players[0])
    with override_settings(GAMES_LIMITS={"people": (2, 60)}):
        for action in ("mute", "unmute"):
            assert a.post("/u/bob/relation/", {"action": action}).status_code == 302
        r = a.post("/u/bob/relation/", {"action": "mute"})
    assert r.status_code == 429 and "Too many follows, mutes and blocks" in r.content.decode()
    assert not Mute.objects.exists()


def test_a_silenced_account_cannot_challenge(players, organiser):
    moderation.silence(players[0], 1, "flooding challenges", organiser)
    r = client(players[0]).post("/friends/challenge/", {"name": "bob",
                                                        "ruleset": "chinese-classical"}, **JSON)
    assert r.status_code == 403 and "silenced until" in r.json()["message"]
    assert not Challenge.objects.exists()
