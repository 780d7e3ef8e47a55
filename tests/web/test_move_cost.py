"""A move costs three statements besides BEGIN/COMMIT: lock the game row, append the moves,
update the row. A claim answer is held by one statement; the last one also closes the window
(three more statements for the three or four moves that closing applies). And a late game rebuilt after a restart starts from the latest deal's snapshot
and ends in exactly the state the whole replay gives."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.engine.match import Match
from games.engine.views import public_view, seat_view
from games.models import Game, Snapshot
from games.services import matches

from .live import make_table

pytestmark = pytest.mark.django_db(transaction=True)

_TRANSACTION_CONTROL = ("BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK")


def _statements(ctx) -> list[str]:
    return [
        q["sql"] for q in ctx.captured_queries
        if not q["sql"].lstrip().upper().startswith(_TRANSACTION_CONTROL)
    ]


def _play_one(game_id: int) -> tuple[str, list[str]]:
    """The first seat the game waits on makes its first legal move; returns the move's kind
    ("held" for a claim answer that left the window open) and the statements it cost."""
    game = Game.objects.get(pk=game_id)
    match = matches.match_for(game)
    seat = next(s for s in match.waiting_on() if str(s) not in game.pending)
    legal = match.legal_actions(seat)
    # In a window only a seat that can claim is asked (the server passed for the others): it
    # claims after one discard and passes after the next.
    action = legal[-1] if match.phase in ("claim", "rob") and game.version % 2 else legal[0]
    with CaptureQueriesContext(connection) as ctx:
        outcome = services.submit_action(
            game_id, None, action.to_json(), game.version, seat=seat
        )
    return ("held" if outcome.status == "answered" else action.type), _statements(ctx)


def test_every_kind_of_move_costs_at_most_three_statements(players, clock):
    game = make_table(players, seed="three-statements")
    seen: dict[str, int] = {}
    for _ in range(400):  # discards, held passes, windows closed, and at least one deal's end
        kind, statements = _play_one(game.pk)
        # The move that deals a new hand also stores a snapshot, after its commit.
        # The move that ends a deal also reads the spectators' lines held during it (one
        # indexed read, once a deal: services/talk.py), to give them to the players.
        in_move = [q for q in statements if "games_snapshot" not in q and "games_talkline" not in q]
        assert sum("games_talkline" in q for q in statements) <= 1
        if kind == "held":
            assert len(in_move) == 1, in_move
            seen[kind] = 1
            continue
        held = [q for q in in_move if "json_set" in q or "jsonb_set" in q]
        assert len(in_move) - len(held) <= 3 and len(held) <= 1, (kind, in_move)
        apart = [q for q in statements if "games_talkline" not in q]
        assert len(apart) - len(in_move) <= (1 if kind == "ready" else 0)
        seen[kind] = max(seen.get(kind, 0), len(statements))
    assert {"discard", "held", "pass", "ready"} <= set(seen)


def test_a_late_game_is_rebuilt_from_its_snapshot(players, clock):
    game = make_table(players, seed="snapshots")
    while Snapshot.objects.filter(game=game).count() < 2:
        _play_one(game.pk)
    for _ in range(5):
        _play_one(game.pk)
    game.refresh_from_db()
    latest = Snapshot.objects.filter(game=game).order_by("-version").first()
    assert 0 < latest.version < game.version

    matches.forget_all()  # a restarted process
    rebuilt = matches.match_for(game)
    replayed = Match.new(game.ruleset_name, game.seed)
    for move in game.moves.order_by("seq"):
        from games.engine.actions import Action

        replayed.apply(Action.from_json(move.action))
    assert rebuilt.version == replayed.version == game.version
    assert rebuilt.record() == replayed.record()
    for seat in range(4):
        assert seat_view(rebuilt, seat) == seat_view(replayed, seat)
    assert public_view(rebuilt) == public_view(replayed)
