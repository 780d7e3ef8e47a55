"""An import is checked before it is replayed (issue 45, item 1): every refusal that costs no
more than reading the record (who imports, its size, its format, its ruleset, its dates, a game
saved here already, the address's import limit) is answered without a tile being dealt. Only a
record that passes them all is replayed, which deals and plays the whole game."""

import html
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from games.engine import bots
from games.engine.match import Match
from games.engine.record import build_record
from games.engine.ruleset import Ruleset, get_ruleset
from games.models import Game, Move, Seat

pytestmark = pytest.mark.django_db

NAMES = ("alice", "bob", "Bot Plum", "Bot Orchid")  # alice and bob: the `players` fixture's
_TEXT: list[str] = []


def _record() -> dict:
    """A real one-round record of alice, bob and two bots (a fresh copy each time)."""
    if not _TEXT:
        rs = Ruleset.from_json({**get_ruleset("chinese-classical").to_json(), "rounds": 1})
        match = Match(rs, "checked-first")
        while not match.is_over:
            match.apply(bots.choose(match, match.waiting_on()[0], "greedy"))
        players = [{"chair": c, "seat": match.seating.seat_of[c], "name": NAMES[c],
                    "bot": "greedy" if c >= 2 else None} for c in range(4)]
        _TEXT.append(json.dumps(build_record(match, players=players, game={
            "started": "2026-01-02T10:00:00Z", "finished": "2026-01-02T11:00:00Z"})))
    return json.loads(_TEXT[0])


def _post(client, record):
    body = json.dumps(record).encode()
    return client.post("/games/import/", {"file": SimpleUploadedFile("r.json", body)})


def _text(response) -> str:
    return html.unescape(response.content.decode())


@pytest.fixture
def replays():
    """Counts the matches dealt (a record's replay starts with one) while the test runs."""
    dealt = []
    real_init = Match.__init__

    def counting(self, *args, **kwargs):
        dealt.append(args)
        real_init(self, *args, **kwargs)

    _record()  # built before counting: the test's own game is not the server's replay
    Match.__init__ = counting
    try:
        yield dealt
    finally:
        Match.__init__ = real_init


def _refused_unreplayed(response, reason, replays):
    assert response.status_code == 400
    page = _text(response)
    assert "Refused, nothing was saved" in page and reason in page, page[-1500:]
    assert replays == [], "the record was dealt and replayed before it was refused"


def test_a_record_imported_by_someone_who_did_not_play_it_is_refused_without_a_replay(
        client, outsider, replays):
    client.force_login(outsider)
    response = _post(client, _record())
    _refused_unreplayed(response, "only staff or one of the game's players may import its "
                        "record", replays)
    assert Game.objects.count() == 0 and Seat.objects.count() == 0 and Move.objects.count() == 0


def test_a_record_too_long_for_its_rules_is_refused_without_a_replay(client, players, replays):
    record = _record()
    record["ruleset"]["max_deals"] = 1  # a one-deal game lists at most 1,000 actions
    extra = record["actions"][-1]
    record["actions"] += [dict(extra, seq=n) for n in range(len(record["actions"]) + 1, 1002)]
    client.force_login(players[0])
    _refused_unreplayed(_post(client, record), "the record lists 1001 actions", replays)


def test_a_record_with_a_bad_ruleset_is_refused_without_a_replay(client, players, replays):
    record = _record()
    record["ruleset"]["hand_size"] = 14
    client.force_login(players[0])
    _refused_unreplayed(_post(client, record), "hand_size", replays)


def test_a_record_dated_in_the_future_is_refused_without_a_replay(client, players, replays):
    record = _record()
    record["game"]["finished"] = "2099-01-01T00:00:00Z"
    client.force_login(players[0])
    _refused_unreplayed(_post(client, record), "a date still to come", replays)


def test_a_game_saved_here_already_is_refused_without_a_second_replay(client, players, replays):
    client.force_login(players[0])
    assert _post(client, _record()).status_code == 302
    game = Game.objects.get()
    assert len(replays) == 1  # the first import was replayed, once
    replays.clear()
    client.force_login(players[1])
    _refused_unreplayed(_post(client, _record()), f"already saved here, as table {game.pk}",
                        replays)


def test_past_the_address_limit_an_import_is_refused_before_it_is_read(
        client, players, outsider, settings, limit_clock, replays):
    settings.GAMES_LIMITS = {"import": (2, 60)}
    client.force_login(outsider)
    for _ in range(2):
        assert _post(client, _record()).status_code == 400
    client.force_login(players[0])  # a player of the game, from the same address
    response = _post(client, _record())
    assert response.status_code == 429
    assert "Too many imports from your address" in response.content.decode()
    assert replays == [] and Game.objects.count() == 0
    limit_clock.advance(61)
    assert _post(client, _record()).status_code == 302
    assert len(replays) == 1 and Game.objects.get().imported
