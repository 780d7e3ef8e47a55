"""A British table brought to the Goulash's first exchange, through the service door, in the
live server's database (run by `python manage.py shell` with that server's environment).

Seed "goulash-0": played by greedy players its first British deal is a wash-out
(tests/web/test_goulash_exchange.py), so the second deal is a Goulash. The person's moves of
that first deal are made by the greedy autopilot, as if they had played it."""

from __future__ import annotations

import time

from django.contrib.auth import get_user_model

from games import services
from games.engine import bots
from games.models import Game
from games.services import ServiceError, matches

SEED = "goulash-0"


def make(username: str) -> int:
    user = get_user_model().objects.get(username=username)
    game = services.create_game(user, "british", seed=SEED)
    services.take_seat(game.pk, user)
    for _ in range(3):
        services.add_bot(game.pk, "greedy")
    services.start_game(game.pk)
    pos = Game.objects.get(pk=game.pk).seats.get(user=user).position
    # Bounded by progress, not by a count of turns: the bots think in workers, which a busy
    # machine slows; the loop gives up only when the game stops moving.
    seen, moved = -1, time.monotonic()
    while time.monotonic() - moved < 90:
        row = Game.objects.get(pk=game.pk)
        if row.version != seen:
            seen, moved = row.version, time.monotonic()
        match = matches.match_for(row)
        if match.phase == "exchange":
            return game.pk
        if pos in match.waiting_on() and str(pos) not in row.pending:
            action = bots.choose(match, pos, "greedy").to_json()
            try:
                services.submit_action(game.pk, None, action, row.version, seat=pos)
            except ServiceError:
                pass  # the server's own ticker moved the game first: look again
        else:
            services.tick(game.pk)
            if Game.objects.get(pk=game.pk).version == row.version:
                time.sleep(0.02)  # a decision is being thought out: let the workers run
    raise RuntimeError(f"the table stopped at move {seen} before the Goulash")
