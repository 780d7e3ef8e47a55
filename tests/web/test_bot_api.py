"""Issue 44: bot accounts and their tokens, and a bot's socket at its table (docs/bot-api.md).
A bot gets its own seat's frames and nothing more (the browsers' leak checks), a turn frame with
the sequence number, legal actions and deadline, acts through the service door, cannot act for
another seat or game, and a revoked token is refused at once."""

from __future__ import annotations

import importlib.util
import json
import re
from pathlib import Path

import pytest
from asgiref.sync import sync_to_async
from channels.testing import WebsocketCommunicator
from django.test import Client

from games import services
from games.access import limits
from games.models import Rating
from games.models.bots import READ, is_bot
from games.realtime import bot_consumer
from games.services import bot_accounts

from .live import TIMEOUT, join
from .test_no_leaks import _check, _truth

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.scale_db]
TILE = re.compile(r"\b([bcd][1-9]|w[eswn]|d[rgw]|[fs][1-4])\b")
SHORT = {"rounds": 1, "max_deals": 2}
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "bot.py"


def example_bot():
    """examples/bot.py, loaded from its file as an outsider would run it."""
    spec = importlib.util.spec_from_file_location("example_bot", EXAMPLE)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def make_bot(django_user_model, name="robo", scope="play"):
    user = django_user_model.objects.create_user(name, password="x")
    bot_accounts.make_bot(user)
    token, secret = bot_accounts.make_token(user, "test", scope)
    return user, token, secret


class BotSocket:
    def __init__(self, comm):
        self.comm, self.texts, self.view, self.closed = comm, [], None, None
        self.version = -1

    async def recv(self):
        message = await self.comm.receive_output(timeout=TIMEOUT)
        if message["type"] == "websocket.close":
            self.closed = message
            await self.comm.disconnect()  # the consumer's cleanup runs to its end here
            return None
        self.texts.append(message["text"])
        frame = json.loads(message["text"])
        if frame["type"] in ("state", "update") and frame.get("view"):
            self.view, self.version = frame["view"], frame["version"]
        return frame

    async def until(self, predicate):
        while True:
            frame = await self.recv()
            if frame is None or predicate(frame):
                return frame

    async def send(self, message):
        await self.comm.send_to(text_data=json.dumps(message))


async def bot_socket(app, game_id, secret) -> BotSocket:
    headers = [(b"authorization", f"Bearer {secret}".encode())] if secret else []
    comm = WebsocketCommunicator(app, f"/ws/bot/game/{game_id}/", headers=headers)
    connected, _ = await comm.connect(timeout=TIMEOUT)
    assert connected
    return BotSocket(comm)


def _challenge(user, seed="bot-leaks"):
    return bot_accounts.challenge(user, settings=SHORT, opponents=["greedy"] * 3, seed=seed)


async def test_a_bot_plays_a_whole_game_seeing_only_its_own_seat(app, django_user_model):
    user, _, secret = await sync_to_async(make_bot)(django_user_model)
    game_id = await sync_to_async(_challenge)(user)
    choose = example_bot().choose
    bot = await bot_socket(app, game_id, secret)
    hello = await bot.recv()
    assert hello == {"type": "hello", "protocol": "mahjong-bot", "version": 1,
                     "game": game_id, "bot": "robo"}
    turns = 0
    while True:
        frame = await bot.recv()
        assert frame is not None, bot.closed
        if frame.get("status") == "finished":
            break
        if frame["type"] == "turn":
            turns += 1
            # The turn follows the frame whose view it is: the same version and actions.
            assert frame["seq"] == bot.version
            assert frame["legal_actions"] == bot.view["legal_actions"]
            assert frame["deadline_ms"] > 0 and frame["game"] == game_id
            await bot.send({"type": "action", "action": choose(frame["legal_actions"], bot.view),
                            "version": frame["seq"]})
    assert turns > 5
    game, events, tiles = await sync_to_async(_truth)(game_id)
    seat = await sync_to_async(services.seat_for)(game_id, user)
    assert game.status == "finished" and seat is not None
    for text in bot.texts:
        frame = json.loads(text)
        if frame["type"] in ("state", "update", "log"):
            _check(text, seat, game, events, tiles)
        view = frame.get("view") or {}
        if view and frame.get("status") != "finished":  # the wall: counts, never a tile
            assert not TILE.search(json.dumps(view["wall"])), view["wall"]
    await bot.comm.disconnect()


async def test_a_token_acts_only_for_its_own_seat_and_game(app, django_user_model):
    user, _, secret = await sync_to_async(make_bot)(django_user_model)
    game_id = await sync_to_async(_challenge)(user, "bot-seat")
    other = await sync_to_async(_challenge)(user, "bot-other")
    stranger = await sync_to_async(services.create_game)(None, settings=SHORT)
    # A game it has no seat at: refused before anything is sent but the reason.
    refused = await bot_socket(app, stranger.pk, secret)
    error = await refused.recv()
    assert error["code"] == "not_seated"
    assert (await refused.recv()) is None and refused.closed["code"] == 4403

    bot = await bot_socket(app, game_id, secret)
    turn = await bot.until(lambda f: f["type"] == "turn")
    seat = bot.view["viewer"]
    theirs = (seat + 1) % 4
    action = {**turn["legal_actions"][0], "seat": theirs}
    await bot.send({"type": "action", "action": action, "version": turn["seq"]})
    error = await bot.until(lambda f: f["type"] == "error")
    assert error["code"] == "not_your_seat"
    # The other game's number in an action changes nothing: the socket is this game's seat.
    other_version = await sync_to_async(lambda: type(stranger).objects.get(pk=other).version)()
    await bot.send({"type": "action", "game": other, "action": {"type": "pass"},
                    "version": other_version + 1000})
    assert (await bot.until(lambda f: f["type"] == "error"))["code"] == "stale"
    await bot.comm.disconnect()


async def test_a_revoked_token_is_refused_at_once(app, django_user_model):
    user, token, secret = await sync_to_async(make_bot)(django_user_model)
    game_id = await sync_to_async(_challenge)(user, "bot-revoke")
    bot = await bot_socket(app, game_id, secret)
    await bot.until(lambda f: f["type"] == "state")
    await sync_to_async(bot_accounts.revoke_token)(user, token.pk)
    frame = await bot.until(lambda f: f["type"] == "error")
    assert frame["code"] == "token_revoked"
    assert (await bot.until(lambda f: False)) is None and bot.closed["code"] == 4401
    again = await bot_socket(app, game_id, secret)
    assert (await again.recv())["code"] == "unauthorized"
    assert (await again.recv()) is None and again.closed["code"] == 4401
    answer = await sync_to_async(Client().get)("/api/bot/account/",
                                                HTTP_AUTHORIZATION=f"Bearer {secret}")
    assert answer.status_code == 401


async def test_no_token_or_a_read_token_cannot_play(app, django_user_model):
    user, _, secret = await sync_to_async(make_bot)(django_user_model, "reader", READ)
    game_id = await sync_to_async(_challenge)(user, "bot-read")
    for header in (None, secret, "mjb_not-a-token"):
        bot = await bot_socket(app, game_id, header)
        assert (await bot.recv())["code"] == "unauthorized"
        assert (await bot.recv()) is None and bot.closed["code"] == 4401


async def test_a_bot_that_keeps_sending_illegal_actions_is_disconnected(app, django_user_model):
    user, _, secret = await sync_to_async(make_bot)(django_user_model)
    game_id = await sync_to_async(_challenge)(user, "bot-rude")
    bot = await bot_socket(app, game_id, secret)
    await bot.until(lambda f: f["type"] == "state")
    for _ in range(10):
        await bot.send({"type": "action", "action": {"type": "discard", "tile": "zz"},
                        "version": 0})
    codes = []
    while (frame := await bot.recv()) is not None:
        if frame["type"] == "error":
            codes.append(frame["code"])
    assert codes and set(codes) <= {"bad_notation", "stale", "not_your_turn", "illegal_action"}
    assert bot.closed["code"] == 4400


async def test_a_bot_account_is_marked_bot_at_the_table_and_in_lists(app, django_user_model,
                                                                     spectator):
    user, _, secret = await sync_to_async(make_bot)(django_user_model)
    game_id = await sync_to_async(_challenge)(user, "bot-watched")
    watcher = await join(app, game_id, spectator)
    marks = {s["name"]: s["bot"] for s in watcher.frames[0]["seats"]}
    assert marks["robo"] == "account"
    assert sorted(str(m) for n, m in marks.items() if n != "robo") == ["greedy"] * 3
    await watcher.close()
    page = (await sync_to_async(Client().get)("/u/robo/")).content.decode()
    assert '<h1>robo <span class="badge bot"' in page
    listed = (await sync_to_async(Client().get)("/games/?scope=all")).content.decode()
    assert 'robo</a> <span class="badge bot"' in listed


def test_only_a_new_account_becomes_a_bot_and_a_bot_is_kept_from_rated_tables(
        django_user_model, players):
    alice = players[0]
    game = services.create_game(alice, settings=SHORT)
    services.take_seat(game.pk, alice)
    with pytest.raises(services.ServiceError) as refused:
        bot_accounts.make_bot(alice)
    assert refused.value.code == "not_new" and not is_bot(alice)
    user, _, _ = make_bot(django_user_model)
    rated = services.create_game(alice, rated=True)
    for call in (lambda: services.take_seat(rated.pk, user),
                 lambda: bot_accounts.join(user, rated.pk),
                 lambda: services.create_game(user, rated=True)):
        with pytest.raises(services.ServiceError) as refused:
            call()
        assert refused.value.code == "rated_bot"
    assert not Rating.objects.filter(user=user).exists()


def test_tokens_are_shown_once_and_stored_hashed(django_user_model):
    user, token, secret = make_bot(django_user_model)
    assert secret.startswith("mjb_") and len(secret) > 40
    token.refresh_from_db()
    assert secret not in (token.digest, token.prefix) and token.digest == bot_accounts.digest(secret)
    assert bot_accounts.authenticate(secret).pk == token.pk
    page = Client()
    page.force_login(user)
    made = page.post("/account/bot/", {"do": "make_token", "name": "second", "scope": "read"})
    shown = made.content.decode().split('<code id="new-token">')[1].split("</code>")[0]
    assert shown.startswith("mjb_") and bot_accounts.authenticate(shown, READ).name == "second"
    listed = page.get("/account/bot/").content.decode()
    assert shown not in listed and "second" in listed and "BOT" in listed


def test_a_bot_challenges_the_sites_bots_and_joins_open_tables(django_user_model, players):
    user, _, secret = make_bot(django_user_model)
    http = Client()
    auth = {"HTTP_AUTHORIZATION": f"Bearer {secret}"}
    made = http.post("/api/bot/challenge/", json.dumps(
        {"settings": SHORT, "opponents": ["beginner", "intermediate", "strong"]}),
        content_type="application/json", **auth)
    assert made.status_code == 201, made.content
    game_id = made.json()["game"]
    assert made.json()["socket"] == f"/ws/bot/game/{game_id}/"
    lobby_table = services.create_game(players[0], settings=SHORT)
    joined = http.post(f"/api/bot/games/{lobby_table.pk}/join/", **auth)
    assert joined.status_code == 200 and bot_accounts.seated(lobby_table.pk, user)
    mine = http.get("/api/bot/account/", **auth).json()
    assert mine["bot"] and {g["game"] for g in mine["games"]} == {game_id, lobby_table.pk}
    bad = http.post("/api/bot/challenge/", json.dumps({"opponents": ["nobody"]}),
                    content_type="application/json", **auth)
    assert bad.status_code == 400 and bad.json()["error"] == "bad_bot"
    assert http.post("/api/bot/challenge/", "{}", content_type="application/json").status_code == 401


async def test_a_bot_that_lets_a_deadline_pass_is_disconnected(app, django_user_model,
                                                               monkeypatch):
    """At a table without a clock the bot's own deadline applies: past it, the socket closes
    with the reason (and the autopilot plays the seat after the absence grace)."""
    monkeypatch.setattr(bot_consumer, "move_seconds", lambda: 0)  # every deadline is now
    user, _, secret = await sync_to_async(make_bot)(django_user_model)
    game_id = await sync_to_async(_challenge)(user, "bot-late")
    bot = await bot_socket(app, game_id, secret)
    choose = example_bot().choose
    while (turn := await bot.until(lambda f: f["type"] == "turn"))["clock"]:
        # A claim window's deadline is the table's own: answered here, so nothing waits on it.
        await bot.send({"type": "action", "action": choose(turn["legal_actions"], bot.view),
                        "version": turn["seq"]})
    assert (await bot.until(lambda f: False)) is None
    assert bot.closed["code"] == 4408


def test_a_tokens_limit_spans_its_sockets(limit_clock):
    """Per token: two sockets of one token share its bucket; another token has its own."""
    first, second = limits.BotLimiter(1, 7), limits.BotLimiter(1, 7)
    rate, burst = limits.BOT_TOKEN_RATE
    allowed = sum(1 for i in range(int(burst)) if (first if i % 2 else second).allow())
    assert allowed == burst
    assert not first.allow() and not second.allow()  # the token's bucket is empty
    assert limits.BotLimiter(2, 8).allow()  # another bot's token is not
    limit_clock.advance(1)
    assert first.allow()  # refilled at the token's rate


def test_a_person_invites_a_bot_account_to_their_open_table(django_user_model, players,
                                                            outsider):
    user, _, secret = make_bot(django_user_model)
    alice = players[0]
    game = services.create_game(alice, settings=SHORT)
    services.take_seat(game.pk, alice)
    page = Client()
    page.force_login(alice)
    assert 'id="invite-bot"' in page.get(f"/game/{game.pk}/").content.decode()
    answer = page.post(f"/game/{game.pk}/invite-bot/", {"name": "robo"})
    assert answer.status_code == 302 and bot_accounts.seated(game.pk, user)
    waiting = page.get(f"/game/{game.pk}/").content.decode()
    assert 'robo <span class="badge bot"' in waiting
    mine = Client().get("/api/bot/account/", HTTP_AUTHORIZATION=f"Bearer {secret}").json()
    assert [g["game"] for g in mine["games"]] == [game.pk]  # where the bot finds it
    stranger = Client()
    stranger.force_login(outsider)
    assert stranger.post(f"/game/{game.pk}/invite-bot/", {"name": "robo"}).status_code == 404
    person = django_user_model.objects.create_user("bob2")
    page.post(f"/game/{game.pk}/invite-bot/", {"name": "bob2"})  # a person is no bot
    assert not bot_accounts.seated(game.pk, person)
    rated = services.create_game(alice, rated=True)
    services.take_seat(rated.pk, alice)
    assert 'id="invite-bot"' not in page.get(f"/game/{rated.pk}/").content.decode()
    page.post(f"/game/{rated.pk}/invite-bot/", {"name": "robo"})
    assert not bot_accounts.seated(rated.pk, user)
