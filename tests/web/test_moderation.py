"""Issue 43, moderation and profiles (docs/people.md): reporting a line (only one the reporter
heard, kept with the lines around it) or a player; staff reading reports in the admin and
silencing an account for a time, in the audit log, by named permission only; a profile's bio,
country, languages and tile picture, checked whole and filtered; a person's talk exported and
deleted (a report keeps its copy)."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import Permission
from django.test import Client

from games import clock, services
from games.models import AuditLog, FilteredWord, Profile, Report, Silence, TalkLine
from games.services import moderation

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def client(user) -> Client:
    c = Client()
    c.force_login(user)
    return c


def _line(game, user, text, *, seat=None, held=False, deal=None) -> TalkLine:
    return TalkLine.objects.create(
        game=game, channel="spectators" if seat is None else "players", kind="text", text=text,
        user=user, name=user.username, seat=seat, version=game.version, deal=deal, held=held,
        created=clock.now())


def test_a_line_is_reported_with_its_context_only_by_who_heard_it(players, outsider):
    alice, bob = players[:2]
    game = services.create_game(alice, private=True)
    for user in (alice, bob):
        services.take_seat(game.pk, user)
    before = _line(game, alice, "good luck", seat=0)
    bad = _line(game, bob, "you are an idiot", seat=1)
    _line(game, alice, "rude", seat=0)
    r = client(outsider).post(f"/talk/{bad.pk}/report/", {"reason": "abuse"}, **JSON)
    assert r.status_code == 404  # a private table's line: as if there were none
    r = client(alice).post(f"/talk/{bad.pk}/report/", {"reason": "nonsense"}, **JSON)
    assert r.status_code == 400 and "Choose why" in r.json()["message"]
    r = client(alice).post(f"/talk/{before.pk}/report/", {"reason": "abuse"}, **JSON)
    assert r.status_code == 400 and "your own" in r.json()["message"]
    assert not Report.objects.exists()
    r = client(alice).post(f"/talk/{bad.pk}/report/", {"reason": "abuse", "note": "twice"},
                           **JSON)
    assert r.status_code == 200 and r.json()["ok"]
    report = Report.objects.get()
    assert (report.reported, report.reason, report.note, report.game_id) == (bob, "abuse",
                                                                            "twice", game.pk)
    assert [(x["text"], x["reported"]) for x in report.context] == [
        ("good luck", False), ("you are an idiot", True), ("rude", False)]
    # bob deletes his talk: the report keeps its copy.
    r = client(bob).post("/account/talk/delete/", {"confirm": "yes"})
    assert r.status_code == 302 and not TalkLine.objects.filter(user=bob).exists()
    report.refresh_from_db()
    assert report.line is None and report.context[1]["text"] == "you are an idiot"


def test_a_spectators_line_held_during_the_deal_cannot_be_reported_by_a_player(
    players, spectator
):
    from .live import make_table

    game = make_table(players[:1], bots=3, seed="held-report")
    held = _line(game, spectator, "west waits on the 3 of dots", held=True, deal=1)
    r = client(players[0]).post(f"/talk/{held.pk}/report/", {"reason": "hand"}, **JSON)
    assert r.status_code == 404 and not Report.objects.exists()
    r = client(players[1]).post(f"/talk/{held.pk}/report/", {"reason": "hand"}, **JSON)
    assert r.status_code == 200  # a spectator of the table heard it


def test_staff_read_reports_and_silence_an_account_by_named_permission(players,
                                                                        django_user_model):
    alice, bob = players[:2]
    client(alice).post("/u/bob/report/", {"reason": "name", "note": "<b>rude</b> name"})
    report = Report.objects.get()
    assert report.reported == bob and report.context == []
    staff = django_user_model.objects.create_user("mod", is_staff=True)
    s = client(staff)
    assert s.get("/admin/games/report/").status_code == 403  # is_staff alone: nothing
    for codename in ("view_report", "change_report", "view_silence", "add_silence",
                     "change_silence"):
        staff.user_permissions.add(Permission.objects.get(codename=codename))
    page = s.get(f"/admin/games/report/{report.pk}/change/").content.decode()
    assert "&lt;b&gt;rude&lt;/b&gt; name" in page and "<b>rude</b>" not in page
    r = s.post("/admin/games/report/", {"action": "silence_24h", "_selected_action": [report.pk]})
    assert r.status_code == 302
    silence = Silence.objects.get()
    assert silence.user == bob and silence.by == staff and "report" in silence.reason
    assert moderation.silenced_until(bob) == silence.until
    report.refresh_from_db()
    assert report.status == "resolved" and report.handled_by == staff
    assert list(AuditLog.objects.values_list("action", flat=True)) == ["report resolved",
                                                                        "silence"]
    # Added from the admin's form, through the door; lifted, never deleted.
    r = s.post("/admin/games/silence/add/", {"user": alice.pk, "hours": 1, "reason": "spam"})
    assert r.status_code == 302 and moderation.silenced_until(alice) is not None
    s.post("/admin/games/silence/", {"action": "lift",
                                     "_selected_action": [x.pk for x in Silence.objects.all()]})
    assert moderation.silenced_until(alice) is None and moderation.silenced_until(bob) is None
    assert AuditLog.objects.filter(action="lift silence").count() == 2
    assert s.get("/admin/games/talkline/").status_code == 403  # no view_talkline


def test_a_profile_is_checked_whole_filtered_and_shown(players, organiser):
    alice = players[0]
    a = client(alice)
    FilteredWord.objects.create(word="darn")
    good = {"bio": "Plays <b>Hong Kong</b> rules.\nDarn good at it.", "country": "HK",
            "languages": ["yue", "en"], "picture": "dr"}
    assert a.post("/account/profile/", good).status_code == 302
    profile = Profile.objects.get(user=alice)
    assert profile.bio == "Plays <b>Hong Kong</b> rules.\n**** good at it."
    assert (profile.country, profile.languages, profile.picture) == ("HK", ["yue", "en"], "dr")
    page = a.get("/u/alice/").content.decode()
    assert "Plays &lt;b&gt;Hong Kong&lt;/b&gt; rules.<br>**** good at it." in page
    assert "Hong Kong SAR China" in page and "Speaks Cantonese, English" in page
    assert "t-dr profile-picture" in page
    for bad, words in (({"country": "XX"}, "country"), ({"languages": ["en", "<x>"]}, "languages"),
                       ({"languages": ["en", "zh", "ja", "ko", "fr", "de"]}, "at most 5"),
                       ({"picture": "../etc"}, "tile pictures"),
                       ({"bio": "x" * 301}, "300 characters"),
                       ({"bio": "hi\u202eereht"}, "control characters")):
        r = a.post("/account/profile/", {**good, **bad})
        assert r.status_code == 400 and words in r.content.decode()
    assert Profile.objects.get(user=alice).country == "HK"  # nothing saved
    moderation.silence(alice, 1, "bio spam", organiser)
    r = a.post("/account/profile/", {**good, "bio": "new words"})
    assert r.status_code == 400 and "silenced" in r.content.decode()
    assert a.post("/account/profile/", {**good, "bio": profile.bio, "country": "GB"}
                  ).status_code == 302  # the same words: other fields still change


def test_a_persons_talk_is_exported_and_deleted_by_them_only(players):
    alice, bob = players[:2]
    game = services.create_game(alice, private=True)
    _line(game, alice, "hello there", seat=0)
    _line(game, bob, "hi", seat=1)
    r = client(alice).get("/account/talk.json")
    assert r["Content-Disposition"].startswith("attachment")
    data = json.loads(r.content)
    assert data["player"] == "alice" and [x["text"] for x in data["lines"]] == ["hello there"]
    assert Client().get("/account/talk.json").status_code == 302  # to sign in
    r = client(alice).post("/account/talk/delete/", {})
    assert TalkLine.objects.filter(user=alice).exists()  # not confirmed: nothing deleted
    client(alice).post("/account/talk/delete/", {"confirm": "yes"})
    assert list(TalkLine.objects.values_list("text", flat=True)) == ["hi"]
