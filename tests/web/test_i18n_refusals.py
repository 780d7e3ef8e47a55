"""The last English messages in the reader's language (docs/i18n.md): the socket's refusals the
consumer once passed on in English (a rate limit's among them, and the connect limit's close
reason), the engine's reasons an imported record is refused or a replay does not verify, the
analysis board's, the calculator's and the puzzles' refusals, and the admin's columns and
choices (the models' verbose names). Each is asked for in both Chinese scripts; the values (a
number, a tile) are kept, the tile named by the classical name table."""

from __future__ import annotations

import json
import re

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse
from django.utils import translation

from games.access import limits
from games.models import Puzzle
from games.web import reasons

from .live import make_table

HANS, HANT = "zh-CN,zh;q=0.9", "zh-TW,zh;q=0.9"
ENGLISH_WORD = re.compile(r"[A-Za-z]{3,}")


def _chinese(text: str) -> bool:
    return bool(re.search(r"[\u4e00-\u9fff]", text))


# ------------------------------------------------------------------ the socket


async def _open(app, game_id: int, user, language: bytes):
    from .live import TIMEOUT, Player, _cookie

    cookie = await sync_to_async(_cookie)(user)
    comm = WebsocketCommunicator(app, f"/ws/game/{game_id}/", headers=[
        (b"origin", b"http://testserver"), (b"cookie", f"sessionid={cookie}".encode()),
        (b"accept-language", language)])
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    tab = Player(comm)
    await tab.until(lambda f: f["type"] == "state")
    return tab


@pytest.mark.django_db(transaction=True)
async def test_refusals_the_consumer_did_not_list_arrive_in_chinese(app, players):
    game = await sync_to_async(make_table)(players, seed="i18n-refusals")
    said = {}
    for language, header in (("zh-hans", HANS.encode()), ("zh-hant", HANT.encode())):
        tab = await _open(app, game.pk, players[0], header)
        # A talk message that is neither a canned line nor text (services/talk.py).
        answer = await tab.send({"type": "talk"})
        assert answer["type"] == "error" and answer["code"] == "bad_message"
        said[language, "talk"] = answer["message"]
        # An action read from its JSON by the engine (engine/actions.py), with its value kept.
        answer = await tab.act({"type": "fly"})
        assert answer["type"] == "error"
        said[language, "action"] = answer["message"]
        # Resigning is refused at a rated table; here, at a casual one with others, an answer
        # to no proposal is refused (services/endings.py).
        answer = await tab.send({"type": "answer_end", "proposal": 5, "accept": True})
        assert answer["type"] == "error"
        said[language, "answer"] = answer["message"]
        await tab.close()
    assert said["zh-hans", "talk"] == "聊天消息须带 `code` 或 `text` 其中之一。"
    assert said["zh-hant", "talk"] == "聊天訊息須帶 `code` 或 `text` 其中之一。"
    assert said["zh-hans", "action"] == "未知的动作类型 'fly'"
    assert said["zh-hant", "action"] == "未知的動作類型 'fly'"
    assert said["zh-hans", "answer"].startswith("回应须写明提议")
    assert said["zh-hant", "answer"].startswith("回應須寫明提議")


@pytest.mark.django_db(transaction=True)
async def test_the_connect_limit_refuses_in_chinese_with_a_close_reason_that_fits(
        app, players, settings, limit_clock):
    settings.GAMES_LIMITS = {"connects": (1, 60)}
    game = await sync_to_async(make_table)(players, seed="i18n-connects")
    first = await _open(app, game.pk, players[0], HANS.encode())
    for header, words in ((HANS, "你的地址连接牌桌的次数过多：请 "),
                          (HANT, "你的位址連線牌桌的次數過多：請 ")):
        refused = WebsocketCommunicator(app, f"/ws/game/{game.pk}/", headers=[
            (b"origin", b"http://testserver"), (b"accept-language", header.encode())])
        assert (await refused.connect(timeout=10))[0]
        frame = await refused.receive_json_from(timeout=10)
        assert (frame["type"], frame["code"]) == ("error", "rate_limited")
        assert frame["message"].startswith(words) and not ENGLISH_WORD.search(frame["message"])
        close = await refused.receive_output(timeout=10)
        assert close["code"] == limits.CLOSE_CODE and close["reason"].startswith(words)
        assert len(close["reason"].encode()) <= 123
        await refused.disconnect()
    await first.close()


def test_every_rate_limits_refusal_is_said_in_chinese():
    from games.realtime.refusals import in_language

    for bound in limits.LIMITS.values():
        english = limits.Verdict(False, 30, bound.what).message
        for language in ("zh-hans", "zh-hant"):
            words = in_language(language, english)
            english_left = ENGLISH_WORD.findall(words.replace("API", ""))  # a name, kept
            assert _chinese(words) and "30" in words and not english_left, words


def test_the_engines_refusals_of_a_move_read_from_json_are_listed():
    from games.realtime.refusals import in_language

    assert in_language("zh-hans", "you hold only 1 of 5 Dots, not 2") == "你手里只有 1 张五筒，不是 2 张"
    assert in_language("zh-hant", "you do not hold East Wind to pass") == "你手裡沒有東風可傳"
    assert in_language("zh-hant", "your hand is not complete: the tiles do not make four sets "
                                  "and a pair") == "你的手牌還沒有成和：這些牌湊不成四組加一對將"
    assert in_language("zh-hans", "bad tile 'q' at position 2") == "第 2 个位置的牌 'q' 写法不对"


# ------------------------------------------------------------------ importing and the replay


def _import(client: Client, text: str, language: str) -> str:
    response = client.post("/games/import/", {"text": text}, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400
    return response.content.decode()


@pytest.mark.django_db
def test_an_imported_records_refusal_is_in_the_readers_language(client, players):
    client.force_login(players[0])
    page = _import(client, '{"format": "mahjong-record/1", ', HANS)
    assert "这个文件不是有效的 JSON（" in page
    page = _import(client, json.dumps({"format": "mahjong-record/7", "format_version": 7}), HANT)
    assert "未知的牌譜格式版本 7（本站讀取第 1 版）" in page
    page = _import(client, json.dumps([1, 2]), HANT)
    assert "牌譜是一個 JSON 物件" in page


def test_a_records_reasons_keep_their_values_and_name_their_tiles():
    message = ("refused: action 12 (Alice discards 5 Dots) cannot be replayed: you do not hold "
               "5 Dots")
    with translation.override("zh-hans"):
        assert reasons.said(message) == "未通过：第 12 个动作（Alice 打出五筒）无法重放：你手里没有五筒"
    with translation.override("zh-hant"):
        assert reasons.said(message) == "未通過：第 12 個動作（Alice 打出五筒）無法重播：你手裡沒有五筒"
        assert reasons.said("action 3 is badly written: bad tile 'x9' at position 1") == (
            "第 3 個動作寫法不對：第 1 個位置的牌 'x9' 寫法不對")
        assert reasons.said("the ruleset cannot be read: ruleset setting 'rounds' must be a whole "
                            "number from 1 to 4, not 9") == (
            "規則無法讀取：規則設定 'rounds' 必須是介於 1 和 4 之間的整數，而不是 9")
    with translation.override("en"):
        assert reasons.said(message) == message
    with translation.override("zh-hans"):
        assert reasons.said("Something the engine has never said.") == (
            "Something the engine has never said.")


@pytest.mark.django_db
def test_a_replays_failed_verification_is_in_the_pages_language(monkeypatch):
    from games.engine.record import Verification
    from games.web.pages import replay

    from .replay_games import saved_game

    game = saved_game("i18n-verify", deals=1)
    monkeypatch.setattr(replay, "verify_game", lambda g: Verification(
        False, "the points saved for this game differ from the replay"))
    for language, words in ((HANS, "未通过：本站为这局对局保存的分数与重放结果不同"),
                            (HANT, "未通過：本站為這局對局儲存的分數與重播結果不同")):
        extras = Client().get(reverse("game_replay_extras", args=[game.pk]),
                              HTTP_ACCEPT_LANGUAGE=language).json()
        assert extras["verification"] == {"ok": False, "message": words}
        # Known now: the page itself says it.
        page = Client().get(reverse("game_replay", args=[game.pk]),
                            HTTP_ACCEPT_LANGUAGE=language).content.decode()
        assert words in page


# ------------------------------------------------------------------ the board, the calculator


@pytest.mark.parametrize("language, words", [
    (HANS, "hand：第 3 个位置的牌 'zz' 写法不对"), (HANT, "hand：第 3 個位置的牌 'zz' 寫法不對")])
def test_the_analysis_boards_reason_is_in_the_readers_language(language, words):
    response = Client().get(reverse("analysis_board_weigh"), {"hand": "b1 b2 zz"},
                            HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 400 and response.json()["error"] == words


@pytest.mark.parametrize("language, query, words", [
    (HANS, {"hand": "dg dg zz"}, "暗手牌：第 3 个位置的牌 'zz' 写法不对"),
    (HANT, {"hand": "dg dg zz"}, "暗手牌：第 3 個位置的牌 'zz' 寫法不對"),
    (HANS, {"hand": "b1 b1 b1 b2 b3 b4 c5 c6 c7 d2 d2 d2 dr dr"},
     "没有和牌的手牌少一张：没有亮出的组时，应有 13 张暗牌；这手有 14 张。"),
    (HANT, {"ruleset": "sixteen-tile", "hand": "b1 b1 b1 b2 b3 b4 c5 c6 c7 d2 d2 d2 dr dr",
            "win": "dr"}, "十六張麻將：完整的一手牌是五組加一對將，共 17 張"),
])
def test_the_calculators_reason_is_in_the_readers_language(language, query, words):
    response = Client().get(reverse("calculator_score"), query, HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200 and words in response.json()["error"]


@pytest.mark.django_db
def test_a_refused_puzzle_answer_is_in_the_readers_language():
    view = {"viewer": 0, "hand": "b1", "seats": [], "legal_actions": [{"type": "pass"}]}
    puzzle = Puzzle.objects.create(
        ruleset_name="chinese-classical", move=1, deal=1, seat=0, view=view,
        solution={"type": "pass"}, candidates=[], margin=1.0, margin_chance=0.1, simulation={})
    for language, words in ((HANS, "这不是该局面可以采取的动作之一。"),
                            (HANT, "這不是該局面可以採取的動作之一。")):
        response = Client().post(reverse("puzzle_answer", args=[puzzle.pk]),
                                 json.dumps({"action": {"type": "discard", "tile": "zz"}}),
                                 content_type="application/json", HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 400 and response.json()["error"] == words


# ------------------------------------------------------------------ the admin


@pytest.mark.django_db
def test_the_admins_columns_and_choices_are_in_chinese(client, django_user_model, players):
    make_table(players, seed="i18n-admin")
    admin = django_user_model.objects.create_superuser("staff", password="pw-staff-1234")
    client.force_login(admin)
    page = client.get("/admin/games/game/", HTTP_ACCEPT_LANGUAGE=HANS).content.decode()
    assert "规则名称" in page and "状态" in page and "结束时间" in page  # the columns
    assert "进行中" in page  # a status, in the list and its filter
    page = client.get("/admin/games/game/", HTTP_ACCEPT_LANGUAGE=HANT).content.decode()
    assert "規則名稱" in page and "狀態" in page and "進行中" in page
    page = client.get("/admin/games/tournament/", HTTP_ACCEPT_LANGUAGE=HANT).content.decode()
    assert "報名中" in page and "賽事" in page
    page = client.get("/admin/games/report/", HTTP_ACCEPT_LANGUAGE=HANS).content.decode()
    assert "原因" in page and "已处理" in page and "已驳回" in page  # the filters' choices
    page = client.get("/admin/", HTTP_ACCEPT_LANGUAGE=HANS).content.decode()
    assert "过滤词" in page and "审计日志" in page  # the models' names
    # English is as it was.
    page = client.get("/admin/games/game/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Ruleset name" in page and "Status" in page
