"""Claim windows that reveal no more than a real table (docs/protocol.md, "Claim windows"): the
server passes for a seat with nothing to claim, and a window everyone passed closes at the same
moment whoever could have claimed; only a person taking time to think is seen to. And claim
answers taken without the lock check what this process cached: the seats and the rules."""

from datetime import timedelta

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.engine import bots
from games.models import Game, Seat
from games.realtime import protocol
from games.services import gamerow, matches
from games.services.errors import ServiceError
from games.services.frames import nothing_to_claim

from .live import join, make_table

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.scale_db]

MINIMUM_MS = 2000
WINDOW = ("claim", "rob")


def _settle(game_id: int) -> Game:
    """Whatever is due at the clock's time happens (the ticker's work, without waiting for it)."""
    while services.tick(game_id):
        pass
    return Game.objects.get(pk=game_id)


def _positions(game: Game, users) -> list[int]:
    return [Seat.objects.get(game=game, user=u).position for u in users]


def _window_where(game_id: int, people: dict[int, object], clock, wanted) -> tuple[Game, object]:
    """Play on (the people pass every window and play the greedy bot's move on their turns; the
    bots by the ticker) until a window opens for which `wanted(match)` holds; returns the row
    and the Match as the window opens."""
    for _ in range(600):
        game = _settle(game_id)
        match = matches.match_for(game)
        if match.is_over:
            break
        if match.phase in WINDOW and game.changed_at == clock.now and wanted(match):
            return game, match
        moved = False
        for pos in match.waiting_on():
            if pos not in people or str(pos) in game.pending:
                continue
            if match.phase in WINDOW:
                action = {"type": "pass"}
            else:
                action = bots.choose(match, pos, "greedy").to_json()
            services.submit_action(game_id, people[pos], action, game.version, seat=pos)
            moved = True
            break
        if not moved:
            clock.advance(1)
    pytest.skip("the game ended before the window this test needs")


def _nobody_but(seat: int | None, waiting: tuple[int, ...]):
    """A window (a bot's discard: the `waiting` seats answer) in which only `seat` (None:
    nobody) has anything to claim."""
    def wanted(match) -> bool:
        if not set(waiting) <= set(match.waiting_on()):
            return False
        claimers = {p for p in match.waiting_on() if not nothing_to_claim(match, p)}
        return claimers == ({seat} if seat is not None else set())
    return wanted


@pytest.mark.parametrize("bob", ["cannot-claim", "could-claim-passes-at-once", "thinks-3s"])
def test_a_window_nobody_claims_closes_at_the_same_moment_whoever_could_claim(
    players, clock, live_settings, bob
):
    """Two people and two bots. Alice has nothing to claim; Bob has nothing, or a claim he
    passes at once: the window closes GAMES_CLAIM_MIN_MS after the discard either way, so Alice
    cannot tell. Only Bob taking longer than that to decide shows."""
    live_settings.GAMES_CLAIM_MIN_MS = MINIMUM_MS
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 10**6  # nobody's autopilot: the people decide
    alice, bob_user = players[:2]
    game = make_table([alice, bob_user], bots=2, seed=f"same-moment-{bob}")
    a, b = _positions(game, [alice, bob_user])
    people = {a: alice, b: bob_user}
    row, match = _window_where(
        game.pk, people, clock, _nobody_but(None if bob == "cannot-claim" else b, (a, b))
    )
    opened = row.changed_at
    assert row.pending[str(a)] == {"seat": a, "type": "pass"}  # Alice was never asked
    if bob == "cannot-claim":
        assert row.pending[str(b)] == {"seat": b, "type": "pass"}
    else:
        assert str(b) not in row.pending
        if bob == "thinks-3s":
            clock.advance(3)
        answer = services.submit_action(game.pk, bob_user, {"type": "pass"}, row.version, seat=b)
        if bob == "thinks-3s":
            # Past the minimum his answer, the last, closes the window: a person thinking is
            # what shows, as at a real table.
            assert answer.status == "applied"
            assert Game.objects.get(pk=game.pk).changed_at - opened == timedelta(seconds=3)
            return
        assert answer.status == "answered"  # held: the window keeps its minimum
    closes = opened + timedelta(milliseconds=MINIMUM_MS)
    held = Game.objects.get(pk=game.pk)
    assert held.due_at == closes
    assert held.version == row.version and len(held.pending) == 3  # every answer in, unseen

    clock.now = closes - timedelta(milliseconds=1)
    assert not services.tick(game.pk)
    clock.now = closes
    assert services.tick(game.pk)
    closed = Game.objects.get(pk=game.pk)
    passes = list(closed.moves.filter(seq__gt=row.version, seq__lte=row.version + 3)
                  .values_list("action", flat=True))
    assert [p["type"] for p in passes] == ["pass"] * 3
    assert closed.changed_at - opened == timedelta(milliseconds=MINIMUM_MS)


def test_a_claim_closes_the_window_at_once(players, clock, live_settings):
    """The minimum hides that nobody could claim; a claim is shown as the window closes anyway."""
    live_settings.GAMES_CLAIM_MIN_MS = MINIMUM_MS
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 10**6
    alice, bob_user = players[:2]
    game = make_table([alice, bob_user], bots=2, seed="claim-at-once")
    a, b = _positions(game, [alice, bob_user])
    row, match = _window_where(game.pk, {a: alice, b: bob_user}, clock, _nobody_but(b, (a, b)))
    claim = next(x for x in match.legal_actions(b) if x.type != "pass")
    outcome = services.submit_action(game.pk, bob_user, claim.to_json(), row.version, seat=b)
    assert outcome.status == "applied" and outcome.version > row.version


async def test_a_seat_with_nothing_to_claim_is_never_asked(app, players, clock, live_settings):
    """Its view offers nothing, no client sends a pass for it: the server holds its pass from the
    moment the window opens, and the closing update shows the seat its own (server's) pass."""
    live_settings.GAMES_CLAIM_MIN_MS = 1000
    live_settings.GAMES_ABSENT_GRACE_SECONDS = 10**6
    alice_user, bob_user = players[:2]
    game = await sync_to_async(make_table)([alice_user, bob_user], bots=2, seed="never-asked")
    alice = await join(app, game.pk, alice_user)
    a, b = await sync_to_async(_positions)(game, [alice_user, bob_user])
    seen = 0
    for _ in range(400):
        row = await sync_to_async(_settle)(game.pk)
        await alice.reach(row.version)
        view = alice.view
        if view["phase"] == "deal_over" or row.status != "active":
            break
        match = await sync_to_async(matches.match_for)(row)
        if view["phase"] in WINDOW and a in match.waiting_on():
            if nothing_to_claim(match, a):
                assert view["legal_actions"] == []
                assert row.pending[str(a)] == {"seat": a, "type": "pass"}
                assert not any(f["type"] == "answered" for f in alice.frames[-3:])
                clock.advance(1)
                closed = await sync_to_async(_settle)(game.pk)
                await alice.reach(closed.version)
                update = next(f for f in alice.frames
                              if f["type"] == "update" and f["from"] == row.version)
                mine = [e for e in update["events"] if e["type"] == "answered"]
                assert mine == [{"type": "answered", "seat": a,
                                 "answer": {"seat": a, "type": "pass"}}]
                seen += 1
                if seen == 3:
                    break
                continue
            assert view["legal_actions"] and str(a) not in row.pending
            await alice.act({"type": "pass"})
        elif view["turn"] == a and view["legal_actions"]:
            await alice.act(bots.choose(match, a, "greedy").to_json())
        elif b in match.waiting_on() and str(b) not in row.pending:
            action = ({"type": "pass"} if match.phase in WINDOW
                      else bots.choose(match, b, "greedy").to_json())
            await sync_to_async(services.submit_action)(game.pk, bob_user, action, row.version,
                                                        seat=b)
        else:
            clock.advance(1)
    assert seen >= 1
    await alice.close()


def _window_for(game_id: int, people: dict[int, object], clock, seat: int) -> Game:
    """A window in which `seat` may claim, opened with this process's caches filled."""
    row, _ = _window_where(
        game_id, people, clock,
        lambda m: seat in m.waiting_on() and not nothing_to_claim(m, seat),
    )
    assert gamerow.known_seat(game_id, seat) is not None
    return row


def test_an_unlocked_answer_from_a_seat_another_process_handed_to_a_bot_is_refused(
    players, clock
):
    """This process's seats show Bob at his seat; another process has since handed it to a bot
    (he left) and moved seats_version. His answer must not be held on the stale cache."""
    game = make_table(players, seed="stale-seats")
    people = dict(zip(_positions(game, players), players, strict=True))
    b = _positions(game, [players[1]])[0]
    row = _window_for(game.pk, people, clock, b)
    # Another process: the seat handed over, the version moved; this process heard nothing.
    Seat.objects.filter(game=game, position=b).update(bot_level="greedy", left=True)
    Game.objects.filter(pk=game.pk).update(seats_version=row.seats_version + 1)
    with pytest.raises(ServiceError) as refused:
        services.submit_action(game.pk, players[1], {"type": "pass"}, row.version, seat=b)
    assert refused.value.code == protocol.E_NOT_YOUR_SEAT
    assert str(b) not in Game.objects.get(pk=game.pk).pending


def test_an_unlocked_answer_on_stale_seats_falls_back_to_the_lock(players, clock):
    """seats_version moved for a change that leaves Bob his seat: his answer is held all the
    same, by the locked path, which reads the seats again."""
    game = make_table(players, seed="stale-seats")
    people = dict(zip(_positions(game, players), players, strict=True))
    b = _positions(game, [players[1]])[0]
    row = _window_for(game.pk, people, clock, b)
    Game.objects.filter(pk=game.pk).update(seats_version=row.seats_version + 1)
    outcome = services.submit_action(game.pk, players[1], {"type": "pass"}, row.version, seat=b)
    assert outcome.status in ("answered", "applied")
    after = Game.objects.get(pk=game.pk)
    assert after.version > row.version or after.pending[str(b)]["type"] == "pass"
    assert gamerow.known_seat(game.pk, b)[1] == row.seats_version + 1  # read again


def test_a_rules_version_bump_reaches_a_process_holding_the_old_match(players, clock):
    """A ruleset changed by another process (a round's time limit) moves rules_version. This
    process's cached Match, at the same move version, is not used again: an unlocked answer
    takes the lock, and the Match is replayed under the row's rules, with no socket to say so."""
    game = make_table(players, seed="stale-rules")
    people = dict(zip(_positions(game, players), players, strict=True))
    b = _positions(game, [players[1]])[0]
    row = _window_for(game.pk, people, clock, b)
    stale = matches.cached(row)
    assert stale is not None
    Game.objects.filter(pk=game.pk).update(
        ruleset={**row.ruleset, "max_deals": 1}, rules_version=row.rules_version + 1
    )
    fresh = Game.objects.get(pk=game.pk)
    assert matches.cached(fresh) is None and matches.cached_at(game.pk, row.version)[0] is stale
    services.submit_action(game.pk, players[1], {"type": "pass"}, row.version, seat=b)
    now = Game.objects.get(pk=game.pk)
    replayed = matches.match_for(now)
    assert replayed is not stale and replayed.ruleset.max_deals == 1
    # The ticker of a process with no socket at the table plays on under the new rules.
    clock.advance(60)
    _settle(game.pk)
    assert matches.match_for(Game.objects.get(pk=game.pk)).ruleset.max_deals == 1
