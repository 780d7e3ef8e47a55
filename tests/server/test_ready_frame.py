"""The ready indicator in a seat's own frame (docs/protocol.md, `view.waits`): at a casual table a
seat one tile from going out is told which tiles would let it, by the deal's own win test; a
spectator's frame never holds it; at a rated table no frame holds it at all; and it is worked
out once per hand, not once per frame."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async

from games import services
from games.engine import bots
from games.engine.errors import EngineError
from games.engine.tiles import format_tiles
from games.engine.views import own_hand
from games.models import Game, Seat
from games.services import frames
from tests.web.live import join

pytestmark = pytest.mark.django_db(transaction=True)


def _table(people, seed: str, **options) -> Game:
    game = services.create_game(people[0], seed=seed, **options)
    for user in people:
        services.take_seat(game.pk, user)
    return services.start_game(game.pk)


def _users_by_seat(game: Game) -> dict:
    return {s.position: s.user for s in Seat.objects.filter(game=game).select_related("user")}


def _expected(match, seat: int) -> list[dict] | None:
    """Every tile kind tried by the deal's own win test, self-drawn and on a discard (a tile all
    four of whose copies the seat holds aside)."""
    deal = match.deal
    counts = own_hand(match, seat)
    held = list(counts)
    for meld in deal.seats[seat].melds:
        for t in meld.tiles:
            held[t] += 1
    out = []
    for tile in range(34):
        if held[tile] >= 4:
            continue  # every copy is the seat's own: none can come
        counts[tile] += 1
        try:
            drawn = deal.can_win(seat, counts, tile, "wall")
            thrown = deal.can_win(seat, counts, tile, "discard")
        except EngineError:
            drawn = thrown = False
        counts[tile] -= 1
        if drawn or thrown:
            wait = {"tile": format_tiles([tile])}
            if drawn != thrown:
                wait["only"] = "self_drawn" if drawn else "discard"
            out.append(wait)
    return out or None


def _step(game_id: int, users: dict) -> None:
    """One answer or move by a seat the game waits on, chosen as the greedy bot would."""
    game = Game.objects.get(pk=game_id)
    match = services.match_for(game)
    for seat in match.waiting_on():
        if str(seat) in game.pending or not match.legal_actions(seat):
            continue
        action = bots.choose(match, seat, "greedy").to_json()
        services.submit_action(game_id, users[seat], action, game.version)
        return
    raise AssertionError(f"nobody to move at version {game.version}")


def _until_ready(game_id: int, users: dict, limit: int = 400) -> int:
    """Play on until a seat not on turn holds a hand one tile from going out; that seat."""
    for _ in range(limit):
        game = Game.objects.get(pk=game_id)
        match = services.match_for(game)
        if match.phase in ("claim", "play"):
            for seat in range(4):
                if seat != match.deal.turn and _expected(match, seat):
                    return seat
        _step(game_id, users)
    raise AssertionError("no seat became ready")


def _match(game_id: int):
    game = Game.objects.get(pk=game_id)
    return game, services.match_for(game)


async def test_a_ready_seat_is_told_its_winning_tiles_and_nobody_else_is(app, players, spectator):
    game = await sync_to_async(_table)(players, "ready-frame-casual")
    users = await sync_to_async(_users_by_seat)(game)
    seat = await sync_to_async(_until_ready)(game.pk, users)
    row, match = await sync_to_async(_match)(game.pk)
    want = await sync_to_async(_expected)(match, seat)
    assert want  # the seat is one tile from going out

    mine = await join(app, game.pk, users[seat])
    assert mine.seat == seat
    assert mine.view["waits"] == want
    # Each other seat is told its own waits only (or that it has none).
    other = (seat + 1) % 4
    theirs = await join(app, game.pk, users[other])
    assert theirs.view.get("waits") == await sync_to_async(_expected)(match, other)
    watcher = await join(app, game.pk, spectator)
    assert watcher.seat is None
    assert "waits" not in watcher.view

    # The next move: the seat's update frame still tells it, the spectator's never does.
    await sync_to_async(_step)(game.pk, users)
    frame = await mine.until(lambda f: f["type"] == "update")
    row, match = await sync_to_async(_match)(game.pk)
    assert frame["view"]["waits"] == await sync_to_async(_expected)(match, seat)
    seen = await watcher.until(lambda f: f["type"] == "update")
    assert "waits" not in seen["view"]
    for p in (mine, theirs, watcher):
        await p.close()


async def test_a_rated_table_sends_no_ready_indicator(app, players, spectator):
    game = await sync_to_async(_table)(players, "ready-frame-rated", rated=True)
    users = await sync_to_async(_users_by_seat)(game)
    seat = await sync_to_async(_until_ready)(game.pk, users)
    row, match = await sync_to_async(_match)(game.pk)
    assert frames.ready_off(row) == "The ready indicator is off in rated games, as hints are."
    assert frames.ready_off(Game(tournament=True)) == (
        "The ready indicator is off in tournament games, as hints are.")
    assert frames.ready_off(Game()) is None
    mine = await join(app, game.pk, users[seat])
    assert mine.seat == seat
    assert "waits" not in mine.view
    await sync_to_async(_step)(game.pk, users)
    frame = await mine.until(lambda f: f["type"] == "update")
    assert "waits" not in frame["view"]
    assert all("waits" not in f["view"] for f in mine.frames if f.get("view")), "a frame held it"
    await mine.close()


def test_the_indicator_is_worked_out_once_per_hand(players, monkeypatch):
    """Frames for every seat at every version of a stretch of play: one computation per distinct
    hand of a seat, not one per frame."""
    computed = []
    real = frames.engine_views.ready_waits

    def counting(match, seat):
        computed.append(seat)
        return real(match, seat)

    monkeypatch.setattr(frames.engine_views, "ready_waits", counting)
    frames.forget_ready()
    game = _table(players, "ready-frame-once")
    users = _users_by_seat(game)
    hands: set = set()
    built = 0
    for _ in range(60):
        row, match = _match(game.pk)
        if match.phase in ("deal_over", "game_over"):
            break
        for seat in range(4):
            view = frames.view(row, match, seat)
            built += 1
            melds = tuple(m["tiles"] for m in view["seats"][seat]["melds"])
            hands.add((seat, match.deal.number, view["hand"], melds))
            # Built again for the same position: never worked out again.
            assert frames.view(row, match, seat)["waits"] == view["waits"]
        _step(game.pk, users)
    assert len(computed) == len(hands) < built
