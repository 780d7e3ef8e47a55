from pathlib import Path

import pytest

HERE = Path(__file__).parent

# The modules whose behaviour depends on the database's locking or the channel layer: marked
# scale_db, they run a second time on PostgreSQL + Redis (.ci/with-services.sh).
# tests/structure/test_scale_db_marker.py fails when a module that touches either is missing.
SCALE_DB = {
    "test_abandoned_tables", "test_bad_messages", "test_claims", "test_end_of_game",
    "test_guest_sweep",
    "test_hardened_input", "test_i18n", "test_i18n_refusals",
    "test_import_hostile", "test_leaderboard", "test_leave_game", "test_live_play",
    "test_lobby_live", "test_moderation_socket", "test_move_clock", "test_move_cost", "test_no_leaks",
    "test_presence_crash", "test_private_tables", "test_production", "test_rate_limit",
    "test_resign", "test_early_end", "test_puzzle_queue",
    "test_reconnect_in_window", "test_reconnect_restart", "test_seat_changes",
    "test_stored_results", "test_talk_rules", "test_talk_socket", "test_throttle", "test_timers",
    "test_watchers", "test_withdrawn_seat",
    # Races between requests, through the database: seating from the queue.
    "test_queue",
}


# Modules that start a server of their own on a SQLite database and the in-memory layer, whatever
# the pass: run a second time they would test the same thing again.
OWN_SERVER = {"test_server_frame_cap"}


def pytest_collection_modifyitems(config, items):
    for item in items:
        path = Path(str(item.fspath))
        if path.parent == HERE and path.stem in SCALE_DB:
            item.add_marker(pytest.mark.scale_db)


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Each test starts with full buckets, as a newly started process does."""
    from games.access import limits

    limits.forget_users()
    yield
    limits.forget_users()


class FakeClock:
    """The limits' clock (games/access/limits.py), moved by hand: seconds since an arbitrary start."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def limit_clock():
    from games.access import limits

    fake = FakeClock()
    limits.set_clock(fake)
    yield fake
    limits.set_clock(None)
