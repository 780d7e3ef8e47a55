"""Issue 42, first part: the site in Simplified and Traditional Chinese (docs/i18n.md). The
browser's Accept-Language is the first guess, the header's chooser is remembered in the language
cookie, URLs keep no language prefix, and a browser that asks for none of these reads English."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.utils import translation

from games.web.pages.lobby_rows import ROUND_NAMES

from .live import make_table

pytestmark = pytest.mark.django_db


def _lang(page: str) -> str:
    return re.search(r'<html lang="([^"]+)"', page).group(1)


def test_a_browser_asking_for_no_language_reads_english(client):
    page = client.get("/").content.decode()
    assert _lang(page) == "en"
    assert ">Lobby</a>" in page and "Classical Chinese Mahjong" in page
    assert 'name="language"' in page and 'action="/i18n/setlang/"' in page


@pytest.mark.parametrize("asked, lang, lobby, login", [
    ("zh-Hans", "zh-Hans", "大厅", "登录"),
    ("zh-CN,zh;q=0.9,en;q=0.5", "zh-Hans", "大厅", "登录"),
    ("zh-Hant", "zh-Hant", "大廳", "登入"),
    ("zh-TW,zh;q=0.9", "zh-Hant", "大廳", "登入"),
    ("zh-HK", "zh-Hant", "大廳", "登入"),
    ("fr-FR,fr;q=0.9", "en", "Lobby", "Log in"),
])
def test_accept_language_is_the_first_guess(client, asked, lang, lobby, login):
    for url in ("/", "/lobby/", "/accounts/login/", "/accounts/signup/"):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE=asked).content.decode()
        assert _lang(page) == lang, url
        assert f">{lobby}</a>" in page and login in page, url


def test_the_chooser_is_remembered_and_keeps_the_page(client):
    answer = client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/lobby/?x=1"})
    assert answer.status_code == 302 and answer["Location"] == "/lobby/?x=1"
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "zh-hant"
    # The choice wins over the browser's guess, on every page.
    page = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert _lang(page) == "zh-Hant" and "<h1>大廳</h1>" in page
    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert _lang(page) == "en" and ">Lobby</a>" in page


def test_the_chooser_never_sends_anyone_off_the_site(client):
    answer = client.post("/i18n/setlang/", {"language": "zh-hans",
                                            "next": "https://elsewhere.example/"})
    assert answer.status_code == 302 and answer["Location"] == "/"


def test_the_chooser_marks_the_language_in_force_and_names_each_in_its_own(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert '<option value="zh-hans" lang="zh-Hans" selected>简体中文</option>' in page
    assert '<option value="zh-hant" lang="zh-Hant">繁體中文</option>' in page
    assert '<label for="site-language" class="sr-only">语言</label>' in page


def test_django_own_words_follow_the_language(client):
    """The login form's labels come from Django's own catalogues."""
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert "用户名" in page and "密码" in page
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert "使用者名稱" in page and "密碼" in page


def test_the_lobby_names_the_prevailing_wind_in_chinese(client):
    game = make_table([], bots=4, seed="lobby-i18n")
    page = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="zh-Hans").content.decode()
    assert f"观战第 {game.pk} 桌" in page and "东风圈第 1 局" in page and "刚开始" in page
    page = client.get("/lobby/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert f"觀戰第 {game.pk} 桌" in page and "東風圈第 1 局" in page
    with translation.override("en"):
        assert [str(name) for name in ROUND_NAMES] == ["East", "South", "West", "North"]


# The socket's refusals in the connection's language (games/realtime/refusals.py): the language
# cookie first, else Accept-Language; the error's code never changes.


async def _tab(app, game_id: int, user, *headers: tuple[bytes, bytes]):
    from asgiref.sync import sync_to_async
    from channels.testing import WebsocketCommunicator

    from .live import TIMEOUT, Player, _cookie

    cookie = await sync_to_async(_cookie)(user)
    cookies = "; ".join([f"sessionid={cookie}", *(v.decode() for k, v in headers if k == b"cookie")])
    sent = [(b"origin", b"http://testserver"), (b"cookie", cookies.encode()),
            *((k, v) for k, v in headers if k != b"cookie")]
    comm = WebsocketCommunicator(app, f"/ws/game/{game_id}/", headers=sent)
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    tab = Player(comm)
    await tab.until(lambda f: f["type"] == "state")
    return tab


@pytest.mark.django_db(transaction=True)
async def test_a_refusal_over_the_socket_arrives_in_the_connections_language(app, players,
                                                                            spectator):
    from asgiref.sync import sync_to_async

    game = await sync_to_async(make_table)(players, seed="refusals")
    watchers = {
        "en": await _tab(app, game.pk, spectator),
        "zh-hans": await _tab(app, game.pk, spectator, (b"accept-language", b"zh-CN,zh;q=0.9")),
        "zh-hant": await _tab(app, game.pk, spectator, (b"accept-language", b"en"),
                              (b"cookie", f"{settings.LANGUAGE_COOKIE_NAME}=zh-hant".encode())),
    }
    said = {}
    for language, tab in watchers.items():
        answer = await tab.send({"type": "action", "action": {"type": "pass"}, "version": 0})
        assert answer["code"] == "not_seated"
        said[language] = answer["message"]
    assert said == {"en": "Spectators cannot act.", "zh-hans": "旁观者不能行动。",
                    "zh-hant": "旁觀者不能行動。"}

    # A rule of the game, refused by the engine in English, with a tile in it.
    seated = await _tab(app, game.pk, players[0], (b"accept-language", b"zh-TW"))
    hand = seated.view["hand"].split()
    missing = next(t for t in ("we", "ws", "ww", "wn", "dr", "dg", "dw", "b1", "c9", "d5")
                   if t not in hand and t != seated.view.get("drawn"))
    answer = await seated.act({"type": "discard", "tile": missing, "seat": seated.seat})
    assert answer["type"] == "error" and not re.search(r"[A-Za-z]{3,}", answer["message"])
    for tab in [*watchers.values(), seated]:
        await tab.close()


def test_the_engines_refusals_with_values_are_said_with_their_values():
    from games.realtime.refusals import in_language

    assert in_language("zh-hans", "you do not hold 5 Dots") == "你手里没有五筒"
    assert in_language("zh-hant", "you do not hold four East Wind") == "你手裡沒有四張東風"
    assert in_language("zh-hans", "your hand is not complete: not a hand") == (
        "你的手牌还没有成和：not a hand")  # a reason this module does not know stays English
    assert in_language("en", "you do not hold 5 Dots") == "you do not hold 5 Dots"
    assert in_language("zh-hant", "Something new.") == "Something new."
