"""Issue 39, scaled out: two server processes, each with its own thinking workers, on PostgreSQL
and the Redis channel layer, play four-bot tables to the end with no move lost or applied
twice (each process asks for what its own changes opened; a seat another process left due is
taken over after a hand-off time)."""

from __future__ import annotations

import time

import pytest
from django.conf import settings

from games import services
from games.engine.actions import Action
from games.engine.match import Match
from games.engine.record import results_of
from games.engine.ruleset import Ruleset
from games.models import FINISHED, Game
from tests.browser.server import SERVE, daphne

pytestmark = [pytest.mark.scale, pytest.mark.django_db(transaction=True)]

STALL_S = 90  # no move at any table for this long: stuck (a moving game may take any time)
TABLES = 3


def _env() -> dict:
    import os

    db = settings.DATABASES["default"]
    return {
        **os.environ,
        "DATABASE_URL": f"postgres://{db['USER']}:{db['PASSWORD']}@{db['HOST']}:{db['PORT']}/"
                        f"{db['NAME']}",
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": "two-servers-test",
        "MAHJONG_BOT_DELAY_MS": "0",
        "MAHJONG_CLAIM_MIN_MS": "0",
        "MAHJONG_TICK_POLL_SECONDS": "1",
        "MAHJONG_THINK_WORKERS": "1",
    }


def _four_bot_table(n: int) -> Game:
    game = services.create_game(None, seed=f"two servers {n}",
                                settings={"rounds": 1, "max_deals": 4})
    for _ in range(4):
        services.add_bot(game.pk, "intermediate")
    return game


def _progress(ids: list[int]) -> tuple[int, int]:
    rows = Game.objects.filter(pk__in=ids)
    return sum(g.version for g in rows), sum(g.status == FINISHED for g in rows)


def test_four_bot_tables_finish_whole_games_on_two_servers(tmp_path):
    games = [_four_bot_table(n) for n in range(TABLES)]
    ids = [g.pk for g in games]
    env = _env()
    with daphne(env, tmp_path / "one.log", command=SERVE), \
            daphne(env, tmp_path / "two.log", command=SERVE):
        for game in games:
            services.start_game(game.pk)
        moved, deadline = -1, None
        while (state := _progress(ids))[1] < TABLES:
            if state[0] != moved:
                moved, deadline = state[0], time.monotonic() + STALL_S
            assert time.monotonic() < deadline, f"no move for {STALL_S} s"
            time.sleep(0.2)
    for game in Game.objects.filter(pk__in=ids):
        actions = list(game.moves.order_by("seq").values_list("seq", "action"))
        # No move lost, none twice: the sequence numbers run 1..version without a gap.
        assert [seq for seq, _ in actions] == list(range(1, game.version + 1))
        match = Match(Ruleset.from_json(game.ruleset), game.seed)
        for _, data in actions:
            match.apply(Action.from_json(data))
        assert match.is_over and results_of(match) == game.result
    for name in ("one.log", "two.log"):
        assert "Traceback" not in (tmp_path / name).read_text(), name
