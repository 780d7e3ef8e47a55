"""The services' refusals as a page says them (games/web/refusals.py, docs/i18n.md): English as
the service sent it, and in Chinese for a Chinese reader, its values kept; the code unchanged."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings
from django.utils import translation

from games.models import Challenge, Game
from games.services import ServiceError, challenges, friends, profiles, tournaments
from games.web import refusals

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}


def client(user, language: str = "en") -> Client:
    c = Client(HTTP_ACCEPT_LANGUAGE=language)
    c.force_login(user)
    return c


def _refusal(call) -> ServiceError:
    with pytest.raises(ServiceError) as refused:
        call()
    return refused.value


def test_each_refusal_is_known_to_the_page_and_said_in_chinese(players):
    """Refusals the services really give, each matched (as it is or by its pattern) and said in
    both scripts; English stays the service's own words."""
    alice, bob = players[:2]
    given = [
        _refusal(lambda: friends.follow(alice, "nobody-here")),
        _refusal(lambda: friends.follow(alice, alice.username)),
        _refusal(lambda: profiles.update(alice, bio="", country="XX", languages_spoken=[],
                                         picture="")),
        _refusal(lambda: profiles.update(alice, bio="", country="",
                                         languages_spoken=list(profiles.LANGUAGE_CODES[:6]),
                                         picture="")),
        _refusal(lambda: challenges.send(alice, bob.username, ruleset_name="", rated=False,
                                         bots="", game_id=None)),
        _refusal(lambda: tournaments.register(10**6, alice)),
    ]
    for exc in given:
        with translation.override("en"):
            assert refusals.reason(exc) == exc.message  # English: as the service said it
        for language in ("zh-hans", "zh-hant"):
            with translation.override(language):
                words = refusals.reason(exc)
            assert words != exc.message and not words.isascii(), (exc.message, words)
    with translation.override("zh-hans"):
        assert "nobody-here" in refusals.reason(given[0])  # the value kept
        assert refusals.said("Something no list knows.") == "Something no list knows."


def test_a_chinese_page_says_the_refusal_in_chinese_and_keeps_the_code(players):
    r = client(players[0], "zh-CN").post("/friends/challenge/", {"name": "bob"}, **JSON)
    assert r.status_code == 400 and r.json()["error"] == "bad_ruleset"
    assert r.json()["message"] == "请选择牌桌的规则。"
    assert not Game.objects.exists() and not Challenge.objects.exists()
    page = client(players[0], "zh-TW").post("/account/profile/", {"country": "XX"},
                                            follow=True).content.decode()
    assert "請從清單中選擇國家或地區。" in page
    english = client(players[0]).post("/friends/challenge/", {"name": "bob"}, **JSON)
    assert english.json()["message"] == "Choose the rules of the table."


def test_the_tables_refusals_and_messages_in_chinese():
    with translation.override("zh-hant"):
        assert refusals.said("Seat 3 is not free.") == "3 號座位已有人。"
        assert refusals.said("All four seats are taken.") == "四個座位都已有人。"
    with translation.override("zh-hans"):
        assert refusals.said("The game is over.") != "The game is over."


def test_an_import_refusal_of_the_site_in_chinese():
    with translation.override("zh-hans"):
        assert refusals.said("this game is already saved here, as table 12") == (
            "这局对局已经保存在本站，为第 12 桌")
        engine = "the record's seed does not match its commitment"  # the engine's: English
        assert refusals.said(engine) == engine


def test_a_limit_refuses_in_the_readers_language(players):
    with override_settings(GAMES_LIMITS={"people": (1, 60)}):
        a = client(players[0], "zh-CN")
        assert a.post("/u/bob/relation/", {"action": "mute"}).status_code == 302
        r = a.post("/u/bob/relation/", {"action": "unmute"})
    assert r.status_code == 429 and "你的地址关注、屏蔽消息和拉黑的操作过多" in r.content.decode()
