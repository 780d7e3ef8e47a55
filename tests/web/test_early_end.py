"""Issue 38 §2: a fair early end for rated games. (a) Every person at the table agrees: one
proposes over the socket, the others see it and accept or decline; when all have accepted the
game ends now and is rated on the standing at that moment (before any deal is scored it is
called off, unrated); a proposal lapses at a decline, with the deal and when someone leaves.
(b) A person away past the grace period while another is at the table has left it: the game
ends early, the leaver last in the rating, the others by their points; while nobody is there
the table waits, and the first back gives the others a fresh grace period."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.test import Client
from openskill.models import PlackettLuce

from games import services
from games.models import (
    ABANDONED,
    ACTIVE,
    FINISHED,
    AuditLog,
    Game,
    PlayerStat,
    RatingChange,
    Seat,
)
from games.realtime import protocol
from games.services.absence import ARRIVAL_SECONDS
from games.services.matches import match_for

from .live import join, make_table, simple_choice

pytestmark = pytest.mark.django_db(transaction=True)


def _score_a_deal(game_id: int) -> list[int]:
    """The autopilot plays for everyone until a deal has changed the points; their points."""
    for _ in range(5000):
        match = match_for(Game.objects.get(pk=game_id))
        if any(any(h.deltas) for h in match.history):
            return match.points
        services.autopilot_waiting(game_id)
    raise AssertionError("no deal was scored")


score_a_deal = sync_to_async(_score_a_deal)


def _ranks(points: list[int], last: tuple[int, ...] = ()) -> list[int]:
    """Places by points (ties shared), the seats in `last` below everyone, sharing a place."""
    def key(s):
        return (1, 0) if s in last else (0, -points[s])
    return [1 + sum(key(o) < key(s) for o in range(4)) for s in range(4)]


def _rated_as(game: Game, ranks: list[int]) -> None:
    """The game's four rating changes are openskill's for these places, from new ratings."""
    changes = list(RatingChange.objects.filter(game=game).order_by("position"))
    assert [c.place for c in changes] == ranks
    model = PlackettLuce()
    want = [t[0] for t in model.rate([[model.rating()] for _ in range(4)], ranks=ranks)]
    assert [(c.mu_after, c.sigma_after) for c in changes] == [(w.mu, w.sigma) for w in want]


def _history() -> str:
    return Client().get("/games/?scope=all").content.decode()


# ------------------------------------------------------------------ by agreement
async def test_everyone_agrees_and_the_game_ends_rated_on_the_standing(app, players, spectator):
    game = await sync_to_async(make_table)(players, seed="agree", rated=True)
    points = await score_a_deal(game.pk)
    pages = [await join(app, game.pk, u) for u in players]
    sam = await join(app, game.pk, spectator)
    alice, bob, carol, dave = pages
    version = alice.version

    answer = await alice.send({"type": "propose_end", "version": version})
    assert answer == {"type": "ack", "re": "propose_end", "status": "proposed"}
    for page in [*pages, sam]:  # everyone at the table sees it, and who is still to answer
        frame = await page.until(lambda f: f["type"] == "proposal")
        shown = frame["proposal"]
        assert frame["event"] == "proposed" and frame["seat"] == alice.seat
        assert shown["by"] == alice.seat and shown["accepted"] == [alice.seat]
        assert sorted(shown["waiting"]) == sorted(p.seat for p in pages[1:])
        assert shown["points"] == points and shown["deals"] == 1
    proposal = shown["id"]
    # A page opened now is shown it too.
    late = await join(app, game.pk, spectator)
    assert late.frames[0]["proposal"]["id"] == proposal

    for page in (bob, carol):
        answer = await page.send({"type": "answer_end", "proposal": proposal, "accept": True})
        assert answer["status"] == "accepted"
        frame = await alice.until(lambda f: f["type"] == "proposal")
        assert page.seat in frame["proposal"]["accepted"]
    assert (await sync_to_async(Game.objects.get)(pk=game.pk)).status == ACTIVE
    answer = await dave.send({"type": "answer_end", "proposal": proposal, "accept": True})
    assert answer == {"type": "ack", "re": "answer_end", "status": "ended"}

    for page in [*pages, sam]:
        told = await page.until(lambda f: f["type"] == "proposal" and f["event"] != "accepted")
        assert told["event"] == "ended" and told["proposal"] is None
        state = await page.until(lambda f: f["type"] == "state")
        assert state["status"] == FINISHED and state["view"]["phase"] == "game_over"
        assert state["view"]["ended"]["how"] == "agreed" and state["proposal"] is None
    row = await sync_to_async(Game.objects.get)(pk=game.pk)
    assert row.version == version  # ended where it stood: no move made for it
    assert row.result["points"] == points and row.result["ended"]["early"]
    ranks = _ranks(points)
    assert {s["seat"]: s["place"] for s in row.result["standings"]} == dict(enumerate(ranks))
    await sync_to_async(_rated_as)(row, ranks)
    entry = await sync_to_async(AuditLog.objects.get)(action="ended_by_agreement")
    assert entry.details["proposed_by"] == alice.seat and entry.details["deals"] == 1
    assert "Ended early by agreement." in await sync_to_async(_history)()
    for page in [*pages, sam, late]:
        await page.close()


async def test_a_decline_ends_a_proposal_and_the_next_deal_lapses_one(app, players):
    game = await sync_to_async(make_table)(players, seed="decline", rated=True)
    await score_a_deal(game.pk)
    alice, bob, carol, dave = [await join(app, game.pk, u) for u in players]

    await alice.send({"type": "propose_end", "version": alice.version})
    first = (await bob.until(lambda f: f["type"] == "proposal"))["proposal"]["id"]
    answer = await bob.send({"type": "answer_end", "proposal": first, "accept": False})
    assert answer["status"] == "declined"
    told = await carol.until(lambda f: f["type"] == "proposal" and f["event"] == "declined")
    assert told["proposal"] is None and told["seat"] == bob.seat
    late = await carol.send({"type": "answer_end", "proposal": first, "accept": True})
    assert late["code"] == protocol.E_NO_PROPOSAL
    # Once a deal: Alice may not ask again until the deal changes; Carol may.
    again = await alice.send({"type": "propose_end", "version": alice.version})
    assert again["code"] == protocol.E_PROPOSED_ALREADY and again["re"] == "propose_end"
    answer = await carol.send({"type": "propose_end", "version": carol.version})
    assert answer["status"] == "proposed"
    second = (await dave.until(lambda f: f["type"] == "proposal" and f["seat"] == carol.seat)
              )["proposal"]["id"]
    assert second != first

    # Everyone says Ready: a new deal begins, and Carol's proposal lapses with the old one.
    deal = dave.view["deal_number"]
    for page in (alice, bob, carol, dave):
        await page.reach((await sync_to_async(Game.objects.get)(pk=game.pk)).version)
        ready = simple_choice(page.view)
        assert ready["type"] == "ready"
        await page.act(ready)
    await dave.until(lambda f: f["type"] == "update" and f["view"]["deal_number"] > deal)
    lapsed = await dave.send({"type": "answer_end", "proposal": second, "accept": True})
    assert lapsed["code"] == protocol.E_NO_PROPOSAL
    await dave.comm.send_json_to({"type": "sync"})
    state = await dave.until(lambda f: f["type"] == "state")
    assert state["proposal"] is None
    await alice.reach(state["version"])
    answer = await alice.send({"type": "propose_end", "version": alice.version})
    assert answer["status"] == "proposed"  # a new deal: she may ask again
    for page in (alice, bob, carol, dave):
        await page.close()


def test_a_second_proposal_accepts_the_first_and_leaving_lapses_it(players):
    alice, bob, carol, dave = players
    game = make_table(players, seed="second", rated=True)
    _score_a_deal(game.pk)
    v = Game.objects.get(pk=game.pk).version
    assert services.propose_end(game.pk, alice, v) == "proposed"
    assert services.propose_end(game.pk, bob, v) == "accepted"
    open_ = Game.objects.get(pk=game.pk).proposal["open"]
    assert sorted(open_["accepted"]) == sorted(
        Seat.objects.filter(user__in=[alice, bob]).values_list("position", flat=True))
    services.leave_game(game.pk, dave)  # the people at the table change: it lapses
    with pytest.raises(services.ServiceError) as lapsed:
        services.answer_end(game.pk, carol, open_["id"], True)
    assert lapsed.value.code == protocol.E_NO_PROPOSAL
    # Those still at the table agree: it ends, Dave (who left) last, the others by points.
    assert services.propose_end(game.pk, carol, v) == "proposed"
    new = Game.objects.get(pk=game.pk).proposal["open"]["id"]
    assert services.answer_end(game.pk, alice, new, True) == "accepted"
    assert services.answer_end(game.pk, bob, new, True) == "ended"
    done = Game.objects.get(pk=game.pk)
    left = Seat.objects.get(game=game, user=dave).position
    _rated_as(done, _ranks(done.result["points"], last=(left,)))


def test_agreeing_before_any_deal_is_scored_calls_the_game_off_unrated(players):
    game = make_table(players, seed="call-off", rated=True)
    v = Game.objects.get(pk=game.pk).version
    assert services.propose_end(game.pk, players[0], v) == "proposed"
    proposal = Game.objects.get(pk=game.pk).proposal["open"]["id"]
    for user in players[1:3]:
        assert services.answer_end(game.pk, user, proposal, True) == "accepted"
    assert services.answer_end(game.pk, players[3], proposal, True) == "called_off"
    done = Game.objects.get(pk=game.pk)
    assert done.status == ABANDONED and done.due_at is None
    assert done.result["ended"]["how"] == "agreed" and done.result["ended"]["deals"] == 0
    assert not RatingChange.objects.exists() and not PlayerStat.objects.exists()
    http = Client()
    http.force_login(players[0])
    page = http.get(f"/game/{game.pk}/").content.decode()
    assert "called off by agreement before its first deal was scored" in page


def _book(game_id: int):
    row = Game.objects.get(pk=game_id)
    return row.status, row.version, row.proposal


def test_refusals_change_nothing(players, outsider):
    alice, bob, carol, dave = players
    rated = make_table(players, seed="refuse-end", rated=True)
    v = Game.objects.get(pk=rated.pk).version
    casual = make_table(players, seed="refuse-end-casual")
    cup = make_table(players, seed="refuse-end-cup", rated=True, tournament=True)
    cases = [
        (rated.pk, lambda: services.propose_end(rated.pk, outsider, v), protocol.E_NOT_SEATED),
        (rated.pk, lambda: services.propose_end(rated.pk, None, v), protocol.E_NOT_SEATED),
        (rated.pk, lambda: services.propose_end(rated.pk, alice, v + 1), protocol.E_STALE),
        (rated.pk, lambda: services.propose_end(rated.pk, alice, None), protocol.E_BAD_MESSAGE),
        (rated.pk, lambda: services.answer_end(rated.pk, bob, "nope", True),
         protocol.E_NO_PROPOSAL),
        (rated.pk, lambda: services.answer_end(rated.pk, bob, "nope", "yes"),
         protocol.E_BAD_MESSAGE),
        (casual.pk, lambda: services.propose_end(casual.pk, alice, v), protocol.E_CASUAL_TABLE),
        (cup.pk, lambda: services.propose_end(cup.pk, alice, v), protocol.E_TOURNAMENT_TABLE),
    ]
    for game_id, call, code in cases:
        before = _book(game_id)
        with pytest.raises(services.ServiceError) as refused:
            call()
        assert refused.value.code == code and refused.value.message
        assert _book(game_id) == before
    # Once over, nothing more.
    services.propose_end(rated.pk, alice, v)
    proposal = Game.objects.get(pk=rated.pk).proposal["open"]["id"]
    for user in (bob, carol, dave):
        services.answer_end(rated.pk, user, proposal, True)
    with pytest.raises(services.ServiceError) as over:
        services.propose_end(rated.pk, alice, v)
    assert over.value.code == protocol.E_GAME_OVER


# ------------------------------------------------------------------ by absence
@pytest.fixture
def away(settings, clock):
    """Grace 20 s; sockets never go stale on their own (no process to refresh them here)."""
    settings.GAMES_ABSENT_GRACE_SECONDS = 20
    settings.GAMES_PRESENCE_TTL_SECONDS = 3600
    settings.GAMES_BOT_DELAY_MS = 0
    return clock


def _at_table(game, users) -> dict:
    return {u.username: services.connect(game.pk, u).connection for u in users}


def test_a_person_away_past_the_grace_period_ends_the_game_and_is_placed_last(players, away):
    game = make_table(players, seed="away", rated=True)
    points = _score_a_deal(game.pk)
    sockets = _at_table(game, players)
    services.disconnect(game.pk, sockets["dave"])
    dave = Seat.objects.get(game=game, user=players[3]).position
    version = Game.objects.get(pk=game.pk).version

    away.advance(19)
    services.sweep(away.now)
    assert Game.objects.get(pk=game.pk).status == ACTIVE
    away.advance(2)
    # Past his grace the table waits: the autopilot says nothing for him (his Ready is owed).
    assert not services.tick(game.pk)
    assert Game.objects.get(pk=game.pk).version == version
    assert game.pk in services.sweep(away.now)

    done = Game.objects.get(pk=game.pk)
    assert done.status == FINISHED and done.version == version
    assert done.result["ended"]["how"] == "left"
    assert done.result["ended"]["by"] == [{"seat": dave, "how": "left", "name": "dave"}]
    assert done.result["standings"][-1]["seat"] == dave
    seat = Seat.objects.get(game=game, user=players[3])
    assert seat.forfeit == "left" and seat.place == 4 and not seat.left
    _rated_as(done, _ranks(points, last=(dave,)))
    assert RatingChange.objects.get(game=game, position=dave).abandoned
    entry = AuditLog.objects.get(action="left_by_absence")
    assert entry.details["names"] == ["dave"]
    assert "Ended early: dave left." in _history()


def test_back_too_late_ends_the_game_as_the_leaver_returns(players, away):
    game = make_table(players, seed="too-late", rated=True)
    points = _score_a_deal(game.pk)
    sockets = _at_table(game, players)
    services.disconnect(game.pk, sockets["carol"])
    away.advance(25)  # no sweep came by meanwhile
    services.connect(game.pk, players[2])
    done = Game.objects.get(pk=game.pk)
    carol = Seat.objects.get(game=game, user=players[2]).position
    assert done.status == FINISHED and done.result["ended"]["by"][0]["seat"] == carol
    _rated_as(done, _ranks(points, last=(carol,)))


def test_nobody_at_the_table_waits_and_the_first_back_gives_the_others_a_grace(players, away):
    game = make_table(players, seed="all-away", rated=True)
    points = _score_a_deal(game.pk)
    sockets = _at_table(game, players)
    for user in players:
        services.disconnect(game.pk, sockets[user.username])
    away.advance(60)
    assert game.pk not in services.sweep(away.now)  # nobody was there to be owed a game
    assert not services.tick(game.pk)
    services.connect(game.pk, players[0])  # Alice is back: the others have 20 s from now
    assert Game.objects.get(pk=game.pk).status == ACTIVE
    away.advance(19)
    services.sweep(away.now)
    assert Game.objects.get(pk=game.pk).status == ACTIVE
    services.connect(game.pk, players[1])  # Bob makes it
    away.advance(2)
    assert game.pk in services.sweep(away.now)
    done = Game.objects.get(pk=game.pk)
    gone = tuple(sorted(Seat.objects.filter(game=game, user__in=players[2:])
                        .values_list("position", flat=True)))
    assert sorted(b["seat"] for b in done.result["ended"]["by"]) == list(gone)
    _rated_as(done, _ranks(points, last=gone))  # Carol and Dave share the last places


def test_someone_who_never_came_has_time_to_arrive(players, away):
    game = make_table(players, seed="never-came", rated=True)
    _at_table(game, players[:3])
    away.advance(30)
    services.sweep(away.now)
    assert Game.objects.get(pk=game.pk).status == ACTIVE  # a page may still be on its way
    away.advance(ARRIVAL_SECONDS - 30)
    assert game.pk in services.sweep(away.now)
    done = Game.objects.get(pk=game.pk)
    assert done.result["ended"]["how"] == "left" and done.result["ended"]["deals"] == 0
    assert done.result["ended"]["by"][0]["name"] == "dave"
    places = {c.user_id: c.place for c in RatingChange.objects.filter(game=game)}
    assert places == {players[0].pk: 1, players[1].pk: 1, players[2].pk: 1, players[3].pk: 4}


def test_casual_and_tournament_tables_play_on_for_the_absent(players, away):
    casual = make_table(players, seed="away-casual")
    cup = make_table(players, seed="away-cup", rated=True, tournament=True)
    for game in (casual, cup):
        sockets = _at_table(game, players)
        services.disconnect(game.pk, sockets["dave"])
    away.advance(25)
    assert services.sweep(away.now) == []
    for game in (casual, cup):
        assert Game.objects.get(pk=game.pk).status == ACTIVE
