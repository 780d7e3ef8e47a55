import pytest


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Each test starts with full buckets, as a newly started process does."""
    from games import limits

    limits.forget_users()
    yield
    limits.forget_users()


class FakeClock:
    """The limits' clock (games/limits.py), moved by hand: seconds since an arbitrary start."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def limit_clock():
    from games import limits

    fake = FakeClock()
    limits.set_clock(fake)
    yield fake
    limits.set_clock(None)
