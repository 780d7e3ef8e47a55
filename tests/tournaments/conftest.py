import pytest


@pytest.fixture
def quiet(monkeypatch):
    """Nobody watches these tables: skip sending frames (the moves still go through the door)."""
    from games.services import broadcast, matches

    monkeypatch.setattr(broadcast, "_send_all", lambda messages: None)
    matches.forget_all()
    yield
    matches.forget_all()
