"""Issue 43, table talk at a tournament: free text is off at a tournament's tables until its
organiser switches it on in the admin's tournament form (`Tournament.free_text`); then its tables
take free text as a private table does, the word filter, silences and the limits still applying,
and the table page's talk box gets the text field (its `talk.free_text_off` is null)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import Permission

from games import services
from games.models import PLAYING, FilteredWord, Game, Round, Table, TalkLine, Tournament
from games.realtime import protocol
from games.services import moderation, talk
from games.services.errors import ServiceError

pytestmark = pytest.mark.django_db

INLINES = {"entries-TOTAL_FORMS": 0, "entries-INITIAL_FORMS": 0,
           "round_set-TOTAL_FORMS": 0, "round_set-INITIAL_FORMS": 0}


def _refused(game_id, user, message) -> ServiceError:
    with pytest.raises(ServiceError) as caught:
        talk.say(game_id, user, message)
    assert caught.value.extra.get("re") == "talk"
    return caught.value


def _tournament_table(players, tournament: Tournament, number: int = 1, **options) -> Game:
    game = services.create_game(players[0], tournament=True, **options)
    services.take_seat(game.pk, players[0])
    rnd, _ = Round.objects.get_or_create(tournament=tournament, number=1,
                                         defaults={"status": PLAYING})
    Table.objects.create(round=rnd, number=number, game=game)
    return game


def _talk_config(client, game: Game) -> dict:
    html = client.get(f"/game/{game.pk}/").content.decode()
    marker = '<script id="table-config" type="application/json">'
    start = html.index(marker) + len(marker)
    return json.loads(html[start:html.index("</script>", start)])["talk"]


def _switch(client, organiser, tournament: Tournament, on: bool) -> None:
    """What the organiser does: tick (or untick) the box in the admin's tournament form."""
    organiser.is_staff = True
    organiser.save()
    organiser.user_permissions.add(*Permission.objects.filter(
        codename__in=("view_tournament", "change_tournament")))
    client.force_login(organiser)
    url = f"/admin/games/tournament/{tournament.pk}/change/"
    page = client.get(url)
    assert 'name="free_text"' in page.content.decode()
    form = page.context["adminform"].form
    data = dict(INLINES)
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"
        elif value is not None:
            data[name] = value
    data.pop("free_text", None)
    if on:
        data["free_text"] = "on"
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    tournament.refresh_from_db()
    assert tournament.free_text is on
    client.logout()


def test_a_tournament_table_refuses_free_text_until_the_organiser_switches_it_on(
    client, players, spectator, organiser
):
    cup = Tournament.objects.create(name="Talk Cup")
    assert not cup.free_text  # off unless the organiser says so
    other = Tournament.objects.create(name="Quiet Cup")
    game = _tournament_table(players, cup)
    quiet = _tournament_table(players, other)
    for who in (players[0], spectator):
        refusal = _refused(game.pk, who, {"text": "good game all"})
        assert refusal.code == protocol.E_TALK_OFF and "tournament" in refusal.message
    client.force_login(players[0])
    assert "tournament" in _talk_config(client, game)["free_text_off"]
    assert talk.say(game.pk, players[0], {"code": "good_luck"})["kind"] == "canned"

    _switch(client, organiser, cup, on=True)
    assert talk.free_text_off(game) is None
    client.force_login(players[0])
    assert _talk_config(client, game)["free_text_off"] is None  # the box shows the text field
    said = talk.say(game.pk, players[0], {"text": "  good game all  "})
    assert said["text"] == "good game all" and said["channel"] == "players"
    heard = talk.say(game.pk, spectator, {"text": "nice table"})
    assert heard["channel"] == "spectators" and heard["kind"] == "text"
    # Another tournament's table is not switched on with it.
    assert _refused(quiet.pk, players[0], {"text": "hello"}).code == protocol.E_TALK_OFF
    assert "tournament" in _talk_config(client, quiet)["free_text_off"]

    _switch(client, organiser, cup, on=False)
    assert _refused(game.pk, players[0], {"text": "again"}).code == protocol.E_TALK_OFF
    assert list(TalkLine.objects.filter(kind="text").values_list("text", flat=True)) == [
        "good game all", "nice table"]


def test_a_rated_tournament_may_switch_free_text_on_too(players):
    cup = Tournament.objects.create(name="Rated Cup", rated=True, free_text=True)
    game = _tournament_table(players, cup, rated=True)
    assert talk.say(game.pk, players[0], {"text": "gl hf"})["text"] == "gl hf"
    # A rated table outside any tournament still refuses it.
    lone = services.create_game(players[0], rated=True)
    assert _refused(lone.pk, players[0], {"text": "gl hf"}).code == protocol.E_TALK_OFF


def test_the_word_filter_silences_and_bounds_still_apply_at_a_switched_on_tournament(
    players, organiser
):
    cup = Tournament.objects.create(name="Filter Cup", free_text=True)
    game = _tournament_table(players, cup)
    FilteredWord.objects.create(word="darn")
    FilteredWord.objects.create(word="scam.example", refuse=True)
    said = talk.say(game.pk, players[0], {"text": "Darn it, DARN! (darning is fine)"})
    assert said["text"] == "**** it, ****! (darning is fine)"
    before = TalkLine.objects.count()
    assert _refused(game.pk, players[0], {"text": "visit scam.example"}).code == "filtered"
    assert _refused(game.pk, players[0], {"text": "x" * 201}).code == "bad_text"
    assert _refused(game.pk, players[0], {"text": "\u202eevil"}).code == "bad_text"
    moderation.silence(players[0], 24, "insults", organiser)
    assert _refused(game.pk, players[0], {"text": "hello"}).code == "silenced"
    assert TalkLine.objects.count() == before  # nothing refused was kept
    assert "scam" not in " ".join(TalkLine.objects.values_list("text", flat=True))
