"""The queue (services/queue.py, /queue/): four people asking for the same game are seated
together at a new table, started at once; asking twice, a guest asking for a rated game and a
bad ruleset are refused with the reason; a page that stops asking leaves the queue; a casual
queue fills with bots after the wait each person chose."""

from __future__ import annotations

import json

import pytest
from django.test import Client

from games import clock as game_clock
from games.access.accounts import make_guest
from games.models import ACTIVE, Game, QueueEntry
from games.services import ServiceError, queue

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def test_four_people_asking_are_seated_at_one_new_table(players, clock):
    answers = [queue.join(u, "chinese-classical", rated=True) for u in players]
    assert [a.state for a in answers] == ["waiting"] * 3 + ["seated"]
    assert [a.waiting for a in answers[:3]] == [1, 2, 3]
    game = Game.objects.get(pk=answers[3].game_id)
    assert game.status == ACTIVE and game.rated and game.ruleset_name == "chinese-classical"
    assert sorted(s.user_id for s in game.seats.all()) == sorted(u.pk for u in players)
    assert not game.seats.filter(bot_level__gt="").exists()
    assert (game.turn_seconds, game.bank_seconds) == queue.RATED_CLOCK
    # Everyone's page learns it on its next question.
    for user in players:
        status = queue.poll(user)
        assert (status.state, status.game_id) == ("seated", game.pk)


def test_queues_are_apart_by_ruleset_and_by_rated(players, outsider):
    alice, bob, carol, dave = players
    queue.join(alice, "chinese-classical", rated=True)
    queue.join(bob, "chinese-classical", rated=False, bots="never")
    queue.join(carol, "british", rated=True)
    queue.join(dave, "chinese-classical", rated=True)
    assert not Game.objects.exists()
    assert queue.counts() == {("chinese-classical", True): 2, ("chinese-classical", False): 1,
                              ("british", True): 1}


def test_asking_twice_is_refused(players):
    queue.join(players[0], "chinese-classical", rated=True)
    with pytest.raises(ServiceError) as twice:
        queue.join(players[0], "british", rated=False)
    assert twice.value.code == "already_queued"
    assert "already waiting for a rated Chinese Classical game" in twice.value.message
    assert QueueEntry.objects.count() == 1


def test_a_guest_asking_for_a_rated_game_is_refused_but_may_play_casual(players):
    guest = make_guest()
    with pytest.raises(ServiceError) as rated:
        queue.join(guest, "chinese-classical", rated=True)
    assert rated.value.code == "rated_guest" and "members" in rated.value.message
    assert queue.join(guest, "chinese-classical", rated=False, bots="never").state == "waiting"


@pytest.mark.parametrize(("ruleset", "bots", "code"), [
    ("no-such-rules", "never", "bad_ruleset"),
    ("chinese-classical", "5", "bad_wait"),
    ("chinese-classical", None, "bad_wait"),
    ("x" * 5000, "never", "bad_ruleset"),
])
def test_bad_requests_are_refused_with_the_reason(players, ruleset, bots, code):
    with pytest.raises(ServiceError) as bad:
        queue.join(players[0], ruleset, rated=False, bots=bots)
    assert bad.value.code == code and len(bad.value.message) < 200
    assert not QueueEntry.objects.exists()


def test_a_page_that_stops_asking_leaves_the_queue(players, outsider, clock):
    alice, bob, carol, dave = players
    queue.join(outsider, "chinese-classical", rated=True)  # then their page closes, unheard
    clock.advance(queue.TTL_SECONDS - 10)
    for user in (alice, bob):
        queue.join(user, "chinese-classical", rated=True)
    clock.advance(11)  # the outsider's entry is stale now; alice's and bob's are not
    queue.join(carol, "chinese-classical", rated=True)
    assert not Game.objects.exists()  # three live entries only
    assert queue.poll(outsider).state == "none"
    assert queue.join(dave, "chinese-classical", rated=True).state == "seated"
    game = Game.objects.get()
    assert outsider.pk not in set(game.seats.values_list("user_id", flat=True))


def test_a_page_back_after_too_long_is_told_why(players, clock):
    queue.join(players[0], "chinese-classical", rated=True)
    clock.advance(queue.TTL_SECONDS + 1)
    status = queue.poll(players[0])
    assert status.state == "none" and "away too long" in status.reason
    assert not QueueEntry.objects.exists()


def test_asking_keeps_a_person_in_the_queue(players, clock):
    queue.join(players[0], "chinese-classical", rated=True)
    for _ in range(5):
        clock.advance(queue.TTL_SECONDS - 5)
        assert queue.poll(players[0]).state == "waiting"
    assert queue.status(players[0]).waited == 5 * (queue.TTL_SECONDS - 5)


def test_leaving_the_queue(players):
    queue.join(players[0], "chinese-classical", rated=True)
    assert queue.leave(players[0]) is True
    assert queue.leave(players[0]) is False
    assert queue.poll(players[0]).state == "none"
    assert queue.join(players[0], "chinese-classical", rated=True).state == "waiting"


def test_a_casual_queue_fills_with_bots_after_the_chosen_wait(players, clock):
    alice, bob, carol, _ = players
    queue.join(alice, "british", rated=False, bots="30")
    queue.join(bob, "british", rated=False, bots="120")
    queue.join(carol, "british", rated=False, bots="never")
    assert queue.status(alice).bots_in == 30
    clock.advance(31)
    # Alice's wait is over: she is seated with bots; the others wait on as they asked.
    assert [queue.poll(u).state for u in (bob, carol)] == ["waiting", "waiting"]
    status = queue.poll(alice)
    assert status.state == "seated"
    game = Game.objects.get(pk=status.game_id)
    assert game.status == ACTIVE and not game.rated and game.ruleset_name == "british"
    assert [s.user_id for s in game.seats.order_by("chair")][:1] == [alice.pk]
    assert game.seats.filter(bot_level=queue.BOT_LEVEL).count() == 3
    clock.advance(60)
    assert [queue.poll(u).state for u in (bob, carol)] == ["waiting", "waiting"]
    clock.advance(30)
    # Bob's two minutes are up: he is seated with bots; carol asked for people only, and waits.
    assert queue.poll(carol).state == "waiting"
    status = queue.poll(bob)
    assert status.state == "seated"
    game = Game.objects.get(pk=status.game_id)
    assert list(game.seats.exclude(user=None).values_list("user_id", flat=True)) == [bob.pk]
    assert queue.status(carol).bots_in is None


def test_bots_at_once(players):
    status = queue.join(players[0], "cantonese", rated=False, bots="0")
    assert status.state == "seated"
    assert Game.objects.get(pk=status.game_id).seats.filter(bot_level__gt="").count() == 3


def test_seated_people_may_ask_again(players):
    for u in players:
        queue.join(u, "chinese-classical", rated=True)
    assert queue.join(players[0], "chinese-classical", rated=True).state == "waiting"


def test_matching_twice_seats_nobody_twice(players, outsider, django_user_model):
    more = [django_user_model.objects.create_user(f"q{i}") for i in range(4)]
    for u in [*players, outsider, *more[:3]]:
        QueueEntry.objects.create(user=u, ruleset_name="shanghai", rated=False,
                                  joined=game_clock.now(), seen_at=game_clock.now())
    made = queue.match("shanghai", False)
    assert len(made) == 2
    assert queue.match("shanghai", False) == []  # nobody left unseated
    seated = [s.user_id for g in made for s in Game.objects.get(pk=g).seats.all()]
    assert len(seated) == len(set(seated)) == 8


# ------------------------------------------------------------------ the pages
def test_the_pages_join_poll_and_leave(players):
    c = client_for(players[0])
    lobby = c.get("/lobby/").content.decode()
    assert "Find a rated game" in lobby and "Find a casual game" in lobby
    answer = c.post("/queue/join/", {"queue-ruleset": "british", "queue-kind": "rated",
                                     "queue-bots": "120"})
    assert answer.status_code == 302 and answer["Location"] == "/queue/"
    page = c.get("/queue/")
    html = page.content.decode()
    assert "Finding a rated British game" in html and "Leave the queue" in html
    assert 'src="/static/js/queue.js"' in html
    config = json.loads(html.split('id="queue-config" type="application/json">')[1]
                        .split("</script>")[0])
    assert config["poll"] == "/queue/poll.json" and config["status"]["state"] == "waiting"
    polled = c.post("/queue/poll.json").json()
    assert polled["state"] == "waiting" and polled["waiting"] == 1 and polled["url"] is None
    # The lobby says so instead of offering a second queue.
    assert "You are waiting for a rated British game" in c.get("/lobby/").content.decode()
    assert c.post("/queue/leave/", {"beacon": "1"}).status_code == 204
    assert c.post("/queue/poll.json").json()["state"] == "none"


def test_the_fourth_page_and_the_others_go_to_the_table(players):
    clients = [client_for(u) for u in players]
    for c in clients:
        c.post("/queue/join/", {"queue-ruleset": "chinese-classical", "queue-kind": "rated"})
    game = Game.objects.get()
    for c in clients:
        polled = c.post("/queue/poll.json").json()
        assert polled["state"] == "seated" and polled["url"] == f"/game/{game.pk}/"
    page = clients[3].get("/queue/").content.decode()
    assert "Your table is ready" in page and f"/game/{game.pk}/" in page


def test_the_pages_refuse_with_the_reason(players):
    c = client_for(players[0])
    c.post("/queue/join/", {"queue-ruleset": "chinese-classical", "queue-kind": "rated"})
    twice = c.post("/queue/join/", {"queue-ruleset": "chinese-classical",
                                    "queue-kind": "casual", "queue-bots": "30"}, follow=True)
    assert "already waiting" in twice.content.decode()
    bad = c.post("/queue/join/", {"queue-ruleset": "nope", "queue-kind": "rated"}, follow=True)
    assert bad.status_code == 200 and "Choose a ruleset" in bad.content.decode()
    anonymous = Client()
    refused = anonymous.post("/queue/join/", {"queue-ruleset": "chinese-classical",
                                              "queue-kind": "rated"}, follow=True)
    assert "Rated games are for members" in refused.content.decode()
    assert QueueEntry.objects.count() == 1  # nobody else was queued, and no guest made
    assert anonymous.post("/queue/poll.json").json()["state"] == "none"
    assert anonymous.get("/queue/poll.json").status_code == 405
    guest = Client()
    guest.post("/play-now/")
    page = guest.get("/queue/").content.decode()
    assert 'id="find-rated" disabled' in page
    refused = guest.post("/queue/join/", {"queue-ruleset": "chinese-classical",
                                          "queue-kind": "rated"}, follow=True)
    assert "Rated games are for members" in refused.content.decode()


def test_a_visitor_may_find_a_casual_game_as_a_guest():
    c = Client()
    c.post("/queue/join/", {"queue-ruleset": "chinese-classical", "queue-kind": "casual",
                            "queue-bots": "never"})
    entry = QueueEntry.objects.get()
    assert entry.user.username.startswith("guest-") and entry.bots_at is None
