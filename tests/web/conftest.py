import pytest


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Each test starts with full buckets, as a newly started process does."""
    from games import ratelimit

    ratelimit.forget_users()
    yield
    ratelimit.forget_users()
