import pytest
from django.contrib.auth.models import Permission

TOURNAMENT_PERMISSIONS = [
    "add_tournament", "change_tournament", "view_tournament", "view_entry", "change_entry",
    "add_entry", "view_round", "change_round", "view_table", "change_table", "view_tableseat",
]


@pytest.fixture
def organiser(django_user_model):
    """A staff member with the tournament permissions only (not a superuser)."""
    user = django_user_model.objects.create_user("olga", password="pw-olga-1234", is_staff=True)
    user.user_permissions.set(Permission.objects.filter(codename__in=TOURNAMENT_PERMISSIONS))
    return user


@pytest.fixture
def quiet(monkeypatch):
    """Nobody watches these tables: skip sending frames (the moves still go through the door)."""
    from games.services import broadcast, matches

    monkeypatch.setattr(broadcast, "send_all", lambda messages: None)
    matches.forget_all()
    yield
    matches.forget_all()
