"""The organiser adds entries in the admin by typing usernames; an unknown name is refused."""

import pytest

from games.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)


def form(**extra) -> dict:
    return {
        "name": "Name Cup", "ruleset_name": "chinese-classical", "settings": "{}",
        "rounds": 3, "deals_per_table": 1, "claim_seconds": 8, "turn_seconds": "",
        "fill": "bots", "withdrawal": "bot", "bot_level": "strong", "hide_scores": "on",
        "table_points": "4,2,1,0", "seed": "names", "no_show": "bot",
        "entries-INITIAL_FORMS": 0, "round_set-TOTAL_FORMS": 0, "round_set-INITIAL_FORMS": 0,
        **extra,
    }


def test_entries_are_added_by_username(client, organiser, django_user_model):
    for name in ("alice", "bob"):
        django_user_model.objects.create_user(name)
    client.force_login(organiser)
    response = client.post("/admin/games/tournament/add/", form(**{
        "entries-TOTAL_FORMS": 2, "entries-0-username": "alice", "entries-1-username": "nobody",
    }))
    assert response.status_code == 200
    assert "There is no player called &#x27;nobody&#x27;." in response.content.decode()
    assert not Tournament.objects.exists()
    response = client.post("/admin/games/tournament/add/", form(**{
        "entries-TOTAL_FORMS": 2, "entries-0-username": "alice", "entries-1-username": "BOB",
    }))
    assert response.status_code == 302, response.content.decode()[:2000]
    t = Tournament.objects.get()
    assert sorted(e.user.username for e in t.entries.all()) == ["alice", "bob"]
    page = client.get(f"/admin/games/tournament/{t.pk}/change/").content.decode()
    assert 'value="alice"' in page
