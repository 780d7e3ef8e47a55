"""The audit log keeps the organiser's admin changes that are not play: creating and changing
the tournament, opening and closing registration (once per real change)."""

import pytest

from games.models import AuditLog, Tournament

pytestmark = pytest.mark.django_db

ADMIN = "/admin/games/tournament/"


def _act(client, action: str, t: Tournament) -> None:
    response = client.post(ADMIN, {"action": action, "_selected_action": [t.pk]}, follow=True)
    assert response.status_code == 200


def test_registration_and_settings_changes_are_logged_with_who(client, organiser):
    t = Tournament.objects.create(name="Logged Cup")
    client.force_login(organiser)
    _act(client, "open_registration", t)
    _act(client, "open_registration", t)  # already open: nothing changed, nothing logged
    _act(client, "close_registration", t)
    log = list(AuditLog.objects.filter(tournament=t).order_by("pk"))
    assert [(line.action, line.who) for line in log] == [
        ("registration_opened", organiser), ("registration_closed", organiser)]
    t.refresh_from_db()
    assert not t.registration_open
