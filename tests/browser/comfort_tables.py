"""Tables for the comfort tests (test_comfort.py, test_ready_indicator.py), made and played
through the service door in the live server's database (run by `python manage.py shell` with
that server's environment): a person in chair 0, played here as the greedy bot would, until a
position the test wants (its hand one tile from going out on its turn; a win on offer).

Seeds found by playing them with the engine's greedy bots: "ready-164", the person's hand is
ready on its turn early in the first deal; "auto-win-60", a discard the person may go out on."""

from __future__ import annotations

import json
import time

from django.contrib.auth import get_user_model

from games import services
from games.engine import bots
from games.engine.tiles import parse_tiles
from games.engine.views import ready_waits
from games.models import Game, Seat

READY_SEED = "ready-164"
WIN_SEED = "auto-win-60"
MOVES = 800  # a bound for a drive that never gets there: a deal is about a hundred moves
STALL_S = 60  # a bound for a stuck table: no move for this long


def table(username: str, seed: str, *, people: tuple[str, ...] = (), rated: bool = False,
          settings: dict | None = None) -> int:
    """A table not started yet: the person in chair 0, then `people` (accounts made if need be),
    then greedy bots for the seats left (none at a rated table)."""
    users = get_user_model().objects
    user = users.get(username=username)
    game = services.create_game(user, seed=seed, claim_seconds=600, rated=rated,
                                settings=settings)
    services.take_seat(game.pk, user)
    for name in people:
        services.take_seat(game.pk, users.get_or_create(username=name)[0])
    for _ in range(3 - len(people)):
        services.add_bot(game.pk, "greedy")
    return game.pk


def _owes(game: Game, match, seat: int) -> bool:
    return (seat in match.waiting_on() and str(seat) not in game.pending
            and bool(match.legal_actions(seat)))


def ready_turn(game: Game, match, seat: int) -> bool:
    """The seat is to discard, its hand (the tile drawn aside) one tile from going out, and the
    tile drawn no win."""
    return (match.phase == "play" and match.deal.turn == seat
            and match.deal.seats[seat].drawn is not None
            and bool(ready_waits(match, seat))
            and not any(a.type == "win" for a in match.legal_actions(seat)))


def may_win(game: Game, match, seat: int) -> bool:
    return _owes(game, match, seat) and any(a.type == "win" for a in match.legal_actions(seat))


def drive(game_id: int, username: str, until) -> int:
    """Start the table if need be, then play it on (the people's seats as the greedy bot would,
    the bots by ticking) until `until(game, match, person's seat)`; the version there."""
    if Game.objects.get(pk=game_id).status == "open":
        services.start_game(game_id)
    seats = {s.position: s for s in Seat.objects.filter(game_id=game_id).select_related("user")}
    me = next(p for p, s in seats.items() if s.user and s.user.username == username)
    start = Game.objects.get(pk=game_id).version
    seen, moved_at = start, time.monotonic()
    while True:
        game = Game.objects.get(pk=game_id)
        if game.version != seen:
            seen, moved_at = game.version, time.monotonic()
        if game.version - start > MOVES or time.monotonic() - moved_at > STALL_S:
            raise RuntimeError(f"the position was not reached (version {game.version})")
        if game.status != "active":
            raise RuntimeError(f"the game ended before the position was reached ({game.status})")
        match = services.match_for(game)
        if until(game, match, me):
            return game.version
        person = next((p for p in match.waiting_on() if not seats[p].bot_level
                       and _owes(game, match, p)), None)
        if person is not None:
            action = bots.choose(match, person, "greedy").to_json()
            try:
                services.submit_action(game_id, seats[person].user, action, game.version)
            except services.ServiceError:
                pass  # the table moved meanwhile (the server's own ticker): look again
        elif not services.tick(game_id):
            time.sleep(0.02)  # a bot's move on its way from the server's ticker


def expected_waits(game_id: int, username: str) -> str:
    """The person's winning tiles and, for each, 4 minus the copies its seat can see (its own
    tiles, every discard, every set shown), counted here from the engine's state: JSON."""
    game = Game.objects.get(pk=game_id)
    match = services.match_for(game)
    me = Seat.objects.get(game_id=game_id, user__username=username).position
    deal = match.deal
    seen: dict[int, int] = {}
    for t in deal.seats[me].tiles():
        seen[t] = seen.get(t, 0) + 1
    for st in deal.seats:
        for t in st.discards:
            seen[t] = seen.get(t, 0) + 1
        for m in st.melds:
            for t in m.tiles:
                seen[t] = seen.get(t, 0) + 1
    waits = ready_waits(match, me) or []
    return json.dumps({"version": game.version, "waits": [
        {"tile": w["tile"], "left": 4 - seen.get(parse_tiles(w["tile"])[0], 0)} for w in waits]})


def ready_table(username: str, **options) -> str:
    """A table brought to the person's turn with a ready hand: {game, version, waits}."""
    game_id = table(username, READY_SEED, **options)
    drive(game_id, username, ready_turn)
    return json.dumps({"game": game_id, **json.loads(expected_waits(game_id, username))})


def win_table(username: str) -> str:
    """A one-deal table brought to a win on offer to the person: {game, version}."""
    game_id = table(username, WIN_SEED, settings={"rounds": 1, "max_deals": 1})
    version = drive(game_id, username, may_win)
    return json.dumps({"game": game_id, "version": version})
